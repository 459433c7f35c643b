# Clan War: the module's own text, English (the source language).
# Every key here is in ../es-ES too (a test checks it).


## Phases
cw-phase-special-orders = Special Orders
cw-phase-primary-movement = Primary Movement
cw-phase-cavalry-movement = Cavalry Movement
cw-phase-ranged-attack = Ranged Attack
cw-phase-close-combat = Close Combat
cw-phase-reserve-movement = Reserve Movement
cw-phase-end = End phase
cw-phase-line = Turn { $turn } · { $phase } · { $side }

## Battle: refusals
cw-why-move-too-far = the move costs { $cost }" of a { $allowance }" allowance
cw-why-move-off-table = the unit would leave the table
cw-why-move-impassable = the unit would enter "{ $terrain }"
cw-why-move-touches = the unit would touch { $other } after { $at }"
cw-why-move-touches-another = the unit would touch another unit after { $at }"
cw-why-no-unit = there is no unit { $id }
cw-why-destroyed = { $unit } is destroyed
cw-why-not-deciding-side = { $unit } is not a unit of the side deciding now
cw-why-battle-over = the battle is over
cw-why-not-side-turn = it is not side { $side }'s turn to decide
cw-why-fly-by-movement-phase = Fly-By attacks are decided in a Movement phase
cw-why-execute-special-order = the hostage is executed only as a Special Order
cw-why-holds-no-hostage = this unit holds no hostage
cw-why-sacrifice-close-combat = a sacrifice is declared in the Close Combat phase
cw-why-enemy-holds-no-hostage = the enemy holds no hostage
cw-why-not-engaged-captor = { $unit } is not engaged with the captor unit
cw-why-no-two-models = { $unit } has no two models to spare
cw-why-already-sacrificed = { $unit } has already declared its sacrifice

## Battle: log
cw-log-declares-shot-range = { $unit } declares a ranged attack on { $target }; { $range } (resolved at the end of the phase)
cw-log-declares-shot = { $unit } declares a ranged attack on { $target } (resolved at the end of the phase)
cw-log-will-sacrifice = { $unit } will sacrifice two models after the enemy's attack, to try to recover the hostage
cw-log-will-roll-fly-by = { $unit } will roll its Fly-By attacks at the end of the phase

## Game over
cw-result-wins = { $side } wins: { $reason }
cw-result-draw = Draw: { $reason }

## Unit card and badges
cw-badge-unformed = Unformed
cw-badge-broken = Broken
cw-badge-routing = Routing
cw-badge-spent = Spent
cw-badge-holds-hostage = Holds hostage
cw-track-honor = Honor
cw-card-airborne = Airborne
cw-card-stats = Mv { $mv }″ · ATT { $att } · DAM { $dam } · ATN { $atn_close }/{ $atn_ranged } · TL { $tl } · Ld { $ld }
cw-card-models = Models { $models }/{ $starting } · { $wounds ->
        [one] { $wounds } Wound
       *[other] { $wounds } Wounds
    } per model, { $carried } carried
cw-card-range-reach = Range { $close }″/{ $extended }″ · reaches ground targets at { $ground_close }″/{ $ground_extended }″, airborne targets at { $air_close }″/{ $air_extended }″ (CW-RNG-3 … CW-RNG-6)
cw-card-personality = { $name } · personal Honor { $honor } · Ld { $ld }
cw-card-flight = Flight
cw-card-state-airborne = { $condition } · airborne
cw-card-state-grounded = { $condition } · grounded
cw-card-state-airborne-spent = { $condition } · airborne · spent { $turns ->
        [one] { $turns } turn
       *[other] { $turns } turns
    }
cw-card-state-grounded-spent = { $condition } · grounded · spent { $turns ->
        [one] { $turns } turn
       *[other] { $turns } turns
    }
cw-card-holds = Holds { $hostage } ({ $clan } hostage)

