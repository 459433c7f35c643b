# Genpei: the module's own text, English (the source language).
# Every key here is in ../es-ES too (a test checks it).

gen-log-battle-over = The battle is over: { $text }
gen-over-banners = { $side } wins with { $banners } of { $needed } victory banners ({ $a } – { $b })
gen-over-last-round-win = the last round is played: { $side } wins ({ $a } – { $b ->
        [one] { $b } banner
       *[other] { $b } banners
    })
gen-over-last-round-draw = the last round is played: a draw ({ $a } – { $b ->
        [one] { $b } banner
       *[other] { $b } banners
    })
gen-side-fallback = side { $side }
gen-log-scenario-event = { $name }: { $n ->
        [0] no unit of the { $side } is struck
        [one] { $n } { $side } unit is struck
       *[other] { $n } { $side } units are struck
    }
gen-log-scenario-event-hf = { $side } H&F: { $before } → { $after }
gen-log-tide-turns = the tide turns: naval units now move 2 hexes only with the wind/tide toward { $toward }
gen-dir-north = north
gen-dir-north-east = north-east
gen-dir-south-east = south-east
gen-dir-south = south
gen-dir-south-west = south-west
gen-dir-north-west = north-west
gen-dir-and = {" "}and{" "}
gen-phase-play = Play a Command card
gen-phase-order = Order units
gen-phase-move = Move
gen-phase-battle = Battle: { $left ->
        [one] { $left } ordered unit
       *[other] { $left } ordered units
    } yet to battle
gen-phase-reaction = Battle: the defender may answer with a Dragon card or buy Leader Inspiration for its battle back
gen-phase-take-ground = Battle: take ground
gen-phase-bonus = Battle: bonus close combat
gen-phase-keep = Draw: keep one card
gen-phase-end-turn = End of turn: Dragon card or H&F
gen-phase-over = The battle is over
gen-log-battle-begins = { $scenario }: the battle begins; { $side } plays first
gen-log-dragon-blank-removed = { $card } is blank in the Genpei War and removed from the Dragon deck
gen-log-setup = Set-up
gen-pass-orders-done = Orders done: move
gen-pass-moves-done = Movement done: battle
gen-pass-battles-done = Battles done: draw
gen-pass-no-reaction = No reaction: let the attack roll
gen-pass-stay = Stay: do not take ground
gen-pass-no-bonus = No bonus close combat
gen-pass-end-turn = Take 2 H&F and end the turn
gen-pass-end-phase = End phase
gen-refuse-battle-over = the battle is over
gen-log-ordered-move = { $n } ordered: move
gen-refuse-bonus-unit = only the unit that took ground battles again
gen-refuse-keep-one = keep one of the two cards drawn
gen-log-order-one-kept = Order One: one card of the two drawn kept, the other discarded
gen-refuse-not-this-step = { $cmd } is not a decision of this step ({ $phase })
gen-refuse-card-not-in-hand = { $card } is not in the hand
gen-refuse-unknown-command-card = unknown Command card { $card }
gen-log-plays-card = { $side } plays { $card }: { $text }
gen-log-card-orders-none = the card can order no unit: straight to the draw
gen-refuse-no-card-in-play = no Command card in play
gen-refuse-ordered-once = a unit is ordered once
gen-refuse-no-unit = no unit { $id }
gen-log-ordered-by = { $unit } is ordered by { $card }
gen-refuse-no-unit-to-hold = no unit { $id } to hold
gen-refuse-not-your-ordered-unit = { $unit } is not an ordered unit of yours
gen-refuse-moved-or-held = { $unit } has already moved or held this turn
gen-log-holds = { $unit } holds its ground this turn
gen-refuse-not-yours-to-move = { $unit } is not yours to move
gen-path = Moves { $n ->
        [one] { $n } hex
       *[other] { $n } hexes
    } ({ $rule })
gen-log-unit-moves = { $unit } moves { $n ->
        [one] { $n } hex
       *[other] { $n } hexes
    } to { $at }
gen-log-unit-moves-embarks = { $unit } moves { $n ->
        [one] { $n } hex
       *[other] { $n } hexes
    } to { $at }; it embarks and may not battle this turn
gen-log-unit-moves-lands = { $unit } moves { $n ->
        [one] { $n } hex
       *[other] { $n } hexes
    } to { $at }; it lands and may not battle this turn
