# RAN: el texto propio del módulo, en español.
# Cada clave está también en ../en-US (una prueba lo comprueba).

ran-phase-initiative = Fase de Iniciativa
ran-phase-select = Activación: elige un Busho
ran-phase-orders-move-fire = Fase de Órdenes: Movimiento/Disparo
ran-phase-orders-shock = Fase de Órdenes: Choque
ran-phase-reaction = Choque: Reacción del Defensor
ran-phase-challenge = Fase de Desafío Samurái
ran-phase-momentum = Fase de Momentum
ran-phase-continuity = Fase de Continuidad
ran-phase-recovery = Fase de Recuperación
ran-phase-abandonment = Fase de Abandono de Contingentes
ran-phase-victory = Fase de Determinación de la Victoria
ran-phase-over = Fin de la partida

# Orders (orders.rs)
ran-refuse-fled-or-eliminated = { $unit } está Huida o Eliminada
ran-refuse-not-activated-contingent = { $unit } no es del contingente activado
ran-refuse-no-unit = no existe la unidad { $id }
ran-refuse-may-not-activate = el líder { $leader } no puede activarse ahora (Finalizado, muerto, sin unidades o fuera del Alcance de Mando del So-Taisho)
ran-activated-orders = { $leader } se activa: Órdenes
ran-activated-challenge = { $leader } se activa: Desafío Samurái
ran-activated-reorganize = { $leader } se activa: Reorganización
ran-refuse-already-ordered = { $unit } ya ha recibido su orden
ran-refuse-committed-no-move = { $unit } está Comprometida y no puede mover
ran-refuse-in-enemy-zoc = { $unit } está en una ZOC enemiga: puede girar, disparar o retirarse, no alejarse
ran-refuse-cannot-reach = { $unit } no puede llegar a ese hex con { $mp } PM
ran-path = { $spent } PM gastados, quedan { $left } PM ({ $rule })
ran-refuse-cannot-reach-out-of-command = { $unit } no puede llegar a ese hex con { $mp } PM (Sin Mando: la mitad de la AM, nunca adyacente a un enemigo)
ran-passes-through-stationary = { $unit } atraviesa una unidad Estacionaria, que recibe 1 Impacto
ran-move-with-leader = con { $leader }
ran-moves = { $unit }{ $with } mueve { $n ->
        [one] 1 hex
       *[other] { $n } hexes
    } por { $mp } PM
ran-moves-zoc-no-column = { $unit }{ $with } mueve { $n ->
        [one] 1 hex
       *[other] { $n } hexes
    } por { $mp } PM: entra en una ZOC enemiga (sin columna en la Tabla de Choque de Armas, RAN-WPN-4: no hay Choque)
ran-moves-zoc-out-of-command = { $unit }{ $with } mueve { $n ->
        [one] 1 hex
       *[other] { $n } hexes
    } por { $mp } PM: entra en una ZOC enemiga, Sin Mando (RAN-ORD-2: no puede Chocar)
ran-moves-zoc-must-shock = { $unit }{ $with } mueve { $n ->
        [one] 1 hex
       *[other] { $n } hexes
    } por { $mp } PM: entra en una ZOC enemiga, debe Chocar (RAN-STAT-4)
ran-refuse-committed-no-turn = { $unit } está Comprometida y no puede girar
ran-refuse-already-facing = la unidad ya está orientada hacia ese lado
ran-refuse-turn-mp = no hay PM suficientes para girar tanto
ran-changes-facing = { $unit } cambia de orientación por { $mp } PM
ran-refuse-no-hits-to-remove = { $unit } no tiene Impactos que retirar o está en una ZOC enemiga
ran-removes-hits = { $unit } retira hasta { $n ->
        [one] 1 Impacto
       *[other] { $n } Impactos
    }
