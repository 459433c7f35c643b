# Texto de la interfaz de Kassen, en español: la partida en juego, el visor
# de repeticiones, la demo de convenciones y los atajos de teclado
# (src/gui/play.rs, replay.rs, demo.rs, keyboard.rs).

## La partida (play.rs)

play-undone = Deshecho: se retira la última acción (Ctrl+Shift+Z la vuelve a jugar).
play-redone = Rehecho.
play-no-undo = No se puede deshacer: { $why }.
play-no-redo = No se puede rehacer: { $why }.
play-pick-first = Elige primero un objetivo o un hexágono en el tablero.
play-autosave-failed = El guardado automático falló: { $error }. La partida sigue, pero Continuar no encontraría este punto.
play-drag-cannot-move = esta unidad no puede moverse ahora
play-drag-not-a-move = no es un movimiento
play-move-was = Movimiento no válido: { $why }
play-side-fallback = bando { $n }
play-saved-to = Guardado en { $path }
play-not-saved = No se ha guardado: { $error }
play-not-opened-as-replay = No se ha podido abrir como repetición: { $error }

## El visor de repeticiones (replay.rs)

play-replay-no-module = { $file }: ningún módulo juega «{ $ruleset }»
play-replay-bookmarked = Marcador añadido; «Guardar marcadores» los escribe en el archivo.
play-replay-bookmarks-saved =
    { $n ->
        [one] { $n } marcador guardado
       *[other] { $n } marcadores guardados
    } en { $path }.
play-replay-command-n = acción { $at }
play-replay-turn-phase = Turno { $turn }, { $phase }
play-replay-cannot-show = No se puede mostrar ese punto: { $error }
play-replay-cannot-play-from-here = No se puede jugar desde aquí: { $error }
play-replay-new-game-from = Una partida nueva desde la acción { $at } de la repetición, con su diario hasta ese punto.
play-replay-heading = Repetición
play-replay-where = Acción { $at } de { $len }: turno { $turn }, { $phase }
play-replay-decides-next = { $side } decide a continuación
play-replay-rules-next = a continuación actúan las reglas
play-replay-game-over = la partida ha terminado
play-replay-shown-in = mostrado en { $ms } ms
play-replay-step-start = El principio (Home)
play-replay-step-previous-turn = El turno anterior (Page Up)
play-replay-step-previous-phase = La fase anterior (↑)
play-replay-step-back = Una acción atrás (←)
play-replay-step-forward = Una acción adelante (→)
play-replay-step-next-phase = La fase siguiente (↓)
play-replay-step-next-turn = El turno siguiente (Page Down)
play-replay-step-end = El final (End)
play-replay-pause = Pausa (Space)
play-replay-play = Reproducir (Space)
play-replay-viewpoint = Punto de vista
play-replay-viewpoint-side-hint = Lo que vio este bando: solo sus unidades ocultas, sus órdenes y sus cartas
play-replay-viewpoint-spectator = Ambos (espectador)
play-replay-viewpoint-spectator-hint = Todo, incluidos los secretos de ambos bandos
play-replay-bookmarks = Marcadores
play-replay-bookmark-label = etiqueta
play-replay-bookmark-here = Marcar aquí
play-replay-jump-here = Saltar aquí
play-replay-remove = Quitar
play-replay-save-bookmarks = Guardar marcadores
play-replay-save-into = En { $path }
play-replay-play-from-here = Jugar desde aquí
play-replay-play-from-here-note = Una partida nueva desde este punto, con el diario hasta aquí; la repetición se cierra.
play-replay-over-here = Aquí la partida ha terminado
play-replay-timeline-hover = acción { $at }: turno { $turn }, { $phase }

## La lista de atajos, F1 (keyboard.rs)

play-shortcuts-title = Atajos de teclado (F1)
play-shortcut-tab = seleccionar la unidad siguiente / anterior de tu bando
play-shortcut-keys-arrows = Flechas
play-shortcut-arrows = mover el cursor de hexágono (tablero de hexágonos)
play-shortcut-enter = elegir el hexágono bajo el cursor, como con un clic; otra vez para confirmar
play-shortcut-digits = tomar la primera … novena opción de la unidad seleccionada
play-shortcut-esc = cancelar la opción, o quitar la selección
play-shortcut-space = terminar tu parte de la decisión (el botón de pasar)
play-shortcut-undo = deshacer / rehacer
play-shortcut-save = guardar (en la ruta de Guardar / cargar)
play-shortcut-fast-forward = avance rápido de los movimientos del ordenador
play-shortcut-ruler = la regla (mesa abierta)
play-shortcut-pan = desplazar el tablero
play-shortcut-keys-wheel = Rueda del ratón
play-shortcut-zoom = acercar o alejar el tablero
play-shortcut-keys-drag = Arrastrar con el botón derecho o central
play-shortcut-keys-replay = Repetición: { $keys }
play-shortcut-replay-step = una acción / una fase atrás o adelante
play-shortcut-replay-jump = un turno atrás o adelante, principio, final
play-shortcut-pause = pausar o seguir los pasos de las reglas
play-shortcut-next = la entrada siguiente de los pasos de las reglas, en pausa
play-shortcut-f1 = esta lista

## La demo de convenciones (demo.rs)

play-demo-touch-to-play = Toca o haz clic para jugar
play-demo-attract-caption = { $name } · { $system } · el ordenador juega con ambos bandos
play-demo-welcome = Bienvenido a Kassen
play-demo-pitch = Kassen juega wargames publicados según sus reglas: cada dado se tira por ti y se muestra con su objetivo, cada modificador y la regla en que se basa, y ves las probabilidades exactas antes de comprometerte.
play-demo-play-first-battle = Juega la primera batalla contra el ordenador
play-demo-keep-watching = Seguir mirando
play-demo-enter = Intro o Espacio: jugar la primera batalla
play-demo-hint-n-of = pista { $n } de { $total }
play-demo-got-it = Entendido

## El alcance de la unidad elegida en el tablero (ayuda al pasar el ratón).
reach-hex-ok = Puede moverse aquí.
reach-hex-later = Se le puede ordenar ir aquí: llega en turnos posteriores.
reach-target-ok = Puede ser atacada.
reach-refused = No permitido: { $reason } ({ $rule })
