# Texto de la interfaz de Kassen, en español. Un archivo por área de la
# interfaz; cada clave está también en locales/en-US (un test lo comprueba).

settings-language = Idioma
settings-language-system = El del sistema
loading-tables-and-scenarios = Leyendo las tablas de las reglas y los escenarios…
loading-steps = { $done } de { $total } pasos
