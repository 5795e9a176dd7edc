#!/usr/bin/env python3
"""Build cruciverb's embedded word list, its notes and its clue database.

    apt-get install scowl wordnet-base
    pip install -r wordlists/requirements.txt
    python3 wordlists/build.py

writes, next to this script:
- default.txt        `WORD;SCORE`, the default word list (sorted);
- notes.txt          `WORD;kinds;origin` for every entry: what kind of entry it
                     is (name, abbreviation, phrase, breakfast, ...) and where
                     its score came from, for `wordlist show` and the
                     quality report of `fill` and `make`;
- clues-written.txt  `ANSWER;clue`, the clues the team wrote (curated/);
- clues.txt          `ANSWER;clue`, clues drafted from WordNet for the
                     other entries.

How an entry is scored is `listkit.score`'s docstring; what is left out or
kept below the default minimum of 50 is `listkit.safety`'s. The curated files
(`curated/README.md`) override the big sources. Last, every entry at 50 or
above must have a clue, written or drafted, or it drops to 45: `make` uses
only entries it can clue, and by default that is everything at 50 or above.
The same inputs always give the same files.
"""

import collections
import glob
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from listkit import score as scoring  # noqa: E402
from listkit.clues import Drafter  # noqa: E402
from listkit.curated import (ENTRY_FILES, CuratedError, parse_clue_line,  # noqa: E402
                             parse_score_line, read_entry_file, read_keyed)
from listkit.cluecheck import leaks, style_problems  # noqa: E402
from listkit.safety import BLOCK, BREAKFAST, Safety  # noqa: E402
from listkit.sources import Frequencies, WordNetLemmas, scowl  # noqa: E402
from listkit.text import data_lines, normalize  # noqa: E402

MIN_LEN, MAX_LEN = 3, 21
# Entries the big sources score below this are left out: nobody fills with
# them, and they would only make the embedded list bigger.
MIN_KEPT = 20
# SCOWL size classes this large hold words kept only if someone uses them.
OBSCURE_SIZE = 80
CURATED = os.path.join(HERE, "curated")
# Endings whose removal (and replacement) gives the base of an inflection.
INFLECTION_ENDINGS = (("S", ""), ("ES", ""), ("IES", "Y"), ("ED", ""), ("ED", "E"),
                      ("IED", "Y"), ("ING", ""), ("ING", "E"), ("ER", ""), ("ER", "E"),
                      ("IER", "Y"), ("EST", ""), ("EST", "E"), ("IEST", "Y"))
# The inflections a grid uses as freely as their base: plurals, verb forms.
GRID_INFLECTIONS = tuple(e for e in INFLECTION_ENDINGS if e[0] in ("S", "ES", "IES", "ED", "IED", "ING"))


class Candidate:
    __slots__ = ("score", "kinds", "origin", "clue")

    def __init__(self, score, kinds, origin, clue=None):
        self.score, self.kinds, self.origin, self.clue = score, set(kinds), origin, clue


def bases(word, entries, endings=INFLECTION_ENDINGS):
    """The words `word` may be an inflection of (SEEDS -> SEED, STOPPED ->
    STOP, TIREDER -> TIRED), among the plain words of `entries`."""
    found = []
    for ending, replacement in endings:
        if word.endswith(ending) and len(word) > len(ending) + 1:
            found.append(word[:len(word) - len(ending)] + replacement)
            stem = word[:len(word) - len(ending)]
            if ending[0] in "EI" and len(stem) >= 3 and stem[-1] == stem[-2]:
                found.append(stem[:-1])  # a doubled consonant: STOPPED
    return [b for b in found if b in entries and "word" in entries[b].kinds]


