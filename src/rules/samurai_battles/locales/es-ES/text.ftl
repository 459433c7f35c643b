# Samurai Battles, Art of Tactic: el texto propio del módulo, en español.
# Cada clave está también en ../en-US (una prueba lo comprueba).

