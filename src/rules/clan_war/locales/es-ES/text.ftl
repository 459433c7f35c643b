# Clan War: el texto propio del módulo, en español.
# Cada clave está también en ../en-US (una prueba lo comprueba).


## Phases
cw-phase-special-orders = Órdenes Especiales
cw-phase-primary-movement = Movimiento Principal
cw-phase-cavalry-movement = Movimiento de Caballería
cw-phase-ranged-attack = Ataque a Distancia
cw-phase-close-combat = Combate Cuerpo a Cuerpo
cw-phase-reserve-movement = Movimiento de Reserva
cw-phase-end = Fase Final
cw-phase-line = Turno { $turn } · { $phase } · { $side }

## Battle: refusals
cw-why-move-too-far = el movimiento cuesta { $cost }" de un máximo de { $allowance }"
cw-why-move-off-table = la unidad saldría de la mesa
cw-why-move-impassable = la unidad entraría en «{ $terrain }»
cw-why-move-touches = la unidad tocaría a { $other } tras { $at }"
cw-why-move-touches-another = la unidad tocaría otra unidad tras { $at }"
cw-why-no-unit = no existe la unidad { $id }
cw-why-destroyed = { $unit } está destruida
cw-why-not-deciding-side = { $unit } no es una unidad del bando que decide ahora
cw-why-battle-over = la batalla ha terminado
cw-why-not-side-turn = no le toca decidir al bando { $side }
cw-why-fly-by-movement-phase = los ataques en pasada se deciden en una fase de Movimiento
cw-why-execute-special-order = el rehén solo se ejecuta como Orden Especial
cw-why-holds-no-hostage = esta unidad no retiene ningún rehén
cw-why-sacrifice-close-combat = el sacrificio se declara en la fase de Combate Cuerpo a Cuerpo
cw-why-enemy-holds-no-hostage = el enemigo no retiene ningún rehén
cw-why-not-engaged-captor = { $unit } no está trabada con la unidad captora
cw-why-no-two-models = { $unit } no tiene dos miniaturas de sobra
cw-why-already-sacrificed = { $unit } ya ha declarado su sacrificio

## Battle: log
cw-log-declares-shot-range = { $unit } declara un ataque a distancia contra { $target }; { $range } (se resuelve al final de la fase)
cw-log-declares-shot = { $unit } declara un ataque a distancia contra { $target } (se resuelve al final de la fase)
cw-log-will-sacrifice = { $unit } sacrificará dos miniaturas tras el ataque enemigo para intentar recuperar al rehén
cw-log-will-roll-fly-by = { $unit } tirará sus ataques en pasada al final de la fase

## Game over
cw-result-wins = Gana { $side }: { $reason }
cw-result-draw = Empate: { $reason }

## Unit card and badges
cw-badge-unformed = Desordenada
cw-badge-broken = Quebrada
cw-badge-routing = En desbandada
cw-badge-spent = Agotada
cw-badge-holds-hostage = Retiene un rehén
cw-track-honor = Honor
cw-card-airborne = En vuelo
cw-card-stats = Mov { $mv }″ · ATT { $att } · DAM { $dam } · ATN { $atn_close }/{ $atn_ranged } · TL { $tl } · Ld { $ld }
cw-card-models = Miniaturas { $models }/{ $starting } · { $wounds ->
        [one] { $wounds } Herida
       *[other] { $wounds } Heridas
    } por miniatura, { $carried } acumuladas
cw-card-range-reach = Alcance { $close }″/{ $extended }″ · alcanza objetivos en tierra a { $ground_close }″/{ $ground_extended }″ y objetivos en vuelo a { $air_close }″/{ $air_extended }″ (CW-RNG-3 … CW-RNG-6)
cw-card-personality = { $name } · Honor personal { $honor } · Ld { $ld }
cw-card-flight = Vuelo
cw-card-state-airborne = { $condition } · en vuelo
cw-card-state-grounded = { $condition } · en tierra
cw-card-state-airborne-spent = { $condition } · en vuelo · agotada { $turns ->
        [one] { $turns } turno
       *[other] { $turns } turnos
    }
