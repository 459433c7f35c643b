# La pantalla de título, los ajustes, la leyenda y el juego en red, en español
# (src/gui/title.rs, src/gui/settings.rs, src/gui/legend.rs, src/gui/net.rs).

## Pantalla de título (src/gui/title.rs)

title-level-easy = fácil
title-level-normal = normal
title-level-hard = difícil
title-board-hex = tablero hexagonal
title-board-table = mesa abierta
title-versus = { $a } contra { $b }
title-seat-you = tú
title-seat-human = humano
title-seat-scripted = ordenador (con guion)
title-seat-computer = ordenador ({ $level })
title-seat-remote = un jugador en otro equipo
title-resume-hot-seat = por turnos en la misma pantalla
title-resume-over = { $name } ({ $system }): terminada, { $outcome }
title-no-module-plays = ningún módulo juega «{ $ruleset }»
title-save-not-scenario = { $file }: es una partida guardada, no un escenario
title-no-module = ningún módulo juega estas reglas
title-tagline = un simulador de wargames de mesa que hace cumplir las reglas
title-settings = Ajustes
title-scenarios = Escenarios
title-your-folder = { $name } (tu carpeta)
title-rule-system = Sistema de reglas: { $system }
title-board = Tablero: { $board }
title-sides = Bandos: { $sides }
title-units = Unidades: { $units }
title-turn-limit = Límite de turnos: { $turns }
title-no-turn-limit = Sin límite de turnos
title-network-you-play = En red: juegas con
title-port = puerto
title-host = Ser anfitrión
title-host-hover = Un jugador en otro equipo se une con la dirección del anfitrión y este puerto
title-bad-port = puerto «{ $port }»: debe ser un número de 1 a 65535
title-join-a-game = Unirse a una partida
title-join-hint = anfitrión:puerto, p. ej. 192.168.1.20:5150
title-join-code-hint = código
title-bad-code = «{ $code }» no es un código: un código tiene 10 letras y cifras, como K7Q2M-9XHRT
title-join = Unirse
title-bad-address = «{ $address }» no es una dirección con puerto (como 192.168.1.20:5150)
title-load-game = Cargar partida
title-load = Cargar
title-replay = Repetición
title-replay-hover = Recorre el diario de la partida guardada hacia delante y hacia atrás
title-resume = Reanudar
title-resume-last = Reanudar la última partida
title-resume-hover = Desde el guardado automático, { $path }
title-resume-broken = No se puede reanudar el guardado automático: { $error }
title-players = Jugadores
title-mode-hot-seat = Misma pantalla
title-mode-hot-seat-hover = Dos jugadores en una misma pantalla; una pantalla intermedia oculta los secretos de cada bando
title-mode-solo = Tú contra el ordenador
title-mode-solo-hover = Solo ves lo que tu bando puede ver
title-mode-watch = Ordenador contra ordenador
title-mode-watch-hover = Observa cómo el ordenador juega con ambos bandos
title-start-hot-seat = Nueva partida (por turnos en la misma pantalla)
title-start-solo = Nueva partida contra el ordenador
title-start-watch = Ver jugar al ordenador
title-you-play = Juegas con
title-computer = Ordenador
title-back = Inicio
title-back-hover = Volver a la pantalla de título; el guardado automático conserva esta partida

## Ventana de ajustes (src/gui/settings.rs)

title-palette-scenario = Los colores del escenario
title-palette-okabe-ito = Apto para daltónicos (naranja y azul de Okabe–Ito)
title-palette-high-contrast = Alto contraste (claro y oscuro)
title-motion-normal = Animado
title-motion-fast = Rápido
title-motion-reduced = Movimiento reducido (sin animación)
title-settings-unreadable = no se puede leer: { $error }
title-settings-unwritable = ajustes: { $error }
title-settings-ui-scale = Escala de la interfaz
title-settings-colours = Colores de los bandos (cada ficha lleva además una señal de forma: banda o marco)
title-settings-motion = Movimiento
title-settings-computer-level = Nivel del ordenador que se propone primero
title-settings-saved-in = Guardado en { $path }

## Leyenda y descripción emergente del hexágono (src/gui/legend.rs)

