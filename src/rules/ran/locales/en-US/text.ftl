# RAN: the module's own text, English (the source language).
# Every key here is in ../es-ES too (a test checks it).

ran-phase-initiative = Initiative Phase
ran-phase-select = Activation: choose a Busho
ran-phase-orders-move-fire = Orders Phase: Movement/Fire
ran-phase-orders-shock = Orders Phase: Shock
ran-phase-reaction = Shock: Defender Reaction
ran-phase-challenge = Samurai Challenge Phase
ran-phase-momentum = Momentum Phase
ran-phase-continuity = Continuity Phase
ran-phase-recovery = Recovery Phase
ran-phase-abandonment = Contingent Abandonment Phase
ran-phase-victory = Victory Determination Phase
ran-phase-over = Game over