cw-card-state-grounded-spent = { $condition } · en tierra · agotada { $turns ->
        [one] { $turns } turno
       *[other] { $turns } turnos
    }
cw-card-holds = Retiene a { $hostage } (rehén { $clan })

## Choices
cw-choice-execute = Ejecutar al rehén
cw-choice-take-flight = Alzar el vuelo (Retirada)
cw-choice-move = Mover
cw-choice-land = Aterrizar
cw-choice-dive = Picado
cw-choice-dive-engage = Picado para trabarse
cw-choice-take-off = Despegar
cw-choice-engage = Trabarse
cw-choice-shoot = Disparar
cw-choice-strike-easy = Golpe Contenido
cw-choice-all-out = Ataque a Ultranza
cw-choice-sacrifice = Sacrificar dos miniaturas (recuperar al rehén)

## Conditions, stances, attack kinds
cw-condition-formed = formada
cw-condition-unformed = desordenada
cw-condition-broken = quebrada
cw-condition-routing = en desbandada
cw-condition-destroyed = destruida
cw-stance-strike-easy = Golpe Contenido
cw-stance-all-out = Ataque a Ultranza
cw-attack-close-combat = combate cuerpo a cuerpo
cw-attack-ranged = ataque a distancia
cw-attack-parting-shots = disparos de despedida
cw-attack-fly-by = ataque en pasada

## Tests
# "pass"/"fail" stay as they are: the log panel (src/gui/panels.rs) colours an outcome
# that starts with "fail".
cw-test-pass = superado: { $total } { $cmp } { $target } (un dado, { $die_rule }; { $test_rule })
cw-test-fail = fallado: { $total } { $cmp } { $target } (un dado, { $die_rule }; { $test_rule })
cw-test-fail-natural = fallado: { $total } { $cmp } { $target } (1 natural) (un dado, { $die_rule }; { $test_rule })

## Hostage
cw-why-all-out-lasts = un Ataque a Ultranza dura hasta el final del combate
cw-log-stance = { $stance } contra la unidad captora ({ $att } ATT)
cw-log-all-out-cost = Ataque a Ultranza: el ejército pierde { $honor_loss } de Honor ({ $honor_before } -> { $honor_after }) y { $vp_loss } PV ({ $vp_before } -> { $vp_after })
cw-why-must-choose-stance = una unidad trabada con la unidad captora debe elegir Golpe Contenido o Ataque a Ultranza
cw-item-no-rating = sin valor
cw-item-captor-wounds = { $wounds ->
        [one] { $wounds } Herida
       *[other] { $wounds } Heridas
    } a la captora este turno
cw-log-destruction-test = chequeo de muerte del rehén tras un Ataque a Ultranza
cw-why-only-holder-destroys = solo el bando que retiene a un rehén vivo puede matarlo
cw-log-executes-hostage = la captora mata a su rehén (Orden Especial): honor { $honor_before } -> { $honor_after }, PV { $vp_before } -> { $vp_after }
cw-why-recover-engaged = solo una unidad trabada con la unidad captora puede intentar recuperar al rehén
cw-why-recover-spent = una unidad agotada no puede intentar recuperar a un rehén
cw-why-recover-condition = una unidad { $condition } no puede intentar recuperar a un rehén
cw-why-recovery-needs = un chequeo de Recuperación requiere ganar la fase de Combate Cuerpo a Cuerpo o sacrificar dos miniaturas
cw-log-captor-wiped-out = la unidad captora es destruida: la unidad trabada recupera al rehén automáticamente
cw-item-own-leadership = Liderazgo del comandante propio
cw-item-holding-leadership = Liderazgo del comandante captor
cw-item-recapture = recaptura
cw-log-recovery-test = chequeo de Recuperación: debe superar TL { $tl }
cw-log-hostage-moves = la miniatura del rehén pasa de la unidad captora a la que la recupera

