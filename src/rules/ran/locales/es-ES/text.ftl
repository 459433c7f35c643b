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
