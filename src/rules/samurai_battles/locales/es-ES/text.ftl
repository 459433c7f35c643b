# Samurai Battles, Art of Tactic: el texto propio del módulo, en español.
# Cada clave está también en ../en-US (una prueba lo comprueba).


## Fases y pasos de la Ejecución

sba-phase-setup = Preparación
sba-phase-morale = Fase de Moral
sba-phase-planning = Fase de Planificación
sba-phase-execution = Fase de Ejecución
sba-phase-end-of-turn = Fin del turno
sba-phase-game-over = Fin de la partida
sba-step-defensive = Ejecución: Paso Defensivo
sba-step-ranged = Ejecución: Paso de Combate a Distancia
sba-step-movement = Ejecución: Paso de Movimiento
sba-step-special = Ejecución: Paso de Órdenes Especiales
sba-step-melee = Ejecución: Paso de Cuerpo a Cuerpo
sba-step-retreat = Ejecución: Paso de Retirada
sba-turn-phase = Turno { $turn } · { $phase }
sba-turn-planning = Turno { $turn } · Fase de Planificación · { $side }

## Órdenes: los términos de la referencia de reglas (SBA-ORD-4)

sba-order-all-around-defense = Defensa Circular
sba-order-defend = Defender
sba-order-fire-and-retreat = Disparar y Retirarse
sba-order-fire-ranged-weapons = Disparar Armas a Distancia
sba-order-assault = Asalto
sba-order-march = Marcha
sba-order-move-and-fire = Mover y Disparar
sba-order-retreat = Retirada
sba-order-flee = Huir
sba-order-panic = Pánico
sba-order-pursue = Perseguir
sba-order-ambush = Emboscada
sba-order-join-up = Unirse
sba-order-receive-supplies = Recibir Suministros
sba-order-reconnaissance = Reconocimiento
sba-order-rest = Descansar
sba-order-run = Correr

## Opciones, el botón de pasar, probabilidades

sba-choice-written = { $order } (escrita)
sba-choice-default = { $order } (por defecto)
sba-choice-hover = Tabla de órdenes: { $line } (su fila y, entre paréntesis, la línea de la fuente)
sba-choice-erase = Borrar la orden escrita
sba-pass-execute = Órdenes listas: ejecuta el turno (SBA-ORD-1)
sba-pass-to = Órdenes listas: pasa el turno a { $side } (SBA-ORD-1)
sba-odds-melee = Probabilidades del cuerpo a cuerpo si se traba desde el hexágono al que llega su camino (exactas, SBA-MEL-4, SBA-MEL-5; el defensor sin modificador de orden, devolviendo el golpe, sin chequeo de flanco ni retaguardia)
sba-odds-expected = bajas esperadas en { $unit }
sba-odds-melee-dice =
    { $unit }: { $dice ->
        [one] 1 dado
       *[other] { $dice } dados
    } a { $attack } -> bajas en { $enemy }
sba-odds-fire = Probabilidades del disparo (exactas, SBA-BASE, SBA-ORD-4)
sba-odds-fire-dice =
    { $dice ->
        [one] 1 dado
       *[other] { $dice } dados
    } a Potencia de Fuego { $firepower } -> bajas en { $enemy }

## Rechazos

