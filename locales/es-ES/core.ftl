# Texto de la interfaz de Kassen, en español. Un archivo por área de la
# interfaz; cada clave está también en locales/en-US (un test lo comprueba).

settings-language = Idioma
settings-language-system = El del sistema
settings-language-now = En uso: { $lang }
settings-language-flag = En uso: { $lang } (por --lang, solo en esta sesión)
loading-tables-and-scenarios = Leyendo las tablas de las reglas y los escenarios…
loading-steps = { $done } de { $total } pasos

# Las palabras del propio motor, en juego con cualquier módulo.
engine-undo-nothing-played = no hay nada que deshacer: no se ha jugado ninguna orden
engine-undo-not-to-act = solo el bando al que le toca puede deshacer, y solo sus propias órdenes
engine-undo-computer-played = el ordenador ha jugado desde entonces: su turno nunca se deshace
engine-undo-not-yours = la última orden no fue tuya: el control ha pasado desde entonces (actuó el otro bando o las reglas)
engine-undo-roll-seen = la tirada ya se ha visto: la última orden tiró dados, y una tirada nunca se retira
engine-undo-hidden-seen = la última orden te mostró algo oculto, y lo visto no se puede olvidar
engine-undo-nothing = no hay nada que deshacer
engine-redo-nothing = no hay nada que rehacer
engine-redo-not-to-act = solo el bando al que le toca puede rehacer
engine-redo-refused = la orden no se puede volver a jugar: { $reason }
engine-move-off-board = esa casilla está fuera del tablero
engine-move-impassable = { $terrain } es intransitable
engine-move-no-cavalry-terrain = la caballería no puede entrar en { $terrain }
engine-move-hexside-impassable = no se puede cruzar un lado de { $hexside }
engine-move-no-cavalry-hexside = la caballería no puede cruzar un lado de { $hexside }
engine-move-slope-too-steep = una pendiente de { $levels ->
        [one] { $levels } nivel
       *[other] { $levels } niveles
    } es demasiado empinada
engine-move-no-cavalry-slope = la caballería no puede cruzar una pendiente de { $levels ->
        [one] { $levels } nivel
       *[other] { $levels } niveles
    }
engine-end-phase = Terminar fase
engine-seat-you = tú
engine-seat-human = humano
engine-seat-scripted = ordenador (guion)
engine-seat-computer = ordenador ({ $level })
engine-seat-remote = un jugador en otra máquina
engine-seats = { $side0 }: { $who0 }, { $side1 }: { $who1 }
engine-table-card-may-move = Puede mover ahora: { $moves }
engine-table-card-move-inches = { $choice } { $inches }"
engine-table-exact-odds = Probabilidades exactas
engine-table-card-side-models = { $side } · { $models ->
        [one] 1 miniatura
       *[other] { $models } miniaturas
    }
