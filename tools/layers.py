#!/usr/bin/env python3
"""Draws the layers of Kassen's source as an SVG picture.

Usage: python3 tools/layers.py [SRC] [OUT]   (defaults: src, docs/layers.svg)

Reads every `.rs` file under SRC outside the tests (the same reading as
`layer_tests::no_files_of_src_name_each_other_in_a_circle`: `crate::`,
`super::` and `self::` paths with `use` groups spread out, `child::` paths
to a file's own child modules, `use super::*`; a name re-exported by a
`mod.rs` counts as that `mod.rs`). Each folder of SRC is a column, its
files stacked by their rank inside the folder: rank 0 names no other file
of the folder, and each file sits one row above the highest file of the
folder it names. The lines are those arrows, drawn upward from the named
file. A circle has no rank: such files are drawn in red at the top, and the
script exits 1.
"""

import os
import re
import sys

SRC = sys.argv[1] if len(sys.argv) > 1 else "src"
OUT = sys.argv[2] if len(sys.argv) > 2 else "docs/layers.svg"

TEST_NAMES = ("properties", "conformance")


def is_test(rel, text):
    n = os.path.basename(rel)[:-3]
    return (
        n == "tests"
        or n.endswith("_tests")
        or "_tests_" in n
        or n.startswith("tests_")
        or n.startswith("fidelity_tests")
        or n in TEST_NAMES
        or "#![cfg(test)]" in text
    )


def strip_tests(text):
    m = re.search(r"#\[cfg\(test\)\]\s*(pub(\(crate\))? )?mod \w+ \{", text)
    return text[: m.start()] if m else text


def modpath(rel):
    parts = rel[:-3].split("/")
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return parts


def read_paths(s, i):
    """The paths written at s[i:] (`a::b`, `a::{b, c::{d, e as f}}`)."""
    out = []

    def rd(i, stem):
        path = list(stem)
        while True:
            if s.startswith("{", i):
                i += 1
                while True:
                    while i < len(s) and s[i].isspace():
                        i += 1
                    if i >= len(s) or s[i] == "}":
                        return i + 1
                    i = rd(i, path)
                    while i < len(s) and s[i].isspace():
                        i += 1
                    if s.startswith("as ", i):
                        i += 3
                        while i < len(s) and (s[i].isalnum() or s[i] in "_ "):
                            i += 1
                    if i < len(s) and s[i] == ",":
                        i += 1
                        continue
                    return i + 1 if i < len(s) and s[i] == "}" else i
            m = re.match(r"[\w*]+", s[i:])
            if not m:
                break
            path.append(m.group(0))
            i += len(m.group(0))
            if s.startswith("::", i) and not s.startswith("::<", i):
                i += 2
            else:
                break
        if path:
            out.append(path)
        return i

    rd(i, [])
    return out


def arrows(src):
    files = {}
    for d, _, fs in os.walk(src):
        for f in fs:
            if f.endswith(".rs"):
                p = os.path.join(d, f)
                rel = os.path.relpath(p, src)
                text = open(p, encoding="utf-8").read()
                if not is_test(rel, text):
                    files[rel] = text
    bymod = {tuple(modpath(r)): r for r in files}

    def resolve(path):
        for k in range(len(path), 0, -1):
            if tuple(path[:k]) in bymod:
                return bymod[tuple(path[:k])]
        return None

    edges = {r: set() for r in files}
    for rel, text in files.items():
        s = re.sub(r"//[^\n]*", "", strip_tests(text))
        me = modpath(rel)
        for m in re.finditer(r"(?<![\w:])(crate|super|self)::", s):
            for rest in read_paths(s, m.end()):
                if m.group(1) == "crate":
                    start = []
                elif m.group(1) == "super":
                    start = me[:-1]
                    while rest and rest[0] == "super":
                        start, rest = start[:-1], rest[1:]
                else:
                    start = me
                r = resolve(start + [x for x in rest if x not in ("*", "self")])
                if r and r != rel:
                    edges[rel].add(r)
        for ch in re.findall(r"^\s*(?:pub(?:\([^)]*\))? )?mod (\w+);", s, re.M):
            for m in re.finditer(r"(?<![\w:])" + ch + r"::", s):
                for rest in read_paths(s, m.end()):
                    r = resolve(me + [ch] + rest)
                    if r and r != rel:
                        edges[rel].add(r)
    return edges