sba-refuse-not-planning = las órdenes se escriben en la Fase de Planificación (ahora: { $phase })
sba-refuse-not-your-turn = el bando { $side } no es el que escribe órdenes ahora
sba-refuse-nothing-written = no tienes ninguna orden escrita para la unidad { $unit }
sba-refuse-no-step = las reglas no dan ningún paso propio en esta fase ({ $phase })
sba-refuse-no-unit = no existe la unidad { $unit }
sba-refuse-not-yours = la unidad { $unit } no está bajo tu mando
sba-refuse-forced = { $order } se impone por un chequeo de Fortaleza fallido y no se puede escribir
sba-refuse-shaken = { $unit } está Desmoralizada y debe Huir
sba-refuse-panicked = { $unit } está En Pánico y debe ejecutar Pánico
sba-refuse-must-pursue = { $unit } falló su chequeo de Perseguir y debe Perseguir
sba-refuse-not-on-card = { $order } no figura en la carta de unidad de { $card }
sba-refuse-no-commander = { $unit } no tiene Comandante; solo puede recibir Defender, Defensa Circular, Descansar o Marcha
sba-refuse-no-cavalry = la caballería no puede recibir { $order }
sba-refuse-no-ranged = { $unit } no tiene armas a distancia
sba-refuse-engaged = { $unit } está trabada en cuerpo a cuerpo: solo { $orders }
sba-refuse-no-destination = { $order } no lleva hexágono de destino
sba-refuse-off-board = el hexágono ({ $col }, { $row }) está fuera del tablero
sba-refuse-no-target = { $order } no lleva unidad objetivo
sba-refuse-unseen-unit = no hay ninguna unidad { $unit } que puedas ver
sba-refuse-join-friend = Unirse requiere otra unidad amiga
sba-refuse-join-same-type = solo pueden unirse unidades del mismo tipo
sba-refuse-join-adjacent = la unidad con la que unirse debe ser adyacente
sba-refuse-join-in-melee = una unidad en cuerpo a cuerpo no puede unirse
sba-refuse-own-side = la unidad { $unit } es de tu bando
sba-refuse-assault-needs = Asalto requiere una unidad o un hexágono objetivo
sba-refuse-needs-destination = { $order } requiere un hexágono de destino
sba-refuse-join-needs-unit = Unirse requiere la unidad con la que unirse
sba-refuse-ambush-cover = solo una unidad oculta, o una en un bosque o una aldea, puede quedarse en Emboscada
sba-refuse-ambush-adjacent = una unidad junto al enemigo no puede ocultarse
sba-refuse-shooter-in-melee = { $unit } está en cuerpo a cuerpo y no puede disparar
sba-refuse-cannot-see = esa unidad no se ve
sba-refuse-target-in-melee = { $unit } está en cuerpo a cuerpo; no se dispara contra un cuerpo a cuerpo
sba-refuse-out-of-range = { $unit } está a { $distance ->
        [one] { $distance } hexágono
       *[other] { $distance } hexágonos
    }; { $card } alcanzan { $range ->
        [one] { $range } hexágono
       *[other] { $range } hexágonos
    }
sba-refuse-no-sight = no hay línea de visión hasta { $unit }

## Niveles de Moral y por qué se hace un chequeo de Fortaleza

sba-morale-normal = Normal
sba-morale-hesitant = Vacilante
sba-morale-shaken = Desmoralizada
sba-morale-panicked = En Pánico
sba-reason-casualties = tras sufrir bajas
sba-reason-flank = atacada por un flanco
sba-reason-rear = atacada por la retaguardia
sba-reason-morale-phase = Fase de Moral
sba-reason-dishonor = Estado Mayor destruido
sba-reason-pursue = ¿debe perseguir?

## Valores desglosados y sus modificadores

sba-fortitude-card = Fortaleza (carta de unidad; valor actual, { $rule })
sba-attack-infantry-card = Ataque contra infantería (carta de unidad)
sba-attack-cavalry-card = Ataque contra caballería (carta de unidad)
sba-defense-card = Defensa (carta de unidad)
sba-firepower-card = Potencia de Fuego (carta de unidad)
sba-mod-order = orden { $order }
sba-mod-order-set = orden { $order }: = { $n }
sba-mod-commander = Comandante
sba-mod-inspirational = Estado Mayor a 2 hexágonos o menos (Inspirador)
sba-mod-honor = Marcador de Honor
sba-mod-casualties =
    { $n ->
        [one] 1 baja
       *[other] { $n } bajas
    }
sba-mod-general-staff-lost = Estado Mayor perdido (Deshonor)
sba-mod-morale = moral { $level }
sba-mod-flank = atacada por un flanco (solo en este chequeo)
sba-mod-rear = atacada por la retaguardia (solo en este chequeo)
sba-mod-across = atacada a través de: { $hexside }

## Registro