## Morale
cw-item-leadership = Liderazgo
cw-item-army-honor-at = honor del ejército { $at } o más
cw-item-full-retreat = Retirada Total este turno
cw-item-honor-level = nivel de honor { $level }
cw-item-earlier-tests = { $tests } chequeos de Moral previos este turno
cw-log-morale-test = { $unit }: chequeo de Moral ({ $why }) contra TL { $tl }
cw-log-morale-fails = { $unit } falla su chequeo de Moral: { $before } -> { $after }
cw-log-rally-test = { $unit }: chequeo de reagrupamiento en la Fase Final contra TL { $tl }
cw-log-rallies = { $unit } se reagrupa: { $before } -> { $after }
cw-trigger-losses = pérdidas del { $pct } %
cw-trigger-phase-losses = pérdidas en la fase
cw-trigger-outnumbered = superada en número
cw-trigger-commander-lost = comandante perdido
cw-trigger-friend-broke = unidad amiga quebrada
cw-trigger-engaged-while-shaken = trabada estando quebrada o desordenada

## Maneuver
cw-item-complex-manoeuvre = maniobra compleja
cw-log-single-model-no-test = { $unit }: una sola miniatura no hace chequeo de Maniobra
cw-log-maneuver-test-simple = { $unit }: chequeo de Maniobra (simple) contra TL { $tl }
cw-log-maneuver-test-complex = { $unit }: chequeo de Maniobra (compleja) contra TL { $tl }
cw-outcome-unformed = { $outcome }; desordenada
cw-outcome-airborne-not-unformed = { $outcome }; las unidades en vuelo no pueden desordenarse (CW-FLY-14)

## Combat
cw-pool-hits =
    { $n ->
        [one] 1 impacto
       *[other] { $n } impactos
    }
cw-pool-wounds =
    { $n ->
        [one] 1 herida
       *[other] { $n } heridas
    }
cw-log-attack-dice =
    { $n ->
        [one] { $kind }: 1 dado de ataque contra ATN { $atn }
       *[other] { $kind }: { $n } dados de ataque contra ATN { $atn }
    }
cw-log-damage-dice-kind =
    { $n ->
        [one] { $kind }: 1 dado de Daño contra ATN { $atn }
       *[other] { $kind }: { $n } dados de Daño contra ATN { $atn }
    }
cw-log-damage-dice =
    { $n ->
        [one] 1 dado de Daño contra ATN { $atn }
       *[other] { $n } dados de Daño contra ATN { $atn }
    }
cw-item-att = ATT
cw-item-dam = DAM
cw-item-extended-range = alcance largo
cw-item-parting-shot = disparo de despedida a una unidad que alza el vuelo

## End of the battle
cw-log-battle-over = fin de la batalla: { $reason }
cw-end-both-out = ambos ejércitos están destruidos o en desbandada: empate
cw-end-army-destroyed = el ejército { $side } está destruido
cw-end-army-routed = el ejército { $side } está en desbandada
cw-end-scores = { $side0 } { $vp0 } PV, { $side1 } { $vp1 } PV
cw-end-scores-hostage = { $side0 } { $vp0 } PV, { $side1 } { $vp1 } PV; { $holder } retiene al rehén vivo (+{ $bonus })
cw-end-verdict-wins = gana { $side }
cw-end-verdict-draw = empate
cw-end-turn-limit = límite de turnos { $limit }: { $scores } (puntuación provisional: { $destroy_vp } PV por unidad enemiga destruida, { $hostage_vp } PV por retener a un rehén vivo, -2 PV por Ataque a Ultranza o ejecución; los empates se deciden por honor { $honor0 }-{ $honor1 }) — { $verdict }

## Honor
cw-log-honor-change = { $why }: honor { $before } { $delta } → { $after }
cw-log-honor-level-enemy = nivel de honor { $level } alcanzado por primera vez: cada unidad enemiga hace un chequeo de Moral a { $modifier } (exentas las unidades No humanas y Criaturas, CW-HON-10)
cw-log-honor-level-enemy-several = nivel de honor { $level } alcanzado por primera vez (uno de { $count ->
        [one] { $count } nivel
       *[other] { $count } niveles
    } alcanzados este turno, cada uno obliga a chequear: { $each_rule }): cada unidad enemiga hace un chequeo de Moral a { $modifier } (exentas las unidades No humanas y Criaturas, CW-HON-10)