gen-log-figures-flat = { $unit }'s figures lie flat: no rank or cavalry resistance to swords until its next turn
gen-log-afloat = afloat it follows every naval rule (GEN-NAV-1)
gen-log-ashore = ashore it is an ordinary unit of its type again
gen-log-command-ship-lands = the Command Ship lands: it is a Command Tent from now on
gen-log-commander-embarks = the Commander embarks: the Command Tent becomes a Command Ship
gen-refuse-no-unit-or-leader = no unit or leader { $id }
gen-refuse-leader-not-ordered = { $leader } is not ordered to move
gen-refuse-leader-cannot-reach = { $leader } cannot reach that hex
gen-log-leader-moves = { $leader } moves { $n ->
        [one] { $n } hex
       *[other] { $n } hexes
    } to { $at }
gen-log-leader-moves-deck = { $leader } moves { $n ->
        [one] { $n } hex
       *[other] { $n } hexes
    } to { $at }, deck to deck (GEN-NLD-3)
gen-log-leader-moves-off-grapple = { $leader } moves { $n ->
        [one] { $n } hex
       *[other] { $n } hexes
    } to { $at }, deck to deck: grapples do not hold a leader on his own ({ $rule })
gen-refuse-hex-not-empty = the hex is no longer empty
gen-refuse-no-such-unit = no such unit
gen-log-takes-ground = { $unit } takes ground at { $at }
gen-log-may-bonus = { $unit } may make a bonus close combat
gen-log-command-card-drawn = a Command card is drawn
gen-refuse-dragon-deck-empty = the Dragon deck is empty: take the H&F
gen-log-draws-dragon = { $side } draws a Dragon card
gen-log-takes-hf = { $side } takes { $n } H&F ({ $now } now)
gen-marker-leader-cavalry = { $leader } (cavalry leader)
gen-marker-leader-infantry = { $leader } (infantry leader)
gen-marker-leader-cavalry-named = { $leader } (cavalry leader, Samurai of Name)
gen-marker-leader-infantry-named = { $leader } (infantry leader, Samurai of Name)
gen-marker-grapple = Grapple marker (GEN-GRP-1)
gen-marker-flat = Figures laid flat (GEN-AMP-2)
gen-badge-naval = Naval
gen-badge-flat = Flat (GEN-AMP-2)
gen-badge-grappled = Grappled
gen-badge-ordered = Ordered
gen-badge-command-ship = Command Ship
gen-badge-command-tent = Command Tent
gen-badge-leader = Leader
gen-badge-samurai-of-name = Samurai of Name
gen-track-hf = Honor & Fortune
gen-track-banners = Victory banners
gen-hand-dragon-text = { $text } Cost { $cost } H&F; played in { $timing }.
gen-score-in-play = ; in play: { $card }
gen-objective-tower = Arrow tower (GEN-TWR-1)
gen-objective-command-ship = Command Ship of { $side } (GEN-CMD-1)
gen-objective-command-tent = Command Tent of { $side } (GEN-CMD-1)
gen-score = { $side0 } { $b0 } – { $b1 } { $side1 } (banners); cards in hand { $h0 } – { $h1 }
gen-score-wind = ; wind/tide toward { $toward }
gen-wind-note = Wind/tide toward { $toward }: an ordered boat may move 2 hexes with it, 1 against it ({ $rule })
gen-card-figures = Figures: { $n } of { $max }
gen-card-stats = { $rank } rank; close combat { $close ->
        [one] { $close } die
       *[other] { $close } dice
    }; moves { $moves } (battles after { $after })
gen-card-ranged = Ranged: { $dice ->
        [one] { $dice } die
       *[other] { $dice } dice
    } at { $min }–{ $max ->
        [one] { $max } hex
       *[other] { $max } hexes
    } ({ $after } after moving)
gen-card-ranged-tower = Ranged: { $dice ->
        [one] { $dice } die
       *[other] { $dice } dice
    } at { $min }–{ $max ->
        [one] { $max } hex
       *[other] { $max } hexes
    } ({ $after } after moving), from the arrow tower