## Choices
cw-choice-execute = Execute the hostage
cw-choice-take-flight = Take flight (Break-Away)
cw-choice-move = Move
cw-choice-land = Land
cw-choice-dive = Dive
cw-choice-dive-engage = Dive to engage
cw-choice-take-off = Take off
cw-choice-engage = Engage
cw-choice-shoot = Shoot
cw-choice-strike-easy = Strike Easy
cw-choice-all-out = All-Out Attack
cw-choice-sacrifice = Sacrifice two models (recover the hostage)

## Conditions, stances, attack kinds
cw-condition-formed = formed
cw-condition-unformed = unformed
cw-condition-broken = broken
cw-condition-routing = routing
cw-condition-destroyed = destroyed
cw-stance-strike-easy = Strike Easy
cw-stance-all-out = All-Out Attack
cw-attack-close-combat = close combat
cw-attack-ranged = ranged attack
cw-attack-parting-shots = parting shots
cw-attack-fly-by = Fly-By attack

## Tests
cw-test-pass = pass: { $total } { $cmp } { $target } (one die, { $die_rule }; { $test_rule })
cw-test-fail = fail: { $total } { $cmp } { $target } (one die, { $die_rule }; { $test_rule })
cw-test-fail-natural = fail: { $total } { $cmp } { $target } (natural 1) (one die, { $die_rule }; { $test_rule })

## Hostage
cw-why-all-out-lasts = an All-Out Attack lasts until the end of the engagement
cw-log-stance = { $stance } against the captor unit ({ $att } ATT)
cw-log-all-out-cost = All-Out Attack: the army loses { $honor_loss } Honor ({ $honor_before } -> { $honor_after }) and { $vp_loss } VP ({ $vp_before } -> { $vp_after })
cw-why-must-choose-stance = a unit engaged with the captor unit must choose Strike Easy or All-Out Attack
cw-item-no-rating = no rating
cw-item-captor-wounds = { $wounds ->
        [one] { $wounds } Wound
       *[other] { $wounds } Wounds
    } on the captor this turn
cw-log-destruction-test = hostage destruction test after an All-Out Attack
cw-why-only-holder-destroys = only the side holding a living hostage can destroy it
cw-log-executes-hostage = the captor destroys its hostage (Special Order): honor { $honor_before } -> { $honor_after }, VP { $vp_before } -> { $vp_after }
cw-why-recover-engaged = only a unit engaged with the captor unit may try to recover the hostage
cw-why-recover-spent = a spent unit cannot try to recover a hostage
cw-why-recover-condition = a { $condition } unit cannot try to recover a hostage
cw-why-recovery-needs = a Recovery test needs a won Close Combat phase or two sacrificed models
cw-log-captor-wiped-out = the captor unit is destroyed: the engaged unit recovers the hostage automatically
cw-item-own-leadership = own commander's Leadership
cw-item-holding-leadership = holding commander's Leadership
cw-item-recapture = recapture
cw-log-recovery-test = Recovery test: must exceed TL { $tl }
cw-log-hostage-moves = the hostage model moves from the captor unit to the recovering unit

## Morale
cw-item-leadership = Leadership
cw-item-army-honor-at = army honor { $at } or more
cw-item-full-retreat = Full Retreat this turn
cw-item-honor-level = honor level { $level }
cw-item-earlier-tests = { $tests } earlier Morale tests this turn
cw-log-morale-test = { $unit }: Morale test ({ $why }) against TL { $tl }
cw-log-morale-fails = { $unit } fails its Morale test: { $before } -> { $after }
cw-log-rally-test = { $unit }: rally test in the End phase against TL { $tl }
cw-log-rallies = { $unit } rallies: { $before } -> { $after }
cw-trigger-losses = losses of { $pct }%
cw-trigger-phase-losses = a quarter of its strength lost in one phase
cw-trigger-outnumbered = outnumbered
cw-trigger-commander-lost = commander lost
cw-trigger-friend-broke = a friendly unit nearby broke
cw-trigger-engaged-while-shaken = engaged while broken or unformed

