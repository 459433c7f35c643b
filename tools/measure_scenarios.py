#!/usr/bin/env python3
"""Measures every shipped scenario with the scripted play against itself and
writes what the title screen shows of each (assets/scenario_lengths.ron) and
the fairness table (docs/scenarios.md's "Fairness and length" section is
printed to standard output, as markdown).

Usage: python3 tools/measure_scenarios.py [KASSEN_BINARY] [GAMES]
(default: target/release/kassen if built, else target/debug/kassen; 400 games)

Each scenario: `kassen match FILE --players default,default --games GAMES
--seed 1 --jobs 2`; the wins of each side, the draws and the median
commands of a game (its journal's length).
"""
import os
import re
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = sys.argv[1] if len(sys.argv) > 1 else next(
    b for b in ("target/release/kassen", "target/debug/kassen")
    if os.path.exists(os.path.join(root, b)))
games = int(sys.argv[2]) if len(sys.argv) > 2 else 400
files = sorted(f for f in os.listdir(os.path.join(root, "scenarios")) if f.endswith(".ron"))
rows = []
for f in files:
    out = subprocess.run(
        [binary, "match", f"scenarios/{f}", "--players", "default,default",
         "--games", str(games), "--seed", "1", "--jobs", "2"],
        cwd=root, capture_output=True, text=True, check=True).stdout
    title = re.search(r"^match: (.*), \d+ games", out, re.M).group(1)
    sides = re.search(r"^sides: (.*) won (\d+), (.*) won (\d+), (\d+) drawn", out, re.M)
    commands = int(re.search(r"^commands per game: median (\d+)", out, re.M).group(1))
    rows.append((f, title, sides.group(1), int(sides.group(2)), sides.group(3),
                 int(sides.group(4)), int(sides.group(5)), commands))
    print(f"measured {f}", file=sys.stderr)

with open(os.path.join(root, "assets", "scenario_lengths.ron"), "w") as out:
    out.write("// What the title screen shows of each shipped scenario's length and fairness,\n")
    out.write("// measured by `python3 tools/measure_scenarios.py` (each scenario: `kassen match FILE\n")
    out.write(f"// --players default,default --games {games} --seed 1 --jobs 2`). `commands` is the median\n")
    out.write("// commands of a game (its journal's length); `wins` each side's wins; `draws` the rest.\n")
    out.write("{\n")
    for f, _, _, w0, _, w1, d, c in rows:
        out.write(f'    "{f}": (commands: {c}, games: {games}, wins: ({w0}, {w1}), draws: {d}),\n')
    out.write("}\n")

print("| scenario | side 0 wins | side 1 wins | drawn | most wins | median commands |")
print("|---|---|---|---|---|---|")
for f, title, s0, w0, s1, w1, d, c in rows:
    top = max(w0, w1) / games * 100
    print(f"| {title} | {s0} {w0} | {s1} {w1} | {d} | {top:.1f}% | {c} |")
