# The title screen, settings, legend and remote play, English
# (src/gui/title.rs, src/gui/settings.rs, src/gui/legend.rs, src/gui/net.rs).

## Title screen (src/gui/title.rs)

title-level-easy = easy
title-level-normal = normal
title-level-hard = hard
title-board-hex = hex board
title-board-table = open table
title-versus = { $a } vs { $b }
title-seat-you = you
title-seat-human = human
title-seat-scripted = computer (scripted)
title-seat-computer = computer ({ $level })
title-seat-remote = a player on another machine
title-resume-hot-seat = hot-seat
title-resume-over = { $name } ({ $system }): over, { $outcome }
title-no-module-plays = no module plays "{ $ruleset }"
title-save-not-scenario = { $file }: a save, not a scenario
title-no-module = no module
title-tagline = a rules-enforcing tabletop wargame simulator
title-settings = Settings
title-scenarios = Scenarios
title-your-folder = { $name } (your folder)
title-rule-system = Rule system: { $system }
title-board = Board: { $board }
title-sides = Sides: { $sides }
title-units = Units: { $units }
title-turn-limit = Turn limit: { $turns }
title-no-turn-limit = No turn limit
title-network-you-play = Over the network: you play
title-port = port
title-host = Host
title-host-hover = A player on another machine joins with the host's address and this port
title-bad-port = port "{ $port }": a number from 1 to 65535
title-join-a-game = Join a game
title-join-hint = host:port, e.g. 192.168.1.20:5150
title-join-code-hint = join code
title-bad-code = "{ $code }" is not a join code: a code has 10 letters and digits, such as K7Q2M-9XHRT
title-join = Join
title-bad-address = "{ $address }" is not an address and port (such as 192.168.1.20:5150)
title-load-game = Load game
title-load = Load
title-replay = Replay
title-replay-hover = Step through the save's journal both ways
title-resume = Resume
title-resume-last = Resume the last game
title-resume-hover = From the autosave, { $path }
title-resume-broken = The autosave cannot be resumed: { $error }
title-players = Players
title-mode-hot-seat = Hot-seat
title-mode-hot-seat-hover = Two players at one screen; a cover hides each side's secrets
title-mode-solo = You vs computer
title-mode-solo-hover = You see only what your side may see
title-mode-watch = Computer vs computer
title-mode-watch-hover = Watch the computer play both sides
title-start-hot-seat = New game (hot-seat)
title-start-solo = New game against the computer
title-start-watch = Watch the computer play
title-you-play = You play
title-computer = Computer
title-back = Title
title-back-hover = Back to the title screen; the autosave keeps this game

## Settings window (src/gui/settings.rs)

title-palette-scenario = The scenario's colours
title-palette-okabe-ito = Colour-blind safe (Okabe–Ito orange and blue)
title-palette-high-contrast = High contrast (light and dark)
title-motion-normal = Animated
title-motion-fast = Fast
title-motion-reduced = Reduced motion (no animation)
title-settings-unreadable = cannot be read: { $error }
title-settings-unwritable = settings: { $error }
title-settings-ui-scale = UI scale
title-settings-colours = Sides' colours (every counter also has a shape cue: band or frame)
title-settings-motion = Motion
title-settings-computer-level = The computer's level, offered first
title-settings-saved-in = Saved in { $path }

## Legend and hex tooltip (src/gui/legend.rs)

title-legend = Legend
title-legend-impassable = impassable
title-legend-move-cost = costs { $cost } to enter
title-legend-no-cavalry = no cavalry
title-legend-defense = Defense { $value }
title-legend-blocks-sight = blocks sight
title-legend-stand-in = { $rule } (stand-in)
title-legend-cannot-cross = cannot be crossed
title-legend-cross-cost = +{ $cost } to cross
title-legend-no-cavalry-across = no cavalry across
title-legend-defense-across = Defense { $value } across
title-legend-area-difficult = moves cost double for grounded units
title-legend-area-blocks-sight = blocks sight below { $height }"
title-legend-area-impassable = no grounded unit may enter
title-legend-area-high-reaching = stops flyers too
title-legend-open-ground = open ground
title-legend-terrain-areas = Terrain areas
title-legend-areas-footer = Outside the areas: open ground.
title-legend-terrain = Terrain
title-legend-hexsides = Hexsides
title-legend-marks = On the board
title-legend-mark-tick = Green tick on a counter
title-legend-mark-tick-means = an order is written for it this turn
title-legend-mark-dots = Dots on a counter
title-legend-mark-dots-means = its markers (morale, honor, orders…): hover the counter for each with its rule
title-legend-mark-facing = Black triangle at a counter's edge
title-legend-mark-facing-means = the way it faces
title-legend-mark-reach = Blue outlined hexes
title-legend-mark-reach-means = where the selected unit can go this decision (faint: only on later turns); the number is what it has left
title-legend-mark-path = Yellow line
title-legend-mark-path-means = the path the rules would take to the hex under the pointer, with its cost on hover
title-legend-mark-cross = Red cross
title-legend-mark-cross-means = a hex beside the reach it may not enter: hover for the rule
title-legend-mark-target = Orange ring
title-legend-mark-target-means = a unit the armed choice may target (its odds on hover); a thin red ring: one it may not, with why
title-legend-mark-objective = Double ring
title-legend-mark-objective-means = an objective or fixed feature, in its holder's colour (gold: nobody's)
title-legend-mark-arrow = Arrow between units
title-legend-mark-arrow-means = an attack or order; bold while the defender may answer
title-legend-mark-cursor = White hexagon
title-legend-mark-cursor-means = the keyboard's cursor (arrow keys, Enter)
title-legend-hex-footer = Hover a hex for its terrain and the unit on it.
title-legend-unit = { $name } ({ $kind }), { $models } of { $max }
title-legend-marker = Marker: { $label } ({ $count })
title-legend-elevation = Elevation { $elevation } ({ $rule })
title-legend-on-a-side = { $name } on a side: { $effects }