gen-card-sohei = Sohei: re-rolls every H&F; its loss costs the army 2 H&F
gen-card-terrain = Terrain: { $terrain }
gen-card-naval = Naval unit: one boat, moves with the wind/tide, flags are hits
gen-card-flat = Figures lie flat: no rank or cavalry resistance to swords
gen-card-grappled = Grappled: cannot move until the grapple is severed
gen-card-leader-attached = Leader attached: { $leader }
gen-card-leader-alone-cavalry = Cavalry leader, alone
gen-card-leader-alone-infantry = Infantry leader, alone
gen-card-leader-alone-cavalry-named = Cavalry leader, Samurai of Name, alone
gen-card-leader-alone-infantry-named = Infantry leader, Samurai of Name, alone
gen-choice-order-leader = Order this leader
gen-choice-order-unit = Order this unit
gen-choice-order-leader-alone = Order { $leader } on his own
gen-choice-move = Move
gen-choice-hold = Hold: stay here this turn
gen-choice-move-leader-alone = Move { $leader } on his own
gen-choice-battle = Battle an enemy unit
gen-choice-grapple = Battle and grapple, or sever, a naval enemy
gen-choice-inspire = Battle with Leader Inspiration, +1 die for 1 H&F
gen-choice-work = Attack a palisade or stockade
gen-choice-dragon-own-unit = Dragon card { $card } on this unit ({ $cost } H&F)
gen-choice-dragon-target = Dragon card { $card } ({ $cost } H&F)
gen-choice-play = Play { $card }: { $text }
gen-choice-keep = Keep { $card }: { $text }
gen-choice-end-dragon = Draw a Dragon card and end the turn
gen-choice-take-ground = Take ground
gen-choice-dragon-side = Dragon card { $card } ({ $cost } H&F): { $text }
gen-odds-dice = dice: { $dice }
gen-odds-palisade-falls = the palisade falls (GEN-PAL-4)
gen-odds-stockade-falls = the stockade falls (GEN-STK-6)
gen-odds-title-work = Attack on the fortification: { $n ->
        [one] { $n } die
       *[other] { $n } dice
    } (exact)
gen-odds-lone-leader-falls = the leader alone falls: any sword (GEN-BASE)
gen-odds-title-lone-leader = Attack on a leader alone: { $n } battle dice (exact)
gen-odds-eliminated = the target is eliminated
gen-odds-retreat-blocked = its retreat is blocked (hits for each hex)
gen-odds-grapple = a grapple is made or severed (GEN-GRP-1, GEN-GRP-4)
gen-odds-attached-leader-falls = its attached leader falls: a casualty check after each loss, the die when his unit is destroyed, the marsh of his escape (GEN-BASE)
gen-odds-title-close = Close combat: { $n } battle dice (exact)
gen-odds-title-ranged = Ranged combat at { $range ->
        [one] { $range } hex
       *[other] { $range } hexes
    }: { $n } battle dice (exact)
gen-odds-title-fortification = Attack on a fortification: { $n } battle dice (exact)
gen-odds-dist-hits = hits
gen-odds-dist-swords = swords rolled
gen-odds-dist-flags = flags rolled
gen-odds-dist-retreat = retreat hexes
gen-odds-dist-hf = H&F earned (last: { $top } or more)
gen-timing-own-orders = your Order or Move phase
gen-timing-own-battle = your Battle phase
gen-timing-reaction = when your unit is attacked
gen-rank-circle = Circle
gen-rank-triangle = Triangle
gen-rank-square = Square
gen-die-cancelled = { $face } (cancelled by Inspiration, GEN-UNIT-1)
gen-dice-rolled = { $n } battle dice (GEN-DICE-2): { $faces }
gen-dice-rolled-rerolls = { $n } battle dice (GEN-DICE-2): { $faces } (H&F kept and rerolled, GEN-UNIT-3)
gen-face-circle = circle
gen-face-triangle = triangle
gen-face-square = square
gen-face-sword = sword
gen-face-flag = flag
gen-face-hf = H&F
gen-why-symbols-hit = { $n } matching symbols hit (GEN-DICE-1)
gen-why-grapple = 1 sword made a grapple (GEN-GRP-1)
gen-why-grapple-no-sword-hits = 1 sword made a grapple, though this unit never hits with swords ({ $rule })
gen-why-never-sword-hits = { $n ->
        [one] { $n } sword
       *[other] { $n } swords
    }: this unit never hits with swords (GEN-BASE)
gen-why-flat = laid flat: no rank or cavalry resistance to swords (GEN-AMP-2)
gen-why-mounted-at-sea = mounted unit at sea: no cavalry resistance (GEN-NCB-5)
gen-why-swords-resisted = { $n ->
        [one] { $n } sword
       *[other] { $n } swords
    } ignored: rank and cavalry resistance (GEN-BASE)
