# Genpei: el texto propio del módulo, en español.
# Cada clave está también en ../en-US (una prueba lo comprueba).

gen-log-battle-over = La batalla ha terminado: { $text }
gen-over-banners = { $side } gana con { $banners } de { $needed } estandartes de victoria ({ $a } – { $b })
gen-over-last-round-win = se ha jugado la última ronda: gana { $side } ({ $a } – { $b } estandartes)
gen-over-last-round-draw = se ha jugado la última ronda: empate ({ $a } – { $b } estandartes)
gen-side-fallback = bando { $side }
gen-log-scenario-event = { $name }: { $n ->
        [0] ninguna unidad de los { $side } es golpeada
        [one] { $n } unidad de los { $side } es golpeada
       *[other] { $n } unidades de los { $side } son golpeadas
    }
gen-log-scenario-event-hf = H&F de los { $side }: { $before } → { $after }
gen-log-tide-turns = cambia la marea: las unidades navales solo se mueven 2 hexágonos a favor del viento/marea hacia { $toward }
gen-dir-north = el norte
gen-dir-north-east = el nordeste
gen-dir-south-east = el sudeste
gen-dir-south = el sur
gen-dir-south-west = el sudoeste
gen-dir-north-west = el noroeste
gen-dir-and = {" "}y{" "}
gen-phase-play = Juega una carta de Mando
gen-phase-order = Da orden a unidades
gen-phase-move = Movimiento
gen-phase-battle = Combate: { $left ->
        [one] queda 1 unidad con orden por combatir
       *[other] quedan { $left } unidades con orden por combatir
    }
gen-phase-reaction = Combate: el defensor puede responder con una carta de Dragón o comprar Inspiración del líder para su contraataque
gen-phase-take-ground = Combate: ganar terreno
gen-phase-bonus = Combate: combate cuerpo a cuerpo adicional
gen-phase-keep = Robo: quédate una carta
gen-phase-end-turn = Fin del turno: carta de Dragón o H&F
gen-phase-over = La batalla ha terminado
gen-log-battle-begins = { $scenario }: comienza la batalla; { $side } juega primero
gen-log-dragon-blank-removed = { $card } está en blanco en la guerra Genpei y se retira del mazo de Dragón
gen-log-setup = Despliegue
gen-pass-orders-done = Órdenes dadas: a mover
gen-pass-moves-done = Movimiento terminado: al combate
gen-pass-battles-done = Combates terminados: a robar
gen-pass-no-reaction = Sin respuesta: deja que el ataque tire
gen-pass-stay = Quédate: no ganes terreno
gen-pass-no-bonus = Sin combate cuerpo a cuerpo adicional
gen-pass-end-turn = Toma 2 H&F y termina el turno
gen-pass-end-phase = Terminar la fase
gen-refuse-battle-over = la batalla ha terminado
gen-log-ordered-move = { $n ->
        [one] 1 con orden
       *[other] { $n } con orden
    }: a mover
gen-refuse-bonus-unit = solo la unidad que ganó terreno vuelve a combatir
gen-refuse-keep-one = quédate una de las dos cartas robadas
gen-log-order-one-kept = Order One: se conserva una de las dos cartas robadas y se descarta la otra
gen-refuse-not-this-step = { $cmd } no es una decisión de este paso ({ $phase })
gen-refuse-card-not-in-hand = { $card } no está en la mano
gen-refuse-unknown-command-card = carta de Mando desconocida { $card }
gen-log-plays-card = { $side } juega { $card }: { $text }
gen-log-card-orders-none = la carta no puede dar orden a ninguna unidad: directamente al robo
gen-refuse-no-card-in-play = no hay ninguna carta de Mando en juego
gen-refuse-ordered-once = una unidad recibe orden una sola vez
gen-refuse-no-unit = no hay ninguna unidad { $id }
gen-log-ordered-by = { $unit } recibe orden por { $card }
gen-refuse-no-unit-to-hold = no hay ninguna unidad { $id } que mantener
gen-refuse-not-your-ordered-unit = { $unit } no es una unidad tuya con orden
gen-refuse-moved-or-held = { $unit } ya se ha movido o mantenido su posición este turno
gen-log-holds = { $unit } mantiene su posición este turno
gen-refuse-not-yours-to-move = { $unit } no es tuya para moverla
gen-path = Se mueve { $n ->
        [one] 1 hexágono
       *[other] { $n } hexágonos
    } ({ $rule })