ran-refuse-not-disordered = { $unit } no está Desorganizada o ya ha recibido su orden
ran-refuse-out-of-command-recover = { $unit } está Sin Mando y no puede Recuperarse de la Desorganización
ran-tries-recover = { $unit } intenta Recuperarse de la Desorganización
ran-outcome-recovers = se recupera
ran-outcome-stays-disordered = sigue Desorganizada
ran-refuse-out-of-command-withdraw = { $unit } está Sin Mando: no puede hacer Retirada Activa
ran-refuse-no-hex-behind = { $unit } no tiene ningún hex libre detrás
ran-active-withdrawal = { $unit } realiza una Retirada Activa
ran-refuse-no-such-leader = ese líder no existe
ran-refuse-not-active-busho = { $leader } no es el Busho activo ni uno de sus Samuráis
ran-refuse-leader-move = a { $leader } le quedan { $left } de sus { $ma } PM en esta Fase de Órdenes, pagados según el terreno (columna Busho/Samurái), a un hex vacío o amigo
ran-leader-moves = { $leader } mueve, { $n } PM (le quedan { $left } de sus { $ma } en esta Fase de Órdenes)
ran-must-shock = { $unit } debe Chocar (entró en una ZOC enemiga o está Comprometida)
ran-refuse-not-this-phase = Esa no es una orden de esta fase ({ $phase })
ran-tries-reaction-facing = { $unit } intenta la Orientación en Reacción hacia { $enemy }
ran-outcome-turns-to-face = se orienta hacia el enemigo
ran-outcome-cannot-turn = no puede girar
ran-tries-reorganize = { $leader } intenta reorganizar { $unit }
ran-outcome-rallied = Reorganizada
ran-outcome-stays-fled = Sigue Huida
ran-outcome-eliminated = Eliminada
ran-refuse-no-busho = no hay Busho
ran-refuse-challenger = quien desafía debe ser el Busho o un Samurái de su contingente
ran-refuse-challenge-target = el objetivo debe ser un líder enemigo vivo
ran-refuse-beyond-command-range = { $target } está fuera del Alcance de Mando de { $busho } ({ $range })
ran-refuse-samurai-reach = { $leader } no llega: entrar en un hex ocupado cuesta +{ $extra } PM
ran-samurai-charges = { $leader } carga contra un hex ocupado por el enemigo
ran-outcome-dies = muere
ran-outcome-gets-through = pasa

# Sequence of play (sequence.rs)
ran-side-fallback = bando { $side }
ran-initiative-rolls = Iniciativa: { $side0 } saca { $roll0 } + { $init0 } = { $total0 }, { $side1 } saca { $roll1 } + { $init1 } = { $total1 }
ran-outcome-has-initiative = { $side } tiene la Iniciativa y actúa primero
ran-outcome-tie-roll-again = empate: se vuelve a tirar
ran-activation-order = Fase de Activación: { $first } activa sus contingentes y después { $second }; todos los contingentes están Activos (quién da las primeras Órdenes lo decide la Iniciativa: RAN-SOP-8)
ran-tries-momentum-fate = { $leader } intenta el Momentum
ran-outcome-fate-roll = { $roll }: Tirada del Destino
ran-fate-roll-for = Tirada del Destino de { $leader }
ran-tries-momentum = { $leader } intenta el Momentum (tirada menor que { $factor })
ran-tries-momentum-so-taisho = { $leader } intenta el Momentum (tirada menor que { $factor }: la Iniciativa del So-Taisho, RAN-LDR-2)
ran-outcome-another-phase = otra Fase de Órdenes o de Desafío
ran-outcome-fails-finished = falla: Finalizado
ran-crisis-of-faith-withdraws = { $unit } se retira (Crisis de Fe)
ran-value-so-taisho-initiative = Iniciativa del So-Taisho
ran-mod-outside-honjin = fuera de su Honjin: a la mitad
ran-continuity-tries = Continuidad: { $leader } intenta conservar la acción
ran-outcome-another-busho = otro Busho puede actuar
ran-outcome-play-passes = el juego pasa al otro bando
ran-side-passes = { $side } pasa
ran-recovery-tries = Recuperación: { $unit } intenta recuperarse de la Desorganización
ran-recovery-remove-hits = Fase de Recuperación: las unidades fuera de ZOC enemigas retiran { $n ->
        [one] 1 Impacto
       *[other] { $n } Impactos
    }
ran-value-roll = tirada
ran-abandonment-check = Abandono de Contingente: contingente de { $busho }, { $bad } de { $n ->
        [one] { $n } unidad
       *[other] { $n } unidades
    } en mal estado ({ $rule })
ran-outcome-abandons = abandona la batalla
ran-outcome-stays = se queda
ran-victory-draw = ambos ejércitos se retiran: empate
ran-victory-withdraws = { $loser } se retira: gana { $winner }
ran-victory-turn-limit = tras el turno { $turn }: { $side0 } infligió { $points0 } puntos de desbandada y { $side1 }, { $points1 }
ran-victory-log = Victoria: { $text }