cw-log-honor-level-own = nivel de honor { $level } alcanzado por primera vez: cada unidad del ejército hace un chequeo de Moral a { $modifier } (exentas las unidades No humanas y Criaturas, CW-HON-10)
cw-log-honor-level-own-several = nivel de honor { $level } alcanzado por primera vez (uno de { $count ->
        [one] { $count } nivel
       *[other] { $count } niveles
    } alcanzados este turno, cada uno obliga a chequear: { $each_rule }): cada unidad del ejército hace un chequeo de Moral a { $modifier } (exentas las unidades No humanas y Criaturas, CW-HON-10)

## Losses and End phase
cw-log-takes-wounds =
    { $unit } sufre { $wounds ->
        [one] 1 Herida
       *[other] { $wounds } Heridas
    }: { $lost ->
        [one] 1 miniatura retirada
       *[other] { $lost } miniaturas retiradas
    }, { $left ->
        [one] queda 1
       *[other] quedan { $left }
    }
cw-log-destroyed = { $unit } es destruida
cw-why-honor-destroyed-unit = { $unit } destruida
cw-why-honor-destroyed-personality = personalidad { $personality } destruida
cw-log-loses-movement = { $unit } no movió al menos la mitad de su movimiento en esta fase: pierde su movimiento
cw-log-no-landing-spot = { $unit } no encuentra un lugar despejado para aterrizar delante y sigue en vuelo [provisional]
cw-log-must-force-land = { $unit } debe hacer un aterrizaje forzoso
cw-log-extra-card = { $side } tiene el honor más alto y roba una Carta Táctica extra (las cartas no se juegan en esta versión)
cw-log-extra-card-nobody = honor igualado: nadie roba la Carta Táctica extra
cw-log-immune-to-honor = { $unit } es inmune al honor: sin chequeo

## Odds
cw-odds-hit-per-die = probabilidad de impacto por dado
cw-odds-wound-per-die = probabilidad de herida por dado
cw-odds-one-hit = al menos un impacto
cw-odds-one-wound = al menos una herida
cw-odds-break-away = se supera el chequeo de Retirada
cw-odds-take-off = el despegue se completa
cw-odds-landing = se supera el chequeo de aterrizaje
cw-odds-lands-after-fire = sobrevive al fuego de reacción (CW-LAND-3) y aterriza (CW-ENG-3 … CW-ENG-5)
cw-odds-hostage-survives = el rehén sobrevive

## Shooting
cw-why-shoot-phase = los ataques a distancia se hacen en la fase de Ataque a Distancia
cw-why-unknown-card = ficha de unidad desconocida
cw-why-no-ranged-attack = { $unit } no tiene ataque a distancia
cw-why-cannot-shoot-now = { $unit } no puede disparar ahora (ya ha disparado, está trabada, agotada, quebrada o en desbandada)
cw-why-target-not-enemy = el objetivo no es una unidad enemiga viva
cw-log-target-gone = el objetivo de { $unit }, { $target }, ya no está: no hay disparo

## Ranges
cw-band-close = alcance corto
cw-band-extended = alcance largo
cw-band-out = fuera de alcance
cw-range-ground-at-air = { $measured }" + 6" de tierra a aire (CW-RNG-3) = { $effective }"
cw-range-air-at-ground = { $measured }", de aire a tierra: corto { $close }", largo { $extended }" (CW-RNG-4)
cw-range-air-at-air = { $measured }", aire contra aire: sin ajuste (CW-RNG-5)
cw-range-ground-at-ground = { $measured }" en tierra (CW-RNG-6)
cw-range-explain = { $how }: { $band }

## Airborne
cw-log-passes-in-air = { $unit } pasa sobre { $target } en el aire sin trabarse (CW-FBY-1): { $mine ->
        [one] { $mine } dado
       *[other] { $mine } dados
    } de pasada anotados para ella, { $back } para { $target }