def folder(rel):
    d = os.path.dirname(rel)
    return d if d else "(crate root)"


def ranks(edges):
    """Rank of each file inside its folder; None for files in a circle."""
    rank = {}
    busy = set()

    def of(f):
        if f in rank:
            return rank[f]
        if f in busy:
            return None
        busy.add(f)
        r = 0
        for t in edges[f]:
            if folder(t) != folder(f):
                continue
            tr = of(t)
            if tr is None:
                busy.discard(f)
                rank[f] = None
                return None
            r = max(r, tr + 1)
        busy.discard(f)
        rank[f] = r
        return r

    for f in sorted(edges):
        of(f)
    return rank


def draw(edges, rank):
    cols = sorted({folder(f) for f in edges}, key=lambda d: (d.count("/"), d))
    order = ["engine", "i18n", "rules", "session", "opponent", "campaign", "editor", "net", "cli", "gui"]

    def key(d):
        top = d.split("/")[0]
        return (order.index(top) if top in order else -1, d)

    cols = sorted(cols, key=key)
    box_w, box_h, gap_x, gap_y, top = 130, 18, 40, 8, 60
    pos = {}
    height = 0
    for ci, d in enumerate(cols):
        fs = sorted(f for f in edges if folder(f) == d)
        rows = {}
        for f in fs:
            rows.setdefault(rank[f] if rank[f] is not None else 99, []).append(f)
        y = 0
        for r in sorted(rows):
            for f in rows[r]:
                pos[f] = (ci, y)
                y += 1
            y += 0.5
        height = max(height, y)
    w = len(cols) * (box_w + gap_x) + gap_x
    h = int(top + height * (box_h + gap_y) + 40)

    def xy(f):
        ci, y = pos[f]
        x = gap_x + ci * (box_w + gap_x)
        yy = h - 30 - (y + 1) * (box_h + gap_y)
        return x, yy

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'font-family="sans-serif" font-size="10">',
        f'<rect width="{w}" height="{h}" fill="white"/>',
        '<text x="14" y="24" font-size="16">Kassen: the files of src/ by folder, '
        "each above the files of its folder it names (tools/layers.py)</text>",
    ]
    for ci, d in enumerate(cols):
        x = gap_x + ci * (box_w + gap_x)
        out.append(f'<text x="{x}" y="{h - 12}" font-weight="bold">{d}/</text>')
    for f, to in sorted(edges.items()):
        for t in sorted(to):
            if folder(t) != folder(f):
                continue
            x1, y1 = xy(t)
            x2, y2 = xy(f)
            # A bow on the right of the column, wider the longer it runs.
            bx = x1 + box_w + min(gap_x * 3, 4 + (y1 - y2) / 25)
            out.append(
                f'<path d="M{x1 + box_w},{y1 + box_h / 2} Q{bx},{(y1 + y2) / 2 + box_h / 2} '
                f'{x2 + box_w},{y2 + box_h / 2}" fill="none" stroke="#79a" stroke-width="0.6"/>'
            )
    for f in sorted(edges):
        x, y = xy(f)
        red = rank[f] is None
        fill = "#f88" if red else "#e8eef8"
        out.append(
            f'<rect x="{x}" y="{y}" width="{box_w}" height="{box_h}" rx="3" '
            f'fill="{fill}" stroke="#456"/>'
        )
        out.append(f'<text x="{x + 4}" y="{y + 13}">{os.path.basename(f)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    edges = arrows(SRC)
    rank = ranks(edges)
    tmp = OUT + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(draw(edges, rank))
    os.replace(tmp, OUT)
    circled = sorted(f for f, r in rank.items() if r is None)
    print(f"{len(edges)} files, {sum(len(t) for t in edges.values())} arrows; "
          f"{len(circled)} in a circle (or above one) -> {OUT}")
    for f in circled:
        print("  circle:", f)
    sys.exit(1 if circled else 0)


if __name__ == "__main__":
    main()