def from_scowl(freq):
    entries = scowl(MIN_LEN, MAX_LEN)
    zipf = {}

    def zipf_of(word):
        if word not in zipf:
            zipf[word] = freq.zipf(entries[word].forms)
        return zipf[word]

    candidates, dropped = {}, 0
    for word, entry in entries.items():
        z = zipf_of(word)
        if z == 0 and entry.size >= OBSCURE_SIZE:
            continue  # huge-dictionary words nobody writes: not even below 50
        if z == 0 and any(zipf_of(b) > 0 for b in bases(word, entries)):
            dropped += 1  # an inflection nobody uses of a word people do
            continue
        # Plurals and verb forms read as well as their base in a grid;
        # comparatives (MUTER, JUSTER) and -ER nouns do not.
        base_zipf = max((zipf_of(b) for b in bases(word, entries, GRID_INFLECTIONS)),
                        default=None)
        kinds = sorted(entry.kinds)
        american = entry.american if entry.american < 100 else entry.size + 1
        score = scoring.word_score(z, entry.size, entry.kinds, len(word), american,
                                   base_zipf if "word" in entry.kinds else None)
        origin = f"SCOWL {'/'.join(kinds)} {entry.size}, wordfreq {z:.2f}"
        if american > entry.size:
            origin += ", not an American spelling"
        # What the entry is, as a solver reads it: a plain word if it is one
        # at all (FREE is also an abbreviation), else a name, else an
        # abbreviation or contraction, which only the team's files vouch for.
        if "word" in entry.kinds:
            kind = []
        elif {"name", "capitalised"} & entry.kinds:
            kind = ["name"]
        else:
            kind = [k for k in kinds if k in ("abbreviation", "contraction")]
            score = min(score, scoring.UNCURATED_CAP)
        candidates[word] = Candidate(score, kind, origin)
    return candidates, dropped


def add_wordnet_phrases(candidates, wordnet):
    added = 0
    for lemma, written in wordnet.phrases():
        word = normalize(written)
        if not word or not MIN_LEN <= len(word) <= MAX_LEN or word in candidates:
            continue
        tags = wordnet.tags.get(lemma, 0)
        kinds = ["phrase"] + (["name"] if wordnet.is_instance_only(lemma) else [])
        candidates[word] = Candidate(scoring.phrase_score(tags), kinds,
                                     f"WordNet phrase, {tags} sense tags")
        added += 1
    return added


def add_curated(candidates):
    """Curated entry files override everything; returns written clues."""
    written = {}
    for path in sorted(glob.glob(os.path.join(CURATED, "*.txt"))):
        stem = os.path.splitext(os.path.basename(path))[0]
        kind = ENTRY_FILES.get(stem.split("-")[0])
        if kind is None:
            continue
        for word, entry in read_entry_file(path, kind).items():
            if not MIN_LEN <= len(word) <= MAX_LEN:
                continue
            old = candidates.get(word)
            kinds = {kind} | ({"phrase"} if " " in entry.written.strip() else set())
            origin = f"curated {os.path.basename(path)}"
            if old and old.origin.startswith("curated") and old.score >= entry.score:
                continue  # two curated files: the higher score and its clue stand
            candidates[word] = Candidate(entry.score, kinds, origin)
            written[word] = entry.clue
    for path in sorted(glob.glob(os.path.join(CURATED, "clues-*.txt"))):
        for word, clue in read_keyed(path, parse_clue_line).items():
            if word in written:
                raise CuratedError(f"{clue.source}: {word} already has a written clue")
            written[word] = clue.clue
    for path in sorted(glob.glob(os.path.join(CURATED, "scores-*.txt"))):
        for word, rescore in read_keyed(path, parse_score_line).items():
            old = candidates.get(word)
            if old is None:
                raise CuratedError(f"{rescore.source}: {word} is not a candidate entry")
            old.score = rescore.score
            old.origin += f"; rescored by the team: {rescore.why}"
    return written


