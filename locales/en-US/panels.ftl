# The in-game panels and their windows: src/gui/panels.rs, windows.rs,
# mod.rs, dice_tray.rs, board_view.rs and table_view.rs.

## Unit card

panels-open-rules-reference = Open the rules reference
panels-base-rule = { $rule }: the game's base rules, not one numbered rule (click for the rules reference)
panels-card-base = (base { $value } { $name })
panels-card-set-to = set to { $value } by { $name }
panels-unit-card = Unit card
panels-card-hint-table = Click a unit to see its card. Drag one of your units to move it (hold Shift to keep its facing).
panels-card-hint-table-camera = Right-drag or WASD pans, the wheel zooms, R toggles the ruler.
panels-card-hint-board = Click a counter on the board to see its card.

## The computer deciding

panels-remote-waiting = { $side } is played on the other machine: waiting for its command.
panels-played-by-easy = { $side } is played by the computer (easy).
panels-played-by-normal = { $side } is played by the computer (normal).
panels-played-by-hard = { $side } is played by the computer (hard).
panels-played-by-scripted = { $side } is played by the computer (scripted play).
panels-thinking = Thinking{ $dots } { $secs } s
panels-showing-last-move = Showing its last move...
panels-computer-moves-note = Its moves are applied one at a time; the roll log shows each test. You can pan, zoom and read the log meanwhile.
panels-fast-forward = Fast-forward (no pause between its moves)
panels-fast-forward-hover = F toggles it
panels-last-move-odds = The odds of its last move, before it rolled:

## Decisions

panels-battle-over = Battle over
panels-rules-carried-out = The rules are being carried out.
panels-pass-hover = End your part of this decision (Space)
panels-computer-plays = Computer plays this decision
panels-computer-plays-hover = The computer's choice for this side's decision, applied now
panels-undo = Undo
panels-undo-hover = Take back your last command (Ctrl+Z), back to your last roll, reveal or hand-over
panels-redo = Redo
panels-redo-hover = Play again the command you took back (Ctrl+Shift+Z)
panels-if-you-pass = If you press "{ $label }" now:
panels-click-unit-hidden-player = Click a unit here or on the board; what you decide stays hidden from the other player.
panels-click-unit-hidden-computer = Click a unit here or on the board; what you decide stays hidden from the computer.
panels-nothing-to-choose = Nothing to choose for this unit now.
panels-choice-pick-target = { $label } (pick a target)
panels-choice-pick-hex = { $label } (pick a hex)
panels-choice-drag = { $label } (drag the unit)
panels-drag-to-place = { $label }: drag the unit to its new place (Shift keeps its facing)
panels-cancel = Cancel
panels-confirm = Confirm
panels-hex = hex ({ $col }, { $row })
panels-click-the-board = click the board...
panels-not-allowed = Not allowed: { $reason }
panels-then-rolls = …then the dice are rolled (the result is not shown before the roll).
panels-illegal = Illegal: { $why }
panels-refused = Refused: { $reason }

## Hand of cards

panels-your-hand = Your hand ({ $side })
panels-hand-hidden = hidden from the other side
panels-hand-unfold = Show the hand's { $count ->
    [one] card
   *[other] { $count } cards
  }
panels-hand-fold = Fold the hand away to a line (the board gets its room)
panels-hand-count = { $count ->
    [one] 1 card
   *[other] { $count } cards
  }
panels-play-card = Play card
panels-play = Play

## Roll log

panels-log-set-to = set to { $value } ({ $name })
panels-roll-log = Roll log
panels-roll-log-note = every test with its dice, target, modifiers, rule and chance
panels-dice-rolling = rolling { $die }…

## Hot-seat cover

panels-pass-screen-decides = { $side } to decide
panels-pass-screen-note = Pass the screen to this player. The other side's hidden units and orders stay covered.
panels-pass-screen-reveal = I am { $side }: show my army (Enter)

## Top bar

panels-replay-badge = REPLAY
panels-turn = Turn { $turn }
panels-turn-of = Turn { $turn } of { $limit }
panels-save-load = Save / load
panels-save-load-hover = Save the game or open a save (Ctrl+S saves to the path there)
panels-briefing = Briefing
panels-briefing-hover = The scenario's description and victory condition
panels-rules = Rules
panels-rules-hover = The rules reference, every rule ID, stand-ins marked
panels-legend = Legend
panels-legend-hover = Every terrain of this board with its effects
panels-settings = Settings
panels-settings-hover = UI scale, the sides' colours, motion, the computer's level
panels-ruler-on = Ruler: on (R)
panels-ruler-off = Ruler: off (R)

## Briefing, ruler, end of the battle

panels-briefing-title = Briefing: { $name }
panels-briefing-begin = To the battle
panels-briefing-begin-hover = Close the briefing (or press Enter); Briefing in the top bar opens it again.
panels-briefing-hot-seat = Hot-seat: { $first } and { $second } share this screen; it covers itself whenever the other player decides.
panels-ruler-reading = Ruler: { $reading }
panels-battle-over-title = The battle is over

## Windows: rules tables, rules reference, save / load

panels-dock-close = Close this page of the dock
panels-dock-table-cells = The table
panels-table-rule = Rule:
panels-rules-reference = Rules reference
panels-stand-in-note = Kassen stand-in: the source is silent here
panels-no-rule-text = No text for { $rule }.
panels-stand-in-tag = {"["}stand-in]
panels-files-title = Save / load
panels-files-note = A save holds the journal: it can be taken at any point of any phase.
panels-files-save = Save
panels-files-load = Load
panels-files-replay = Replay
panels-files-replay-hover = Open the save as a replay: step through its journal both ways
panels-files-in-dir = In { $dir }:

## Loading a file in the app

panels-not-loaded = Not loaded: { $error }
panels-no-module-plays = { $file }: no module plays "{ $ruleset }"

## The open table

panels-objective-held = { $name } (held by { $side })
panels-badge-airborne = airborne
panels-ruler-edge-to-edge = { $from } to { $to }: { $inches }" edge to edge
summary-title = Turn { $turn }: what happened
summary-dismiss = Close
summary-show = Show it on the board
summary-lost = { $side } lost { $count ->
    [one] 1 model
   *[other] { $count } models
  }
summary-gone = { $unit } ({ $side }) is gone from the board
summary-objective-taken = { $name } is now held by { $side }
summary-objective-lost = { $name } is held by nobody now
summary-track = { $side } { $track }: { $from } → { $to }
summary-quiet = No losses, and no objective or track changed.

## The rules' steps on show (resolution.rs)

resolution-title = Resolving: { $phase }
resolution-waiting = { $count ->
    [one] 1 more entry to come
   *[other] { $count } more entries to come
  }
resolution-pause = Pause
resolution-resume = Resume
resolution-next = Next
resolution-skip = Show all
resolution-pause-hover = Hold the show here (P); the game waits.
resolution-next-hover = Show the next entry (N).
resolution-skip-hover = Take the rest of the rules' steps at once; the log keeps every entry.
resolution-paused = Paused
panels-join-code = Join code: { $code }
panels-copy = Copy
panels-copy-hover = Copy the join code, to paste it to your guest
