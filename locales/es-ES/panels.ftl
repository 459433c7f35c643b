# Los paneles de la partida y sus ventanas: src/gui/panels.rs, windows.rs,
# mod.rs, dice_tray.rs, board_view.rs y table_view.rs.

## Ficha de unidad

panels-open-rules-reference = Abrir la referencia de reglas
panels-base-rule = { $rule }: las reglas básicas del juego, no una regla numerada (clic para la referencia de reglas)
panels-card-base = (base { $value }, { $name })
panels-card-set-to = fijado en { $value } por { $name }
panels-unit-card = Ficha de unidad
panels-card-hint-table = Haz clic en una unidad para ver su ficha. Arrastra una de tus unidades para moverla (mantén Shift para conservar su encaramiento).
panels-card-hint-table-camera = Arrastrar con el botón derecho o WASD desplaza la vista, la rueda hace zoom y R activa o desactiva la medición.
panels-card-hint-board = Haz clic en una ficha del tablero para ver sus datos.

## El ordenador decide

panels-remote-waiting = { $side } se juega en el otro equipo: esperando su orden.
panels-played-by-easy = { $side } lo juega el ordenador (fácil).
panels-played-by-normal = { $side } lo juega el ordenador (nivel normal).
panels-played-by-hard = { $side } lo juega el ordenador (difícil).
panels-played-by-scripted = { $side } lo juega el ordenador (juego predefinido).
panels-thinking = Pensando{ $dots } { $secs } s
panels-showing-last-move = Mostrando su último movimiento...
panels-computer-moves-note = Sus movimientos se aplican de uno en uno; el registro de tiradas muestra cada prueba. Mientras tanto puedes desplazar la vista, hacer zoom y leer el registro.
panels-fast-forward = Avance rápido (sin pausa entre sus movimientos)
panels-fast-forward-hover = F lo activa o desactiva
panels-last-move-odds = Las probabilidades de su último movimiento, antes de tirar:

## Decisiones

panels-battle-over = Batalla terminada
panels-rules-carried-out = Se están aplicando las reglas.
panels-pass-hover = Termina tu parte de esta decisión (Space)
panels-computer-plays = El ordenador juega esta decisión
panels-computer-plays-hover = La elección del ordenador para la decisión de este bando, aplicada ahora
panels-undo = Deshacer
panels-undo-hover = Retira tu última orden (Ctrl+Z), hasta tu última tirada, revelación o cambio de jugador
panels-redo = Rehacer
panels-redo-hover = Vuelve a jugar la orden que retiraste (Ctrl+Shift+Z)
panels-if-you-pass = Si pulsas «{ $label }» ahora:
panels-click-unit-hidden-player = Haz clic en una unidad aquí o en el tablero; lo que decidas queda oculto para el otro jugador.
panels-click-unit-hidden-computer = Haz clic en una unidad aquí o en el tablero; lo que decidas queda oculto para el ordenador.
panels-nothing-to-choose = Esta unidad no tiene nada que elegir ahora.
panels-choice-pick-target = { $label } (elige un objetivo)
panels-choice-pick-hex = { $label } (elige un hexágono)
panels-choice-drag = { $label } (arrastra la unidad)
panels-drag-to-place = { $label }: arrastra la unidad a su nueva posición (Shift conserva su encaramiento)
panels-cancel = Cancelar
panels-confirm = Confirmar
panels-hex = hexágono ({ $col }, { $row })
panels-click-the-board = haz clic en el tablero...
panels-not-allowed = No permitido: { $reason }
panels-then-rolls = …y después se tiran los dados (el resultado no se muestra antes de la tirada).
panels-illegal = Ilegal: { $why }
panels-refused = Rechazado: { $reason }

## Mano de cartas

panels-your-hand = Tu mano ({ $side })
panels-hand-hidden = oculta para el otro bando
panels-hand-unfold = Mostrar { $count ->
    [one] la carta
   *[other] las { $count } cartas
  } de la mano
panels-hand-fold = Plegar la mano en una línea (el tablero gana su sitio)
panels-hand-count = { $count ->
    [one] 1 carta
   *[other] { $count } cartas
  }
panels-play-card = Jugar carta
panels-play = Jugar

## Registro de tiradas

panels-log-set-to = fijado en { $value } ({ $name })
panels-roll-log = Registro de tiradas
panels-roll-log-note = cada prueba con sus dados, objetivo, modificadores, regla y probabilidad
panels-dice-rolling = tirando { $die }…

