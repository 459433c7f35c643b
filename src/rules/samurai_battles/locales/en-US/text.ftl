# Samurai Battles, Art of Tactic: the module's own text, English (the source language).
# Every key here is in ../es-ES too (a test checks it).


## Phases and Execution steps

sba-phase-setup = Set-up
sba-phase-morale = Morale Phase
sba-phase-planning = Planning Phase
sba-phase-execution = Execution Phase
sba-phase-end-of-turn = End of Turn
sba-phase-game-over = Game over
sba-step-defensive = Execution: Defensive Step
sba-step-ranged = Execution: Ranged Combat Step
sba-step-movement = Execution: Movement Step
sba-step-special = Execution: Special Orders Step
sba-step-melee = Execution: Melee Step
sba-step-retreat = Execution: Retreat Step
sba-turn-phase = Turn { $turn } · { $phase }
sba-turn-planning = Turn { $turn } · Planning Phase · { $side }

## Orders: in English the order table's own name (orders.ron), passed in as $name

sba-order-all-around-defense = { $name }
sba-order-defend = { $name }
sba-order-fire-and-retreat = { $name }
sba-order-fire-ranged-weapons = { $name }
sba-order-assault = { $name }
sba-order-march = { $name }
sba-order-move-and-fire = { $name }
sba-order-retreat = { $name }
sba-order-flee = { $name }
sba-order-panic = { $name }
sba-order-pursue = { $name }
sba-order-ambush = { $name }
sba-order-join-up = { $name }
sba-order-receive-supplies = { $name }
sba-order-reconnaissance = { $name }
sba-order-rest = { $name }
sba-order-run = { $name }

## Choices, the pass button, odds

sba-choice-written = { $order } (written)
sba-choice-default = { $order } (default)
sba-choice-hover = Orders table: { $line } (its row, and in brackets the source line)
sba-choice-erase = Erase the written order
sba-pass-execute = Orders done: execute the turn (SBA-ORD-1)
sba-pass-to = Orders done: pass to { $side } (SBA-ORD-1)
sba-odds-melee = Melee odds if it engages from the hex its path reaches (exact, SBA-MEL-4, SBA-MEL-5; the defender without an order modifier, striking back at it, no flank or rear test)
sba-odds-expected = expected casualties on { $unit }
sba-odds-melee-dice = { $unit }: { $dice ->
        [one] { $dice } die
       *[other] { $dice } dice
    } at { $attack } -> casualties on { $enemy }
sba-odds-fire = Fire odds (exact, SBA-BASE, SBA-ORD-4)
sba-odds-fire-dice = { $dice ->
        [one] { $dice } die
       *[other] { $dice } dice
    } at Firepower { $firepower } -> casualties on { $enemy }

## Refusals

sba-refuse-not-planning = orders are written in the Planning Phase, not the { $phase }
sba-refuse-not-your-turn = side { $side } is not the side writing orders now
sba-refuse-nothing-written = there is no order of yours written for unit { $unit }
sba-refuse-no-step = the rules take no step of their own in the { $phase }
sba-refuse-no-unit = there is no unit { $unit }
sba-refuse-not-yours = unit { $unit } is not yours to command
sba-refuse-forced = { $order } is imposed by a failed Fortitude Test and cannot be written
sba-refuse-shaken = { $unit } is Shaken and must Flee
sba-refuse-panicked = { $unit } is Panicked and must Panic
sba-refuse-must-pursue = { $unit } failed its Pursue test and must Pursue
sba-refuse-not-on-card = { $order } is not on the { $card } unit card
sba-refuse-no-commander = { $unit } has no Commander; it may only Defend, All-Around Defense, Rest or March
sba-refuse-no-cavalry = cavalry may not take { $order }
sba-refuse-no-ranged = { $unit } has no ranged weapons
sba-refuse-engaged = { $unit } is engaged in melee: only { $orders }
sba-refuse-no-destination = { $order } takes no destination
sba-refuse-off-board = hex ({ $col }, { $row }) is off the board
sba-refuse-no-target = { $order } takes no target unit
sba-refuse-unseen-unit = there is no unit { $unit } you can see
sba-refuse-join-friend = Join Up needs another friendly unit
sba-refuse-join-same-type = only units of the same type can join up
sba-refuse-join-adjacent = the unit to join must be adjacent
sba-refuse-join-in-melee = a unit in melee cannot join up
sba-refuse-own-side = unit { $unit } is on your side
sba-refuse-assault-needs = Assault needs a target unit or hex
sba-refuse-needs-destination = { $order } needs a destination hex
sba-refuse-join-needs-unit = Join Up needs the unit to join
sba-refuse-ambush-cover = only a hidden unit, or one in forest or a village, can lie in Ambush
sba-refuse-ambush-adjacent = a unit next to the enemy cannot hide
sba-refuse-shooter-in-melee = { $unit } is in melee and cannot shoot
sba-refuse-cannot-see = that unit cannot be seen
sba-refuse-target-in-melee = { $unit } is in melee; no shooting into a melee
sba-refuse-out-of-range = { $unit } is { $distance ->
        [one] { $distance } hex
       *[other] { $distance } hexes
    } away; { $card } reach { $range ->
        [one] { $range } hex
       *[other] { $range } hexes
    }
