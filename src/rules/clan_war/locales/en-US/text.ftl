# Clan War: the module's own text, English (the source language).
# Every key here is in ../es-ES too (a test checks it).