## Maneuver
cw-item-complex-manoeuvre = complex manoeuvre
cw-log-single-model-no-test = { $unit }: a single model takes no Maneuver test
cw-log-maneuver-test-simple = { $unit }: Maneuver test (simple) against TL { $tl }
cw-log-maneuver-test-complex = { $unit }: Maneuver test (complex) against TL { $tl }
cw-outcome-unformed = { $outcome }; unformed
cw-outcome-airborne-not-unformed = { $outcome }; airborne units cannot become unformed (CW-FLY-14)

## Combat
cw-pool-hits = { $n ->
        [one] { $n } hit
       *[other] { $n } hits
    }
cw-pool-wounds = { $n ->
        [one] { $n } wound
       *[other] { $n } wounds
    }
cw-log-attack-dice = { $kind }: { $n } attack dice against ATN { $atn }
cw-log-damage-dice-kind = { $kind }: { $n } Damage dice against ATN { $atn }
cw-log-damage-dice = { $n } Damage dice against ATN { $atn }
cw-item-att = ATT
cw-item-dam = DAM
cw-item-extended-range = extended range
cw-item-parting-shot = parting shot at a unit taking flight

## End of the battle
cw-log-battle-over = battle over: { $reason }
cw-end-both-out = both armies are destroyed or routed: a draw
cw-end-army-destroyed = the { $side } army is destroyed
cw-end-army-routed = the { $side } army is routed
cw-end-scores = { $side0 } { $vp0 } VP, { $side1 } { $vp1 } VP
cw-end-scores-hostage = { $side0 } { $vp0 } VP, { $side1 } { $vp1 } VP; { $holder } holds the living hostage (+{ $bonus })
cw-end-verdict-wins = { $side } wins
cw-end-verdict-draw = a draw
cw-end-turn-limit = turn limit { $limit }: { $scores } (stand-in scoring: { $destroy_vp } VP per enemy unit destroyed, { $hostage_vp } VP for holding a living hostage, -2 VP per All-Out Attack or execution; ties go to honor { $honor0 }-{ $honor1 }) — { $verdict }

## Honor
cw-log-honor-change = { $why }: honor { $before } { $delta } = { $after }
cw-log-honor-level-enemy = honor level { $level } first reached: every enemy unit takes a Morale test at { $modifier } (Non-human and Creature units exempt, CW-HON-10)
cw-log-honor-level-enemy-several = honor level { $level } first reached (one of { $count ->
        [one] { $count } level
       *[other] { $count } levels
    } reached this turn, each tests: { $each_rule }): every enemy unit takes a Morale test at { $modifier } (Non-human and Creature units exempt, CW-HON-10)
cw-log-honor-level-own = honor level { $level } first reached: every unit of the army takes a Morale test at { $modifier } (Non-human and Creature units exempt, CW-HON-10)
cw-log-honor-level-own-several = honor level { $level } first reached (one of { $count ->
        [one] { $count } level
       *[other] { $count } levels
    } reached this turn, each tests: { $each_rule }): every unit of the army takes a Morale test at { $modifier } (Non-human and Creature units exempt, CW-HON-10)

## Losses and End phase
cw-log-takes-wounds = { $unit } takes { $wounds ->
        [one] { $wounds } Wound
       *[other] { $wounds } Wounds
    }: { $lost ->
        [one] { $lost } model
       *[other] { $lost } models
    } removed, { $left } left
cw-log-destroyed = { $unit } is destroyed
cw-why-honor-destroyed-unit = destroyed { $unit }
cw-why-honor-destroyed-personality = destroyed the personality { $personality }
cw-log-loses-movement = { $unit } did not move at least half its movement this phase: it loses its movement
cw-log-no-landing-spot = { $unit } finds no clear landing spot ahead and stays airborne [stand-in]
cw-log-must-force-land = { $unit } must make a forced landing
cw-log-extra-card = { $side } has the highest honor and draws an extra Tactical Card (cards are not played in this release)
cw-log-extra-card-nobody = equal honor: nobody draws the extra Tactical Card
cw-log-immune-to-honor = { $unit } is immune to honor: no test