sba-refuse-no-sight = no line of sight to { $unit }

## Morale levels and why a Fortitude Test is taken

sba-morale-normal = Normal
sba-morale-hesitant = Hesitant
sba-morale-shaken = Shaken
sba-morale-panicked = Panicked
sba-reason-casualties = after casualties
sba-reason-flank = attacked from a flank
sba-reason-rear = attacked from the rear
sba-reason-morale-phase = Morale Phase
sba-reason-dishonor = General Staff destroyed
sba-reason-pursue = must it pursue?

## Itemized values and their modifiers

sba-fortitude-card = Fortitude (unit card; current value, { $rule })
sba-attack-infantry-card = Attack vs infantry (unit card)
sba-attack-cavalry-card = Attack vs cavalry (unit card)
sba-defense-card = Defense (unit card)
sba-firepower-card = Firepower (unit card)
sba-mod-order = { $order } order
sba-mod-order-set = { $order } order: = { $n }
sba-mod-commander = Commander
sba-mod-inspirational = General Staff within 2 hexes (Inspirational)
sba-mod-honor = Honor Marker
sba-mod-casualties = { $n ->
        [one] { $n } casualty
       *[other] { $n } casualties
    }
sba-mod-general-staff-lost = General Staff lost (Dishonor)
sba-mod-morale = { $level } morale
sba-mod-flank = attacked from a flank (this test only)
sba-mod-rear = attacked from the rear (this test only)
sba-mod-across = attacked across a { $hexside }

## Log

sba-log-battle-begins = { $scenario }: the battle begins; dice seed { $seed }, d20 roll-under ({ $rule })
sba-log-end-of-turn = End of turn { $turn }: { $result } ({ $vp0 } to { $vp1 } victory points)
sba-result-winner = { $side } wins the battle
sba-result-draw = the battle is a draw
sba-outcome = { $result } ({ $vp0 } to { $vp1 } victory points)
sba-log-recovers = { $unit } recovers from { $from } to { $to } ({ $markers } red markers)
sba-log-hides = { $unit } hides in Ambush
sba-log-leaves-ambush = { $unit } leaves its Ambush and is revealed
sba-log-no-target = { $unit } has no target in range and sight
sba-log-fortitude-test = { $unit }: Fortitude Test ({ $reason }, SBA-FORT-1)
sba-outcome-pass = pass
sba-outcome-fail = fail
sba-log-stays = { $unit } stays { $level }: this failure does not lower the Morale Level
sba-log-honor-lost = { $unit } loses its Honor Marker instead of a Morale Level
sba-log-drops = { $unit } drops from { $from } to { $to } ({ $markers } red markers)
sba-log-now-flees = { $unit } now carries out the Flee order (its modifiers apply at once, SBA-ORD-1)
sba-log-now-panics = { $unit } now carries out the Panic order (its modifiers apply at once, SBA-ORD-1)
sba-log-put-to-flight = { $unit } is Put to Flight and leaves the melee
sba-log-surrenders = { $unit } is Panicked, fails in melee and surrenders
sba-log-routs = { $unit } is Panicked, fails again and routs
sba-log-hits-on = { $hits ->
        [one] { $hits } hit
       *[other] { $hits } hits
    } on { $unit }: { $absorbed } absorbed by Defense ({ $left } -> { $after }), { $casualties ->
        [one] { $casualties } casualty
       *[other] { $casualties } casualties
    }
sba-log-engages-front = { $unit } engages { $enemy } in melee from the front
sba-log-engages-flank = { $unit } engages { $enemy } in melee from a flank
sba-log-engages-rear = { $unit } engages { $enemy } in melee from the rear
sba-log-revealed-outside = { $unit } is revealed from Ambush, approached from outside its Defense Zone: not a flank or rear attack, and no +3 Attack
sba-log-revealed-through = { $unit } is revealed from Ambush, approached through its Defense Zone
sba-log-attacks = { $unit } attacks { $enemy } with { $dice ->
        [one] { $dice } die
       *[other] { $dice } dice
    } ({ $models ->
        [one] { $models } model
       *[other] { $models } models
    }, { $rule })
sba-outcome-hits = { $hits ->
        [one] { $hits } hit
       *[other] { $hits } hits
    }
sba-log-loses-models = { $unit } loses { $n ->
        [one] { $n } model
       *[other] { $n } models
    } ({ $left } left) and { $n } Fortitude
sba-log-turns-to-face = { $unit } turns to face the strongest enemy in its Zone of Control
sba-log-enemy-fled = { $unit }'s enemy fled: no Honor Marker ({ $rule }); it tests to see if it pursues
sba-log-holds-back = { $unit } holds back: its earlier Pursue obligation ends
sba-log-must-pursue = { $unit } cannot hold back and must Pursue next turn
sba-hexes =
    { $n ->
        [one] 1 hex
       *[other] { $n } hexes
    }