gen-log-unit-moves = { $unit } se mueve { $n ->
        [one] 1 hexágono
       *[other] { $n } hexágonos
    } hasta { $at }
gen-log-unit-moves-embarks = { $unit } se mueve { $n ->
        [one] 1 hexágono
       *[other] { $n } hexágonos
    } hasta { $at }; embarca y no puede combatir este turno
gen-log-unit-moves-lands = { $unit } se mueve { $n ->
        [one] 1 hexágono
       *[other] { $n } hexágonos
    } hasta { $at }; desembarca y no puede combatir este turno
gen-log-figures-flat = las figuras de { $unit } se tumban: sin resistencia por rango ni de caballería a las espadas hasta su siguiente turno
gen-log-afloat = a flote se rige por todas las reglas navales (GEN-NAV-1)
gen-log-ashore = en tierra vuelve a ser una unidad normal de su tipo
gen-log-command-ship-lands = el Command Ship (barco de mando) desembarca: desde ahora es una Command Tent (tienda de mando)
gen-log-commander-embarks = el Comandante embarca: la Command Tent (tienda de mando) pasa a ser un Command Ship (barco de mando)
gen-refuse-no-unit-or-leader = no hay ninguna unidad ni líder { $id }
gen-refuse-leader-not-ordered = { $leader } no tiene orden de moverse
gen-refuse-leader-cannot-reach = { $leader } no puede llegar a ese hexágono
gen-log-leader-moves = { $leader } se mueve { $n ->
        [one] 1 hexágono
       *[other] { $n } hexágonos
    } hasta { $at }
gen-log-leader-moves-deck = { $leader } se mueve { $n ->
        [one] 1 hexágono
       *[other] { $n } hexágonos
    } hasta { $at }, de barco en barco (GEN-NLD-3)
gen-log-leader-moves-off-grapple = { $leader } se mueve { $n ->
        [one] 1 hexágono
       *[other] { $n } hexágonos
    } hasta { $at }, de barco en barco: el abordaje no retiene a un líder separado ({ $rule })
gen-refuse-hex-not-empty = el hexágono ya no está vacío
gen-refuse-no-such-unit = no existe esa unidad
gen-log-takes-ground = { $unit } gana terreno en { $at }
gen-log-may-bonus = { $unit } puede hacer un combate cuerpo a cuerpo adicional
gen-log-command-card-drawn = se roba una carta de Mando
gen-refuse-dragon-deck-empty = el mazo de Dragón está vacío: toma las H&F
gen-log-draws-dragon = { $side } roba una carta de Dragón
gen-log-takes-hf = { $side } toma { $n } H&F (ahora tiene { $now })
gen-marker-leader-cavalry = { $leader } (líder de caballería)
gen-marker-leader-infantry = { $leader } (líder de infantería)
gen-marker-leader-cavalry-named = { $leader } (líder de caballería, samurái con nombre)
gen-marker-leader-infantry-named = { $leader } (líder de infantería, samurái con nombre)
gen-marker-grapple = Marcador de abordaje (GEN-GRP-1)
gen-marker-flat = Figuras tumbadas (GEN-AMP-2)
gen-badge-naval = A flote
gen-badge-flat = Tumbada (GEN-AMP-2)
gen-badge-grappled = Abordada
gen-badge-ordered = Con orden
gen-badge-command-ship = Barco de mando
gen-badge-command-tent = Tienda de mando
gen-badge-leader = Líder
gen-badge-samurai-of-name = Samurái con nombre
gen-track-hf = Honor y Fortuna
gen-track-banners = Estandartes de victoria
gen-hand-dragon-text = { $text } Coste: { $cost } H&F; se juega en { $timing }.
gen-score-in-play = ; en juego: { $card }
gen-objective-tower = Torre de arqueros (GEN-TWR-1)
gen-objective-command-ship = Barco de mando de { $side } (GEN-CMD-1)
gen-objective-command-tent = Tienda de mando de { $side } (GEN-CMD-1)
gen-score = { $side0 } { $b0 } – { $b1 } { $side1 } (estandartes); cartas en mano { $h0 } – { $h1 }
gen-score-wind = ; viento/marea hacia { $toward }
gen-wind-note = Viento/marea hacia { $toward }: un barco con orden puede mover 2 hexágonos a favor, 1 en contra ({ $rule })
gen-card-figures = Figuras: { $n } de { $max }
gen-card-stats = Rango { $rank }; cuerpo a cuerpo { $close ->
        [one] 1 dado
       *[other] { $close } dados
    }; mueve { $moves } (combate tras { $after })
