# WarStrike: el texto propio del módulo, en español.
# Cada clave está también en ../en-US (una prueba lo comprueba).


## Fases
ws-phase-starting = Fase inicial
ws-phase-action = Fase de acción
ws-phase-reaction = Fase de reacción
ws-phase-close-combat = Fase de cuerpo a cuerpo
ws-phase-end-of-battle = Fin de la batalla
ws-phase-line = Turno { $turn } · { $phase } · { $side }

## Acciones y opciones
ws-action-open-fire = ¡Abrid fuego!
ws-action-advance = ¡Avanzad!
ws-action-at-the-double = ¡A paso ligero!
ws-action-get-down = ¡Cuerpo a tierra!
ws-action-fall-back = replegarse
ws-choice-fall-back = Replegarse
ws-choice-charge = ¡A la carga!

## Probabilidades
ws-odds-hit = al menos un impacto (suprime, WS-SUP-1)
ws-odds-failed-save = al menos una salvación fallada da +1 marcador de nervio (WS-HIT-4; no por encima del límite WS-NV-2)
ws-odds-defensive-hit = fuego defensivo contra la unidad que carga: al menos un impacto (suprime, WS-SUP-1)
ws-odds-defensive-failed-save = fuego defensivo contra la unidad que carga: al menos una salvación fallada da +1 marcador de nervio (WS-HIT-4; no por encima del límite WS-NV-2)
ws-odds-defensive-killed = fuego defensivo contra la unidad que carga: miniaturas muertas esperadas
ws-odds-killed = miniaturas muertas esperadas
ws-odds-keep-fighting = { $unit }: supera el chequeo de Ld para seguir luchando (WS-SUP-3)
ws-odds-reaction-test = { $unit }: supera el chequeo de Ld de la fase de reacción (WS-CLR-1)

## Rechazos
ws-why-battle-over = la batalla ha terminado
ws-why-not-your-phase = es la fase de acción de { $active }, no la de { $side }
ws-why-no-unit = no existe la unidad { $id }
ws-why-not-enemy = { $unit } no es una unidad enemiga
ws-why-not-in-arc = { $target } no está en el arco frontal de 90° de { $unit } [sustituta]
ws-why-no-line-of-sight = { $unit } no tiene línea de visión hasta { $target }: la bloquea { $by }
ws-blocker-terrain = «{ $terrain }»
ws-blocker-a-unit = una unidad
ws-blocker-something = algo
ws-why-move-too-far = el movimiento cuesta { $cost }″ (el terreno difícil cuenta doble), pero solo se permiten { $allowed }″
ws-why-off-table = la unidad saldría de la mesa
ws-why-impassable = la unidad no puede entrar en «{ $terrain }»
ws-why-move-touches = el movimiento toca a { $unit } tras { $at }″
ws-another-unit = otra unidad
ws-why-no-models = a { $unit } no le quedan miniaturas
ws-why-not-own-phase = { $unit } solo puede actuar en la fase de acción de su bando
ws-why-already-acted = { $unit } ya ha realizado su acción en esta fase
ws-why-engaged = { $unit } está trabada en cuerpo a cuerpo: lucha en la fase de cuerpo a cuerpo y solo puede replegarse [sustituta]
ws-why-charger-fires = una unidad que carga no dispara [sustituta]
ws-why-bad-path = la ruta no es una lista de números
ws-why-no-charge-target = no hay ninguna unidad { $id } en juego a la que cargar
ws-why-charge-contact = una carga debe terminar en contacto de peana con { $target }
ws-why-suppressed-action = { $unit } está suprimida: no puede realizar { $action }; debe replegarse
ws-why-double-difficult = ¡A paso ligero! no puede atravesar terreno lento
ws-why-no-capture = { $unit } está suprimida: no puede capturar un objetivo
ws-why-no-defensive-fire = { $unit } está suprimida: sin fuego defensivo
ws-why-no-ranged-weapon = { $unit } no tiene arma a distancia
ws-why-salvo-recorded = la unidad { $target } ya ha recibido una andanada de la unidad { $attacker }: una unidad recibe como máximo una andanada de cada unidad enemiga
ws-why-already-salvo = { $target } ya ha recibido una andanada de { $unit }
ws-why-not-in-play = el tirador o el objetivo no está en juego
ws-why-suppressed-no-shooting = { $unit } está suprimida y no puede disparar ahora
ws-why-beyond-range = el objetivo a { $distance }" está más allá del alcance de { $range }"
ws-why-beyond-awareness = el objetivo a { $distance }" está más allá de la Percepción de { $aw }"
ws-why-both-in-play = ambas unidades deben estar en juego
ws-why-suppressed-no-charge = { $unit } está suprimida: no puede cargar

