# WarStrike: the module's own text, English (the source language).
# Every key here is in ../es-ES too (a test checks it).


## Phases
ws-phase-starting = Starting phase
ws-phase-action = Action phase
ws-phase-reaction = Reaction phase
ws-phase-close-combat = Close-combat phase
ws-phase-end-of-battle = End of battle
ws-phase-line = Turn { $turn } · { $phase } · { $side }

## Actions and choices
ws-action-open-fire = Open Fire!
ws-action-advance = Advance!
ws-action-at-the-double = At The Double!
ws-action-get-down = Get Down!
ws-action-fall-back = fall back
ws-choice-fall-back = Fall back
ws-choice-charge = Charge!

## Odds
ws-odds-hit = at least one hit (suppresses, WS-SUP-1)
ws-odds-failed-save = at least one failed save gives +1 nerve marker (WS-HIT-4; not past the WS-NV-2 cap)
ws-odds-defensive-hit = defensive fire at the charger: at least one hit (suppresses, WS-SUP-1)
ws-odds-defensive-failed-save = defensive fire at the charger: at least one failed save gives +1 nerve marker (WS-HIT-4; not past the WS-NV-2 cap)
ws-odds-defensive-killed = defensive fire at the charger: expected models killed
ws-odds-killed = expected models killed
ws-odds-keep-fighting = { $unit }: Ld test to keep fighting passes (WS-SUP-3)
ws-odds-reaction-test = { $unit }: reaction-phase Ld test passes (WS-CLR-1)

## Refusals
ws-why-battle-over = the battle is over
ws-why-not-your-phase = it is { $active }'s action phase, not { $side }'s
ws-why-no-unit = there is no unit { $id }
ws-why-not-enemy = { $unit } is not an enemy unit
ws-why-not-in-arc = { $target } is not in { $unit }'s 90° forward arc [stand-in]
ws-why-no-line-of-sight = { $unit } has no line of sight to { $target }: blocked by { $by }
ws-blocker-terrain = "{ $terrain }"
ws-blocker-a-unit = a unit
ws-blocker-something = something
ws-why-move-too-far = the move costs { $cost }″ (difficult going counts double) but only { $allowed }″ are allowed
ws-why-off-table = the unit would leave the table
ws-why-impassable = the unit may not enter "{ $terrain }"
ws-why-move-touches = the move touches { $unit } after { $at }″
ws-another-unit = another unit
ws-why-no-models = { $unit } has no models left
ws-why-not-own-phase = { $unit } may act only in its own side's action phase
ws-why-already-acted = { $unit } has already taken its action this phase
ws-why-engaged = { $unit } is engaged in close combat: it fights in the close-combat phase and may only fall back [stand-in]
ws-why-charger-fires = a charging unit does not fire [stand-in]
ws-why-bad-path = the path is not a list of numbers
ws-why-no-charge-target = there is no unit { $id } in play to charge
ws-why-charge-contact = a charge must end in base contact with { $target }
ws-why-suppressed-action = { $unit } is suppressed: it may not take { $action }; it must fall back
ws-why-double-difficult = At The Double! may not cross slow-going terrain
ws-why-no-capture = { $unit } is suppressed: it may not capture an objective
ws-why-no-defensive-fire = { $unit } is suppressed: no defensive fire
ws-why-no-ranged-weapon = { $unit } has no ranged weapon
ws-why-salvo-recorded = unit { $target } has already received a salvo from unit { $attacker }: a unit receives at most one salvo from any one enemy unit
ws-why-already-salvo = { $target } has already received a salvo from { $unit }
ws-why-not-in-play = shooter or target not in play
ws-why-suppressed-no-shooting = { $unit } is suppressed and may not shoot now
ws-why-beyond-range = target at { $distance }" is beyond range { $range }"
ws-why-beyond-awareness = target at { $distance }" is beyond Awareness { $aw }"
ws-why-both-in-play = both units must be in play
ws-why-suppressed-no-charge = { $unit } is suppressed: it may not charge

