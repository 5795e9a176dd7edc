#!/usr/bin/env python3
"""What an editor would check in `make`'s puzzles, over the issue's 50 seeds.

Runs the release binary's `make` for seeds 1-40 (American 15x15), 1-5 at
`--size 21` and 1-5 `--style british` into a temporary directory, reads
every .ipuz back and reports: puzzles made, entries, empty clues, the time
per puzzle (median, slowest), and, with `--reference`, the share of entries
an independent list rates at 50 or more, with the entries it does not.
`--sample N` prints N random (answer, clue) pairs to read as an editor.

    cargo build --release
    python3 benches/make_quality.py --reference LIST --sample 200

The reference is a list the project does not ship: a `WORD;SCORE` file, or
the `spreadthewordlist.bin.gz` inside blacksquare's source package
(`pip download blacksquare --no-binary :all: --no-deps`; scores there are
0-1, read as 0-50). Each run of `make` uses a fresh index cache under the
temporary directory, built once by the first run.
"""

import argparse
import collections
import glob
import gzip
import json
import os
import random
import statistics
import struct
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNS = ([("a", seed, []) for seed in range(1, 41)]
        + [("b", seed, ["--size", "21"]) for seed in range(1, 6)]
        + [("c", seed, ["--style", "british"]) for seed in range(1, 6)])


def read_reference(path):
    """{WORD: score on the 0-100 scale} from a text list or blacksquare's binary."""
    scores = {}
    if path.endswith(".bin.gz"):
        data = gzip.open(path).read()
        (count,), at = struct.unpack_from("<I", data, 0), 4
        for _ in range(count):
            length = data[at]
            word = data[at + 1:at + 1 + length].decode()
            (value,) = struct.unpack_from("<f", data, at + 1 + length)
            at += 1 + length + 4
            scores[word.upper()] = round(value * 50)
        return scores
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            word, _, rest = line.strip().partition(";")
            score = rest.split(";")[0].strip()
            if word and score.isdigit():
                scores[word.upper().replace(" ", "")] = int(score)
    return scores


def entries_and_clues(path):
    """[(answer, clue)] of a made puzzle, from its solution and numbered clues."""
    puzzle = json.load(open(path))
    grid = [["#" if cell in (None, "#") else (cell if isinstance(cell, str) else cell["value"])
             for cell in row] for row in puzzle["solution"]]
    height, width = len(grid), len(grid[0])

    def white(r, c):
        return 0 <= r < height and 0 <= c < width and grid[r][c] != "#"

    answers, number = {}, 0
    for r in range(height):
        for c in range(width):
            starts = [(d, dr, dc) for d, dr, dc in (("Across", 0, 1), ("Down", 1, 0))
                      if white(r, c) and not white(r - dr, c - dc) and white(r + dr, c + dc)]
            if not starts:
                continue
            number += 1
            for direction, dr, dc in starts:
                word, rr, cc = "", r, c
                while white(rr, cc):
                    word, rr, cc = word + grid[rr][cc], rr + dr, cc + dc
                answers[(number, direction)] = word
    pairs = []
    for direction in ("Across", "Down"):
        for clue in puzzle["clues"].get(direction, []):
            n, text = (clue["number"], clue["clue"]) if isinstance(clue, dict) else clue
            pairs.append((answers[(int(n), direction)], text))
    return pairs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cruciverb", default=os.path.join(ROOT, "target/release/cruciverb"))
    parser.add_argument("--reference", help="a list the project does not ship")
    parser.add_argument("--sample", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    reference = read_reference(args.reference) if args.reference else None

    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, CRUCIVERB_CACHE_DIR=os.path.join(tmp, "cache"))
        times, failed = [], []
        for prefix, seed, extra in RUNS:
            started = time.perf_counter()
            out = subprocess.run([args.cruciverb, "make", "--seed", str(seed), "--out-dir", tmp,
                                  "--name", f"{prefix}{seed}", *extra],
                                 capture_output=True, text=True, env=env)
            times.append(time.perf_counter() - started)
            if out.returncode != 0:
                failed.append(f"{prefix}{seed}: {out.stderr.strip().splitlines()[-1]}")
        puzzles = {os.path.basename(p): entries_and_clues(p)
                   for p in sorted(glob.glob(os.path.join(tmp, "*.ipuz")))}

    pairs = [pair for found in puzzles.values() for pair in found]
    empty = sum(1 for _, clue in pairs if not clue.strip())
    print(f"{len(puzzles)} of {len(RUNS)} puzzles made, {len(pairs)} entries, "
          f"{empty} empty clues; seconds per puzzle: median "
          f"{statistics.median(times):.2f}, slowest {max(times):.2f}")
    for line in failed:
        print(f"  failed: {line}")
    if reference is not None:
        unrated = collections.Counter(a for a, _ in pairs if reference.get(a, -1) < 50)
        rated = len(pairs) - sum(unrated.values())
        print(f"rated 50+ by the reference list: {rated} of {len(pairs)} "
              f"({100 * rated / len(pairs):.1f}%)")
        print("  not: " + " ".join(f"{a}x{n}" if n > 1 else a for a, n in unrated.most_common()))
    if args.sample:
        print(f"\n{args.sample} random entries and their clues (seed {args.seed}):")
        for answer, clue in random.Random(args.seed).sample(pairs, min(args.sample, len(pairs))):
            print(f"  {answer:16} {clue}")
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