gen-card-ranged = A distancia: { $dice ->
        [one] 1 dado
       *[other] { $dice } dados
    } a { $min }–{ $max } hexágonos ({ $after } tras moverse)
gen-card-ranged-tower = A distancia: { $dice ->
        [one] 1 dado
       *[other] { $dice } dados
    } a { $min }–{ $max } hexágonos ({ $after } tras moverse), desde la torre de arqueros
gen-card-sohei = Sohei: repite cada H&F; perderla le cuesta al ejército 2 H&F
gen-card-terrain = Terreno: { $terrain }
gen-card-naval = Unidad naval: un barco, se mueve con el viento/marea, las banderas son impactos
gen-card-flat = Figuras tumbadas: sin resistencia por rango ni de caballería a las espadas
gen-card-grappled = Abordada: no puede moverse hasta que se corte el abordaje
gen-card-leader-attached = Líder agregado: { $leader }
gen-card-leader-alone-cavalry = Líder de caballería, separado
gen-card-leader-alone-infantry = Líder de infantería, separado
gen-card-leader-alone-cavalry-named = Líder de caballería, samurái con nombre, separado
gen-card-leader-alone-infantry-named = Líder de infantería, samurái con nombre, separado
gen-choice-order-leader = Da orden a este líder
gen-choice-order-unit = Da orden a esta unidad
gen-choice-order-leader-alone = Da orden solo a { $leader }
gen-choice-move = Mover
gen-choice-hold = Mantener: quédate aquí este turno
gen-choice-move-leader-alone = Mueve solo a { $leader }
gen-choice-battle = Combate contra una unidad enemiga
gen-choice-grapple = Combate y aborda a un enemigo naval, o corta el abordaje
gen-choice-inspire = Combate con Inspiración del líder, +1 dado por 1 H&F
gen-choice-work = Ataca una empalizada o una estacada
gen-choice-dragon-own-unit = Carta de Dragón { $card } sobre esta unidad ({ $cost } H&F)
gen-choice-dragon-target = Carta de Dragón { $card } ({ $cost } H&F)
gen-choice-play = Juega { $card }: { $text }
gen-choice-keep = Quédate { $card }: { $text }
gen-choice-end-dragon = Roba una carta de Dragón y termina el turno
gen-choice-take-ground = Gana terreno
gen-choice-dragon-side = Carta de Dragón { $card } ({ $cost } H&F): { $text }
gen-odds-dice = dados: { $dice }
gen-odds-palisade-falls = la empalizada cae (GEN-PAL-4)
gen-odds-stockade-falls = la estacada cae (GEN-STK-6)
gen-odds-title-work = Ataque a la fortificación: { $n ->
        [one] 1 dado
       *[other] { $n } dados
    } (exacto)
gen-odds-lone-leader-falls = el líder separado cae: con cualquier espada (GEN-BASE)
gen-odds-title-lone-leader = Ataque a un líder separado: { $n ->
        [one] 1 dado de batalla
       *[other] { $n } dados de batalla
    } (exacto)
gen-odds-eliminated = el objetivo queda eliminado
gen-odds-retreat-blocked = su retirada queda bloqueada (impactos por cada hexágono)
gen-odds-grapple = se hace o se corta un abordaje (GEN-GRP-1, GEN-GRP-4)
gen-odds-attached-leader-falls = su líder agregado cae: una comprobación de baja tras cada pérdida, el dado si su unidad es destruida, la marisma de su huida (GEN-BASE)
gen-odds-title-close = Combate cuerpo a cuerpo: { $n ->
        [one] 1 dado de batalla
       *[other] { $n } dados de batalla
    } (exacto)
gen-odds-title-ranged = Combate a distancia a { $range } hexágonos: { $n ->
        [one] 1 dado de batalla
       *[other] { $n } dados de batalla
    } (exacto)
gen-odds-title-fortification = Ataque a una fortificación: { $n ->
        [one] 1 dado de batalla
       *[other] { $n } dados de batalla
    } (exacto)
