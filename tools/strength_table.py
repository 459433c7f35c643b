#!/usr/bin/env python3
"""The computer's strength table (docs/opponent.md): *normal* against the
scripted play (`default`) on every shipped scenario, from the output of

    kassen match scenarios/NAME.ron --players normal,default --games 200 \
        --seed 1 --jobs 2 > DIR/NAME.txt

one file a scenario. Prints the markdown rows, with the bar each scenario
must clear (80%; 70% for Genpei, whose battle dice weigh luck more) and
whether it does, and lists the scenarios not yet measured.

Usage: python3 tools/strength_table.py DIR
"""
import os
import re
import sys


def split_title(both):
    """'Mimigawa, 1578 (RAN (Great Battles of History))' -> the scenario and
    its system: the system is the last parenthesised group, which may hold
    parentheses of its own (as may the scenario's name)."""
    depth = 0
    for i in range(len(both) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(both[i], 0)
        if depth == 0 and both[i] == "(":
            return both[:i].rstrip(), both[i + 1:-1]
    return both, ""

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
folder = sys.argv[1] if len(sys.argv) > 1 else "."
names = sorted(f[:-4] for f in os.listdir(os.path.join(root, "scenarios")) if f.endswith(".ron"))
rows, missing = [], []
for n in names:
    path = os.path.join(folder, n + ".txt")
    text = open(path).read() if os.path.exists(path) else ""
    head = re.search(r"^match: (.*\)), (\d+) games", text, re.M)
    score = re.search(r"^normal: (\d+) wins, (\d+) draws, (\d+) losses: score ([\d.]+)% \(95% CI ([\d.]+)–([\d.]+)%\)", text, re.M)
    one = re.search(r"^normal decision time[^:]*: median ([\d.]+) ms, max ([\d.]+) ms", text, re.M)
    whole = re.search(r"^normal whole decision[^:]*: median ([\d.]+) ms, max ([\d.]+) ms", text, re.M)
    if not (head and score and one and whole):
        missing.append(n)
        continue
    title, system = split_title(head.group(1))
    bar = 70.0 if "Genpei" in system else 80.0
    pct = float(score.group(4))
    fast = float(one.group(1)) < 200 and float(one.group(2)) < 1000
    ok = "yes" if pct >= bar and fast else "**no**"
    rows.append((system, title, f"| {title} | {system} | {head.group(2)} | "
                 f"{score.group(1)}–{score.group(2)}–{score.group(3)} | {pct:.1f}% "
                 f"({score.group(5)}–{score.group(6)}%) | {bar:.0f}% | "
                 f"{float(one.group(1)):.1f} / {float(one.group(2)):.1f} | "
                 f"{float(whole.group(1)):.1f} / {float(whole.group(2)):.1f} | {ok} |"))
print("| scenario | system | games | won–drawn–lost | *normal*'s score (95% CI) | bar | "
      "decision median / max (ms) | whole decision median / max (ms) | clears |")
print("|---|---|---|---|---|---|---|---|---|")
for _, _, r in sorted(rows):
    print(r)
if missing:
    print("\nNot measured: " + ", ".join(missing))