# The board, unit cards and choices (view.rs, game.rs)
ran-marker-hits = Impactos
ran-marker-so-taisho = { $leader } (So-Taisho)
ran-marker-busho = { $leader } (Busho)
ran-marker-samurai = { $leader } (Samurái)
ran-badge-disordered = Desorganizada
ran-badge-committed = Comprometida
ran-badge-open-order = Orden Abierto
ran-badge-fled = Huida
ran-badge-out-of-command = Sin Mando
ran-order-ordered = con orden
ran-track-rout-points = Puntos de desbandada
ran-score = { $side0 }: puntos de desbandada { $points0 } / { $level0 } — { $side1 }: puntos de desbandada { $points1 } / { $level1 }
ran-card-hits = Impactos: { $hits } de TQ { $tq } (Huida con { $tq })
ran-card-movement-allowance = Asignación de Movimiento (PM)
ran-value-ma = AM
ran-mod-out-of-command-half = Sin Mando: la mitad, redondeando a la baja
ran-card-in-command = Bajo Mando
ran-card-out-of-command = Sin Mando: la mitad de la AM, nunca adyacente a un enemigo, no puede Recuperarse de la Desorganización, las AS-T no disparan
ran-card-disordered = Desorganizada
ran-card-committed = Comprometida
ran-card-open-order = Orden Abierto: 2Izq al atacar, −1 a la TQ
ran-card-fled = Huida
ran-card-contingent-of = Contingente de { $busho }
ran-card-not-activated-finished = { $busho } no puede activarse ahora: ha Finalizado este turno
ran-card-not-activated-no-unit = { $busho } no puede activarse ahora: ninguna unidad de su contingente puede actuar
ran-card-not-activated-range = { $busho } no puede activarse ahora: está fuera del Alcance de Mando del So-Taisho, y el So-Taisho no está en su Honjin
ran-choice-move = Mover
ran-choice-face = Orientarse hacia un hex
ran-choice-fire = Disparar
ran-choice-remove-hits = Retirar Impactos
ran-choice-recover = Recuperarse de la Desorganización
ran-choice-withdraw = Retirada Activa
ran-choice-move-leader = Mover a { $leader }
ran-choice-shock = Choque
ran-choice-charge = Choque: carga Norikuzushi
ran-choice-challenge = { $leader } desafía a un líder
ran-choice-activate-orders = Activar a { $leader }: Órdenes
ran-choice-activate-challenge = Activar a { $leader }: Desafío Samurái
ran-choice-activate-reorganize = Activar a { $leader }: Reorganizar unidades Huidas
ran-choice-react-withdraw = Retirada en Reacción
ran-choice-react-withdraw-of = Retirada en Reacción de { $unit }
ran-choice-momentum = Intentar el Momentum
ran-choice-continuity = Intentar la Continuidad
ran-role-so-taisho = So-Taisho
ran-role-busho = Busho
ran-role-samurai = Samurái
ran-leader-line = { $role } { $leader }: Iniciativa { $initiative } Momentum { $momentum } Energía { $energy } Combate { $combat } Activación { $activation }
ran-leader-line-wounded = herido ×{ $n }
ran-leader-line-dead = muerto
ran-leader-line-finished = Finalizado

# The game core (game.rs)
ran-phase-setup = Despliegue
ran-battle-begins = { $scenario }: comienza la batalla
ran-refuse-side-must-decide = el bando { $side } debe decidir; las reglas no dan ningún paso ahora
ran-pass-select = Pasar
ran-pass-move-fire = Movimiento/Disparo hecho: al Choque
ran-pass-shock = Choque terminado
ran-pass-reaction = Mantener la posición y recibir el Choque
ran-pass-challenge = Sin desafío
ran-pass-momentum = Sin Momentum: el Busho ha Finalizado
ran-pass-continuity = Sin Continuidad: ceder la acción
ran-pass-end-phase = Terminar la fase