gen-odds-dist-hits = impactos
gen-odds-dist-swords = espadas obtenidas
gen-odds-dist-flags = banderas obtenidas
gen-odds-dist-retreat = hexágonos de retirada
gen-odds-dist-hf = H&F obtenidas (la última: { $top } o más)
gen-timing-own-orders = tu fase de Órdenes o de Movimiento
gen-timing-own-battle = tu fase de Combate
gen-timing-reaction = cuando atacan a tu unidad
gen-rank-circle = círculo
gen-rank-triangle = triángulo
gen-rank-square = cuadrado
gen-die-cancelled = { $face } (anulado por la Inspiración, GEN-UNIT-1)
gen-dice-rolled = { $n ->
        [one] 1 dado de batalla
       *[other] { $n } dados de batalla
    } (GEN-DICE-2): { $faces }
gen-dice-rolled-rerolls = { $n ->
        [one] 1 dado de batalla
       *[other] { $n } dados de batalla
    } (GEN-DICE-2): { $faces } (H&F conservados y repetidos, GEN-UNIT-3)
gen-face-circle = círculo
gen-face-triangle = triángulo
gen-face-square = cuadrado
gen-face-sword = espada
gen-face-flag = bandera
gen-face-hf = H&F
gen-why-symbols-hit = { $n ->
        [one] 1 símbolo coincidente impacta
       *[other] { $n } símbolos coincidentes impactan
    } (GEN-DICE-1)
gen-why-grapple = 1 espada se convierte en abordaje (GEN-GRP-1)
gen-why-grapple-no-sword-hits = 1 espada se convierte en abordaje, aunque esta unidad nunca impacta con espadas ({ $rule })
gen-why-never-sword-hits = { $n ->
        [one] 1 espada
       *[other] { $n } espadas
    }: esta unidad nunca impacta con espadas (GEN-BASE)
gen-why-flat = tumbada: sin resistencia por rango ni de caballería a las espadas (GEN-AMP-2)
gen-why-mounted-at-sea = unidad montada en el mar: sin resistencia de caballería (GEN-NCB-5)
gen-why-swords-resisted = { $n ->
        [one] 1 espada ignorada
       *[other] { $n } espadas ignoradas
    }: resistencia por rango y de caballería (GEN-BASE)
gen-why-sword-terrain = { $n ->
        [one] 1 espada ignorada
       *[other] { $n } espadas ignoradas
    }: { $terrain }
gen-why-swords-hit = { $n ->
        [one] 1 espada impacta
       *[other] { $n } espadas impactan
    } (GEN-DICE-1)
gen-why-flag-unit = { $n ->
        [one] 1 bandera ignorada
       *[other] { $n } banderas ignoradas
    } por la unidad (GEN-BASE)
gen-why-flag-terrain = { $n ->
        [one] 1 bandera ignorada
       *[other] { $n } banderas ignoradas
    }: { $terrain }
gen-why-flags-naval = { $n ->
        [one] 1 bandera es un impacto
       *[other] { $n } banderas son impactos
    }: una unidad naval nunca se retira (GEN-NCB-6)
gen-why-terrain = terreno
gen-terrain-and = { $a } y { $b }
gen-log-palisade-destroyed = { $swords ->
        [one] 1 espada
       *[other] { $swords } espadas
    }: la empalizada queda destruida; su ocupante no contraataca (GEN-PAL-4)
gen-log-stockade-destroyed = { $swords ->
        [one] 1 espada
       *[other] { $swords } espadas
    }: la estacada queda destruida; su ocupante no contraataca (GEN-STK-6)
gen-log-palisade-stands = { $swords } de { $need ->
        [one] { $need } espada
       *[other] { $need } espadas
    } necesarias: la empalizada resiste (GEN-PAL-4)
gen-log-stockade-stands = { $swords } de { $need ->
        [one] { $need } espada
       *[other] { $need } espadas
    } necesarias: la estacada resiste (GEN-STK-6)
gen-log-sohei-hf-loss = el ejército pierde { $lost } H&F por su unidad Sohei: { $before } → { $after } (GEN-UNIT-1)
gen-refuse-embarked-no-battle = { $unit } embarcó o desembarcó este turno y no puede combatir
gen-refuse-moved-too-far = { $unit } se movió { $moved ->
        [one] { $moved } hexágono
       *[other] { $moved } hexágonos
    }; solo puede combatir tras moverse { $max } (en el mar siempre puede, { $rule })