## Pantalla de relevo (hot-seat)

panels-pass-screen-decides = Decide { $side }
panels-pass-screen-note = Pasa la pantalla a este jugador. Las unidades y órdenes ocultas del otro bando siguen tapadas.
panels-pass-screen-reveal = Soy { $side }: mostrar mi ejército (Enter)

## Barra superior

panels-replay-badge = REPETICIÓN
panels-turn = Turno { $turn }
panels-turn-of = Turno { $turn } de { $limit }
panels-save-load = Guardar / cargar
panels-save-load-hover = Guarda la partida o abre una partida guardada (Ctrl+S guarda en la ruta indicada allí)
panels-briefing = Informe
panels-briefing-hover = La descripción del escenario y su condición de victoria
panels-rules = Reglas
panels-rules-hover = La referencia de reglas, cada ID de regla, con las reglas sustitutas marcadas
panels-legend = Leyenda
panels-legend-hover = Cada terreno de este tablero con sus efectos
panels-settings = Ajustes
panels-settings-hover = Escala de la interfaz, colores de los bandos, animaciones, nivel del ordenador
panels-ruler-on = Medir: sí (R)
panels-ruler-off = Medir: no (R)

## Informe, medición, final de la batalla

panels-briefing-title = Informe: { $name }
panels-briefing-begin = A la batalla
panels-briefing-begin-hover = Cierra el informe (o pulsa Intro); Informe, en la barra superior, lo abre de nuevo.
panels-briefing-hot-seat = Por turnos en la misma pantalla: { $first } y { $second } comparten esta pantalla; se tapa sola cada vez que decide el otro jugador.
panels-ruler-reading = Medida: { $reading }
panels-battle-over-title = La batalla ha terminado

## Ventanas: tablas de reglas, referencia de reglas, guardar / cargar

panels-dock-close = Cerrar esta página del panel
panels-dock-table-cells = La tabla
panels-table-rule = Regla:
panels-rules-reference = Referencia de reglas
panels-stand-in-note = Regla sustituta de Kassen: la fuente no dice nada aquí
panels-no-rule-text = No hay texto para { $rule }.
panels-stand-in-tag = {"["}sustituta]
panels-files-title = Guardar / cargar
panels-files-note = Una partida guardada contiene el diario: se puede guardar en cualquier momento de cualquier fase.
panels-files-save = Guardar
panels-files-load = Cargar
panels-files-replay = Repetición
panels-files-replay-hover = Abre la partida guardada como repetición: recorre su diario hacia delante y hacia atrás
panels-files-in-dir = En { $dir }:

## Cargar un archivo en la aplicación

panels-not-loaded = No se ha cargado: { $error }
panels-no-module-plays = { $file }: ningún módulo juega «{ $ruleset }»

## La mesa abierta

panels-objective-held = { $name } (en poder de { $side })
panels-badge-airborne = en vuelo
panels-ruler-edge-to-edge = De { $from } a { $to }: { $inches }" de borde a borde
summary-title = Turno { $turn }: qué pasó
summary-dismiss = Cerrar
summary-show = Mostrarlo en el tablero
summary-lost = { $side } perdió { $count ->
    [one] 1 figura
   *[other] { $count } figuras
  }
summary-gone = { $unit } ({ $side }) ya no está en el tablero
summary-objective-taken = { $name } está ahora en manos de { $side }
summary-objective-lost = { $name } ya no está en manos de nadie
summary-track = { $side } { $track }: { $from } → { $to }
summary-quiet = Sin bajas, y ningún objetivo ni marcador cambió.

## Los pasos de las reglas, uno a uno (resolution.rs)

resolution-title = Se resuelve: { $phase }
resolution-waiting = { $count ->
    [one] Falta 1 entrada
   *[other] Faltan { $count } entradas
  }
resolution-pause = Pausa
resolution-resume = Seguir
resolution-next = Siguiente
resolution-skip = Mostrar todo
resolution-pause-hover = Detener aquí la resolución (P); la partida espera.
resolution-next-hover = Mostrar la entrada siguiente (N).
resolution-skip-hover = Dar de una vez el resto de los pasos de las reglas; el registro guarda cada entrada.
resolution-paused = En pausa
panels-join-code = Código: { $code }
panels-copy = Copiar
panels-copy-hover = Copia el código para pegárselo a tu invitado