# Shock (shock.rs)
ran-shift-defender-in = defensor en { $terrain }
ran-shift-attacker-in-paddy = atacante en arrozal
ran-shift-defender-in-paddy = defensor en arrozal
ran-shift-across = a través de { $terrain }
ran-shift-attacking = atacando { $terrain }
ran-refuse-friendly-unit = { $unit } es una unidad amiga
ran-refuse-shock-inactive = { $unit } está Huida o Eliminada y no puede ser atacada en Choque
ran-refuse-not-on-board = la unidad { $id } no está en el mapa
ran-refuse-no-attacker = un Choque necesita al menos un atacante
ran-refuse-listed-twice = la unidad { $id } aparece dos veces
ran-refuse-not-active-friendly = la unidad { $id } no es una unidad amiga activa
ran-refuse-already-shocked = { $unit } ya ha atacado en Choque en esta Fase de Órdenes
ran-refuse-not-in-front = { $unit } no tiene a { $enemy } en sus hexes frontales
ran-refuse-unknown-type = tipo desconocido
ran-refuse-no-shock-column = { $unit } ({ $kind }) no tiene columna en la Tabla de Choque de Armas
ran-refuse-disordered-shock = { $unit } está Desorganizada y sólo puede Chocar si ha movido o está Comprometida
ran-refuse-out-of-command-shock = { $unit } está Sin Mando y no puede iniciar un Choque salvo que esté Comprometida
ran-refuse-only-kibamusha-charge = sólo las Kibamusha pueden cargar (Norikuzushi)
ran-refuse-np-hexside = no se puede Chocar a través de ese lado de hex (NP en la tabla de terreno)
ran-coordination = Coordinación de contingentes para un Choque de { $n } contingentes ({ $rule })
ran-disordered-committed-check = { $unit } (Desorganizada, Comprometida) chequea TQ para Chocar
ran-outcome-shocks-2-left = pasa: Choca con 2Izq
ran-outcome-fail-hits = falla: { $n ->
        [one] 1 Impacto
       *[other] { $n } Impactos
    }
ran-outcome-fail-hits-retreats = falla: { $n ->
        [one] 1 Impacto
       *[other] { $n } Impactos
    }, se retira 1 hex
ran-must-check = { $unit } lleva MUST CHECK: chequeo TQ de Implicación Pre-Choque
ran-outcome-pass-shocks = pasa: ataca en Choque
ran-outcome-fail-no-shock = falla: no ataca en Choque
ran-defender-reaction = { $unit } chequea su Reacción al Choque (TQ { $tq })
ran-outcome-hits = { $n ->
        [one] 1 Impacto
       *[other] { $n } Impactos
    }
ran-flees-before-contact = { $unit } huye antes del contacto: no se libra el Choque
ran-committed-tries-withdraw = { $unit } está Comprometida e intenta retirarse
ran-outcome-withdraws = se retira
ran-outcome-must-attack = debe atacarla en Choque en su lugar
ran-reaction-withdrawal = { $unit } realiza una Retirada en Reacción
ran-banzai-check = { $unit } chequea la Agresión de Samurái (Banzai)
ran-outcome-banzai-charges = ¡Banzai! carga
ran-outcome-holds = aguanta
ran-banzai-passed-through = una unidad en Banzai atraviesa a { $unit }
ran-already-fled-eliminated = { $unit } ya estaba Huida: Eliminada
ran-busho-casualty-check-shock = Chequeo de Baja de Busho de { $leader }, apilado con una unidad del Choque ({ $rule })
ran-outcome-busho-table = 9: tirada en la Tabla de Baja de Busho
ran-outcome-safe = a salvo
ran-value-weapons-matrix = matriz de armas { $attacker } contra { $defender }; ajustes acumulativos ({ $rule })
ran-crt-outcome = columna { $column } tirada { $roll } -> { $a_cell }({ $d_cell }){ $doubling }: Impactos al atacante { $a_hits }, al defensor { $d_hits }
ran-crt-doubling-positional = , la Superioridad por Posición duplica los Impactos del defensor ({ $rule })
ran-crt-doubling-castle = , el castillo duplica los Impactos del atacante ({ $rule })
ran-shock-leads = { $lead } encabeza { $n ->
        [one] 1 unidad
       *[other] { $n } unidades
    } en Choque contra { $defender } (RAN-WPN-1, RAN-SADJ-8)
ran-shock-leads-roll-mods = { $lead } encabeza { $n ->
        [one] 1 unidad
       *[other] { $n } unidades
    } en Choque contra { $defender } (RAN-WPN-1, RAN-SADJ-8) — modificadores a la tirada { $mods } (RAN-SADJ-5), la tirada modificada se limita a 0-9 ({ $dice_rule })
ran-shock-title = { $lead } ataca a { $defender }
ran-post-shock-check = { $unit } chequea TQ tras el Choque
ran-outcome-disordered = Desorganizada
ran-advances-after-shock = { $unit } avanza tras el Choque
ran-shock-committed = las unidades del Choque quedan Comprometidas