gen-refuse-onslaught-no-close = { $unit } no puede combatir cuerpo a cuerpo cuando recibe orden por Infantry Onslaught
gen-dice-work = { $unit }: ataca la fortificación, sin límite (GEN-STK-6)
gen-dice-close = { $unit }: cuerpo a cuerpo (GEN-BASE)
gen-dice-close-sea = { $unit }: cuerpo a cuerpo (GEN-BASE; moverse en el mar no cuesta dados, { $rule })
gen-mod-after-moving = tras moverse
gen-refuse-no-ranged = { $unit } no tiene ataque a distancia
gen-refuse-out-of-range = { $unit } dispara a { $min }..={ $max ->
        [one] { $max } hexágono
       *[other] { $max } hexágonos
    }; el objetivo está a { $range }
gen-refuse-out-of-range-tower = { $unit } dispara a { $min }..={ $max ->
        [one] { $max } hexágono
       *[other] { $max } hexágonos
    } desde su torre de arqueros (GEN-TWR-3); el objetivo está a { $range }
gen-dice-ranged = { $unit }: ataque a distancia (GEN-BASE)
gen-dice-ranged-sea = { $unit }: ataque a distancia (GEN-BASE; moverse en el mar no cuesta dados, { $rule })
gen-mod-naval-unit = unidad naval
gen-mod-shore-vs-boat = desde la costa contra un barco
gen-mod-no-fewer-than-0 = no menos de 0 dados
gen-mod-cap-close = cuerpo a cuerpo con un hexágono de { $terrain }: { $cap ->
        [one] 1 dado
       *[other] { $cap } dados
    } como máximo
gen-mod-cap-fire-from = disparando desde un hexágono de { $terrain }: { $cap ->
        [one] 1 dado
       *[other] { $cap } dados
    } como máximo
gen-mod-cap-fire-into = disparando contra un hexágono de { $terrain }: { $cap ->
        [one] 1 dado
       *[other] { $cap } dados
    } como máximo
gen-refuse-no-unit-on-board = no hay ninguna unidad { $id } en el tablero
gen-refuse-not-side-to-act = { $unit } no pertenece al bando que actúa
gen-refuse-not-ordered-or-battled = { $unit } no tiene orden o ya ha combatido este turno
gen-refuse-unknown-unit-type = tipo de unidad desconocido
gen-refuse-no-enemy-unit = no hay ninguna unidad enemiga { $id } que atacar
gen-refuse-attack-enemies-only = una unidad solo ataca a unidades enemigas
gen-refuse-work-adjacent = una fortificación se ataca desde un hexágono adyacente
gen-refuse-no-work-there = una empalizada cubre solo los lados de hexágono indicados en ella: ninguno entre estos hexágonos, y ahí no hay ninguna estacada ocupada por el enemigo (GEN-PAL-4, GEN-STK-6)
gen-refuse-bonus-close = un combate adicional es un combate cuerpo a cuerpo
gen-refuse-card-no-ranged = { $card }: sin combate a distancia ({ $text })
gen-refuse-sight-unit = una unidad bloquea la línea de visión
gen-refuse-sight-stockade = una estacada bloquea la línea de visión
gen-mod-dragon-card = carta de Dragón
gen-mod-defender-dragon-card = la carta de Dragón del defensor
gen-refuse-inspiration-close-only = la Inspiración del líder solo añade dados de cuerpo a cuerpo
gen-refuse-no-inspiring-leader = ningún líder puede inspirar a esta unidad (agregado, o un líder de caballería adyacente en tierra)
gen-refuse-inspiration-cost = Inspiración: { $max ->
        [one] 1 dado
       *[other] { $max } dados
    } como máximo, 1 H&F cada uno; se piden { $cost }, el ejército tiene { $hf }
gen-mod-leader-inspiration = Inspiración del líder
gen-refuse-grapple-where = el abordaje se hace en combate cuerpo a cuerpo contra una unidad naval, desde un barco o desde la costa
gen-refuse-unknown-target = objetivo desconocido
gen-log-inspiration-paid = Inspiración del líder: { $unit } paga { $cost } H&F por { $n ->
        [one] 1 dado
       *[other] { $n } dados
    }
gen-log-stockade-first = { $unit } combate primero desde su estacada
gen-log-rolls = { $unit } tira { $n ->
        [one] 1 dado de batalla
       *[other] { $n } dados de batalla
    }: { $roll }
gen-die-battle = dado de batalla
gen-log-effect = sobre { $unit }: { $hits ->
        [one] 1 impacto
       *[other] { $hits } impactos
    }, { $flags ->
        [one] 1 bandera
       *[other] { $flags } banderas
    } de retirada; { $why }