cw-log-reactionary-close = { $unit } dispara a { $mover }, que se traba con ella desde el aire: fuego de reacción a alcance corto
cw-log-reactionary-extended = { $unit } dispara a { $mover }, que se traba con ella desde el aire: fuego de reacción a alcance largo
cw-log-reactionary-out = { $unit } dispara a { $mover }, que se traba con ella desde el aire: fuego de reacción fuera de alcance
cw-log-fly-by-target-gone = el objetivo de la pasada de { $unit } ya no está: se pierden { $dice ->
        [one] { $dice } dado
       *[other] { $dice } dados
    }
cw-log-fly-by-attacks = { $unit } hace ataques en pasada contra { $target } con { $dice ->
        [one] { $dice } dado
       *[other] { $dice } dados
    }; no puede disparar ni combatir cuerpo a cuerpo este turno (CW-FBY-4, CW-FBY-5)

## Close combat
cw-log-hostage-lost-no-enemy = la unidad captora es destruida sin ningún enemigo trabado: el rehén se pierde con ella [provisional]
cw-log-spent-no-attack = { $unit } está agotada o en desbandada y no ataca
cw-log-no-stance-strike-easy = { $unit } no eligió actitud contra la captora: Golpe Contenido [provisional]
cw-log-no-models-to-sacrifice = a { $unit } no le quedan dos miniaturas que sacrificar
cw-log-sacrifices = { $unit } sacrifica dos miniaturas para llegar hasta el rehén
cw-log-hostage-killed = { $hostage } muere en la lucha
cw-log-hostage-lost-no-enemy-left = la unidad captora es destruida sin ningún enemigo aún trabado: el rehén se pierde con ella [provisional]
cw-log-may-not-recover = { $unit } no puede intentar recuperar al rehén: { $reason }

## Movement
cw-why-stance-close-combat = las actitudes se declaran en la fase de Combate Cuerpo a Cuerpo
cw-why-not-hindered-engaged = { $unit } no es una unidad coaccionada trabada con la unidad captora
cw-why-passes-over-overlap = una unidad en vuelo pasa sobre { $other } pero no puede terminar su movimiento encima
cw-why-move-phases = las unidades solo mueven en las fases de Movimiento Principal, de Caballería y de Reserva
cw-why-already-moved = { $unit } ya ha movido en esta fase
cw-why-spent = { $unit } está agotada y no puede actuar
cw-why-routing = { $unit } está en desbandada y no puede mover [provisional]
cw-why-airborne-reserve = las unidades en vuelo no pueden hacer Movimiento de Reserva
cw-why-not-cavalry = una unidad en tierra sin el rasgo Caballería no mueve en la fase de Movimiento de Caballería
cw-why-engaged-no-move = { $unit } está trabada; solo se ofrece la Retirada por aire de una unidad voladora (CW-ENG-7) [provisional]
cw-why-path-nan = el recorrido no es un número
cw-why-take-off-half = un despegue mueve exactamente la mitad del movimiento, { $half }"
cw-why-only-airborne-lands = solo aterriza una unidad en vuelo
cw-why-landing-contact = aterrizar en contacto con { $other } es un movimiento para trabarse
cw-why-escape-grounded = solo una unidad en tierra y trabada escapa por aire
cw-why-not-engaged = { $unit } no está trabada
cw-why-escape-reserve = una unidad que alza el vuelo termina en vuelo, y las unidades en vuelo no pueden hacer Movimiento de Reserva
cw-why-escape-full-move = escapar por aire es un movimiento completo de { $mv }"
cw-why-airborne-overlap = una unidad en vuelo no puede terminar su movimiento encima de { $other }
cw-why-engage-contact = un movimiento para trabarse debe terminar en contacto de peanas con { $target }
cw-why-engage-angle = el ángulo de carga es { $angle }°, más de { $max }°
cw-name-break-away = { $unit } (Retirada por aire)
cw-log-turns = { $unit } gira para encarar { $facing }°
cw-log-moves = { $unit } mueve { $length }"
cw-log-flies = { $unit } vuela { $length }" sobre el terreno y las unidades en tierra ({ $cavalry_rule }, { $terrain_rule })
cw-log-lands-dive = { $unit } aterriza en un Picado usado como aterrizaje sin trabarse ({ $rule }) tras { $length }"
cw-log-lands = { $unit } aterriza tras { $length }"
cw-log-engages = { $unit } se traba con { $target } con un ángulo de { $angle }° (regla de 30°)
cw-log-engaged-captor = trabada con la unidad captora: una unidad coaccionada lucha con Golpe Contenido o Ataque a Ultranza