title-legend = Leyenda
title-legend-impassable = infranqueable
title-legend-move-cost = entrar cuesta { $cost }
title-legend-no-cavalry = sin caballería
title-legend-defense = Defensa { $value }
title-legend-blocks-sight = bloquea la línea de visión
title-legend-stand-in = { $rule } (provisional)
title-legend-cannot-cross = no se puede cruzar
title-legend-cross-cost = +{ $cost } para cruzar
title-legend-no-cavalry-across = la caballería no puede cruzarlo
title-legend-defense-across = Defensa { $value } a través
title-legend-area-difficult = el movimiento cuesta el doble para las unidades de tierra
title-legend-area-blocks-sight = bloquea la línea de visión por debajo de { $height }"
title-legend-area-impassable = ninguna unidad de tierra puede entrar
title-legend-area-high-reaching = también detiene a las unidades voladoras
title-legend-open-ground = terreno abierto
title-legend-terrain-areas = Zonas de terreno
title-legend-areas-footer = Fuera de las zonas: terreno abierto.
title-legend-terrain = Terreno
title-legend-hexsides = Lados de hexágono
title-legend-marks = En el tablero
title-legend-mark-tick = Marca verde en una ficha
title-legend-mark-tick-means = tiene una orden escrita este turno
title-legend-mark-dots = Puntos en una ficha
title-legend-mark-dots-means = sus marcadores (moral, honor, órdenes…): pasa el puntero sobre la ficha para ver cada uno con su regla
title-legend-mark-facing = Triángulo negro en el borde de una ficha
title-legend-mark-facing-means = hacia dónde mira
title-legend-mark-reach = Hexágonos con borde azul
title-legend-mark-reach-means = adónde puede ir la unidad elegida en esta decisión (tenues: solo en turnos posteriores); el número es lo que le queda
title-legend-mark-path = Línea amarilla
title-legend-mark-path-means = el camino que tomarían las reglas hasta el hexágono bajo el puntero, con su coste al pasar
title-legend-mark-cross = Cruz roja
title-legend-mark-cross-means = un hexágono junto al alcance en el que no puede entrar: pasa el puntero para ver la regla
title-legend-mark-target = Anillo naranja
title-legend-mark-target-means = una unidad a la que puede apuntar la elección activa (sus probabilidades al pasar); un anillo rojo fino: una a la que no, con el porqué
title-legend-mark-objective = Anillo doble
title-legend-mark-objective-means = un objetivo o elemento fijo, del color de quien lo tiene (dorado: de nadie)
title-legend-mark-arrow = Flecha entre unidades
title-legend-mark-arrow-means = un ataque u orden; gruesa mientras el defensor puede responder
title-legend-mark-cursor = Hexágono blanco
title-legend-mark-cursor-means = el cursor del teclado (flechas, Intro)
title-legend-hex-footer = Pasa el ratón sobre un hexágono para ver su terreno y la unidad que lo ocupa.
title-legend-unit = { $name } ({ $kind }), { $models } de { $max }
title-legend-marker = Marcador: { $label } ({ $count })
title-legend-elevation = Elevación { $elevation } ({ $rule })
title-legend-on-a-side = { $name } en un lado: { $effects }

## Juego en red (src/gui/net.rs)

title-net-no-game = no hay ninguna partida que alojar
title-net-or = { $a } o { $b }
title-net-hosting-waiting = El invitado marca { $addresses } (bando { $side }): esperando
title-net-guest-lost = Se ha perdido la conexión del invitado: su puesto le espera
title-net-hosting-seated = Anfitrión: el invitado juega con el bando { $side }
title-net-connecting = Conectando con { $server }...
title-net-refused = El anfitrión lo ha rechazado: { $reason }
title-net-no-answer = Sin respuesta de { $server } en 30 s
title-net-unknown-ruleset = el anfitrión juega «{ $ruleset }», que esta versión no incluye
title-net-not-joined = No se ha podido unir: { $error }
title-net-guest-of = Invitado de { $server }: juegas con el bando { $side }
title-net-connection-lost = Se ha perdido la conexión con { $server }: reintentando...
title-net-game-over = La partida ha terminado: el diario del anfitrión se ha reproducido y comprobado; Guardar la conserva
title-net-no-undo = No se puede deshacer en el juego en red: la partida del anfitrión es la que cuenta.
title-legend-marker-rule = Marcador: { $label } ({ $count }), regla { $rule }
title-film-hover = Una batalla de este escenario que se juega sola (ambos bandos con el juego guionizado), tal como la ven los dos bandos
briefing-victory = Cómo se gana la batalla
briefing-sources = Fuentes
briefing-stand-ins = Valores provisionales (los que las fuentes no dan)
briefing-stand-in-mark = [provisional]
title-campaigns = Campañas
campaign-battles-count = { $n ->
    [one] { $n } batalla
   *[other] { $n } batallas
}
campaign-none = No hay campañas en campaigns/.
campaign-battles = Las batallas
campaign-battle-played = { $n }. { $name }: ganó { $winner } ({ $a } – { $b })
campaign-battle-drawn = { $n }. { $name }: tablas ({ $a } – { $b })
campaign-battle-next = { $n }. { $name }: la siguiente
campaign-battle-later = { $n }. { $name }: por jugar
campaign-rules = Las reglas de la campaña (diseño propio de Kassen)
campaign-score = Puntuación de campaña: { $a } { $pa } ({ $wa } ganadas), { $b } { $pb } ({ $wb } ganadas)
campaign-won = { $side } gana la campaña. { $score }
campaign-drawn = La campaña queda en tablas. { $score }
campaign-begin-again = Empezar la campaña de nuevo (su progreso se reemplaza)
campaign-again-ask = Esto reemplaza el progreso de { $n ->
        [one] { $n } batalla jugada
       *[other] { $n } batallas jugadas
    }. ¿Empezar de nuevo?
campaign-again-yes = Sí, empezar de nuevo
campaign-again-no = No, conservarlo
campaign-resume = Reanudar la campaña en la batalla { $n }
campaign-window = Campaña: { $name }
campaign-battle-result = Batalla { $n } de { $of }, { $name }: ganó { $winner } ({ $a } – { $b })
campaign-battle-result-drawn = Batalla { $n } de { $of }, { $name }: tablas ({ $a } – { $b })
campaign-next = Siguiente batalla
campaign-to-title = Volver a la pantalla de título (la campaña se conserva)
campaign-carried = Para la siguiente batalla: { $what }
title-board-size = Tamaño: { $size }
title-size-hexes = { $columns } × { $rows } hexágonos
title-size-table = mesa de { $width } × { $depth } pulgadas
title-units-short = { $units ->
    [one] { $units } unidad
   *[other] { $units } unidades
}
title-minutes-short = unos { $minutes } min
title-length = Duración esperada: { $commands } órdenes, unos { $minutes } min de ordenador contra ordenador al ritmo de la aplicación
title-length-hover = Medido: la mediana de { $games } partidas del juego programado contra sí mismo ({ $a } ganó { $wa }, { $b } ganó { $wb }, { $draws } en tablas); los minutos cuentan la pausa de la aplicación tras cada orden, no el tiempo de pensar
campaign-begin = Empezar la campaña