gen-why-sword-terrain = { $n } sword ignored: { $terrain }
gen-why-swords-hit = { $n ->
        [one] { $n } sword
       *[other] { $n } swords
    } hit (GEN-DICE-1)
gen-why-flag-unit = { $n } flag ignored by the unit (GEN-BASE)
gen-why-flag-terrain = { $n } flag ignored: { $terrain }
gen-why-flags-naval = { $n ->
        [one] { $n } flag
       *[other] { $n } flags
    } are hits: a naval unit never retreats (GEN-NCB-6)
gen-why-terrain = terrain
gen-terrain-and = { $a } and { $b }
gen-log-palisade-destroyed = { $swords ->
        [one] { $swords } sword
       *[other] { $swords } swords
    }: the palisade is destroyed; its occupant does not battle back (GEN-PAL-4)
gen-log-stockade-destroyed = { $swords ->
        [one] { $swords } sword
       *[other] { $swords } swords
    }: the stockade is destroyed; its occupant does not battle back (GEN-STK-6)
gen-log-palisade-stands = { $swords ->
        [one] { $swords } sword
       *[other] { $swords } swords
    } of { $need } needed: the palisade stands (GEN-PAL-4)
gen-log-stockade-stands = { $swords ->
        [one] { $swords } sword
       *[other] { $swords } swords
    } of { $need } needed: the stockade stands (GEN-STK-6)
gen-log-sohei-hf-loss = the army loses { $lost } H&F for its Sohei unit: { $before } → { $after } (GEN-UNIT-1)
gen-refuse-embarked-no-battle = { $unit } embarked or disembarked this turn and may not battle
gen-refuse-moved-too-far = { $unit } moved { $moved ->
        [one] { $moved } hex
       *[other] { $moved } hexes
    }; it may battle only after moving { $max } (at sea it always may, { $rule })
gen-refuse-onslaught-no-close = { $unit } may not close combat when ordered by Infantry Onslaught
gen-dice-work = { $unit } attacks the fortification, never capped (GEN-STK-6)
gen-dice-close = { $unit } close combat (GEN-BASE)
gen-dice-close-sea = { $unit } close combat (GEN-BASE; moving at sea costs no dice, { $rule })
gen-mod-after-moving = after moving
gen-refuse-no-ranged = { $unit } has no ranged attack
gen-refuse-out-of-range = { $unit } fires at { $min }..={ $max ->
        [one] { $max } hex
       *[other] { $max } hexes
    }; the target is { $range } away
gen-refuse-out-of-range-tower = { $unit } fires at { $min }..={ $max ->
        [one] { $max } hex
       *[other] { $max } hexes
    } from its arrow tower (GEN-TWR-3); the target is { $range } away
gen-dice-ranged = { $unit } ranged attack (GEN-BASE)
gen-dice-ranged-sea = { $unit } ranged attack (GEN-BASE; moving at sea costs no dice, { $rule })
gen-mod-naval-unit = naval unit
gen-mod-shore-vs-boat = from the shore against a boat
gen-mod-no-fewer-than-0 = no fewer than 0 dice
gen-mod-cap-close = close combat with a { $terrain } hex: at most { $cap ->
        [one] { $cap } die
       *[other] { $cap } dice
    }
gen-mod-cap-fire-from = firing from a { $terrain } hex: at most { $cap ->
        [one] { $cap } die
       *[other] { $cap } dice
    }
gen-mod-cap-fire-into = firing into a { $terrain } hex: at most { $cap ->
        [one] { $cap } die
       *[other] { $cap } dice
    }