## Log: the turn engine
ws-log-captures = { $unit } captures "{ $objective }": unsuppressed within { $reach }″, no unsuppressed enemy within { $reach }″ [stand-in]
ws-outcome-held-by = held by { $side }
ws-outcome-not-captured = "{ $objective }" not captured
ws-log-falls-back-out = { $unit } falls back out of the fight toward its own table edge [stand-in: up to Mv]
ws-outcome-falls-back = falls back
ws-log-no-room = { $unit } has no room to fall back and stays [stand-in]
ws-outcome-stays = stays
ws-log-fight = { $unit } and { $other } are in base contact and fight
ws-log-fight-charge = { $unit } and { $other } are in base contact and fight (charge)
ws-outcome-close-combat = close combat
ws-log-both-hold = both units are suppressed and both pass: they fight on
ws-outcome-both-hold = both fight on
ws-log-fires-salvo = { $unit } fires one salvo at { $target }: { $distance }″ edge to edge, in the forward arc and in sight
ws-outcome-salvo = salvo
ws-log-moves = { $unit } moves { $length }″ to ({ $x }, { $y }), facing { $facing }°
ws-outcome-moved = moved
ws-log-charges = { $unit } charges into base contact; the fight comes in the close-combat phase [stand-in]
ws-outcome-charge = charge

## Log: actions, tests, salvoes, markers
ws-log-action = { $unit }: { $action }, up to { $inches }"
ws-log-action-forced = { $unit }: { $action } (suppressed: forced to fall back), up to { $inches }"
ws-relief-starting-phase = unsuppressed in its starting phase
ws-relief-get-down = performed Get Down!
ws-relief-fall-back = fell back in the action phase
ws-relief-enemy-broke = enemy unit { $enemy } failed an Ld test in close combat within 6"
ws-log-marker-removed = { $unit }: { $relief }; removes 1 nerve marker (one of the ways a marker comes off, { $rule })
ws-outcome-nerve-markers = { $count } nerve markers
ws-test-reaction-phase = reaction phase, WS-CLR-1
ws-test-keep-fighting = suppressed, to keep fighting, WS-SUP-3
ws-test-lost-fight = lost the fight
ws-log-reaction-passed = { $unit } passed its reaction-phase Ld test: hit-die removed
ws-outcome-no-longer-suppressed = no longer suppressed
ws-log-won-fight = { $unit } made enemy unit { $enemy } fall back: hit-die removed
ws-log-breaks = { $unit } failed an Ld test in close combat and falls back: opposing units within 6" may remove 1 nerve marker first
ws-outcome-no-defensive-fire = no defensive fire
ws-log-ld-test = { $unit }: Ld test, { $ld } d6 (current Ld = printed Ld, WS-LD-4), pass if any die is { $target } or less; P(pass) = { $p } ({ $rule })
ws-outcome-automatic-pass = automatic pass
ws-outcome-automatic-fail = automatic fail
ws-outcome-pass = pass
ws-outcome-fail = fail
ws-nv-starting = starting Nv
ws-nv-markers = nerve markers
ws-nv-inspiring = Inspiring Officer's current Nv
ws-log-to-hit-shooting = shooting at { $target }: { $attacks } d6 to hit on { $to_hit }+ ({ $rule }, stand-in)
ws-log-to-hit-close-combat = close combat at { $target }: { $attacks } d6 to hit on { $to_hit }+ ({ $rule }, stand-in)
ws-outcome-hits = { $hits ->
        [one] { $hits } hit
       *[other] { $hits } hits
    }
ws-sv = Sv
ws-log-no-save = { $unit } has no save: { $hits ->
        [one] { $hits } save
       *[other] { $hits } saves
    } failed
ws-outcome-failed-saves = { $count } failed saves
ws-log-saves = { $unit }: { $hits ->
        [one] { $hits } save
       *[other] { $hits } saves
    } on { $need }+ (stand-in)
