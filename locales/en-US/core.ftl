# Kassen's UI text, English (the source language). One file per area of the
# GUI; every key here is in locales/es-ES too (a test checks it).

settings-language = Language
settings-language-system = System's
settings-language-now = In force: { $lang }
settings-language-flag = In force: { $lang } (from --lang, for this run only)
loading-tables-and-scenarios = Reading the rules' tables and the scenarios…
loading-steps = { $done } of { $total } steps

# The engine's own words, shown in play on every module.
engine-undo-nothing-played = there is nothing to undo: no command has been played
engine-undo-not-to-act = only the side to act may undo, and only its own commands
engine-undo-computer-played = the computer has played since: its turn is never undone
engine-undo-not-yours = the last command was not yours: control has passed since (the other side or the rules acted)
engine-undo-roll-seen = the roll has been seen: the last command drew dice, and a roll is never taken back
engine-undo-hidden-seen = the last command showed you something hidden, which cannot be unseen
engine-undo-nothing = there is nothing to undo
engine-redo-nothing = there is nothing to redo
engine-redo-not-to-act = only the side to act may redo
engine-redo-refused = the command cannot be played again: { $reason }
engine-move-off-board = that hex is off the board
engine-move-impassable = { $terrain } is impassable
engine-move-no-cavalry-terrain = cavalry may not enter { $terrain }
engine-move-hexside-impassable = a { $hexside } cannot be crossed
engine-move-no-cavalry-hexside = cavalry may not cross a { $hexside }
engine-move-slope-too-steep = a slope of { $levels ->
        [one] { $levels } level
       *[other] { $levels } levels
    } is too steep
engine-move-no-cavalry-slope = cavalry may not cross a slope of { $levels ->
        [one] { $levels } level
       *[other] { $levels } levels
    }
engine-end-phase = End phase
engine-seat-you = you
engine-seat-human = human
engine-seat-scripted = computer (scripted)
engine-seat-computer = computer ({ $level })
engine-seat-remote = a player on another machine
engine-seats = { $side0 }: { $who0 }, { $side1 }: { $who1 }
engine-table-card-may-move = May move now: { $moves }
engine-table-card-move-inches = { $choice } { $inches }"
engine-table-exact-odds = Exact odds
engine-table-card-side-models = { $side } · { $models ->
        [one] { $models } model
       *[other] { $models } models
    }