gen-refuse-no-unit-on-board = no unit { $id } on the board
gen-refuse-not-side-to-act = { $unit } is not on the side to act
gen-refuse-not-ordered-or-battled = { $unit } is not ordered or has battled this turn
gen-refuse-unknown-unit-type = unknown unit type
gen-refuse-no-enemy-unit = no enemy unit { $id } to attack
gen-refuse-attack-enemies-only = a unit attacks enemy units only
gen-refuse-work-adjacent = a fortification is attacked from next to it
gen-refuse-no-work-there = a palisade covers only the hexsides drawn on it: none between these hexes, and no enemy-held stockade there (GEN-PAL-4, GEN-STK-6)
gen-refuse-bonus-close = a bonus battle is a close combat
gen-refuse-card-no-ranged = { $card }: no ranged combat ({ $text })
gen-refuse-sight-unit = the line of sight is blocked by a unit
gen-refuse-sight-stockade = a stockade blocks the line of sight
gen-mod-dragon-card = Dragon card
gen-mod-defender-dragon-card = the defender's Dragon card
gen-refuse-inspiration-close-only = Leader Inspiration adds close-combat dice only
gen-refuse-no-inspiring-leader = no leader can inspire this unit (attached, or a cavalry leader next to it on land)
gen-refuse-inspiration-cost = Inspiration: at most { $max ->
        [one] { $max } die
       *[other] { $max } dice
    }, 1 H&F each; { $cost } asked, the army has { $hf }
gen-mod-leader-inspiration = Leader Inspiration
gen-refuse-grapple-where = a grapple is made in close combat on a naval unit, by a boat or from the shore
gen-refuse-unknown-target = unknown target
gen-log-inspiration-paid = Leader Inspiration: { $unit } pays { $cost } H&F for { $n ->
        [one] { $n } die
       *[other] { $n } dice
    }
gen-log-stockade-first = { $unit } in its stockade battles first
gen-log-rolls = { $unit } rolls { $n } battle dice: { $roll }
gen-die-battle = battle die
gen-log-effect = on { $unit }: { $hits ->
        [one] { $hits } hit
       *[other] { $hits } hits
    }, { $flags ->
        [one] { $flags } flag
       *[other] { $flags } flags
    } to retreat; { $why }
gen-log-effect-hf = on { $unit }: { $hits ->
        [one] { $hits } hit
       *[other] { $hits } hits
    }, { $flags ->
        [one] { $flags } flag
       *[other] { $flags } flags
    } to retreat, { $hf ->
        [one] { $hf } H&F token
       *[other] { $hf } H&F tokens
    } earned; { $why }
gen-log-grapple-severed = 1 sword severs the grapple: both may move again
gen-log-grapple-placed = grapple marker placed on the hexside: neither may move (GEN-GRP-3)
gen-log-lone-leader-falls = { $swords ->
        [one] { $swords } sword
       *[other] { $swords } swords
    } on { $leader } alone: he falls
gen-log-lone-leader-no-sword = no sword on { $leader } alone: he must leave the hex
gen-refuse-cavalry-stockade = cavalry never enter a stockade
gen-log-strikes-first = { $unit } strikes first with { $n } dice: { $roll }; on { $target }: { $hits ->
        [one] { $hits } hit
       *[other] { $hits } hits
    }, { $flags ->
        [one] { $flags } flag
       *[other] { $flags } flags
    }; { $why }
gen-log-battles-back = { $unit } battles back with { $n } dice: { $roll }; on { $target }: { $hits ->
        [one] { $hits } hit
       *[other] { $hits } hits
    }, { $flags ->
        [one] { $flags } flag
       *[other] { $flags } flags
    }; { $why }
gen-log-retreat-bill = retreat of { $hexes ->
        [one] { $hexes } hex
       *[other] { $hexes } hexes
    } costs { $cost } H&F, { $paid } paid (GEN-BASE)
gen-log-retreat-bill-lack-of-honor = retreat of { $hexes ->
        [one] { $hexes } hex
       *[other] { $hexes } hexes
    } costs { $cost } H&F, { $paid } paid (GEN-BASE); Lack of Honor: { $hits ->
        [one] { $hits } hit
       *[other] { $hits } hits
    } (GEN-BASE)
gen-refuse-naval-leader-max = a naval leader moves at most { $n ->
        [one] { $n } hex
       *[other] { $n } hexes
    }
gen-refuse-leader-open-ocean = a leader on his own may not enter open ocean: every hex must hold a friendly boat
gen-refuse-grappled-cannot-move = a grappled unit cannot move until the grapple is severed
gen-refuse-card-naval-move = the card moves naval units at most { $n ->
        [one] { $n } hex
       *[other] { $n } hexes
    }, whatever the wind/tide
gen-refuse-naval-max = a naval unit moves at most { $n ->
        [one] { $n } hex
       *[other] { $n } hexes
    }