# Column shifts and modifiers (shock_table.rs, tq.rs, abandonment.rs, leaders.rs)
ran-shift-attacker-disordered = atacante Desorganizado
ran-shift-attacker-open-order = atacante en Orden Abierto
ran-shift-more-attackers = { $n ->
        [one] 1 unidad atacante más
       *[other] { $n } unidades atacantes más
    }
ran-shift-more-defenders = { $n ->
        [one] 1 unidad defensora más
       *[other] { $n } unidades defensoras más
    }
ran-shift-disordered-committed = una unidad Desorganizada y Comprometida ataca en Choque
ran-mod-busho-with-attacker = Busho con el atacante
ran-mod-busho-with-defender = Busho con el defensor
ran-mod-open-order = Orden Abierto
ran-mod-hara-kiri = Hara-Kiri este turno (−1 a la tirada)
ran-mod-flank-or-rear = aproximación por el flanco o la retaguardia
ran-mod-in-open-order = en Orden Abierto
ran-mod-infantry-vs-norikuzushi = infantería ante un Norikuzushi
ran-mod-original-busho-alive = Busho original vivo
ran-mod-busho-died = el Busho murió este turno
ran-mod-so-taisho-died = el So-Taisho murió este turno
ran-no-band = sin tramo
ran-wounded-twice-killed = herido por segunda vez: muerto ({ $rule })

# Fire (fire.rs, fire_table.rs)
ran-mod-through-flank = a través de un lado de hex de flanco
ran-mod-firer-moved = el tirador ha movido
ran-mod-bows-vs-armour = arcos contra KB o SI
ran-mod-volley-fire = Descarga de Disparos, { $n ->
        [one] { $n } unidad
       *[other] { $n } unidades
    }
ran-mod-teppo-vs-ashigaru = AS-T disparando contra AS
ran-mod-target-closed-order = objetivo en Orden Cerrado
ran-mod-target-in = objetivo en { $terrain }
ran-refuse-not-fire-target = la unidad { $id } no es una unidad enemiga a la que se pueda disparar
ran-refuse-committed-target = { $unit } está Comprometida y no puede ser disparada
ran-refuse-no-firer = ninguna unidad dispara
ran-refuse-no-missile = { $unit } no tiene armas de proyectiles
ran-refuse-out-of-range-for = { $unit } está fuera del alcance ({ $range } hexes) de las { $kind }
ran-refuse-ext-range = { $range } hexes es un alcance [Ext]: sólo desde mayor elevación
ran-refuse-order-used = { $unit } ya ha usado su orden
ran-refuse-committed-no-fire = { $unit } está Comprometida y no puede disparar
ran-refuse-out-of-command-fire = { $unit } está Sin Mando: las unidades con armas de fuego no pueden disparar (RAN-STAT-1)
ran-refuse-fire-rear = { $unit } no puede disparar por su retaguardia
ran-refuse-out-of-range-of = { $target } está fuera del alcance de { $unit }
ran-refuse-no-mp-fire = a { $unit } no le quedan PM para disparar
ran-fires-at = { $lead } dispara contra { $target } ({ $range ->
        [one] 1 hex
       *[other] { $range } hexes
    }, fila { $row }, RAN-FIRE-4)
ran-fire-result = { $result } (tirada modificada { $modified })
ran-already-disordered-extra-hit = { $unit } ya está Desorganizada: 1 Impacto más
ran-checks-disorder = { $unit } chequea por Desorganización
ran-fire-busho-check = 9 sin modificar en la Tabla de Disparos: chequeo de Baja de Busho
ran-kb-aggression-check = { $unit } chequea la Agresión e Impetuosidad de KB
ran-outcome-charges-firer = carga contra el tirador
ran-reaction-movement-check = { $unit } chequea el Movimiento en Reacción
ran-outcome-moves-forward = avanza 1 hex

# Casualties, leaders and routs (casualties.rs, movement.rs)
ran-takes-hits = { $unit } recibe { $n ->
        [one] 1 Impacto
       *[other] { $n } Impactos
    }: { $hits } de TQ { $tq }