def apply_safety(candidates, written, safety):
    tally = collections.Counter()
    for word in list(candidates):
        found = safety.classify(word)
        if found is None:
            continue
        tier, why = found
        tally[tier] += 1
        if tier == BLOCK:
            del candidates[word]
            written.pop(word, None)
        else:
            c = candidates[word]
            c.score = min(c.score, scoring.BREAKFAST_CAP)
            c.kinds.add("breakfast")
            c.origin += f"; breakfast test ({why.split(': ', 1)[-1]})"
    problems = [f"written clue for {word} {clue!r}: {problem}"
                for word, clue in sorted(written.items())
                for problem in [safety.clue_problem(clue)] if problem]
    if problems:
        raise CuratedError("\n".join(problems))
    return tally


def check_profanity_review(candidates_before, safety):
    """Every word of the generic profanity list that is a candidate must be
    decided in curated/profanity-review.txt, and the decision must be what
    the pattern files do."""
    import better_profanity  # the generic list this review covers
    source = os.path.join(os.path.dirname(better_profanity.__file__), "profanity_wordlist.txt")
    hits = {normalize(line) for _, line in data_lines(source)} & candidates_before
    path = os.path.join(CURATED, "profanity-review.txt")
    decided = {}
    for number, line in data_lines(path):
        word, decision, *_ = line.split(";") + [""]
        decided[normalize(word)] = (decision.strip(), f"{path}:{number}")
    problems = [f"{w}: a hit of the generic profanity list with no decision in {path}"
                for w in sorted(hits - set(decided))]
    for word, (decision, where) in sorted(decided.items()):
        found = safety.classify(word)
        actual = found[0] if found else "keep"
        if decision != actual:
            problems.append(f"{where}: {word} is decided {decision!r} but the patterns make it {actual!r}")
    if problems:
        raise CuratedError("\n".join(problems))
    return len(hits)


def draft_clues(candidates, written, drafter):
    drafted = {}
    for word in sorted(candidates):
        if word in written:
            continue
        found = drafter.draft(word, ())
        if found:
            drafted[word] = found[0]
    return drafted


def write_lines(name, lines):
    path = os.path.join(HERE, name)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for line in lines:
            f.write(line + "\n")
    return path


def main():
    safety = Safety()
    wordnet = WordNetLemmas()
    safety.wordnet_blocked = wordnet.all_offensive()
    candidates, dropped = from_scowl(Frequencies())
    phrases = add_wordnet_phrases(candidates, wordnet)
    written = add_curated(candidates)
    reviewed = check_profanity_review(set(candidates), safety)
    tiers = apply_safety(candidates, written, safety)
    for word in [w for w, c in candidates.items()
                 if c.score < MIN_KEPT and not c.origin.startswith("curated")]:
        del candidates[word]
    drafted = draft_clues(candidates, written, Drafter(safety=safety))
    unclued = 0
    for word, c in candidates.items():
        if c.score >= 50 and word not in written and word not in drafted:
            c.origin += f"; no clue yet (else {c.score})"
            c.score = scoring.UNCLUED_CAP
            unclued += 1
    words = sorted(candidates)
    write_lines("default.txt", (f"{w};{candidates[w].score}" for w in words))
    write_lines("notes.txt", (f"{w};{','.join(sorted(candidates[w].kinds)) or 'word'};"
                              f"{candidates[w].origin}" for w in words))
    write_lines("clues-written.txt", (f"{w};{written[w]}" for w in sorted(written)
                                      if w in candidates))
    write_lines("clues.txt", (f"{w};{drafted[w]}" for w in sorted(drafted)))
    usable = sum(1 for c in candidates.values() if c.score >= 50)
    print(f"{len(candidates)} entries ({usable} at 50 or above); dropped {dropped} unseen "
          f"inflections; {phrases} WordNet phrases; {tiers[BLOCK]} blocked, "
          f"{tiers[BREAKFAST]} below the minimum by the breakfast test; {reviewed} profanity-list "
          f"hits reviewed; clues: {len(written)} written, {len(drafted)} drafted, "
          f"{unclued} entries capped at {scoring.UNCLUED_CAP} for want of one", file=sys.stderr)


if __name__ == "__main__":
    main()