## Odds
cw-odds-hit-per-die = hit chance per die
cw-odds-wound-per-die = wound chance per die
cw-odds-one-hit = at least one hit
cw-odds-one-wound = at least one wound
cw-odds-break-away = Break-Away test passes
cw-odds-take-off = take-off completes
cw-odds-landing = landing test passes
cw-odds-lands-after-fire = comes through the reactionary fire (CW-LAND-3) and lands (CW-ENG-3 … CW-ENG-5)
cw-odds-hostage-survives = hostage survives

## Shooting
cw-why-shoot-phase = ranged attacks are made in the Ranged Attack phase
cw-why-unknown-card = unknown unit card
cw-why-no-ranged-attack = { $unit } has no ranged attack
cw-why-cannot-shoot-now = { $unit } cannot shoot now (already shot, engaged, spent, broken or routing)
cw-why-target-not-enemy = the target is not a living enemy unit
cw-log-target-gone = { $unit }'s target { $target } is gone: no shot

## Ranges
cw-band-close = close range
cw-band-extended = extended range
cw-band-out = out of range
cw-range-ground-at-air = { $measured }" + 6" ground at air (CW-RNG-3) = { $effective }"
cw-range-air-at-ground = { $measured }", air at ground: close { $close }", extended { $extended }" (CW-RNG-4)
cw-range-air-at-air = { $measured }", air against air: no adjustment (CW-RNG-5)
cw-range-ground-at-ground = { $measured }" (CW-RNG-6)
cw-range-explain = { $how }: { $band }

## Airborne
cw-log-passes-in-air = { $unit } passes { $target } in the air without engaging it (CW-FBY-1): { $mine } Fly-By dice noted for it, { $back } for { $target }
cw-log-reactionary-close = { $unit } fires at { $mover } engaging it from the air: reactionary fire at Close range
cw-log-reactionary-extended = { $unit } fires at { $mover } engaging it from the air: reactionary fire at Extended range
cw-log-reactionary-out = { $unit } fires at { $mover } engaging it from the air: reactionary fire at OutOfRange range
cw-log-fly-by-target-gone = { $unit }'s Fly-By target is gone: { $dice ->
        [one] { $dice } die
       *[other] { $dice } dice
    } lost
cw-log-fly-by-attacks = { $unit } makes Fly-By attacks on { $target } with { $dice ->
        [one] { $dice } die
       *[other] { $dice } dice
    }; it may not shoot or fight in close combat this turn (CW-FBY-4, CW-FBY-5)

## Close combat
cw-log-hostage-lost-no-enemy = the holding unit is destroyed with no enemy engaged: the hostage is lost with it [stand-in]
cw-log-spent-no-attack = { $unit } is spent or routing and does not attack
cw-log-no-stance-strike-easy = { $unit } chose no stance against the captor: Strike Easy [stand-in]
cw-log-no-models-to-sacrifice = { $unit } has no two models left to sacrifice
cw-log-sacrifices = { $unit } sacrifices two models to reach the hostage
cw-log-hostage-killed = { $hostage } is killed in the fighting
cw-log-hostage-lost-no-enemy-left = the holding unit is destroyed with no enemy left engaged: the hostage is lost with it [stand-in]
cw-log-may-not-recover = { $unit } may not try to recover the hostage: { $reason }

