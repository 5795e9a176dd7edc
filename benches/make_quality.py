#!/usr/bin/env python3
"""What an editor would check in `make`'s puzzles, over 50 seeds.

Runs the release binary's `make` for 40 American 15x15 puzzles, 5 at
`--size 21` and 5 `--style british` (seeds 1-40, 1-5, 1-5; `--first N`
starts all three at N instead) into a temporary directory, reads every
.ipuz back and reports: puzzles made, entries, empty clues, the time per
puzzle (median, slowest), and what makes an editor send a puzzle back,
each found by rules written here, apart from the filler's data:

- two entries of one grid sharing a root: one an inflection of the other
  (suffix rules and a table of irregular forms), or one making up the
  start or end of the other with the rest an English word (DATE in
  BLINDDATE; also CAR in CARPET, so these are listed to be read);
- a clue using another answer of its grid, or an inflection of one;
- answers in two or more of the American puzzles that always got the
  same clue (the issue asks for two or more clues 70% of the time);
- in British puzzles, a clue whose PDF line lacks its enumeration.

With `--reference`, the share of entries an independent list rates at 50
or more, with the entries it does not. `--sample N` prints N random
(answer, clue) pairs to read as an editor.

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


def runs(first):
    return ([("a", seed, []) for seed in range(first, first + 40)]
            + [("b", seed, ["--size", "21"]) for seed in range(first, first + 5)]
            + [("c", seed, ["--style", "british"]) for seed in range(first, first + 5)])


# Irregular forms the suffix rules cannot see: (base, forms).
IRREGULAR = [
    ("MAN", "MEN"), ("WOMAN", "WOMEN"), ("CHILD", "CHILDREN"), ("FOOT", "FEET"),
    ("TOOTH", "TEETH"), ("GOOSE", "GEESE"), ("MOUSE", "MICE"), ("OX", "OXEN"),
    ("PERSON", "PEOPLE"), ("LEAF", "LEAVES"), ("LIFE", "LIVES"), ("KNIFE", "KNIVES"),
    ("WIFE", "WIVES"), ("HALF", "HALVES"), ("SELF", "SELVES"), ("ELF", "ELVES"),
    ("EAT", "ATE EATEN"), ("GO", "WENT GONE GOES"), ("SEE", "SAW SEEN"),
    ("BE", "IS ARE WAS WERE BEEN BEING AM"), ("RUN", "RAN"), ("SIT", "SAT"),
    ("GIVE", "GAVE GIVEN"), ("TAKE", "TOOK TAKEN"), ("COME", "CAME"), ("GET", "GOT GOTTEN"),
    ("WRITE", "WROTE WRITTEN"), ("RIDE", "RODE RIDDEN"), ("RISE", "ROSE RISEN"),
    ("DRIVE", "DROVE DRIVEN"), ("SPEAK", "SPOKE SPOKEN"), ("BREAK", "BROKE BROKEN"),
    ("CHOOSE", "CHOSE CHOSEN"), ("FREEZE", "FROZE FROZEN"), ("STEAL", "STOLE STOLEN"),
    ("WEAR", "WORE WORN"), ("TEAR", "TORE TORN"), ("BEAR", "BORE BORN BORNE"),
    ("SWEAR", "SWORE SWORN"), ("SING", "SANG SUNG"), ("RING", "RANG RUNG"),
    ("DRINK", "DRANK DRUNK"), ("SWIM", "SWAM SWUM"), ("BEGIN", "BEGAN BEGUN"),
    ("FLY", "FLEW FLOWN"), ("GROW", "GREW GROWN"), ("KNOW", "KNEW KNOWN"),
    ("THROW", "THREW THROWN"), ("BLOW", "BLEW BLOWN"), ("DRAW", "DREW DRAWN"),
    ("FALL", "FELL FALLEN"), ("HOLD", "HELD"), ("STAND", "STOOD"), ("TELL", "TOLD"),
    ("SELL", "SOLD"), ("FIND", "FOUND"), ("THINK", "THOUGHT"), ("BUY", "BOUGHT"),
    ("BRING", "BROUGHT"), ("TEACH", "TAUGHT"), ("CATCH", "CAUGHT"), ("FIGHT", "FOUGHT"),
    ("SEEK", "SOUGHT"), ("LEAVE", "LEFT"), ("LOSE", "LOST"), ("MEET", "MET"),
    ("LEAD", "LED"), ("FEED", "FED"), ("FEEL", "FELT"), ("KEEP", "KEPT"),
    ("SLEEP", "SLEPT"), ("SWEEP", "SWEPT"), ("WEEP", "WEPT"), ("SPEND", "SPENT"),
    ("SEND", "SENT"), ("LEND", "LENT"), ("BUILD", "BUILT"), ("MAKE", "MADE"),
    ("SAY", "SAID"), ("PAY", "PAID"), ("LAY", "LAID"), ("LIE", "LAY LAIN"),
    ("HEAR", "HEARD"), ("HAVE", "HAS HAD"), ("DO", "DID DONE DOES"),
    ("WIN", "WON"), ("SHINE", "SHONE"), ("SHOOT", "SHOT"), ("SLIDE", "SLID"),
    ("BITE", "BIT BITTEN"), ("HIDE", "HID HIDDEN"), ("FORGET", "FORGOT FORGOTTEN"),
    ("GOOD", "BETTER BEST"), ("BAD", "WORSE WORST"),
]
IRREGULAR_PAIRS = {frozenset((base, form)) for base, forms in IRREGULAR
                   for form in forms.split()} | {
    frozenset((a, b)) for _, forms in IRREGULAR for a in forms.split() for b in forms.split()
    if a != b}
# Bases whose -S/-D/-ED form is another word: forms of BE, and verbs with
# an irregular past (SEE: SEED is no past of it).
IRREGULAR_FORMS = {form for _, forms in IRREGULAR for form in forms.split()}
IRREGULAR_PAST = {base for base, forms in IRREGULAR if base not in ("MAN", "WOMAN", "CHILD")}
SIBILANTS = ("S", "X", "Z", "CH", "SH", "O")
# Pronouns and articles, which take no verb endings (SHE: SHED is no form).
NOT_VERBS = {"HE", "SHE", "WE", "ME", "THE", "YE", "THEE"}


def inflected_from(long, short):
    """Whether `long` is `short` with an inflectional ending, by English
    spelling: -S (-ES after a sibilant or O), -ED/-D/-ING with a doubled
    final consonant (STOPPED) or a dropped E (BAKING), Y to I (TRIES).
    Forms of BE (ARE) and verbs with an irregular past (SEE) take no -S
    or -D here: ARES and SEED are other words."""
    if short in IRREGULAR_FORMS:
        return False
    forms = set()
    if short.endswith(SIBILANTS):
        forms.add(short + "ES")
    if not short.endswith(SIBILANTS[:-1]):  # after O both: PHOTOS, HEROES
        forms.add(short + "S")
    if short.endswith("Y") and len(short) > 2 and short[-2] not in "AEIOU":
        forms.add(short[:-1] + "IES")
        forms.add(short[:-1] + "IED")
    ing = short[:-1] if short.endswith("E") and not short.endswith("EE") else short
    forms.add(ing + "ING")
    # -D after E, but not after the EE of a three-letter word (WEE, DEE:
    # WEED and DEED are other words; FREED is FREE's).
    if short not in IRREGULAR_PAST | NOT_VERBS and not (len(short) == 3 and short.endswith("EE")):
        forms.add(short + "D" if short.endswith("E") else short + "ED")
    if len(short) >= 3 and short[-1] not in "AEIOUWXY" and short[-2] in "AEIOU" \
            and short[-3] not in "AEIOU":
        forms.add(short + short[-1] + "ING")
        if short not in IRREGULAR_PAST:
            forms.add(short + short[-1] + "ED")
    return long in forms


def root_clash(a, b, words):
    """Why entries `a` and `b` share a root, or None: "same", "inflection",
    "irregular", or "compound" (one is the start or end of the other and
    the rest, or its base, is a word of `words`)."""
    if a == b:
        return "same"
    if frozenset((a, b)) in IRREGULAR_PAIRS:
        return "irregular"
    short, long = sorted((a, b), key=len)
    if inflected_from(long, short):
        return "inflection"
    if len(short) >= 3 and len(long) - len(short) >= 3:
        rest = long[len(short):] if long.startswith(short) else \
            long[:-len(short)] if long.endswith(short) else None
        if rest and (rest in words or any(inflected_from(rest, w) for w in
                                          (rest[:-1], rest[:-2], rest[:-3]) if w in words)):
            return "compound"
    return None


def clue_words(clue):
    """The words of a clue in grid letters ("Don't" -> DONT)."""
    import re
    return ["".join(ch for ch in w if ch.isalpha()).upper()
            for w in re.split(r"[^A-Za-z'’]+", clue) if any(ch.isalpha() for ch in w)]


def uses_answer(clue, answer, others):
    """The word of `clue` that is another answer of the grid (any word of
    two letters or more: OUT in "Washed out" beside OUT), or an inflection
    of one or the reverse (words of three letters or more), or None."""
    for word in clue_words(clue):
        if len(word) < 2:
            continue
        for other in others:
            if other == answer:
                continue
            if word == other:
                return f"{word} ({other})"
            if min(len(word), len(other)) >= 3 and (
                    inflected_from(word, other) or inflected_from(other, word)
                    or frozenset((word, other)) in IRREGULAR_PAIRS):
                return f"{word} ({other})"
    return None


def pdf_text(path):
    """The text of a PDF, through pypdf from the tests' validators."""
    python = os.path.join(ROOT, "target/validators/bin/python")
    code = "import sys, pypdf\nfor p in pypdf.PdfReader(sys.argv[1]).pages: print(p.extract_text())"
    out = subprocess.run([python, "-c", code, path], capture_output=True, text=True)
    return out.stdout if out.returncode == 0 else None


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
    """[(answer, clue, enumeration)] of a made puzzle, from its solution and
    numbered clues."""
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
            enumeration = clue.get("enumeration", "") if isinstance(clue, dict) else ""
            pairs.append((answers[(int(n), direction)], text, enumeration))
    return pairs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cruciverb", default=os.path.join(ROOT, "target/release/cruciverb"))
    parser.add_argument("--reference", help="a list the project does not ship")
    parser.add_argument("--sample", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=1, help="first seed of each set")
    args = parser.parse_args()
    reference = read_reference(args.reference) if args.reference else None
    RUNS = runs(args.first)
    words = {line.split(";")[0] for line in open(os.path.join(ROOT, "wordlists/default.txt"))
             if int(line.split(";")[1]) >= 50}

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
        pdfs = {name: pdf_text(os.path.join(tmp, name.replace(".ipuz", ".pdf")))
                for name in puzzles if name.startswith("c")}

    pairs = [(a, c) for found in puzzles.values() for a, c, _ in found]
    empty = sum(1 for _, clue in pairs if not clue.strip())
    print(f"{len(puzzles)} of {len(RUNS)} puzzles made, {len(pairs)} entries, "
          f"{empty} empty clues; seconds per puzzle: median "
          f"{statistics.median(times):.2f}, slowest {max(times):.2f}")
    for line in failed:
        print(f"  failed: {line}")

    clashes = collections.defaultdict(list)
    for name, found in puzzles.items():
        answers = [a for a, _, _ in found]
        for i, a in enumerate(answers):
            for b in answers[i + 1:]:
                why = root_clash(a, b, words)
                if why:
                    clashes[why].append(f"{name[:-5]}: {a}/{b}")
    strict = [c for why in ("same", "inflection", "irregular") for c in clashes[why]]
    print(f"grids with two entries sharing a root (inflections, irregular forms, repeats): "
          f"{len({c.split(':')[0] for c in strict})} ({len(strict)} pairs) {strict}")
    print(f"  start or end of another entry, the rest a word (read these): "
          f"{len(clashes['compound'])} {clashes['compound']}")
    using = []
    for name, found in puzzles.items():
        answers = [a for a, _, _ in found]
        for answer, clue, _ in found:
            word = uses_answer(clue, answer, answers)
            if word:
                using.append(f"{name[:-5]}: {answer} \"{clue}\" uses {word}")
    print(f"clues using another answer of their grid: {len(using)} {using}")
    seen = collections.defaultdict(list)
    for name, found in puzzles.items():
        if name.startswith("a"):
            for answer, clue, _ in found:
                seen[answer].append(clue)
    repeated = {a: clues for a, clues in seen.items() if len(clues) >= 2}
    varied = sum(1 for clues in repeated.values() if len(set(clues)) >= 2)
    print(f"answers in 2+ American puzzles: {len(repeated)}, with 2+ different clues: {varied} "
          f"({100 * varied / max(1, len(repeated)):.0f}%); always the same: "
          + " ".join(f"{a}x{len(c)}" for a, c in sorted(repeated.items()) if len(set(c)) < 2))
    missing, british = [], 0
    for name, text in pdfs.items():
        flat = " ".join((text or "").split())
        for answer, clue, enumeration in puzzles[name]:
            british += 1
            if not enumeration or f"({enumeration})" not in flat:
                missing.append(f"{name[:-5]}: {answer} {enumeration!r}")
    print(f"British clues: {british}, without their enumeration in the PDF: {len(missing)} "
          f"{missing[:20]}")
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
