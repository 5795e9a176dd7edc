#!/usr/bin/env python3
"""Fill quality against other fillers, on the same grids and the same list.

The issue asks that cruciverb's fills score at least as well as those of
ingrid_core (crates.io, a Rust CLI) and blacksquare (PyPI, a Python package
with a Rust engine) on the same word list. This script fills every grid with
each tool it finds, re-checks every fill independently (each entry a word of
the list at or above the minimum score, no entry twice, blocks and any given
letters kept) and prints, per tool, how many grids it filled and the median
of each fill's mean score, lowest score and count of entries below 60, with
the median time.

    cargo install ingrid_core --root /tmp/ingrid      # optional
    pip install blacksquare                           # optional
    python3 benches/compare_fillers.py --ingrid /tmp/ingrid/bin/ingrid_core \\
        patterns/bench-15x15.hex tests/data/grids/ingrid_readme.txt

Grids are text grid files (`#` block, `.` open) or hex pattern files (every
pattern). The list defaults to the embedded one (`wordlists/default.txt`);
`--wordlist` takes any `WORD;SCORE` file. Tools that are not installed are
left out of the table.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def decode_hex(line):
    """A crossword_gen hex pattern (`WxH:HEX` or a square's HEX) as rows."""
    size, _, body = line.rpartition(":")
    bits = []
    for ch in body:
        if ch in "0123456789abcdefABCDEF":
            bits += [int(b) for b in f"{int(ch, 16):04b}"]
        else:  # the last 1-3 bits: g-h, i-l, m-t
            for first, count in (("g", 1), ("i", 2), ("m", 3)):
                value = ord(ch) - ord(first)
                if 0 <= value < 2 ** count:
                    bits += [int(b) for b in f"{value:0{count}b}"]
                    break
    if size:
        width, height = (int(x) for x in size.lower().split("x"))
    else:
        width = height = int(len(bits) ** 0.5)
    return ["".join("." if bits[r * width + c] else "#" for c in range(width))
            for r in range(height)]


def read_grids(path):
    """(name, rows) for a text grid or every pattern of a hex file."""
    with open(path) as f:
        lines = [l.strip() for l in f if l.strip()]
    stem = os.path.splitext(os.path.basename(path))[0]
    if path.endswith(".hex"):  # `#` lines are comments there, rows in a text grid
        patterns = [l for l in lines if not l.startswith("#")]
        return [(f"{stem}:{i}", decode_hex(l)) for i, l in enumerate(patterns, 1)]
    return [(stem, lines)]


def slots(rows):
    """Every across and down run of 2+ cells as a list of (row, col)."""
    height, width = len(rows), len(rows[0])
    found = []
    for r in range(height):
        for c in range(width):
            for dr, dc in ((0, 1), (1, 0)):
                pr, pc = r - dr, c - dc
                if rows[r][c] == "#" or (pr >= 0 and pc >= 0 and rows[pr][pc] != "#"):
                    continue
                cells = []
                rr, cc = r, c
                while rr < height and cc < width and rows[rr][cc] != "#":
                    cells.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                if len(cells) >= 2:
                    found.append(cells)
    return found


def check(rows, filled, scores, min_score):
    """The entries of a fill, or an exception saying what is wrong."""
    if len(filled) != len(rows) or any(len(a) != len(b) for a, b in zip(rows, filled)):
        raise ValueError("wrong shape")
    for a, b in zip(rows, filled):
        for x, y in zip(a, b):
            if (x == "#") != (y == "#") or (x not in "#." and x != y):
                raise ValueError("blocks or given letters changed")
    entries = ["".join(filled[r][c] for r, c in s) for s in slots(rows)]
    for e in entries:
        if scores.get(e, -1) < min_score:
            raise ValueError(f"{e} is not in the list at {min_score}+")
    if len(set(entries)) != len(entries):
        raise ValueError("an entry repeats")
    return entries


def run_cruciverb(binary, grid_file, args):
    out = subprocess.run([binary, "fill", grid_file, "--wordlist", args.wordlist,
                          "--min-score", str(args.min_score), "--seed", "0",
                          "--timeout", str(args.timeout)],
                         capture_output=True, text=True)
    lines = out.stdout.splitlines()
    return lines[:-1] if out.returncode == 0 else None  # the last line is the summary


def run_ingrid(binary, grid_file, args):
    try:
        out = subprocess.run([binary, "--wordlist", args.wordlist, "--min-score",
                              str(args.min_score), grid_file],
                             capture_output=True, text=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return None
    rows = [l.strip().upper() for l in out.stdout.splitlines() if l.strip()]
    return rows if out.returncode == 0 and rows else None


def blacksquare_runner(scores, min_score):
    try:
        import blacksquare
    except ImportError:
        return None
    words = blacksquare.WordList({w: s / 100 for w, s in scores.items() if s >= min_score})

    def run(grid_file, args):
        with open(grid_file) as f:
            rows = [l.strip() for l in f if l.strip()]
        xw = blacksquare.Crossword(grid=[["#" if c == "#" else " " for c in r] for r in rows],
                                   symmetry=None)
        solved = xw.fill(word_list=words, timeout=args.timeout, show_progress=False)
        if solved is None:
            return None
        black = blacksquare.BLACK
        return ["".join("#" if solved[r, c].value == black else solved[r, c].str.upper()
                        for c in range(len(rows[0]))) for r in range(len(rows))]
    return run


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("grids", nargs="+")
    parser.add_argument("--wordlist", default=os.path.join(ROOT, "wordlists/default.txt"))
    parser.add_argument("--min-score", type=int, default=50)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--cruciverb", default=os.path.join(ROOT, "target/release/cruciverb"))
    parser.add_argument("--ingrid", help="path to the ingrid_core binary")
    args = parser.parse_args()

    scores = {}
    with open(args.wordlist, encoding="utf-8", errors="replace") as f:
        for line in f:
            word, _, rest = line.strip().partition(";")
            score = rest.split(";")[0]
            if word.isalpha() and score.isdigit():
                scores[word.upper()] = max(scores.get(word.upper(), 0), int(score))

    tools = {"cruciverb": lambda g, a: run_cruciverb(args.cruciverb, g, a)}
    if args.ingrid:
        tools["ingrid_core"] = lambda g, a: run_ingrid(args.ingrid, g, a)
    runner = blacksquare_runner(scores, args.min_score)
    if runner:
        tools["blacksquare"] = runner

    grids = [g for path in args.grids for g in read_grids(path)]
    results = {name: [] for name in tools}
    with tempfile.TemporaryDirectory() as tmp:
        for name, rows in grids:
            grid_file = os.path.join(tmp, "grid.txt")
            with open(grid_file, "w") as f:
                f.write("\n".join(rows) + "\n")
            for tool, run in tools.items():
                started = time.perf_counter()
                filled = run(grid_file, args)
                seconds = time.perf_counter() - started
                if filled is None:
                    results[tool].append((name, None, seconds))
                    print(f"{name}\t{tool}\tno fill\t{seconds:.2f}s", file=sys.stderr)
                    continue
                try:
                    entries = check(rows, filled, scores, args.min_score)
                except ValueError as invalid:
                    # Counted as no fill: a repeat, say, is no fill by the
                    # rules every tool was asked to keep.
                    results[tool].append((name, None, seconds))
                    print(f"{name}\t{tool}\tinvalid fill: {invalid}\t{seconds:.2f}s",
                          file=sys.stderr)
                    continue
                values = [scores[e] for e in entries]
                results[tool].append((name, values, seconds))
                print(f"{name}\t{tool}\tmean {statistics.mean(values):.1f}\tlowest "
                      f"{min(values)}\t{seconds:.2f}s", file=sys.stderr)

    print(f"{len(grids)} grids, list {os.path.basename(args.wordlist)} at {args.min_score}+, "
          f"timeout {args.timeout:g} s")
    print("tool\tfilled\tmean score\tlowest\tentries < 60\tseconds (median)")
    for tool, rows in results.items():
        filled = [v for _, v, _ in rows if v]
        if not filled:
            print(f"{tool}\t0/{len(rows)}")
            continue
        med = statistics.median
        print(f"{tool}\t{len(filled)}/{len(rows)}\t{med(statistics.mean(v) for v in filled):.1f}\t"
              f"{med(min(v) for v in filled):g}\t{med(sum(1 for s in v if s < 60) for v in filled):g}\t"
              f"{med(s for _, _, s in rows):.2f}")
    # Grids every tool filled: the fairest comparison of quality.
    common = [name for name, *_ in next(iter(results.values()))
              if all(any(n == name and v for n, v, _ in rows) for rows in results.values())]
    if len(results) > 1 and common:
        print(f"on the {len(common)} grids every tool filled:")
        for tool, rows in results.items():
            picked = [v for n, v, _ in rows if n in common]
            print(f"  {tool}\tmean {statistics.median(statistics.mean(v) for v in picked):.1f}"
                  f"\tlowest {statistics.median(min(v) for v in picked):g}")


if __name__ == "__main__":
    main()