## Remote play (src/gui/net.rs)

title-net-no-game = no game to host
title-net-or = { $a } or { $b }
title-net-hosting-waiting = Guest dials { $addresses } (side { $side }): waiting
title-net-guest-lost = The guest's connection is lost: its seat waits for it
title-net-hosting-seated = Hosting: the guest plays side { $side }
title-net-connecting = Connecting to { $server }...
title-net-refused = The host refused: { $reason }
title-net-no-answer = No answer from { $server } in 30 s
title-net-unknown-ruleset = the host plays "{ $ruleset }", which this build lacks
title-net-not-joined = Not joined: { $error }
title-net-guest-of = Guest of { $server }: you play side { $side }
title-net-connection-lost = The connection to { $server } is lost: trying again...
title-net-game-over = The game is over: the host's journal is replayed and checked; Save keeps it
title-net-no-undo = No undo in remote play: the host's game is the one that counts.
title-legend-marker-rule = Marker: { $label } ({ $count }), rule { $rule }
title-film-hover = A battle of this scenario playing itself (both sides by the scripted play), as both sides see it
briefing-victory = How the battle is won
briefing-sources = Sources
briefing-stand-ins = Stand-ins (values the sources do not give)
briefing-stand-in-mark = [stand-in]
title-campaigns = Campaigns
campaign-battles-count = { $n ->
    [one] { $n } battle
   *[other] { $n } battles
}
campaign-none = No campaign found in campaigns/.
campaign-battles = The battles
campaign-battle-played = { $n }. { $name }: { $winner } won ({ $a } – { $b })
campaign-battle-drawn = { $n }. { $name }: drawn ({ $a } – { $b })
campaign-battle-next = { $n }. { $name }: next
campaign-battle-later = { $n }. { $name }: to come
campaign-rules = The campaign's rules (Kassen's own design)
campaign-score = Campaign score: { $a } { $pa } ({ $wa } won), { $b } { $pb } ({ $wb } won)
campaign-won = { $side } wins the campaign. { $score }
campaign-drawn = The campaign is drawn. { $score }
campaign-begin-again = Begin the campaign again (its progress is replaced)
campaign-again-ask = This replaces the progress of { $n ->
        [one] { $n } battle played
       *[other] { $n } battles played
    }. Begin again?
campaign-again-yes = Yes, begin again
campaign-again-no = No, keep it
campaign-resume = Resume the campaign at battle { $n }
campaign-window = Campaign: { $name }
campaign-battle-result = Battle { $n } of { $of }, { $name }: { $winner } won ({ $a } – { $b })
campaign-battle-result-drawn = Battle { $n } of { $of }, { $name }: drawn ({ $a } – { $b })
campaign-next = Next battle
campaign-to-title = Back to the title screen (the campaign is kept)
campaign-carried = Into the next battle: { $what }
title-board-size = Size: { $size }
title-size-hexes = { $columns } × { $rows } hexes
title-size-table = { $width } × { $depth } in table
title-units-short = { $units ->
    [one] { $units } unit
   *[other] { $units } units
}
title-minutes-short = about { $minutes } min
title-length = Expected length: { $commands } commands, about { $minutes } min computer against computer at the app's pace
title-length-hover = Measured: the median of { $games } games of the scripted play against itself ({ $a } won { $wa }, { $b } won { $wb }, { $draws } drawn); the minutes count the app's pause after each command, not the thinking
campaign-begin = Begin the campaign