gen-log-effect-hf = sobre { $unit }: { $hits ->
        [one] 1 impacto
       *[other] { $hits } impactos
    }, { $flags ->
        [one] 1 bandera
       *[other] { $flags } banderas
    } de retirada, { $hf ->
        [one] 1 ficha de H&F ganada
       *[other] { $hf } fichas de H&F ganadas
    }; { $why }
gen-log-grapple-severed = 1 espada corta el abordaje: ambas pueden volver a moverse
gen-log-grapple-placed = se coloca un marcador de abordaje en el lado de hexágono: ninguna puede moverse (GEN-GRP-3)
gen-log-lone-leader-falls = { $swords ->
        [one] 1 espada
       *[other] { $swords } espadas
    } contra { $leader }, separado: cae
gen-log-lone-leader-no-sword = ninguna espada contra { $leader }, separado: debe dejar el hexágono
gen-refuse-cavalry-stockade = la caballería nunca entra en una estacada
gen-log-strikes-first = { $unit } golpea primero con { $n ->
        [one] 1 dado
       *[other] { $n } dados
    }: { $roll }; sobre { $target }: { $hits ->
        [one] 1 impacto
       *[other] { $hits } impactos
    }, { $flags ->
        [one] 1 bandera
       *[other] { $flags } banderas
    }; { $why }
gen-log-battles-back = { $unit } contraataca con { $n ->
        [one] 1 dado
       *[other] { $n } dados
    }: { $roll }; sobre { $target }: { $hits ->
        [one] 1 impacto
       *[other] { $hits } impactos
    }, { $flags ->
        [one] 1 bandera
       *[other] { $flags } banderas
    }; { $why }
gen-log-retreat-bill = la retirada de { $hexes ->
        [one] 1 hexágono
       *[other] { $hexes } hexágonos
    } cuesta { $cost } H&F; { $paid ->
        [one] se paga 1
       *[other] se pagan { $paid }
    } (GEN-BASE)
gen-log-retreat-bill-lack-of-honor = la retirada de { $hexes ->
        [one] 1 hexágono
       *[other] { $hexes } hexágonos
    } cuesta { $cost } H&F; { $paid ->
        [one] se paga 1
       *[other] se pagan { $paid }
    } (GEN-BASE); Lack of Honor (Falta de honor): { $hits ->
        [one] 1 impacto
       *[other] { $hits } impactos
    } (GEN-BASE)
gen-refuse-naval-leader-max = un líder naval se mueve como máximo { $n ->
        [one] 1 hexágono
       *[other] { $n } hexágonos
    }
gen-refuse-leader-open-ocean = un líder separado no puede entrar en mar abierto: cada hexágono debe contener un barco amigo
gen-refuse-grappled-cannot-move = una unidad abordada no puede moverse hasta que se corte el abordaje
gen-refuse-card-naval-move = la carta mueve las unidades navales como máximo { $n ->
        [one] 1 hexágono
       *[other] { $n } hexágonos
    }, sea cual sea el viento/marea
gen-refuse-naval-max = una unidad naval se mueve como máximo { $n ->
        [one] 1 hexágono
       *[other] { $n } hexágonos
    }
gen-refuse-against-wind = el paso { $step } va en contra del viento/marea: solo { $any } hexágono en cualquier dirección, { $with } solo a favor del viento/marea (GEN-NAV-3)
gen-refuse-embark-hexes = embarcar o desembarcar mueve exactamente { $n ->
        [one] 1 hexágono
       *[other] { $n } hexágonos
    }; las cartas no pueden alargarlo
gen-refuse-embark-adjacent = una unidad solo embarca o desembarca a un hexágono adyacente al comienzo de su turno
gen-refuse-retreat-ocean = una unidad de tierra no puede retirarse a un hexágono de océano
gen-refuse-take-ground-shore = ganar terreno nunca cruza entre océano y tierra
gen-log-naval-leader-retreats = el líder naval se retira { $n ->
        [one] 1 hexágono
       *[other] { $n } hexágonos
    }, de barco en barco (GEN-NLD-4)
gen-log-naval-leader-seppuku = solo mar abierto o el enemigo a su retaguardia: el líder naval comete seppuku (GEN-NLD-4)
gen-refuse-marsh-exit = una unidad que sale de una marisma se mueve { $n ->
        [one] 1 hexágono
       *[other] { $n } hexágonos
    } y se detiene