## Registro: el motor de turnos
ws-log-captures = { $unit } captura «{ $objective }»: sin suprimir a { $reach }″ o menos, sin enemigos sin suprimir a { $reach }″ o menos [sustituta]
ws-outcome-held-by = en poder de { $side }
ws-outcome-not-captured = «{ $objective }» no capturado
ws-log-falls-back-out = { $unit } se repliega fuera del combate hacia su propio borde de la mesa [sustituta: hasta Mv]
ws-outcome-falls-back = se repliega
ws-log-no-room = { $unit } no tiene espacio para replegarse y se queda [sustituta]
ws-outcome-stays = se queda
ws-log-fight = { $unit } y { $other } están en contacto de peana y luchan
ws-log-fight-charge = { $unit } y { $other } están en contacto de peana y luchan (carga)
ws-outcome-close-combat = cuerpo a cuerpo
ws-log-both-hold = ambas unidades están suprimidas y ambas pasan: siguen combatiendo
ws-outcome-both-hold = ambas siguen combatiendo
ws-log-fires-salvo = { $unit } dispara una andanada contra { $target }: { $distance }″ de borde a borde, en el arco frontal y a la vista
ws-outcome-salvo = andanada
ws-log-moves = { $unit } mueve { $length }″ hasta ({ $x }, { $y }), orientada a { $facing }°
ws-outcome-moved = movida
ws-log-charges = { $unit } carga hasta el contacto de peana; el combate llega en la fase de cuerpo a cuerpo [sustituta]
ws-outcome-charge = carga

## Registro: acciones, chequeos, andanadas, marcadores
ws-log-action = { $unit }: { $action }, hasta { $inches }"
ws-log-action-forced = { $unit }: { $action } (suprimida: obligada a replegarse), hasta { $inches }"
ws-relief-starting-phase = sin suprimir en su fase inicial
ws-relief-get-down = ha realizado ¡Cuerpo a tierra!
ws-relief-fall-back = se ha replegado en la fase de acción
ws-relief-enemy-broke = la unidad enemiga { $enemy } ha fallado un chequeo de Ld en cuerpo a cuerpo a 6" o menos
ws-log-marker-removed = { $unit }: { $relief }; retira 1 marcador de nervio (una de las formas de retirar un marcador, { $rule })
ws-outcome-nerve-markers = { $count ->
        [one] 1 marcador de nervio
       *[other] { $count } marcadores de nervio
    }
ws-test-reaction-phase = fase de reacción, WS-CLR-1
ws-test-keep-fighting = suprimida, para seguir luchando, WS-SUP-3
ws-test-lost-fight = ha perdido el combate
ws-log-reaction-passed = { $unit } ha superado su chequeo de Ld de la fase de reacción: se retira el dado de impacto
ws-outcome-no-longer-suppressed = ya no está suprimida
ws-log-won-fight = { $unit } ha hecho replegarse a la unidad enemiga { $enemy }: se retira el dado de impacto
ws-log-breaks = { $unit } ha fallado un chequeo de Ld en cuerpo a cuerpo y se repliega: antes, las unidades contrarias a 6" o menos pueden retirar 1 marcador de nervio
ws-outcome-no-defensive-fire = sin fuego defensivo
ws-log-ld-test = { $unit }: chequeo de Ld, { $ld } d6 (Ld actual = Ld impreso, WS-LD-4), se supera si algún dado saca { $target } o menos; P(superar) = { $p } ({ $rule })
ws-outcome-automatic-pass = superado automáticamente
ws-outcome-automatic-fail = fallado automáticamente
ws-outcome-pass = superado
ws-outcome-fail = fallado
ws-nv-starting = Nv inicial
ws-nv-markers = marcadores de nervio
ws-nv-inspiring = Nv actual del Oficial Inspirador
ws-log-to-hit-shooting = disparo contra { $target }: { $attacks } d6 para impactar con { $to_hit }+ ({ $rule }, sustituta)
ws-log-to-hit-close-combat = cuerpo a cuerpo contra { $target }: { $attacks } d6 para impactar con { $to_hit }+ ({ $rule }, sustituta)
ws-outcome-hits = { $hits ->
        [one] 1 impacto
       *[other] { $hits } impactos
    }
ws-sv = Salvación (Sv)
ws-log-no-save = { $unit } no tiene salvación: { $hits ->
        [one] 1 salvación fallada
       *[other] { $hits } salvaciones falladas
    }
ws-outcome-failed-saves = { $count ->
        [one] 1 salvación fallada
       *[other] { $count } salvaciones falladas
    }
ws-log-saves = { $unit }: { $hits ->
        [one] 1 salvación
       *[other] { $hits } salvaciones
    } con { $need }+ (sustituta)