sba-log-battle-begins = { $scenario }: comienza la batalla; semilla de los dados { $seed }, d20 por debajo ({ $rule })
sba-log-end-of-turn = Fin del turno { $turn }: { $result } ({ $vp0 } a { $vp1 } puntos de victoria)
sba-result-winner = { $side } gana la batalla
sba-result-draw = la batalla termina en empate
sba-outcome = { $result } ({ $vp0 } a { $vp1 } puntos de victoria)
sba-log-recovers = { $unit } mejora de { $from } a { $to } (marcadores rojos: { $markers })
sba-log-hides = { $unit } se oculta en Emboscada
sba-log-leaves-ambush = { $unit } deja su Emboscada y queda a la vista
sba-log-no-target = { $unit } no tiene ningún objetivo a su alcance y a la vista
sba-log-fortitude-test = { $unit }: chequeo de Fortaleza ({ $reason }, SBA-FORT-1)
sba-outcome-pass = superado
sba-outcome-fail = fallado
sba-log-stays = { $unit } sigue { $level }: este fallo no reduce el Nivel de Moral
sba-log-honor-lost = { $unit } pierde su marcador de Honor en lugar de un Nivel de Moral
sba-log-drops = { $unit } baja de { $from } a { $to } (marcadores rojos: { $markers })
sba-log-now-flees = { $unit } ejecuta ahora la orden Huir (sus modificadores se aplican de inmediato, SBA-ORD-1)
sba-log-now-panics = { $unit } ejecuta ahora la orden Pánico (sus modificadores se aplican de inmediato, SBA-ORD-1)
sba-log-put-to-flight = { $unit } es puesta en fuga y abandona el cuerpo a cuerpo
sba-log-surrenders = { $unit } está En Pánico, falla en cuerpo a cuerpo y se rinde
sba-log-routs = { $unit } está En Pánico, vuelve a fallar y se desbanda
sba-log-hits-on = Impactos sobre { $unit }: { $hits }; absorbidos por la Defensa: { $absorbed } ({ $left } -> { $after }); bajas: { $casualties }
sba-log-engages-front = { $unit } se traba en cuerpo a cuerpo con { $enemy } por el frente
sba-log-engages-flank = { $unit } se traba en cuerpo a cuerpo con { $enemy } por un flanco
sba-log-engages-rear = { $unit } se traba en cuerpo a cuerpo con { $enemy } por la retaguardia
sba-log-revealed-outside = { $unit } sale de su Emboscada, abordada desde fuera de su Zona de Defensa: no es un ataque por el flanco ni por la retaguardia, y pierde el +3 al Ataque
sba-log-revealed-through = { $unit } sale de su Emboscada, abordada a través de su Zona de Defensa
sba-log-attacks =
    { $unit } ataca a { $enemy } con { $dice ->
        [one] 1 dado
       *[other] { $dice } dados
    } ({ $models ->
        [one] 1 figura
       *[other] { $models } figuras
    }, { $rule })
sba-outcome-hits =
    { $hits ->
        [one] 1 impacto
       *[other] { $hits } impactos
    }
sba-log-loses-models =
    { $unit } pierde { $n ->
        [one] 1 figura
       *[other] { $n } figuras
    } ({ $left ->
        [one] le queda 1
       *[other] le quedan { $left }
    }) y { $n } de Fortaleza
sba-log-turns-to-face = { $unit } se encara hacia el enemigo más fuerte de su Zona de Control
sba-log-enemy-fled = El enemigo de { $unit } ha huido: sin marcador de Honor ({ $rule }); chequea para ver si lo persigue
sba-log-holds-back = { $unit } se contiene: termina su obligación anterior de Perseguir
sba-log-must-pursue = { $unit } no puede contenerse y debe Perseguir el próximo turno
sba-hexes =
    { $n ->
        [one] 1 hexágono
       *[other] { $n } hexágonos
    }
sba-log-no-path = { $unit } no encuentra camino y se queda
sba-path = Este turno { $now } de { $all ->
        [one] { $all } hexágono
       *[other] { $all } hexágonos
    }, { $spent } de { $budget } puntos de movimiento ({ $rule })
sba-log-moves = { $unit } ({ $order }) se mueve de ({ $c0 }, { $r0 }) a ({ $c1 }, { $r1 }), { $distance }
sba-log-flees-to-staff = { $unit } huye hasta { $distance } hacia su Estado Mayor
sba-log-flees-to-edge = { $unit } huye hasta { $distance } hacia su propio borde del tablero (Estado Mayor perdido)
sba-log-panics = { $unit } huye en pánico { $distance } hacia el borde más cercano
sba-log-retreats = { $unit } se retira { $distance } y abandona cualquier cuerpo a cuerpo
sba-log-shoots =
    { $unit } dispara a { $enemy } con { $dice ->
        [one] 1 dado
       *[other] { $dice } dados
    } (1 por figura, SBA-BASE)
sba-log-stops-moving = { $unit } sufrió bajas por Disparar y Retirarse, falló su chequeo y deja de mover
sba-log-destroyed =
    { $unit } es destruida; el enemigo suma { $vp ->
        [one] 1 punto de victoria
       *[other] { $vp } puntos de victoria
    }