ws-log-wounds = { $unit }: { $wounds ->
        [one] { $wounds } wound
       *[other] { $wounds } wounds
    }, { $killed ->
        [one] { $killed } model killed
       *[other] { $killed } models killed
    }
ws-outcome-models-left = { $count ->
        [one] { $count } model
       *[other] { $count } models
    } left
ws-source-shooting = shooting
ws-source-close-combat = close combat
ws-log-hits = { $hits ->
        [one] { $hits } hit
       *[other] { $hits } hits
    } from { $source }: hit-die { $before } -> { $after } (WS-HIT-1, WS-HIT-2)
ws-log-hits-steadfast = { $hits ->
        [one] { $hits } hit
       *[other] { $hits } hits
    } from { $source }: hit-die { $before } -> { $after } (WS-HIT-1, WS-HIT-2, Steadfast { $rule })
ws-outcome-suppressed = suppressed
ws-log-hit-count = the hit count reached { $cycle }: { $markers ->
        [one] { $markers } nerve marker
       *[other] { $markers } nerve markers
    } ({ $rule })
ws-outcome-plus-markers = +{ $count } nerve markers
ws-log-failed-save-marker = { $failed ->
        [one] { $failed } failed save
       *[other] { $failed } failed saves
    } in one salvo: one nerve marker
ws-outcome-plus-one-marker = +1 nerve marker
ws-log-marker-cap = no more nerve markers than the starting Nv { $nv }: { $over } not gained ({ $rule })

## Game over
ws-end-both-destroyed = both sides have no models left: a draw [stand-in]
ws-end-destroyed = { $side } have no models left and lose at once [stand-in]
ws-end-objectives = after turn { $turn }: { $side_a } hold { $held_a ->
        [one] { $held_a } objective
       *[other] { $held_a } objectives
    }, { $side_b } hold { $held_b } [stand-in: more objectives wins, equal is a draw]
ws-outcome-side-wins = { $side } win
ws-outcome-draw = draw
ws-result-win = { $side } win: { $reason }
ws-result-draw = Draw: { $reason }

## Unit card
ws-badge-suppressed = Suppressed
ws-badge-got-down = Got down
ws-badge-acted = Acted
ws-badge-engaged = Engaged
ws-badge-inspiring = Inspiring
ws-badge-steadfast = Steadfast
ws-marker-nerve = nerve marker
ws-marker-hit-die = hit-die showing { $face }
ws-card-nerve-markers = Nerve markers: { $count }
ws-card-hit-die = Hit-die showing { $face }
ws-card-values = Ld { $ld } · Nv { $nv } (current { $current }) · Mv { $mv }″ · Sv { $save }
ws-card-no-save = none
ws-card-shooting = Aw { $aw }″ · Shooting { $range }″ × { $shots } per model · { $attacks ->
        [one] { $attacks } melee attack
       *[other] { $attacks } melee attacks
    }
ws-card-no-shooting = Aw { $aw }″ · no shooting · { $attacks ->
        [one] { $attacks } melee attack
       *[other] { $attacks } melee attacks
    }
ws-card-models = Models { $models }/{ $max } · hit-die { $hit_die } · nerve markers { $markers }
ws-odds-defensive-fire = { $unit } fires defensively at the charger in the close-combat phase (WS-SUP-3; after its WS-CLR-1 reaction test)
ws-odds-stays-in-fight = { $unit }: still fighting after the WS-CLR-1 reaction test and the WS-SUP-3 Ld test to keep fighting
ws-log-one-salvo-marker = { $unit }: these blows finish the charged unit's one salvo; its failed saves already gave their { $rule } marker
ws-outcome-no-second-marker = no second nerve marker
ws-log-revealed-acted = { $unit } is revealed: it acts ({ $rule })
ws-log-revealed-spotted = { $unit } is revealed: { $enemy } came within { $inches }" ({ $rule })
ws-refuse-unseen-target = no unit of yours has seen a unit there: it is still hidden ({ $rule })
ws-card-hidden = Hidden from the enemy until it acts or an enemy unit comes within { $inches }" ({ $rule })