ws-log-wounds = { $unit }: { $wounds ->
        [one] 1 herida
       *[other] { $wounds } heridas
    }, { $killed ->
        [one] 1 miniatura muerta
       *[other] { $killed } miniaturas muertas
    }
ws-outcome-models-left = { $count ->
        [one] queda 1 miniatura
       *[other] quedan { $count } miniaturas
    }
ws-source-shooting = disparos
ws-source-close-combat = combate cuerpo a cuerpo
ws-log-hits = { $hits ->
        [one] 1 impacto
       *[other] { $hits } impactos
    } de { $source }: dado de impacto { $before } -> { $after } (WS-HIT-1, WS-HIT-2)
ws-log-hits-steadfast = { $hits ->
        [one] 1 impacto
       *[other] { $hits } impactos
    } de { $source }: dado de impacto { $before } -> { $after } (WS-HIT-1, WS-HIT-2, Firme { $rule })
ws-outcome-suppressed = suprimida
ws-log-hit-count = el recuento de impactos ha llegado a { $cycle }: { $markers ->
        [one] 1 marcador de nervio
       *[other] { $markers } marcadores de nervio
    } ({ $rule })
ws-outcome-plus-markers = { $count ->
        [one] +1 marcador de nervio
       *[other] +{ $count } marcadores de nervio
    }
ws-log-failed-save-marker = { $failed ->
        [one] 1 salvación fallada
       *[other] { $failed } salvaciones falladas
    } en una andanada: un marcador de nervio
ws-outcome-plus-one-marker = +1 marcador de nervio
ws-log-marker-cap = no más marcadores de nervio que el Nv inicial { $nv }: { $over } sin ganar ({ $rule })

## Fin de la partida
ws-end-both-destroyed = a ningún bando le quedan miniaturas: empate [sustituta]
ws-end-destroyed = a { $side } no le quedan miniaturas y pierde en el acto [sustituta]
ws-end-objectives = tras el turno { $turn }, { $side_a } controla { $held_a ->
        [one] 1 objetivo
       *[other] { $held_a } objetivos
    } y { $side_b }, { $held_b ->
        [one] 1
       *[other] { $held_b }
    } [sustituta: gana quien controle más objetivos; a igualdad, empate]
ws-outcome-side-wins = gana { $side }
ws-outcome-draw = empate
ws-result-win = Gana { $side }: { $reason }
ws-result-draw = Empate: { $reason }

## Ficha de unidad
ws-badge-suppressed = Suprimida
ws-badge-got-down = Cuerpo a tierra
ws-badge-acted = Ha actuado
ws-badge-engaged = Trabada
ws-badge-inspiring = Inspiradora
ws-badge-steadfast = Firme
ws-marker-nerve = marcador de nervio
ws-marker-hit-die = dado de impacto con { $face }
ws-card-nerve-markers = Marcadores de nervio: { $count }
ws-card-hit-die = Dado de impacto con { $face }
ws-card-values = Ld { $ld } · Nv { $nv } (actual { $current }) · Mv { $mv }″ · Sv { $save }
ws-card-no-save = ninguna
ws-card-shooting = Aw { $aw }″ · Disparo { $range }″ × { $shots } por miniatura · { $attacks ->
        [one] 1 ataque
       *[other] { $attacks } ataques
    } cuerpo a cuerpo
ws-card-no-shooting = Aw { $aw }″ · sin disparo · { $attacks ->
        [one] 1 ataque
       *[other] { $attacks } ataques
    } cuerpo a cuerpo
ws-card-models = Miniaturas { $models }/{ $max } · dado de impacto { $hit_die } · marcadores de nervio { $markers }
ws-odds-defensive-fire = { $unit } hace fuego defensivo contra la unidad que carga en la fase de combate cuerpo a cuerpo (WS-SUP-3; tras su chequeo de reacción WS-CLR-1)
ws-odds-stays-in-fight = { $unit }: sigue luchando tras el chequeo de reacción WS-CLR-1 y el chequeo de Ld WS-SUP-3 para seguir luchando
ws-log-one-salvo-marker = { $unit }: estos golpes completan la única salva de la unidad cargada; sus salvaciones falladas ya dieron su marcador { $rule }
ws-outcome-no-second-marker = ningún segundo marcador de nervio
ws-log-revealed-acted = { $unit } queda a la vista: actúa ({ $rule })
ws-log-revealed-spotted = { $unit } queda a la vista: { $enemy } llegó a { $inches }" ({ $rule })
ws-refuse-unseen-target = ninguna unidad tuya ha visto una unidad allí: sigue oculta ({ $rule })
ws-card-hidden = Oculta al enemigo hasta que actúe o una unidad enemiga llegue a { $inches }" ({ $rule })