gen-refuse-marsh-entry-ends = entrar en la marisma en el hexágono { $step } pone fin al movimiento
gen-refuse-marsh-entered = entró en una marisma este turno: su movimiento, incluido ganar terreno, ha terminado
gen-refuse-marsh-left = salió de una marisma este turno y ha terminado de moverse, incluido ganar terreno
gen-refuse-marsh-take-ground-once = una unidad que empezó en una marisma solo gana terreno fuera de ella una vez
gen-log-marsh-own-symbol = su propio símbolo: la marisma le cuesta { $n ->
        [one] 1 figura
       *[other] { $n } figuras
    } (GEN-MSH-3)
gen-log-marsh-leader-dies = una espada: el líder muere en la marisma (GEN-MSH-3)
gen-log-marsh-no-effect = sin efecto (GEN-MSH-3)
gen-refuse-stockade-cavalry-leaders = la caballería y los líderes nunca pueden entrar en una estacada
gen-refuse-stockade-adjacent = solo puede entrar una unidad que empezó su turno adyacente a la estacada
gen-refuse-stockade-stops = una unidad que entra en una estacada se detiene allí
gen-refuse-card-limit = { $card } da orden como máximo a { $limit ->
        [one] 1 unidad
       *[other] { $limit } unidades
    }
gen-refuse-cannot-be-ordered = la unidad { $id } no puede recibir orden
gen-refuse-card-cannot-order = { $card } no puede dar orden a la unidad { $id }: { $text }
gen-refuse-card-one-group = { $card } da orden a unidades de tierra o a unidades navales, no a ambas
gen-refuse-dragon-blank = { $card } está en blanco en la guerra Genpei
gen-refuse-one-dragon-per-turn = una carta de Dragón por jugador y turno
gen-refuse-dragon-not-now = { $card } no se juega ahora: { $text }
gen-refuse-dragon-cost = { $card } cuesta { $cost } H&F; el ejército tiene { $hf }
gen-refuse-challenge-rank = un samurái con nombre tiene rango superior a un líder sin nombre, que no puede desafiarlo
gen-refuse-not-in-dragon-hand = { $card } no está en la mano de cartas de Dragón
gen-refuse-unknown-dragon-card-key = carta de Dragón desconocida { $card }
gen-refuse-no-dragon-now = ahora no se puede jugar ninguna carta de Dragón
gen-log-plays-dragon = { $side } juega la carta de Dragón { $card } por { $cost } H&F: { $text }
gen-log-plays-dragon-on = { $side } juega la carta de Dragón { $card } sobre { $target } por { $cost } H&F: { $text }
gen-log-dragon-move = las unidades con orden mueven { $n ->
        [one] 1 hexágono más
       *[other] { $n } hexágonos más
    } este turno
gen-log-dragon-flags-at-sea = { $n ->
        [one] 1 bandera en el mar es un impacto
       *[other] { $n } banderas en el mar son impactos
    }
gen-refuse-unknown-dragon-card = carta de Dragón desconocida
gen-refuse-dragon-no-target = { $card } no lleva objetivo
gen-refuse-dragon-own-unit = { $card } necesita una de tus unidades con orden que aún no haya combatido
gen-refuse-dragon-water = { $card } necesita un objetivo en terreno acuático
gen-refuse-dragon-enemy-range = { $card } necesita una unidad enemiga a { $n ->
        [one] 1 hexágono
       *[other] { $n } hexágonos
    } o menos de tus unidades
gen-refuse-challenge-enemy-leader = un desafío necesita un líder enemigo
gen-refuse-challenge-no-leader-next = ninguno de tus líderes está adyacente a él
gen-log-challenge = Personal Challenge (Desafío personal): { $challenger } tira { $a }, { $target } tira { $b }
gen-refuse-not-ordered-this-turn = { $unit } no tiene orden este turno
gen-refuse-already-moved = { $unit } ya se ha movido
gen-refuse-grappled = { $unit } está abordada y no puede moverse
gen-refuse-off-board = ese hexágono está fuera del tablero
gen-refuse-hex-taken = una unidad por hexágono: ese hexágono está ocupado
gen-refuse-cannot-embark-there = no puede embarcar ni desembarcar ahí
gen-refuse-no-naval-path = ningún camino naval llega a ese hexágono
gen-refuse-cannot-reach = { $unit } no puede llegar a ese hexágono este turno
gen-log-retreats = { $unit } se retira { $n ->
        [one] 1 hexágono
       *[other] { $n } hexágonos
    } hasta { $at }; { $bill }