sba-log-no-path = { $unit } finds no path and stays
sba-path = This turn { $now } of { $all ->
        [one] { $all } hex
       *[other] { $all } hexes
    }, { $spent } of { $budget } movement points ({ $rule })
sba-log-moves = { $unit } ({ $order }) moves from ({ $c0 }, { $r0 }) to ({ $c1 }, { $r1 }), { $distance }
sba-log-flees-to-staff = { $unit } flees up to { $distance } toward its General Staff
sba-log-flees-to-edge = { $unit } flees up to { $distance } toward its own board edge (General Staff lost)
sba-log-panics = { $unit } panics { $distance } toward the nearest edge
sba-log-retreats = { $unit } retreats { $distance } and leaves any melee
sba-log-shoots = { $unit } shoots at { $enemy } with { $dice ->
        [one] { $dice } die
       *[other] { $dice } dice
    } (1 per model, SBA-BASE)
sba-log-stops-moving = { $unit } took casualties from Fire and Retreat, failed its test and stops moving
sba-log-destroyed = { $unit } is destroyed; the enemy scores { $vp } victory points
sba-log-routed = { $unit } routs off the field; the enemy scores { $vp } victory points
sba-log-surrendered = { $unit } surrenders; the enemy scores { $vp } victory points
sba-log-joined = { $unit } joins up; the enemy scores { $vp } victory points
sba-log-staff-lost = { $unit }'s General Staff is lost: Dishonor
sba-log-rallies = { $unit } reaches its General Staff, stops and rallies to Hesitant (1 red marker)
sba-log-honor-extra = { $unit } wins honor against { $enemy } but already holds an Honor Marker; the extra one is lost ({ $rule })
sba-log-honor-gained = { $unit } gains an Honor Marker for defeating { $enemy }: +1 Attack, +2 Fortitude (SBA-HON-4)
sba-log-cannot-join = { $unit } cannot join { $other } any more
sba-log-joins = { $unit } joins { $other }: { $models ->
        [one] { $models } model
       *[other] { $models } models
    }, { $level }

## The board and the unit card

sba-marker-morale = Morale Marker ({ $level }, SBA-MOR-1)
sba-marker-honor = Honor Marker (SBA-HON-4)
sba-badge-hidden = Hidden in Ambush
sba-badge-in-melee = In melee
sba-score = { $side0 } { $vp0 } – { $vp1 } { $side1 } (victory points, SBA-BASE)
sba-card-type-infantry = { $card } ({ $side }), infantry
sba-card-type-cavalry = { $card } ({ $side }), cavalry
sba-card-models = Models: { $models } of { $full }
sba-card-morale = Morale: { $level } ({ $markers } red markers)
sba-card-honor = Honor Marker: +1 Attack, +2 Fortitude
sba-card-commander-yes = Commander: yes
sba-card-commander-no = Commander: no
sba-card-hidden = Hidden in Ambush (the enemy cannot see it)
sba-card-in-melee = In melee with { $units }
sba-card-order = Order: { $order }
sba-card-no-order = Order: none
sba-card-attack-infantry = Attack vs infantry
sba-card-attack-cavalry = Attack vs cavalry
sba-card-attack-dice = Attack dice: { $dice } ({ $per_model } per model)
sba-card-defense = Defense
sba-card-defense-left = {"   "}left this turn: { $left }
sba-card-fortitude = Fortitude
sba-card-pass-chance = Fortitude Test pass chance: { $percent }%
sba-card-firepower = Firepower
sba-card-range = {"   "}range { $range ->
        [one] { $range } hex
       *[other] { $range } hexes
    }, 1 die per model
sba-card-source = Card: { $source }
sba-card-stand-ins = Stand-ins: { $stand_ins }
sba-log-no-run-uphill = { $unit } may not Run up the slope: it stops at its foot (SBA-BASE)
sba-refuse-defend-only = { $order } has no facing or Kill Zone to write: only Defend has them (SBA-BASE)
sba-refuse-kill-zone-range = A Kill Zone of { $range ->
        [one] { $range } hex
       *[other] { $range } hexes
    }: { $card } may write 1 to { $max ->
        [one] { $max } hex
       *[other] { $max } hexes
    } (SBA-BASE)
sba-log-defend-faces = { $unit } faces { $facing } to defend (SBA-BASE)
sba-log-defend-front-full = { $unit } cannot engage { $enemy } from the front: { $n } enemies already engage it there (SBA-BASE)
sba-log-defend-faces-strongest = { $unit } turns to face the strongest attacker, { $enemy } (SBA-BASE)
sba-facing-north = north
sba-facing-north-east = north-east
sba-facing-south-east = south-east
sba-facing-south = south
sba-facing-south-west = south-west
sba-facing-north-west = north-west
