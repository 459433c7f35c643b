# RAN: the module's own text, English (the source language).
# Every key here is in ../es-ES too (a test checks it).

ran-phase-initiative = Initiative Phase
ran-phase-select = Activation: choose a Busho
ran-phase-orders-move-fire = Orders Phase: Movement/Fire
ran-phase-orders-shock = Orders Phase: Shock
ran-phase-reaction = Shock: Defender Reaction
ran-phase-challenge = Samurai Challenge Phase
ran-phase-momentum = Momentum Phase
ran-phase-continuity = Continuity Phase
ran-phase-recovery = Recovery Phase
ran-phase-abandonment = Contingent Abandonment Phase
ran-phase-victory = Victory Determination Phase
ran-phase-over = Game over

# Orders (orders.rs)
ran-refuse-fled-or-eliminated = { $unit } is Fled or Eliminated
ran-refuse-not-activated-contingent = { $unit } is not in the activated contingent
ran-refuse-no-unit = no unit { $id }
ran-refuse-may-not-activate = leader { $leader } may not be activated now (Finished, dead, without units, or outside the So-Taisho's Command Range)
ran-activated-orders = { $leader } is activated: Orders
ran-activated-challenge = { $leader } is activated: Challenge
ran-activated-reorganize = { $leader } is activated: Reorganize
ran-refuse-already-ordered = { $unit } has already had its order
ran-refuse-committed-no-move = { $unit } is Committed and may not move
ran-refuse-in-enemy-zoc = { $unit } is in an enemy ZOC: it may turn, fire or withdraw, not move away
ran-refuse-cannot-reach = { $unit } cannot reach that hex with { $mp } MP
ran-path = { $spent } MP spent, { $left } MP left ({ $rule })
ran-refuse-cannot-reach-out-of-command = { $unit } cannot reach that hex with { $mp } MP (Out of Command: half MA, never next to an enemy)
ran-passes-through-stationary = { $unit } passes through a Stationary unit, which takes 1 hit
ran-move-with-leader = with { $leader }
ran-moves = { $unit }{ $with } moves { $n ->
        [one] { $n } hex
       *[other] { $n } hexes
    } for { $mp } MP
ran-moves-zoc-no-column = { $unit }{ $with } moves { $n ->
        [one] { $n } hex
       *[other] { $n } hexes
    } for { $mp } MP: into an enemy ZOC (no Shock Weapons Table column, RAN-WPN-4: no shock)
ran-moves-zoc-out-of-command = { $unit }{ $with } moves { $n ->
        [one] { $n } hex
       *[other] { $n } hexes
    } for { $mp } MP: into an enemy ZOC, Out of Command (RAN-ORD-2: it may not shock)
ran-moves-zoc-must-shock = { $unit }{ $with } moves { $n ->
        [one] { $n } hex
       *[other] { $n } hexes
    } for { $mp } MP: into an enemy ZOC, it must shock (RAN-STAT-4)
ran-refuse-committed-no-turn = { $unit } is Committed and may not turn
ran-refuse-already-facing = the unit already faces that way
ran-refuse-turn-mp = not enough MP to turn that far
ran-changes-facing = { $unit } changes facing for { $mp } MP
ran-refuse-no-hits-to-remove = { $unit } has no hits to remove, or is in an enemy ZOC
ran-removes-hits = { $unit } removes up to { $n ->
        [one] { $n } hit
       *[other] { $n } hits
    }
ran-refuse-not-disordered = { $unit } is not Disordered or has had its order
ran-refuse-out-of-command-recover = { $unit } is Out of Command and cannot recover from Disorder
ran-tries-recover = { $unit } tries to Recover from Disorder
ran-outcome-recovers = recovers
ran-outcome-stays-disordered = stays Disordered
ran-refuse-out-of-command-withdraw = { $unit } is Out of Command: no Active Withdrawal
ran-refuse-no-hex-behind = { $unit } has no free hex behind it
ran-active-withdrawal = { $unit } makes an Active Withdrawal (Retirada Activa)
ran-refuse-no-such-leader = no such leader
ran-refuse-not-active-busho = { $leader } is not the active Busho or his Samurai
ran-refuse-leader-move = { $leader } has { $left } of his { $ma } MP left this Orders Phase, paid by the terrain (Busho/Samurai column), onto an empty or friendly hex
ran-leader-moves = { $leader } moves, { $n } MP ({ $left } of his { $ma } left this Orders Phase)
ran-must-shock = { $unit } must shock (it moved into an enemy ZOC or is Committed)
ran-refuse-not-this-phase = That is not a command of this phase ({ $phase })
ran-tries-reaction-facing = { $unit } tries Reaction Facing toward { $enemy }
ran-outcome-turns-to-face = turns to face
ran-outcome-cannot-turn = cannot turn
ran-tries-reorganize = { $leader } tries to reorganize { $unit }
ran-outcome-rallied = Rallied
ran-outcome-stays-fled = StaysFled
ran-outcome-eliminated = Eliminated
ran-refuse-no-busho = no Busho
ran-refuse-challenger = the challenger must be the Busho or a Samurai of his contingent
ran-refuse-challenge-target = the target must be a living enemy leader
ran-refuse-beyond-command-range = { $target } is beyond { $busho }'s Command Range of { $range }
ran-refuse-samurai-reach = { $leader } cannot reach: entering an occupied hex costs +{ $extra } MP
ran-samurai-charges = { $leader } charges into a hex held by the enemy
ran-outcome-dies = dies
ran-outcome-gets-through = gets through

# Sequence of play (sequence.rs)
ran-side-fallback = side { $side }
ran-initiative-rolls = Initiative: { $side0 } rolls { $roll0 } + { $init0 } = { $total0 }, { $side1 } rolls { $roll1 } + { $init1 } = { $total1 }
ran-outcome-has-initiative = { $side } has the Initiative and acts first
ran-outcome-tie-roll-again = tie: roll again
ran-activation-order = Activation Phase: { $first } activates its contingents, then { $second }; every contingent is Active (who gives the first Orders is the Initiative's: RAN-SOP-8)
ran-tries-momentum-fate = { $leader } tries Momentum
ran-outcome-fate-roll = { $roll }: the Fate roll
ran-fate-roll-for = Fate roll for { $leader }
ran-tries-momentum = { $leader } tries Momentum (roll less than { $factor })
ran-tries-momentum-so-taisho = { $leader } tries Momentum (roll less than { $factor }: the So-Taisho's Initiative, RAN-LDR-2)
ran-outcome-another-phase = another Orders or Challenge Phase
ran-outcome-fails-finished = fails: Finished
ran-crisis-of-faith-withdraws = { $unit } withdraws (Crisis of Faith)
ran-value-so-taisho-initiative = So-Taisho Initiative
ran-mod-outside-honjin = outside his Honjin: halved
ran-continuity-tries = Continuity: { $leader } tries to keep the action
ran-outcome-another-busho = another Busho may act
ran-outcome-play-passes = play passes
ran-side-passes = { $side } passes
ran-recovery-tries = Recovery: { $unit } tries to recover from Disorder
ran-recovery-remove-hits = Recovery Phase: units out of enemy ZOCs remove { $n ->
        [one] { $n } hit
       *[other] { $n } hits
    }
ran-value-roll = roll
ran-abandonment-check = Contingent Abandonment (Abandono de Contingente): { $busho }'s contingent, { $bad } of { $n ->
        [one] { $n } unit
       *[other] { $n } units
    } bad ({ $rule })
ran-outcome-abandons = abandons the battle
ran-outcome-stays = stays
ran-victory-draw = both armies withdraw: a draw
ran-victory-withdraws = { $loser } withdraws: { $winner } wins
ran-victory-turn-limit = after turn { $turn }: { $side0 } inflicted { $points0 } rout points, { $side1 } { $points1 }
ran-victory-log = Victory: { $text }

# The board, unit cards and choices (view.rs, game.rs)
ran-marker-hits = Hits (Impactos)
ran-marker-so-taisho = { $leader } (So-Taisho)
ran-marker-busho = { $leader } (Busho)
ran-marker-samurai = { $leader } (Samurai)
ran-badge-disordered = Disordered
ran-badge-committed = Committed
ran-badge-open-order = Open Order
ran-badge-fled = Fled
ran-badge-out-of-command = Out of Command
ran-order-ordered = ordered
ran-track-rout-points = Rout points
ran-score = { $side0 } rout points { $points0 } / { $level0 } — { $side1 } rout points { $points1 } / { $level1 }
ran-card-hits = Hits: { $hits } of TQ { $tq } (Fled at { $tq })
ran-card-movement-allowance = Movement allowance (MP)
ran-value-ma = MA
ran-mod-out-of-command-half = Out of Command: half, rounded down
ran-card-in-command = In Command (Bajo Mando)
ran-card-out-of-command = Out of Command (Sin Mando): half MA, never next to an enemy, no Recover from Disorder, no AS-T fire
ran-card-disordered = Disordered (Desorganizada)
ran-card-committed = Committed (Comprometida)
ran-card-open-order = Open Order (Orden Abierto): 2L when attacking, −1 TQ
ran-card-fled = Fled (Huida)
ran-card-contingent-of = Contingent of { $busho }
ran-card-not-activated-finished = { $busho } may not be activated now: he is Finished (Finalizado) this turn
ran-card-not-activated-no-unit = { $busho } may not be activated now: no unit of his contingent can act
ran-card-not-activated-range = { $busho } may not be activated now: he is outside the So-Taisho's Command Range, and the So-Taisho is not in his Honjin
ran-choice-move = Move
ran-choice-face = Turn to face a hex
ran-choice-fire = Fire
ran-choice-remove-hits = Remove Hits
ran-choice-recover = Recover from Disorder
ran-choice-withdraw = Active Withdrawal (Retirada Activa)
ran-choice-move-leader = Move { $leader }
ran-choice-shock = Shock
ran-choice-charge = Shock: Norikuzushi charge
ran-choice-challenge = { $leader } challenges a leader
ran-choice-activate-orders = Activate { $leader }: Orders
ran-choice-activate-challenge = Activate { $leader }: Samurai Challenge
ran-choice-activate-reorganize = Activate { $leader }: Reorganize Fled units
ran-choice-react-withdraw = Reaction Withdrawal (Retirada en Reacción)
ran-choice-react-withdraw-of = Reaction Withdrawal of { $unit } (Retirada en Reacción)
ran-choice-momentum = Try Momentum
ran-choice-continuity = Try Continuity
ran-role-so-taisho = So-Taisho
ran-role-busho = Busho
ran-role-samurai = Samurai
ran-leader-line = { $role } { $leader }: Initiative { $initiative } Momentum { $momentum } Energy { $energy } Combat { $combat } Activation { $activation }
ran-leader-line-wounded = wounded ×{ $n }
ran-leader-line-dead = dead
ran-leader-line-finished = Finished (Finalizado)

# The game core (game.rs)
ran-phase-setup = Set-up
ran-battle-begins = { $scenario }: the battle begins
ran-refuse-side-must-decide = side { $side } must decide; the rules take no step now
ran-pass-select = Pass
ran-pass-move-fire = Movement/Fire done: to Shock
ran-pass-shock = Shock done
ran-pass-reaction = Stand and receive the shock
ran-pass-challenge = No challenge
ran-pass-momentum = No Momentum: Busho Finished
ran-pass-continuity = No Continuity: pass the action
ran-pass-end-phase = End phase

# Shock (shock.rs)
ran-shift-defender-in = defender in { $terrain }
ran-shift-attacker-in-paddy = attacker in paddy
ran-shift-defender-in-paddy = defender in paddy
ran-shift-across = across { $terrain }
ran-shift-attacking = attacking { $terrain }
ran-refuse-friendly-unit = { $unit } is a friendly unit
ran-refuse-shock-inactive = { $unit } is Fled or Eliminated and cannot be shocked
ran-refuse-not-on-board = unit { $id } is not on the board
ran-refuse-no-attacker = a shock needs at least one attacker
ran-refuse-listed-twice = unit { $id } is listed twice
ran-refuse-not-active-friendly = unit { $id } is not an active friendly unit
ran-refuse-already-shocked = { $unit } has already shocked this Orders phase
ran-refuse-not-in-front = { $unit } does not have { $enemy } in its front hexes
ran-refuse-unknown-type = unknown type
ran-refuse-no-shock-column = { $unit } ({ $kind }) has no column on the Shock Weapons Table
ran-refuse-disordered-shock = { $unit } is Disordered and may shock only if it moved or is Committed
ran-refuse-out-of-command-shock = { $unit } is Out of Command and may not start a shock unless Committed
ran-refuse-only-kibamusha-charge = only Kibamusha may charge (Norikuzushi)
ran-refuse-np-hexside = no shock across that hexside (NP on the terrain table)
ran-coordination = Contingent coordination for a shock by { $n } contingents ({ $rule })
ran-disordered-committed-check = { $unit } (Disordered, Committed) checks TQ to shock
ran-outcome-shocks-2-left = pass: shocks at 2 columns left
ran-outcome-fail-hits = fail: { $n ->
        [one] { $n } hit
       *[other] { $n } hits
    }
ran-outcome-fail-hits-retreats = fail: { $n ->
        [one] { $n } hit
       *[other] { $n } hits
    }, retreats 1 hex
ran-must-check = { $unit } carries MUST CHECK: pre-shock TQ check
ran-outcome-pass-shocks = pass: it shocks
ran-outcome-fail-no-shock = fail: it does not shock
ran-defender-reaction = { $unit } checks its reaction to the shock (TQ { $tq })
ran-outcome-hits = { $n ->
        [one] { $n } hit
       *[other] { $n } hits
    }
ran-flees-before-contact = { $unit } flees before contact: no shock is fought
ran-committed-tries-withdraw = { $unit } is Committed and tries to withdraw
ran-outcome-withdraws = withdraws
ran-outcome-must-attack = must attack it in shock instead
ran-reaction-withdrawal = { $unit } makes a Reaction Withdrawal (Retirada en Reacción)
ran-banzai-check = { $unit } checks Samurai Aggression (Banzai)
ran-outcome-banzai-charges = Banzai! it charges
ran-outcome-holds = holds
ran-banzai-passed-through = { $unit } is passed through by a Banzai unit
ran-already-fled-eliminated = { $unit } was already Fled: Eliminated
ran-busho-casualty-check-shock = Busho casualty check for { $leader }, stacked with a unit in the shock ({ $rule })
ran-outcome-busho-table = 9: roll on the Busho casualty table
ran-outcome-safe = safe
ran-value-weapons-matrix = weapons matrix { $attacker } vs { $defender }; shifts cumulative ({ $rule })
ran-crt-outcome = column { $column } roll { $roll } -> { $a_cell }({ $d_cell }){ $doubling }: attacker { $a_hits }, defender { $d_hits ->
        [one] { $d_hits } hit
       *[other] { $d_hits } hits
    }
ran-crt-doubling-positional = , Positional Superiority doubles the defender's hits ({ $rule })
ran-crt-doubling-castle = , castle doubles the attacker's hits ({ $rule })
ran-shock-leads = { $lead } leads { $n ->
        [one] { $n } unit
       *[other] { $n } units
    } in shock against { $defender } (RAN-WPN-1, RAN-SADJ-8)
ran-shock-leads-roll-mods = { $lead } leads { $n ->
        [one] { $n } unit
       *[other] { $n } units
    } in shock against { $defender } (RAN-WPN-1, RAN-SADJ-8) — roll modifiers { $mods } (RAN-SADJ-5), the modified roll kept within 0-9 ({ $dice_rule })
ran-shock-title = { $lead } attacks { $defender }
ran-post-shock-check = { $unit } checks TQ after the shock
ran-outcome-disordered = Disordered (Desorganizada)
ran-advances-after-shock = { $unit } advances after shock
ran-shock-committed = the units in the shock are Committed (Comprometida)

# Column shifts and modifiers (shock_table.rs, tq.rs, abandonment.rs, leaders.rs)
ran-shift-attacker-disordered = attacker Disordered
ran-shift-attacker-open-order = attacker in Open Order
ran-shift-more-attackers = { $n ->
        [one] { $n } more attacking unit
       *[other] { $n } more attacking units
    }
ran-shift-more-defenders = { $n ->
        [one] { $n } more defending unit
       *[other] { $n } more defending units
    }
ran-shift-disordered-committed = Disordered Committed unit shocks
ran-mod-busho-with-attacker = Busho with the attacker
ran-mod-busho-with-defender = Busho with the defender
ran-mod-open-order = Open Order
ran-mod-hara-kiri = Hara-Kiri this turn (−1 on the die)
ran-mod-flank-or-rear = approached through flank or rear
ran-mod-in-open-order = in Open Order
ran-mod-infantry-vs-norikuzushi = infantry facing a Norikuzushi
ran-mod-original-busho-alive = original Busho alive
ran-mod-busho-died = Busho died this turn
ran-mod-so-taisho-died = So-Taisho died this turn
ran-no-band = no band
ran-wounded-twice-killed = wounded a second time: killed ({ $rule })

# Fire (fire.rs, fire_table.rs)
ran-mod-through-flank = through a flank hexside
ran-mod-firer-moved = firer moved
ran-mod-bows-vs-armour = bows against KB or SI
ran-mod-volley-fire = Volley Fire, { $n ->
        [one] { $n } unit
       *[other] { $n } units
    }
ran-mod-teppo-vs-ashigaru = AS-T firing at AS
ran-mod-target-closed-order = target in Closed Order
ran-mod-target-in = target in { $terrain }
ran-refuse-not-fire-target = unit { $id } is not an enemy unit that can be fired at
ran-refuse-committed-target = { $unit } is Committed and cannot be fired at
ran-refuse-no-firer = no firing unit
ran-refuse-no-missile = { $unit } has no missile fire
ran-refuse-out-of-range-for = { $unit } is out of range ({ $range ->
        [one] { $range } hex
       *[other] { $range } hexes
    }) for { $kind }
ran-refuse-ext-range = { $range ->
        [one] { $range } hex
       *[other] { $range } hexes
    } is an [Ext] range: only from higher elevation
ran-refuse-order-used = { $unit } has already used its order
ran-refuse-committed-no-fire = { $unit } is Committed and cannot fire
ran-refuse-out-of-command-fire = { $unit } is Out of Command: firearm units may not fire (RAN-STAT-1)
ran-refuse-fire-rear = { $unit } cannot fire through its rear
ran-refuse-out-of-range-of = { $target } is out of range of { $unit }
ran-refuse-no-mp-fire = { $unit } has no MP left to fire
ran-fires-at = { $lead } fires at { $target } ({ $range ->
        [one] { $range } hex
       *[other] { $range } hexes
    }, row { $row }, RAN-FIRE-4)
ran-fire-result = { $result } (modified { $modified })
ran-already-disordered-extra-hit = { $unit } is already Disordered: 1 extra hit
ran-checks-disorder = { $unit } checks for Disorder
ran-fire-busho-check = unmodified 9 on the Fire Table: Busho casualty check
ran-kb-aggression-check = { $unit } checks KB Aggression and Impetuosity
ran-outcome-charges-firer = it charges the firer
ran-reaction-movement-check = { $unit } checks Reaction Movement
ran-outcome-moves-forward = moves 1 hex forward

# Casualties, leaders and routs (casualties.rs, movement.rs)
ran-takes-hits = { $unit } takes { $n ->
        [one] { $n } hit
       *[other] { $n } hits
    }: { $hits } of TQ { $tq }
ran-leader-caught-in-retreat = { $leader } is caught in the retreat with enemy Kibamusha near
ran-outcome-captured-or-killed = eliminated (captured or killed)
ran-leader-placed = { $leader } retreats and is placed with the nearest friendly unit
ran-outcome-placed = placed
ran-leader-dead = { $leader } is dead
ran-replacement-name = Replacement for { $leader }
ran-takes-command = { $leader } takes command of the contingent
ran-individual-combat = Individual combat ({ $ic_rule }): { $a } { $a_total } (roll { $a_roll } + Combat { $a_combat }) against { $b } { $b_total } (roll { $b_roll } + Combat { $b_combat }) [{ $rule }]
ran-outcome-ic-tie = equal totals: no hits ({ $rule })
ran-outcome-ic-takes = { $leader } takes { $n }
ran-leader-falls = { $leader } falls: { $hits ->
        [one] { $hits } hit
       *[other] { $hits } hits
    } exceed Energy { $energy }
ran-busho-casualty = Busho casualty (Baja de Busho): { $leader }
ran-routs-eliminated = { $unit } routs with nowhere to flee: Eliminated (Eliminada)
ran-fled = { $unit } is Fled (Huida): hits reached TQ { $tq }; it retreats { $n ->
        [one] { $n } hex
       *[other] { $n } hexes
    }

# Exact odds (odds.rs). The lines "expected hits …" stay English: the GUI
# shows a line as an expected value when its label starts with "expected".
ran-odds-weapons-column = weapons matrix column { $column } ({ $attacker } vs { $defender })
ran-odds-disordered-committed = { $unit } (Disordered, Committed) passes its TQ check and shocks (RAN-TQ-3); the column below assumes it does
ran-odds-shift = shift { $value } { $name } ({ $rule })
ran-odds-final-column = final column { $column } (RAN-SADJ-8)
ran-odds-roll-mod = roll { $value } { $name } ({ $rule })
ran-odds-must-check = { $unit } passes MUST CHECK (RAN-TQ-11)
ran-odds-busho-check = a Busho casualty check is a { $roll } (RAN-BB-1), per Busho in it
ran-odds-busho-killed = a Busho casualty kills (a { $roll }, then the Busho Casualty table, RAN-BB-2; the Busho most at risk)
ran-odds-shock-title = Shock odds (exact): column { $column }
ran-odds-dist-lead-attacker = hits on the lead attacker ({ $rule })
ran-odds-dist-defender = hits on the defender ({ $rule }, { $double_rule })
ran-odds-dist-defender-reaction = defender reaction hits (RAN-TQ-10)
ran-odds-fire-result = result { $result } (row { $row })
ran-odds-fire-busho-check = Busho casualty check (unmodified { $roll }, RAN-BB-1)
ran-odds-fire-title = Fire odds (exact), { $range ->
        [one] { $range } hex
       *[other] { $range } hexes
    }
ran-odds-committed-withdraw = a Committed unit may withdraw (RAN-TQ-2)
ran-odds-withdrawal-title = Reaction Withdrawal (exact)
ran-odds-dist-hits-taken = hits taken (RAN-TQ-1)
ran-odds-momentum-title = Momentum (exact)
ran-odds-momentum-another = another phase (roll below Momentum { $factor }, RAN-SOP-5)
ran-odds-momentum-another-so-taisho = another phase (roll below { $factor }, the So-Taisho's Initiative, RAN-SOP-5, RAN-LDR-2)
ran-odds-fate-roll = a { $roll }: the Fate roll (RAN-FATE-1)
ran-odds-finished = Finished
ran-odds-continuity-title = Continuity (exact)
ran-odds-continuity-another = another Busho may act (roll below Initiative, RAN-SOP-6)
ran-odds-recover-title = Recover from Disorder
ran-odds-passes-tq = passes the TQ check

# The table overlays (table_view.rs)
ran-table-step-weapons = weapons matrix, { $attacker } attacking { $defender }
ran-table-column = column { $column }
ran-table-step-final-clamped = final column (clamped to 1-13, { $rule })
ran-table-final-column = = column { $column }
ran-table-step-roll-mod = to the die roll: { $name }
ran-table-note-cells = Cells: attacker hits (defender hits).
ran-table-note-positional = Positional Superiority: defender hits doubled ({ $rule }).
ran-table-note-castle = Castle: attacker hits doubled ({ $rule }).
ran-table-crt-title = Shock Results Table (Tabla de Resultados del Choque)
ran-table-corner-column = Column
ran-table-step-final = final column
ran-table-step-die-roll = die roll, one d10 read 0-9
ran-table-rolled = rolled { $roll }
ran-table-crt-title-of = Shock Results Table (Tabla de Resultados del Choque): { $shock }
ran-table-note-rolled = Rolled { $roll }, modified { $dr }: cell { $a_cell }({ $d_cell }); attacker { $a_hits ->
        [one] { $a_hits } hit
       *[other] { $a_hits } hits
    }, defender { $d_hits ->
        [one] { $d_hits } hit
       *[other] { $d_hits } hits
    }
ran-table-note-defender-doubled = (defender's doubled: Positional Superiority, { $rule })
ran-table-note-attacker-doubled = (attacker's doubled: castle, { $rule })
ran-table-weapons-title = Shock Weapons Table (Tabla de Armas de Choque)
ran-table-weapons-corner = Defender \ Attacker
ran-table-weapons-note = The number is the starting Shock Results Table column; KB-H reads as KB ({ $rule }).
ran-table-fire-title = Fire Table (Tabla de Disparo)
ran-table-corner-row = Row
ran-table-step-range = range { $range ->
        [one] { $range } hex
       *[other] { $range } hexes
    }
ran-table-row = row { $row }
ran-table-fire-note = D: Disorder check (or +1 hit if Disordered); an unmodified 9 checks for a Busho casualty (RAN-BB-1).

# Table results. In English the text of the table file (`{ $text }`), in
# Spanish the same result in the words of the Spanish rules reference.
ran-fate-resurrection = { $text }
ran-fate-finished = { $text }
ran-fate-crisis-of-faith = { $text }
ran-coordination-as-planned = { $text }
ran-coordination-higher = { $text }
ran-coordination-lower = { $text }
ran-coordination-one = { $text }
ran-coordination-no-attack = { $text }
ran-casualty-killed = { $text }
ran-casualty-wounded = { $text }
ran-casualty-finished = { $text }
ran-odds-expected-lead-attacker = expected hits on the lead attacker
ran-odds-expected-defender = expected hits on the defender
ran-refuse-kibamusha-not-away = { $unit } is Committed: it may only move away from the infantry it is engaged with, to a hex next to no enemy
ran-banzai-falls-short = { $unit } moves half its MA toward the withdrawing enemy but does not reach it: no shock
ran-aggression-falls-short = { $unit } moves { $mp } MP toward the firing unit but does not reach it: no shock
ran-value-busho-momentum = Busho Momentum
ran-refuse-busho-movement-so-taisho = { $leader } is not the So-Taisho: only the So-Taisho gives a Busho Movement Order
ran-refuse-busho-movement-honjin = { $leader } must be in his Honjin to give a Busho Movement Order
ran-refuse-busho-movement-units = Under a Busho Movement Order only the Bushos move; units take no orders
ran-activated-busho-movement = { $leader } gives a Busho Movement Order: every Busho may move his full allowance
ran-activated-hara-kiri = { $leader } commits Hara-Kiri
ran-hara-kiri = { $leader } commits Hara-Kiri; his Command/Challenge Range is { $range ->
        [one] { $range } hex
       *[other] { $range } hexes
    }
ran-hara-kiri-hits = { $n ->
        [one] 1 friendly unit in range removes a hit
       *[other] { $n } friendly units in range remove a hit
    }
ran-hara-kiri-recovers = { $n ->
        [one] 1 Disordered unit in range recovers
       *[other] { $n } Disordered units in range recover
    }
ran-hara-kiri-tq = { $n ->
        [one] the units of 1 clan whose Busho was in range check TQ at −1 for the rest of the turn
       *[other] the units of { $n } clans whose Bushos were in range check TQ at −1 for the rest of the turn
    }
ran-seppuku-check = { $leader } ordered an Active Withdrawal: Seppuku check
ran-outcome-seppuku = he commits Seppuku
ran-outcome-no-seppuku = he lives
ran-refuse-trump-momentum = { $leader } may not Trump this Momentum: he needs Momentum at least the active Busho's and must have been Activated this turn
ran-refuse-trump-continuity = { $leader } may not Trump this Continuity: he needs Momentum at least the active Busho's and must be Active now
ran-trump-momentum = { $leader } tries to Trump { $active }'s Momentum with { $busho }
ran-trump-continuity = { $leader } tries to Trump the Continuity after { $active } with { $busho }
ran-outcome-trumps = Trumped: { $busho } takes an Orders Phase now
ran-outcome-trump-fails = the Trump fails: { $busho } is Finished
ran-phase-trump = Trump
ran-pass-trump = No Trump: let the enemy try
ran-choice-activate-busho-movement = Activate { $leader }: Busho Movement Order
ran-choice-hara-kiri-hits = { $leader }: Hara-Kiri (1 hit off every friendly unit in range)
ran-choice-hara-kiri-recover = { $leader }: Hara-Kiri (two Disordered units in range recover)
ran-choice-trump-momentum = Trump the enemy's Momentum with { $leader }
ran-choice-trump-continuity = Trump the enemy's Continuity with { $leader }
ran-odds-trump-title = Trump (exact)
ran-odds-trump-succeeds = trumps (roll below the So-Taisho's factor { $factor }, RAN-LDR-2)
ran-odds-trump-fails = fails: the designated Busho is Finished
ran-odds-seppuku-title = Seppuku check (exact)
ran-odds-seppuku = { $leader } commits Seppuku (roll above { $factor }, RAN-LDR-2)
ran-odds-no-seppuku = he lives
ran-refuse-out-of-command-moved-fire = { $unit } is Out of Command and has moved: it may Move or Fire, not both
ran-phase-momentum-gained = Momentum: Orders or Challenge
ran-pass-momentum-gained = Another Orders Phase
ran-choice-momentum-challenge = { $leader }: a Samurai Challenge Phase instead
ran-momentum-orders = { $leader } takes another Orders Phase
ran-momentum-challenge = { $leader } takes a Samurai Challenge Phase
ran-coordination-momentum-mod = Momentum Orders Phase (RAN-COORD-3)
ran-coordination-keeps = Only the units of { $leader }'s contingent attack (RAN-COORD-2)
ran-coordination-owner-picks = The owner chooses { $leader }'s contingent: only its units attack (RAN-COORD-2)
ran-refuse-contingent-not-active = { $unit } may not join this shock: its contingent is not Active (RAN-COORD-1)
ran-refuse-needs-own-unit = A shock in this Shock Segment needs a unit of the activated contingent (RAN-COORD-1)
ran-refuse-coordination-pick = Contingent { $id } is not one the Coordination roll lets you choose (RAN-COORD-2)
ran-phase-coordination = Shock: Contingent Coordination choice
ran-choice-coordination = Attack with { $leader }'s contingent (RAN-COORD-2)
ran-odds-coordination = Coordination: the attack goes ahead as planned (RAN-COORD-2)
ran-mod-target-beside = target beside a { $terrain } hexside
ran-mod-fire-across = firing across { $terrain }
ran-refuse-out-of-command-fired-move = { $unit } fired Out of Command: it may Move or Fire, not both (RAN-ORD-2)