ran-leader-caught-in-retreat = { $leader } queda atrapado en la retirada con Kibamusha enemigas cerca
ran-outcome-captured-or-killed = eliminado (capturado o muerto)
ran-leader-placed = { $leader } se retira y se coloca con la unidad amiga más cercana
ran-outcome-placed = colocado
ran-leader-dead = { $leader } ha muerto
ran-replacement-name = Sustituto de { $leader }
ran-takes-command = { $leader } toma el mando del contingente
ran-individual-combat = Combate Individual ({ $ic_rule }): { $a } { $a_total } (tirada { $a_roll } + Combate { $a_combat }) contra { $b } { $b_total } (tirada { $b_roll } + Combate { $b_combat }) [{ $rule }]
ran-outcome-ic-tie = totales iguales: sin Impactos ({ $rule })
ran-outcome-ic-takes = { $leader } recibe { $n ->
        [one] 1 Impacto
       *[other] { $n } Impactos
    }
ran-leader-falls = { $leader } cae: { $hits ->
        [one] { $hits } Impacto
       *[other] { $hits } Impactos
    } superan su Energía { $energy }
ran-busho-casualty = Baja de Busho: { $leader }
ran-routs-eliminated = { $unit } huye sin adónde ir: Eliminada
ran-fled = { $unit } queda Huida: sus Impactos alcanzan su TQ { $tq }; se retira { $n ->
        [one] 1 hex
       *[other] { $n } hexes
    }

# Exact odds (odds.rs). The lines "expected hits …" stay English: the GUI
# shows a line as an expected value when its label starts with "expected".
ran-odds-weapons-column = columna de la matriz de armas { $column } ({ $attacker } contra { $defender })
ran-odds-disordered-committed = { $unit } (Desorganizada, Comprometida) pasa su chequeo TQ y ataca en Choque (RAN-TQ-3); la columna de abajo supone que lo hace
ran-odds-shift = ajuste { $value } { $name } ({ $rule })
ran-odds-final-column = columna final { $column } (RAN-SADJ-8)
ran-odds-roll-mod = tirada { $value } { $name } ({ $rule })
ran-odds-must-check = { $unit } pasa el MUST CHECK (RAN-TQ-11)
ran-odds-busho-check = un chequeo de Baja de Busho saca un { $roll } (RAN-BB-1), por cada Busho implicado
ran-odds-busho-killed = una Baja de Busho lo mata (un { $roll } y luego la tabla de Bajas de Busho, RAN-BB-2; el Busho más expuesto)
ran-odds-shock-title = Probabilidades del Choque (exactas): columna { $column }
ran-odds-dist-lead-attacker = Impactos al atacante principal ({ $rule })
ran-odds-dist-defender = Impactos al defensor ({ $rule }, { $double_rule })
ran-odds-dist-defender-reaction = Impactos por la Reacción del Defensor (RAN-TQ-10)
ran-odds-fire-result = resultado { $result } (fila { $row })
ran-odds-fire-busho-check = chequeo de Baja de Busho ({ $roll } sin modificar, RAN-BB-1)
ran-odds-fire-title = Probabilidades del Disparo (exactas), { $range ->
        [one] 1 hex
       *[other] { $range } hexes
    }
ran-odds-committed-withdraw = una unidad Comprometida puede retirarse (RAN-TQ-2)
ran-odds-withdrawal-title = Retirada en Reacción (exacta)
ran-odds-dist-hits-taken = Impactos recibidos (RAN-TQ-1)
ran-odds-momentum-title = Momentum (exacto)
ran-odds-momentum-another = otra fase (tirada menor que el Momentum { $factor }, RAN-SOP-5)
ran-odds-momentum-another-so-taisho = otra fase (tirada menor que { $factor }, la Iniciativa del So-Taisho, RAN-SOP-5, RAN-LDR-2)
ran-odds-fate-roll = un { $roll }: la Tirada del Destino (RAN-FATE-1)
ran-odds-finished = Finalizado
ran-odds-continuity-title = Continuidad (exacta)
ran-odds-continuity-another = otro Busho puede actuar (tirada menor que la Iniciativa, RAN-SOP-6)
ran-odds-recover-title = Recuperarse de la Desorganización
ran-odds-passes-tq = pasa el chequeo TQ