## Cards
cw-why-airborne-card = una unidad en vuelo no puede usar cartas ni habilidades que mejoren el movimiento o el combate en un movimiento para trabarse
cw-log-card-no-effect = { $card } no tiene efecto sobre una unidad en vuelo; el juego continúa
cw-why-counter-charge = el Contraataque no puede salir al encuentro de una unidad en vuelo que ataca
cw-log-duel-ignored = una personalidad en vuelo no puede batirse en duelo: el desafío se ignora (no se rechaza)
cw-log-hostage-taken = esta unidad captora retiene a un rehén { $clan } (una miniatura aparte, CW-HOS-2)
cw-why-hostage-not-moved = un rehén no puede pasar de una unidad a otra

## Ranged attacks
cw-why-no-los-flyer = el objetivo no está en línea de visión (trazada desde el borde frontal, a 10" de altura para una unidad voladora)
cw-why-no-los = el objetivo no está en línea de visión
cw-why-out-of-range = el objetivo está fuera de alcance
cw-why-outside-arc = el objetivo está fuera del arco frontal de 90 grados
cw-why-closest-target = una unidad en tierra debe disparar a la unidad enemiga más cercana salvo que el objetivo esté en vuelo

## Flight
cw-why-no-flight-trait = solo las unidades con el rasgo Vuelo pueden alzar el vuelo
cw-why-flying-size = una unidad voladora puede tener como máximo { $max ->
        [one] { $max } miniatura
       *[other] { $max } miniaturas
    } contando las personalidades; esta tiene { $total }
cw-why-already-airborne = la unidad ya está en vuelo; el despegue es para unidades en tierra
cw-log-take-off-stopped = { $unit }: despegue detenido por contacto tras { $moved }" de { $half }"; sigue en tierra
cw-log-takes-off = { $unit }: despega moviendo exactamente { $half }"; en vuelo
cw-log-takes-off-reformed = { $unit }: despega moviendo exactamente { $half }"; en vuelo; se reorganiza en el aire sin cambiar de formación ni de encaramiento (CW-FLY-14)
cw-item-movement-rate = movimiento
cw-why-air-move-min = una unidad en vuelo debe mover al menos { $min }" en esta fase (la mitad de su movimiento); no puede quedarse quieta
cw-why-air-move-max = una unidad en vuelo mueve como máximo { $max }"
cw-why-air-maneuver = la maniobra «{ $maneuver }» no está permitida en vuelo: solo Rueda, Ampliar/Reducir frente y Picado
cw-maneuver-wheel = Rueda
cw-maneuver-expand-frontage = Ampliar frente
cw-maneuver-contract-frontage = Reducir frente
cw-maneuver-dive = Picado
cw-maneuver-back-away = Retroceder
cw-maneuver-turn = Giro
cw-maneuver-turn-about = Media vuelta
cw-maneuver-withdraw = Repliegue
cw-maneuver-break-away = Retirada
cw-maneuver-special-or-complex = Maniobra especial o compleja
cw-maneuver-special-formation = Formación especial

## Fly-By
cw-why-air-engage = una unidad en vuelo no puede trabarse con otra unidad en vuelo ni ser trabada por ella; en su lugar, ataques en pasada
cw-why-fly-by-roll-phase = los ataques en pasada se tiran al final de la fase de Movimiento Principal o de Caballería
cw-why-fly-by-already-primary = la unidad ya hizo ataques en pasada en la fase de Movimiento Principal de este turno
cw-why-fly-by-already-cavalry = la unidad ya hizo ataques en pasada en la fase de Movimiento de Caballería de este turno
cw-why-fly-by-already-reserve = la unidad ya hizo ataques en pasada en la fase de Movimiento de Reserva de este turno
cw-why-no-fly-by-contact = no se anotó ningún contacto de pasada
cw-log-fly-by-skipped = tirada de pasada omitida; se guardan { $dice ->
        [one] { $dice } dado
       *[other] { $dice } dados
    } para la siguiente fase de movimiento
cw-why-fly-by-no-ranged = una unidad que hizo ataques en pasada no puede participar en el Combate a Distancia más adelante en este turno
cw-why-fly-by-no-close-combat = una unidad tira ataques en una fase de Movimiento o en la fase de Combate Cuerpo a Cuerpo de un turno, no en ambas

## Landing, Dive, engaging from the air
cw-item-landing-after-dive = aterrizaje tras un picado
cw-item-landed-engaged = aterrizó trabada en combate
cw-item-landed-short = aterrizó antes: contacto a 30° imposible
cw-why-landing-declared = un aterrizaje debe declararse al inicio de la fase de movimiento de la unidad
cw-why-landing-bounds = un movimiento de aterrizaje es de al menos { $min }" y como máximo { $max }"
cw-why-dive-airborne = solo una unidad en vuelo puede hacer un Picado
cw-why-dive-charge = un Picado requiere una personalidad al mando con la habilidad Carga o una Carta Táctica de Carga
cw-why-dive-bounds = un Picado mueve al menos { $min }" y como máximo { $max }"
cw-why-dive-combined = un Picado no puede combinarse con otras cartas o habilidades que mejoren el movimiento o el combate
cw-why-air-engage-each-other = las unidades en vuelo no pueden trabarse entre sí; usa ataques en pasada
cw-why-would-be-flanked = al aterrizar, la unidad quedaría flanqueada por otra unidad enemiga cercana
cw-log-lands-short-angle = no puede cumplir el contacto a 30°: aterriza 1" antes
cw-log-lands-short-reach = no alcanza a su objetivo: aterriza 1" antes
cw-log-touches-down = toma tierra en contacto de peanas: trabada y en tierra
cw-why-land-overlap = una unidad en vuelo no puede aterrizar con una miniatura encima de otra unidad
cw-log-full-retreat-fails = la Retirada Total falla: la unidad sigue trabada
cw-log-break-away-fails = la Retirada falla: la unidad sigue trabada
cw-log-full-retreat-by-air = Retirada Total por aire: movimiento completo de { $mv }", en vuelo; disparos de despedida a +1 ATT +1 DAM
cw-log-break-away-by-air = Retirada por aire: movimiento completo de { $mv }", en vuelo; disparos de despedida a +1 ATT +1 DAM
cw-log-full-retreat-ground = Retirada Total por tierra: { $mv }"
cw-log-break-away-ground = Retirada por tierra: { $mv }"
cw-log-forced-landing-single = aterrizaje forzoso: { $mv }" en línea recta sin maniobras; una sola miniatura no se desordena
cw-log-forced-landing = aterrizaje forzoso: { $mv }" en línea recta sin maniobras; desordenada al aterrizar
cw-log-landing-extended = aterrizaje prolongado { $extension }" para librar otras unidades: { $dice ->
        [one] { $dice } dado
       *[other] { $dice } dados
    } de Daño; agotada durante { $turns ->
        [one] { $turns } turno
       *[other] { $turns } turnos
    }
cw-item-forced-landing-dam = DAM del aterrizaje forzoso
cw-log-revealed-acted = { $unit } queda a la vista: actúa ({ $rule })
cw-log-revealed-spotted = { $unit } queda a la vista: { $enemy } llegó a { $inches }" ({ $rule })
cw-refuse-unseen-target = ninguna unidad tuya ha visto una unidad allí: sigue oculta ({ $rule })
cw-card-hidden = Oculta al enemigo hasta que actúe o una unidad enemiga llegue a { $inches }" ({ $rule })