## Movement
cw-why-stance-close-combat = stances are declared in the Close Combat phase
cw-why-not-hindered-engaged = { $unit } is not a hindered unit engaged with the captor unit
cw-why-passes-over-overlap = an airborne unit passes over { $other } but may not end its move overlapping it
cw-why-move-phases = units move only in the Primary, Cavalry and Reserve Movement phases
cw-why-already-moved = { $unit } already moved this phase
cw-why-spent = { $unit } is spent and cannot act
cw-why-routing = { $unit } is routing and cannot move [stand-in]
cw-why-airborne-reserve = airborne units may not take Reserve Movement
cw-why-not-cavalry = a grounded unit without the Cavalry trait does not move in the Cavalry Movement phase
cw-why-engaged-no-move = { $unit } is engaged; only a flyer's Break-Away by air (CW-ENG-7) is offered [stand-in]
cw-why-path-nan = the path is not a number
cw-why-take-off-half = a take-off moves exactly half the movement, { $half }"
cw-why-only-airborne-lands = only an airborne unit lands
cw-why-landing-contact = landing in contact with { $other } is an engaging move
cw-why-escape-grounded = only an engaged grounded unit escapes by air
cw-why-not-engaged = { $unit } is not engaged
cw-why-escape-reserve = a unit taking flight ends airborne, and airborne units may not take Reserve Movement
cw-why-escape-full-move = escaping by air is a full move of { $mv }"
cw-why-airborne-overlap = an airborne unit may not end its move overlapping { $other }
cw-why-engage-contact = an engaging move must end in base contact with { $target }
cw-why-engage-angle = the angle of engagement is { $angle }°, more than { $max }°
cw-name-break-away = { $unit } (Break-Away by air)
cw-log-turns = { $unit } turns to face { $facing }°
cw-log-moves = { $unit } moves { $length }"
cw-log-flies = { $unit } flies { $length }" over terrain and grounded units ({ $cavalry_rule }, { $terrain_rule })
cw-log-lands-dive = { $unit } lands in a Dive used as a non-engaging landing ({ $rule }) after { $length }"
cw-log-lands = { $unit } lands after { $length }"
cw-log-engages = { $unit } engages { $target } at an angle of { $angle }° (30° rule)
cw-log-engaged-captor = engaged with the captor unit: a hindered unit fights with Strike Easy or All-Out Attack

## Cards
cw-why-airborne-card = an airborne unit may not use movement- or combat-enhancing cards or skills in an engaging move
cw-log-card-no-effect = { $card } has no effect on an airborne unit; play continues
cw-why-counter-charge = Counter-charge cannot meet an attacking airborne unit half-way
cw-log-duel-ignored = an airborne personality cannot duel: the challenge is ignored (not refused)
cw-log-hostage-taken = a { $clan } hostage is held by this captor unit (a distinct model, CW-HOS-2)
cw-why-hostage-not-moved = a hostage may not be moved between units