sba-log-routed =
    { $unit } se desbanda y abandona el campo; el enemigo suma { $vp ->
        [one] 1 punto de victoria
       *[other] { $vp } puntos de victoria
    }
sba-log-surrendered =
    { $unit } se rinde; el enemigo suma { $vp ->
        [one] 1 punto de victoria
       *[other] { $vp } puntos de victoria
    }
sba-log-joined =
    { $unit } se une a otra unidad; el enemigo suma { $vp ->
        [one] 1 punto de victoria
       *[other] { $vp } puntos de victoria
    }
sba-log-staff-lost = Se pierde el Estado Mayor ({ $unit }): Deshonor
sba-log-rallies = { $unit } llega junto a su Estado Mayor, se detiene y se reagrupa a Vacilante (1 marcador rojo)
sba-log-honor-extra = { $unit } gana honor frente a { $enemy }, pero ya tiene un marcador de Honor; el adicional se pierde ({ $rule })
sba-log-honor-gained = { $unit } gana un marcador de Honor por derrotar a { $enemy }: +1 al Ataque, +2 a la Fortaleza (SBA-HON-4)
sba-log-cannot-join = { $unit } ya no puede unirse a { $other }
sba-log-joins =
    { $unit } se une a { $other }: { $models ->
        [one] 1 figura
       *[other] { $models } figuras
    }, { $level }

## El tablero y la carta de unidad

sba-marker-morale = Marcador de Moral ({ $level }, SBA-MOR-1)
sba-marker-honor = Marcador de Honor (SBA-HON-4)
sba-badge-hidden = Oculta en Emboscada
sba-badge-in-melee = En cuerpo a cuerpo
sba-score = { $side0 } { $vp0 } – { $vp1 } { $side1 } (puntos de victoria, SBA-BASE)
sba-card-type-infantry = { $card } ({ $side }), infantería
sba-card-type-cavalry = { $card } ({ $side }), caballería
sba-card-models = Figuras: { $models } de { $full }
sba-card-morale = Moral: { $level } (marcadores rojos: { $markers })
sba-card-honor = Marcador de Honor: +1 al Ataque, +2 a la Fortaleza
sba-card-commander-yes = Comandante: sí
sba-card-commander-no = Comandante: no
sba-card-hidden = Oculta en Emboscada (el enemigo no la ve)
sba-card-in-melee = En cuerpo a cuerpo con { $units }
sba-card-order = Orden: { $order }
sba-card-no-order = Orden: ninguna
sba-card-attack-infantry = Ataque contra infantería
sba-card-attack-cavalry = Ataque contra caballería
sba-card-attack-dice = Dados de ataque: { $dice } ({ $per_model } por figura)
sba-card-defense = Defensa
sba-card-defense-left = {"   "}restante este turno: { $left }
sba-card-fortitude = Fortaleza
sba-card-pass-chance = Probabilidad de superar el chequeo de Fortaleza: { $percent }%
sba-card-firepower = Potencia de Fuego
sba-card-range = {"   "}alcance { $range ->
        [one] { $range } hexágono
       *[other] { $range } hexágonos
    }, 1 dado por figura
sba-card-source = Carta: { $source }
sba-card-stand-ins = Sustitutos: { $stand_ins }
sba-log-no-run-uphill = { $unit } no puede Correr cuesta arriba: se detiene al pie de la pendiente (SBA-BASE)
sba-refuse-defend-only = { $order } no tiene encaramiento ni Zona de Muerte que escribir: solo Defender los tiene (SBA-BASE)
sba-refuse-kill-zone-range = Una Zona de Muerte de { $range ->
        [one] { $range } hexágono
       *[other] { $range } hexágonos
    }: { $card } pueden escribir de 1 a { $max ->
        [one] { $max } hexágono
       *[other] { $max } hexágonos
    } (SBA-BASE)
sba-log-defend-faces = { $unit } se encara al { $facing } para defender (SBA-BASE)
sba-log-defend-front-full = { $unit } no puede trabar a { $enemy } por el frente: ya la traban { $n } enemigos por ahí (SBA-BASE)
sba-log-defend-faces-strongest = { $unit } se encara hacia el atacante más fuerte, { $enemy } (SBA-BASE)
sba-facing-north = norte
sba-facing-north-east = nordeste
sba-facing-south-east = sudeste
sba-facing-south = sur
sba-facing-south-west = sudoeste
sba-facing-north-west = noroeste
