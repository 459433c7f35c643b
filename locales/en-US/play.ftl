# Kassen's UI text, English: the game in play, the replay viewer, the
# convention demo and the keyboard shortcuts (src/gui/play.rs, replay.rs,
# demo.rs, keyboard.rs).

## Playing (play.rs)

play-undone = Undone: the last command is taken back (Ctrl+Shift+Z plays it again).
play-redone = Redone.
play-no-undo = No undo: { $why }.
play-no-redo = No redo: { $why }.
play-pick-first = Pick a target or a hex on the board first.
play-autosave-failed = The autosave failed: { $error }. The game goes on, but Resume would not find this point.
play-drag-cannot-move = this unit cannot move now
play-drag-not-a-move = not a move
play-move-was = The move was { $why }
play-side-fallback = side { $n }
play-saved-to = Saved to { $path }
play-not-saved = Not saved: { $error }
play-not-opened-as-replay = Not opened as a replay: { $error }

## The replay viewer (replay.rs)

play-replay-no-module = { $file }: no module plays "{ $ruleset }"
play-replay-bookmarked = Bookmarked; Save bookmarks writes them into the file.
play-replay-bookmarks-saved = { $n ->
        [one] { $n } bookmark
       *[other] { $n } bookmarks
    } saved in { $path }.
play-replay-command-n = command { $at }
play-replay-turn-phase = Turn { $turn }, { $phase }
play-replay-cannot-show = Cannot show that point: { $error }
play-replay-cannot-play-from-here = Cannot play from here: { $error }
play-replay-new-game-from = A new game from command { $at } of the replay, with its journal so far.
play-replay-heading = Replay
play-replay-where = Command { $at } of { $len }: Turn { $turn }, { $phase }
play-replay-decides-next = { $side } decides next
play-replay-rules-next = the rules act next
play-replay-game-over = the game is over
play-replay-shown-in = shown in { $ms } ms
play-replay-step-start = The start (Home)
play-replay-step-previous-turn = The previous turn (Page Up)
play-replay-step-previous-phase = The previous phase (Up)
play-replay-step-back = One command back (Left)
play-replay-step-forward = One command forward (Right)
play-replay-step-next-phase = The next phase (Down)
play-replay-step-next-turn = The next turn (Page Down)
play-replay-step-end = The end (End)
play-replay-pause = Pause (Space)
play-replay-play = Play (Space)
play-replay-viewpoint = Viewpoint
play-replay-viewpoint-side-hint = What this side saw: its hidden units, orders and cards only
play-replay-viewpoint-spectator = Both (spectator)
play-replay-viewpoint-spectator-hint = Everything, both sides' secrets included
play-replay-bookmarks = Bookmarks
play-replay-bookmark-label = label
play-replay-bookmark-here = Bookmark here
play-replay-jump-here = Jump here
play-replay-remove = Remove
play-replay-save-bookmarks = Save bookmarks
play-replay-save-into = Into { $path }
play-replay-play-from-here = Play from here
play-replay-play-from-here-note = A new game from this point, with the journal so far; the replay closes.
play-replay-over-here = The game is over here
play-replay-timeline-hover = command { $at }: Turn { $turn }, { $phase }

## The shortcut list, F1 (keyboard.rs)

play-shortcuts-title = Shortcuts (F1)
play-shortcut-tab = select the next / previous unit of your side
play-shortcut-keys-arrows = Arrows
play-shortcut-arrows = move the hex cursor (hex board)
play-shortcut-enter = pick the hex under the cursor, as a click; again to confirm
play-shortcut-digits = take the selected unit's first … ninth choice
play-shortcut-esc = cancel the choice, or clear the selection
play-shortcut-space = end your part of the decision (the pass button)
play-shortcut-undo = undo / redo
play-shortcut-save = save (to the path in Save / load)
play-shortcut-fast-forward = fast-forward the computer's moves
play-shortcut-ruler = the ruler (open table)
play-shortcut-pan = pan the board
play-shortcut-keys-wheel = Mouse wheel
play-shortcut-zoom = zoom the board
play-shortcut-keys-drag = Right or middle drag
play-shortcut-keys-replay = Replay: { $keys }
play-shortcut-replay-step = one command / one phase back or on
play-shortcut-replay-jump = one turn back or on, start, end
play-shortcut-pause = pause or resume the rules' steps on show
play-shortcut-next = the next entry of the rules' steps, while paused
play-shortcut-f1 = this list

## The convention demo (demo.rs)

play-demo-touch-to-play = Touch or click to play
play-demo-attract-caption = { $name } · { $system } · the computer plays both sides
play-demo-welcome = Welcome to Kassen
play-demo-pitch = Kassen plays published wargames by their rules: every die is rolled for you, shown with its target, each modifier and the rule behind it, and you see the exact odds before you commit.
play-demo-play-first-battle = Play the first battle against the computer
play-demo-keep-watching = Keep watching
play-demo-enter = Enter or Space: play the first battle
play-demo-hint-n-of = hint { $n } of { $total }
play-demo-got-it = Got it

## The reach of the selected unit on the board (hover tooltip).
reach-hex-ok = Can move here.
reach-hex-later = Can be ordered here: it gets there on later turns.
reach-target-ok = May be attacked.
reach-refused = Not allowed: { $reason } ({ $rule })