## Ranged attacks
cw-why-no-los-flyer = the target is not in line of sight (traced from the front edge, a flyer's raised 10")
cw-why-no-los = the target is not in line of sight
cw-why-out-of-range = the target is out of range
cw-why-outside-arc = the target is outside the 90 degree forward arc
cw-why-closest-target = a grounded unit must shoot at the closest enemy unit unless the target is airborne

## Flight
cw-why-no-flight-trait = only units with the Flight trait may become airborne
cw-why-flying-size = a flying unit may hold at most { $max ->
        [one] { $max } model
       *[other] { $max } models
    } including personalities, this one has { $total }
cw-why-already-airborne = the unit is already airborne; take-off is for grounded units
cw-log-take-off-stopped = { $unit }: take-off stopped by contact after { $moved }" of { $half }"; it stays grounded
cw-log-takes-off = { $unit }: takes off, moving exactly { $half }"; airborne
cw-log-takes-off-reformed = { $unit }: takes off, moving exactly { $half }"; airborne; reformed in the air without changing formation or facing (CW-FLY-14)
cw-item-movement-rate = movement rate
cw-why-air-move-min = an airborne unit must move at least { $min }" in this phase (half its movement); it may not stay still
cw-why-air-move-max = an airborne unit moves at most { $max }"
cw-why-air-maneuver = { $maneuver } is not allowed in flight: only Wheel, Expand/Contract frontage and Dive
cw-maneuver-wheel = Wheel
cw-maneuver-expand-frontage = ExpandFrontage
cw-maneuver-contract-frontage = ContractFrontage
cw-maneuver-dive = Dive
cw-maneuver-back-away = BackAway
cw-maneuver-turn = Turn
cw-maneuver-turn-about = TurnAbout
cw-maneuver-withdraw = Withdraw
cw-maneuver-break-away = BreakAway
cw-maneuver-special-or-complex = SpecialOrComplex
cw-maneuver-special-formation = SpecialFormation

## Fly-By
cw-why-air-engage = an airborne unit can be neither engaged nor engage another airborne unit; Fly-By attacks instead
cw-why-fly-by-roll-phase = Fly-By attacks are rolled at the end of the Primary or Cavalry Movement phase
cw-why-fly-by-already-primary = the unit already made Fly-By attacks in the Primary Movement phase this turn
cw-why-fly-by-already-cavalry = the unit already made Fly-By attacks in the Cavalry Movement phase this turn
cw-why-fly-by-already-reserve = the unit already made Fly-By attacks in the Reserve Movement phase this turn
cw-why-no-fly-by-contact = no Fly-By contact was noted
cw-log-fly-by-skipped = Fly-By roll skipped; { $dice ->
        [one] { $dice } die
       *[other] { $dice } dice
    } kept for the next movement phase
cw-why-fly-by-no-ranged = a unit that made Fly-By attacks may not take part in Ranged Combat later this turn
cw-why-fly-by-no-close-combat = a unit rolls attacks in a Movement phase or in the Close Combat phase of a turn, not both

## Landing, Dive, engaging from the air
cw-item-landing-after-dive = landing after a dive
cw-item-landed-engaged = landed in an engagement
cw-item-landed-short = landed short: 30° contact not possible
cw-why-landing-declared = a landing must be declared at the start of the unit's movement phase
cw-why-landing-bounds = a landing move is at least { $min }" and at most { $max }"
cw-why-dive-airborne = only an airborne unit may Dive
cw-why-dive-charge = a Dive needs a leading personality with the Charge skill or a Charge Tactical Card
cw-why-dive-bounds = a Dive moves at least { $min }" and at most { $max }"
cw-why-dive-combined = a Dive may not be combined with other movement- or combat-enhancing cards or skills
cw-why-air-engage-each-other = airborne units cannot engage each other; use Fly-By attacks
cw-why-would-be-flanked = once landed the unit would be flanked by another nearby enemy unit
cw-log-lands-short-angle = cannot meet the 30° contact requirement: lands 1" short
cw-log-lands-short-reach = fails to reach its target: lands 1" short
cw-log-touches-down = touches down in base contact: engaged and landed
cw-why-land-overlap = an airborne unit may not land with a model overlapping another unit
cw-log-full-retreat-fails = Full Retreat fails: the unit stays engaged
cw-log-break-away-fails = Break-Away fails: the unit stays engaged
cw-log-full-retreat-by-air = Full Retreat by air: full move of { $mv }", airborne; parting shots at +1 ATT +1 DAM
cw-log-break-away-by-air = Break-Away by air: full move of { $mv }", airborne; parting shots at +1 ATT +1 DAM
cw-log-full-retreat-ground = Full Retreat on the ground: { $mv }"
cw-log-break-away-ground = Break-Away on the ground: { $mv }"
cw-log-forced-landing-single = forced landing: straight { $mv }" with no manoeuvres; a single model does not become unformed
cw-log-forced-landing = forced landing: straight { $mv }" with no manoeuvres; unformed on landing
cw-log-landing-extended = landing extended { $extension }" to clear other units: { $dice ->
        [one] { $dice } Damage die
       *[other] { $dice } Damage dice
    }; spent for { $turns ->
        [one] { $turns } turn
       *[other] { $turns } turns
    }
cw-item-forced-landing-dam = forced landing DAM
cw-log-revealed-acted = { $unit } is revealed: it acts ({ $rule })
cw-log-revealed-spotted = { $unit } is revealed: { $enemy } came within { $inches }" ({ $rule })
cw-refuse-unseen-target = no unit of yours has seen a unit there: it is still hidden ({ $rule })
cw-card-hidden = Hidden from the enemy until it acts or an enemy unit comes within { $inches }" ({ $rule })
