# Kassen's UI text, English (the source language). One file per area of the
# GUI; every key here is in locales/es-ES too (a test checks it).

settings-language = Language
settings-language-system = System's
loading-tables-and-scenarios = Reading the rules' tables and the scenarios…
loading-steps = { $done } of { $total } steps