gen-refuse-against-wind = step { $step } goes against the wind/tide: only { $any } hex in any direction, { $with } only with the wind/tide (GEN-NAV-3)
gen-refuse-embark-hexes = embarking or disembarking moves exactly { $n } hex; cards cannot lengthen it
gen-refuse-embark-adjacent = a unit embarks or disembarks only into a hex it was next to when its turn began
gen-refuse-retreat-ocean = a land unit may not retreat onto an ocean hex
gen-refuse-take-ground-shore = taking ground never crosses between ocean and land
gen-log-naval-leader-retreats = the naval leader retreats { $n ->
        [one] { $n } hex
       *[other] { $n } hexes
    }, deck to deck (GEN-NLD-4)
gen-log-naval-leader-seppuku = only open ocean or the enemy behind him: the naval leader commits seppuku (GEN-NLD-4)
gen-refuse-marsh-exit = a unit moving out of a marsh moves { $n } hex, then stops
gen-refuse-marsh-entry-ends = entering the marsh at hex { $step } ends the move
gen-refuse-marsh-entered = it went into a marsh this turn: its movement, taking ground included, is over
gen-refuse-marsh-left = it moved out of a marsh this turn and is done moving, taking ground included
gen-refuse-marsh-take-ground-once = a unit that began in a marsh takes ground out of it only once
gen-log-marsh-own-symbol = its own symbol: the marsh costs { $n ->
        [one] { $n } figure
       *[other] { $n } figures
    } (GEN-MSH-3)
gen-log-marsh-leader-dies = a sword: the leader dies in the marsh (GEN-MSH-3)
gen-log-marsh-no-effect = no effect (GEN-MSH-3)
gen-refuse-stockade-cavalry-leaders = cavalry and leaders can never enter a stockade
gen-refuse-stockade-adjacent = only a unit that began its turn next to the stockade may enter it
gen-refuse-stockade-stops = a unit entering a stockade stops there
gen-refuse-card-limit = { $card } orders at most { $limit ->
        [one] { $limit } unit
       *[other] { $limit } units
    }
gen-refuse-cannot-be-ordered = unit { $id } cannot be ordered
gen-refuse-card-cannot-order = { $card } cannot order unit { $id }: { $text }
gen-refuse-card-one-group = { $card } orders land units or naval units, not both
gen-refuse-dragon-blank = { $card } is blank in the Genpei War
gen-refuse-one-dragon-per-turn = one Dragon card per player per turn
gen-refuse-dragon-not-now = { $card } is not played now: { $text }
gen-refuse-dragon-cost = { $card } costs { $cost } H&F; the army has { $hf }
gen-refuse-challenge-rank = a Samurai of Name ranks above an unnamed leader, who cannot challenge him
gen-refuse-not-in-dragon-hand = { $card } is not in the Dragon hand
gen-refuse-unknown-dragon-card-key = unknown Dragon card { $card }
gen-refuse-no-dragon-now = no Dragon card may be played now
gen-log-plays-dragon = { $side } plays the Dragon card { $card } for { $cost } H&F: { $text }
gen-log-plays-dragon-on = { $side } plays the Dragon card { $card } on { $target } for { $cost } H&F: { $text }
gen-log-dragon-move = ordered units move { $n ->
        [one] { $n } more hex
       *[other] { $n } more hexes
    } this turn
gen-log-dragon-flags-at-sea = { $n ->
        [one] { $n } flag
       *[other] { $n } flags
    } at sea are hits
gen-refuse-unknown-dragon-card = unknown Dragon card
gen-refuse-dragon-no-target = { $card } takes no target
gen-refuse-dragon-own-unit = { $card } needs one of your ordered units yet to battle
gen-refuse-dragon-water = { $card } needs a target in water terrain
gen-refuse-dragon-enemy-range = { $card } needs an enemy unit within { $n ->
        [one] { $n } hex
       *[other] { $n } hexes
    } of your units
gen-refuse-challenge-enemy-leader = a challenge needs an enemy leader
gen-refuse-challenge-no-leader-next = none of your leaders stands next to him
gen-log-challenge = Personal Challenge: { $challenger } rolls { $a }, { $target } rolls { $b }
gen-refuse-not-ordered-this-turn = { $unit } is not ordered this turn
gen-refuse-already-moved = { $unit } has already moved
gen-refuse-grappled = { $unit } is grappled and cannot move
gen-refuse-off-board = that hex is off the board
gen-refuse-hex-taken = one unit per hex: that hex is taken
gen-refuse-cannot-embark-there = it cannot embark or land there
gen-refuse-no-naval-path = no naval path reaches that hex
gen-refuse-cannot-reach = { $unit } cannot reach that hex this turn
gen-log-retreats = { $unit } retreats { $n ->
        [one] { $n } hex
       *[other] { $n } hexes
    } to { $at }; { $bill }