# The table overlays (table_view.rs)
ran-table-step-weapons = matriz de armas, { $attacker } atacando a { $defender }
ran-table-column = columna { $column }
ran-table-step-final-clamped = columna final (limitada a 1-13, { $rule })
ran-table-final-column = = columna { $column }
ran-table-step-roll-mod = a la tirada: { $name }
ran-table-note-cells = Casillas: Impactos al atacante (Impactos al defensor).
ran-table-note-positional = Superioridad por Posición: Impactos al defensor duplicados ({ $rule }).
ran-table-note-castle = Castillo: Impactos al atacante duplicados ({ $rule }).
ran-table-crt-title = Tabla de Resultados del Choque
ran-table-corner-column = Columna
ran-table-step-final = columna final
ran-table-step-die-roll = tirada, un d10 leído de 0 a 9
ran-table-rolled = sale { $roll }
ran-table-crt-title-of = Tabla de Resultados del Choque: { $shock }
ran-table-note-rolled = Tirada { $roll }, modificada { $dr }: casilla { $a_cell }({ $d_cell }); Impactos al atacante { $a_hits }, al defensor { $d_hits }
ran-table-note-defender-doubled = (los del defensor, duplicados: Superioridad por Posición, { $rule })
ran-table-note-attacker-doubled = (los del atacante, duplicados: castillo, { $rule })
ran-table-weapons-title = Tabla de Choque de Armas
ran-table-weapons-corner = Defensor \ Atacante
ran-table-weapons-note = El número es la columna inicial en la Tabla de Resultados del Choque; la KB-H se lee como KB ({ $rule }).
ran-table-fire-title = Tabla de Disparos
ran-table-corner-row = Fila
ran-table-step-range = alcance { $range ->
        [one] 1 hex
       *[other] { $range } hexes
    }
ran-table-row = fila { $row }
ran-table-fire-note = D: chequeo de Desorganización (o +1 Impacto si ya está Desorganizada); un 9 sin modificar provoca un chequeo de Baja de Busho (RAN-BB-1).

# Table results. In English the text of the table file (`{ $text }`), in
# Spanish the same result in the words of the Spanish rules reference.
ran-fate-resurrection = la Resurrección es posible: la Iniciativa pasa inmediata pero temporalmente al jugador contrario, que puede usar a cualquiera de sus Bushos Activos, esté Finalizado o no; un Busho ya Finalizado no puede usar Momentum, pero un Busho Resucitado no Finalizado activado de este modo sí puede
ran-fate-finished = el Busho activo queda Finalizado
ran-fate-crisis-of-faith = Crisis de Fe: el Busho da una Orden de Retirada Activa automática (6.41)
ran-coordination-as-planned = el ataque tiene lugar como se planeó
ran-coordination-higher = sólo atacan las unidades del contingente cuyo Busho tiene el factor MAYOR; si hay empate, elige el jugador propietario
ran-coordination-lower = sólo atacan las unidades del contingente cuyo Busho tiene el factor MENOR; si hay empate, elige el jugador propietario
ran-coordination-one = el jugador propietario elige qué unidades atacan, de UN solo contingente
ran-coordination-no-attack = no tiene lugar ningún ataque en Choque (los Bushos discuten sobre quién liderará el ataque); se ignoran los requisitos de Chocar obligatoriamente
ran-casualty-killed = el Busho muere (véase 10.5)
ran-casualty-wounded = Busho Herido: queda Finalizado, con { $penalty } a todos sus factores excepto la Activación de Contingente
ran-casualty-finished = el Busho queda Finalizado
ran-odds-expected-lead-attacker = impactos esperados al atacante principal
ran-odds-expected-defender = impactos esperados al defensor
ran-refuse-kibamusha-not-away = { $unit } está Comprometida: sólo puede alejarse de la infantería con la que está trabada, a un hex no adyacente a ningún enemigo
ran-banzai-falls-short = { $unit } mueve la mitad de su AM hacia el enemigo que se retira pero no lo alcanza: no hay Choque
ran-aggression-falls-short = { $unit } mueve { $mp } PM hacia la unidad que dispara pero no la alcanza: no hay Choque
ran-value-busho-momentum = Momentum del Busho
ran-refuse-busho-movement-so-taisho = { $leader } no es el So-Taisho: sólo el So-Taisho da una Orden de Movimiento de Busho
ran-refuse-busho-movement-honjin = { $leader } debe estar en su Honjin para dar una Orden de Movimiento de Busho
ran-refuse-busho-movement-units = Con una Orden de Movimiento de Busho sólo mueven los Bushos; las unidades no reciben órdenes
ran-activated-busho-movement = { $leader } da una Orden de Movimiento de Busho: todo Busho puede mover su AM completa
ran-activated-hara-kiri = { $leader } se hace el Hara-Kiri
ran-hara-kiri = { $leader } se hace el Hara-Kiri; su Alcance de Mando/Desafío es de { $range } hexes
ran-hara-kiri-hits = { $n ->
        [one] 1 unidad amiga al alcance retira un Impacto
       *[other] { $n } unidades amigas al alcance retiran un Impacto
    }