gen-log-retreat-blocked = { $unit } no puede retirarse { $n ->
        [one] 1 hexágono: 1 impacto
       *[other] { $n } hexágonos: { $n } impactos
    }
gen-log-loses-figures = { $unit } pierde { $n ->
        [one] 1 figura
       *[other] { $n } figuras
    }: { $left ->
        [one] queda 1
       *[other] quedan { $left }
    }
gen-log-leader-check-falls = comprobación de baja del líder { $leader }: { $roll } — cae
gen-log-leader-check-survives = comprobación de baja del líder { $leader }: { $roll } — sobrevive
gen-log-eliminated = { $unit } queda eliminada: un estandarte de victoria para { $side } ({ $banners } de { $needed })
gen-log-bodyguard-lost-ship = se pierde la escolta del Comandante: cae el barco de mando, un estandarte para { $side } (sustituto)
gen-log-bodyguard-lost-tent = se pierde la escolta del Comandante: cae la tienda de mando, un estandarte para { $side } (sustituto)
gen-log-leader-falls-with-unit = { $leader } cae con su unidad ({ $roll })
gen-log-leader-killed = { $leader } muere: un estandarte de victoria para { $side } ({ $banners } de { $needed })
gen-log-lone-leader-retreats-sea = { $leader } se retira solo, de barco en barco, hasta un barco amigo en { $at } por { $hf } H&F
gen-log-lone-leader-retreats = { $leader } se retira solo hasta una unidad amiga en { $at } por { $hf } H&F
gen-log-seppuku = { $leader } comete seppuku: su ejército gana { $hf } H&F; { $side } no gana estandarte y roba una carta de Dragón
gen-log-seppuku-card-lost = { $leader } comete seppuku: su ejército gana { $hf } H&F y pierde una carta de Mando al azar; { $side } no gana estandarte y roba una carta de Dragón
gen-log-marsh-roll = { $unit } entra en la marisma y saca { $face }: { $text }
gen-log-marsh-roll-leader = { $leader } entra solo en la marisma y saca { $face }: { $text }
gen-log-tent-taken = se toma la tienda de mando: un estandarte para { $side } (sustituto)
gen-odds-expected-hits = impactos esperados
gen-deck-command = Mando
gen-deck-dragon = Dragón
gen-refuse-grappled-no-ground = una unidad abordada no puede mover, así que no puede ganar terreno
gen-refuse-discard-dragon-played = se jugó o descartó una carta de Dragón este turno: no se puede descartar otra por H&F
gen-refuse-no-such-dragon-card = esa carta de Dragón no está en la mano
gen-log-discards-dragon = { $side } descarta { $card } por { $n } H&F (ahora { $now })
gen-choice-discard-dragon = Descartar { $card } por { $n } H&F
gen-log-lone-leader-retreats-alone = { $leader } se retira solo { $n ->
        [one] 1 hexágono
       *[other] { $n } hexágonos
    } hacia su propio borde, hasta { $at }, por { $hf } H&F
gen-log-lone-leader-cannot-pay = { $leader } no puede retirarse: cuesta { $hf } H&F y su ejército tiene { $has }
gen-refuse-battle-back-inspired-once = el defensor ya compró Inspiración del líder para este contraataque
gen-log-battle-back-inspired = { $unit } contraatacará (o golpeará primero) con { $n ->
        [one] 1 dado
       *[other] { $n } dados
    } de Inspiración del líder, que paga al tirar
gen-choice-inspire-battle-back = Inspiración del líder para el contraataque o el primer golpe: +{ $n } { $n ->
        [one] dado
       *[other] dados
    } por { $n } H&F
gen-odds-first-strike-stops = el primer golpe detiene el ataque: el atacante cae o retrocede (GEN-STK-5)
gen-refuse-card-naval-adjacent = { $card } ordena unidades navales adyacentes: cada barco debe estar junto a uno ya ordenado (GEN-CRD-2)
gen-phase-grapple = Combate: una espada sacada contra un barco puede abordarlo (o cortar el abordaje) en lugar de causar un impacto
gen-pass-no-grapple = Sin abordaje: todas las espadas impactan
gen-choice-elect-grapple = Abordar (o cortar el abordaje) con una espada en lugar de un impacto (GEN-GRP-1, GEN-GRP-4)
gen-log-grapple-may-elect = { $unit } sacó una espada contra un barco: puede elegir abordarlo con ella, o cortar un abordaje, en lugar de un impacto (GEN-GRP-1)