gen-log-retreat-blocked = { $unit } cannot retreat { $n ->
        [one] { $n } hex
       *[other] { $n } hexes
    }: { $n ->
        [one] { $n } hit
       *[other] { $n } hits
    }
gen-log-loses-figures = { $unit } loses { $n ->
        [one] { $n } figure
       *[other] { $n } figures
    }: { $left } left
gen-log-leader-check-falls = leader casualty check for { $leader }: { $roll } — he falls
gen-log-leader-check-survives = leader casualty check for { $leader }: { $roll } — he survives
gen-log-eliminated = { $unit } is eliminated: a victory banner for { $side } ({ $banners } of { $needed })
gen-log-bodyguard-lost-ship = the Commander's bodyguard is lost: the Command Ship falls, a banner for { $side } (stand-in)
gen-log-bodyguard-lost-tent = the Commander's bodyguard is lost: the Command Tent falls, a banner for { $side } (stand-in)
gen-log-leader-falls-with-unit = { $leader } falls with his unit ({ $roll })
gen-log-leader-killed = { $leader } is killed: a victory banner for { $side } ({ $banners } of { $needed })
gen-log-lone-leader-retreats-sea = { $leader } retreats alone, deck to deck, to a friendly boat at { $at } for { $hf } H&F
gen-log-lone-leader-retreats = { $leader } retreats alone to a friendly unit at { $at } for { $hf } H&F
gen-log-seppuku = { $leader } commits seppuku: his army gains { $hf } H&F; { $side } wins no banner and draws a Dragon card
gen-log-seppuku-card-lost = { $leader } commits seppuku: his army gains { $hf } H&F, loses a random Command card; { $side } wins no banner and draws a Dragon card
gen-log-marsh-roll = { $unit } enters the marsh and rolls { $face }: { $text }
gen-log-marsh-roll-leader = { $leader } enters the marsh alone and rolls { $face }: { $text }
gen-log-tent-taken = the Command Tent is taken: a banner for { $side } (stand-in)
gen-odds-expected-hits = expected hits
gen-deck-command = Command
gen-deck-dragon = Dragon
gen-refuse-grappled-no-ground = a grappled unit may not move, so it may not take ground
gen-refuse-discard-dragon-played = a Dragon card was played or discarded this turn: none may be discarded for H&F
gen-refuse-no-such-dragon-card = that Dragon card is not in the hand
gen-log-discards-dragon = { $side } discards { $card } for { $n } H&F (now { $now })
gen-choice-discard-dragon = Discard { $card } for { $n } H&F
gen-log-lone-leader-retreats-alone = { $leader } retreats alone { $n ->
        [one] 1 hex
       *[other] { $n } hexes
    } toward his own edge, to { $at }, for { $hf } H&F
gen-log-lone-leader-cannot-pay = { $leader } cannot retreat: it costs { $hf } H&F and his army has { $has }
gen-refuse-battle-back-inspired-once = the defender has already bought Leader Inspiration for this battle back
gen-log-battle-back-inspired = { $unit } will battle back (or strike first) with { $n ->
        [one] 1 die
       *[other] { $n } dice
    } of Leader Inspiration, paid when it rolls
gen-choice-inspire-battle-back = Leader Inspiration for the battle back or first strike: +{ $n } { $n ->
        [one] die
       *[other] dice
    } for { $n } H&F
gen-odds-first-strike-stops = the first strike stops the attack: the attacker falls or is pushed back (GEN-STK-5)
gen-refuse-card-naval-adjacent = { $card } orders naval units that are adjacent: each boat must be next to one already ordered (GEN-CRD-2)
gen-phase-grapple = Battle: a sword rolled against a boat may grapple (or sever the grapple) instead of hitting
gen-pass-no-grapple = No grapple: every sword hits
gen-choice-elect-grapple = Grapple (or sever the grapple) with one sword instead of a hit (GEN-GRP-1, GEN-GRP-4)
gen-log-grapple-may-elect = { $unit } rolled a sword against a boat: it may elect to grapple with it, or sever a grapple, instead of a hit (GEN-GRP-1)