ran-hara-kiri-recovers = { $n ->
        [one] 1 unidad Desorganizada al alcance se recupera
       *[other] { $n } unidades Desorganizadas al alcance se recuperan
    }
ran-hara-kiri-tq = { $n ->
        [one] las unidades de 1 clan cuyo Busho estaba al alcance chequean TQ a −1 el resto del turno
       *[other] las unidades de { $n } clanes cuyos Bushos estaban al alcance chequean TQ a −1 el resto del turno
    }
ran-seppuku-check = { $leader } ordenó una Retirada Activa: chequeo de Seppuku
ran-outcome-seppuku = se hace el Seppuku
ran-outcome-no-seppuku = vive
ran-refuse-trump-momentum = { $leader } no puede Trucar este Momentum: necesita un Momentum igual o mayor que el del Busho activo y haber sido Activado este turno
ran-refuse-trump-continuity = { $leader } no puede Trucar esta Continuidad: necesita un Momentum igual o mayor que el del Busho activo y estar Activo ahora
ran-trump-momentum = { $leader } intenta Trucar el Momentum de { $active } con { $busho }
ran-trump-continuity = { $leader } intenta Trucar la Continuidad tras { $active } con { $busho }
ran-outcome-trumps = Trucado: { $busho } hace ahora una Fase de Órdenes
ran-outcome-trump-fails = el intento falla: { $busho } queda Finalizado
ran-phase-trump = Trucar
ran-pass-trump = No Trucar: que el enemigo lo intente
ran-choice-activate-busho-movement = Activar a { $leader }: Orden de Movimiento de Busho
ran-choice-hara-kiri-hits = { $leader }: Hara-Kiri (retira 1 Impacto a toda unidad amiga al alcance)
ran-choice-hara-kiri-recover = { $leader }: Hara-Kiri (se recuperan dos unidades Desorganizadas al alcance)
ran-choice-trump-momentum = Trucar el Momentum enemigo con { $leader }
ran-choice-trump-continuity = Trucar la Continuidad enemiga con { $leader }
ran-odds-trump-title = Trucar (exacto)
ran-odds-trump-succeeds = truca (tirada menor que el factor { $factor } del So-Taisho, RAN-LDR-2)
ran-odds-trump-fails = falla: el Busho designado queda Finalizado
ran-odds-seppuku-title = Chequeo de Seppuku (exacto)
ran-odds-seppuku = { $leader } se hace el Seppuku (tirada mayor que { $factor }, RAN-LDR-2)
ran-odds-no-seppuku = vive
ran-refuse-out-of-command-moved-fire = { $unit } está Sin Mando y ha movido: puede Mover o Disparar, no ambas cosas
ran-phase-momentum-gained = Momentum: Órdenes o Desafío
ran-pass-momentum-gained = Otra Fase de Órdenes
ran-choice-momentum-challenge = { $leader }: una Fase de Desafío Samurái en su lugar
ran-momentum-orders = { $leader } hace otra Fase de Órdenes
ran-momentum-challenge = { $leader } hace una Fase de Desafío Samurái
ran-coordination-momentum-mod = Fase de Órdenes por Momentum (RAN-COORD-3)
ran-coordination-keeps = Sólo atacan las unidades del contingente de { $leader } (RAN-COORD-2)
ran-coordination-owner-picks = El jugador elige el contingente de { $leader }: sólo atacan sus unidades (RAN-COORD-2)
ran-refuse-contingent-not-active = { $unit } no puede unirse a este Choque: su contingente no está Activo (RAN-COORD-1)
ran-refuse-needs-own-unit = Un Choque en este Segmento necesita una unidad del contingente activado (RAN-COORD-1)
ran-refuse-coordination-pick = El contingente { $id } no es uno de los que la tirada de Coordinación deja elegir (RAN-COORD-2)
ran-phase-coordination = Choque: elección de Coordinación de Contingente
ran-choice-coordination = Atacar con el contingente de { $leader } (RAN-COORD-2)
ran-odds-coordination = Coordinación: el ataque tiene lugar como se planeó (RAN-COORD-2)
ran-mod-target-beside = objetivo junto a un lado de hex de { $terrain }
ran-mod-fire-across = disparo a través de { $terrain }
ran-refuse-out-of-command-fired-move = { $unit } disparó Sin Mando: puede Mover o Disparar, no ambas cosas (RAN-ORD-2)
