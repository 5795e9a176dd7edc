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
- clues-written.txt  `ANSWER;LEVEL;clue[;LEVEL;clue...]`, the clues the team
                     wrote (curated/), the answer's first clue first, each
                     with its level (easy, medium, hard) and, after a `+`,
                     the country whose solvers alone would get it (us, uk);
- clues.txt          `ANSWER;clue`, clues drafted from WordNet for the
                     other entries, and a spare for each written answer
                     with fewer than three clues, which `make` uses only
                     when every written one would use another answer of
                     its grid (WHIRL's "Spin" beside SPIN);
- forms.txt          `WORD;written form` where the form shows word
                     boundaries (`BUCKETLIST;bucket list`): enumerations;
- roots.txt          `WORD;ROOT ROOT|WEAK` (`listkit.roots`): which entries
                     share a root, which no grid may hold together;
- spellings.txt      `AMERICAN;BRITISH` spelling pairs (`listkit.spelling`):
                     British puzzles respell their clues with them;
- british.txt        `WORD;SCORE` where British puzzles score an entry
                     otherwise: British spellings at their American twin's
                     score, the twins and answers only Americans know held
                     below the minimum.

How an entry is scored is `listkit.score`'s docstring; what is left out or
kept below the default minimum of 50 is `listkit.safety`'s. The curated files
(`curated/README.md`) override the big sources; the team's reviews
(`curated/levels-*.txt`) say what kind an answer is as an editor sees it —
crosswordese, partials and odd inflections go below the minimum — and add
clues at three levels of difficulty. Last, every entry at 50 or
above must have a clue, written or drafted, or it drops to 45: `make` uses
only entries it can clue, and by default that is everything at 50 or above.
The same inputs always give the same files.
"""

import collections
import glob
import os
import sys

# Run as a script, Python puts this directory first on the import path, so
# `listkit` (next to this file) imports as the package it is.
from listkit import score as scoring
from listkit.clues import Drafter
from listkit.curated import (ENTRY_FILES, CuratedError, parse_clue_line,
                             parse_score_line, read_entry_file, read_keyed, read_levels)
from listkit.roots import Roots, line as roots_line
from listkit.spelling import pairs as spelling_pairs
from listkit.cluecheck import leaks
from listkit.safety import BLOCK, BREAKFAST, Safety
from listkit.sources import Frequencies, WordNetLemmas, scowl
from listkit.text import data_lines, normalize

HERE = os.path.dirname(os.path.abspath(__file__))

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
PLURAL_ENDINGS = (("S", ""), ("ES", ""), ("IES", "Y"))
# Stems that take -ES, not -S.
SIBILANTS = ("S", "X", "Z", "CH", "SH")


class WrittenClue:
    """A written clue: its level (easy, medium, hard), region ("" for any
    solver, us or uk when it needs that country's knowledge) and text."""
    __slots__ = ("level", "region", "text")

    def __init__(self, level, region, text):
        self.level, self.region, self.text = level, region, text

    def tag(self):
        return self.level + (f"+{self.region}" if self.region else "")


class Candidate:
    """An entry on its way into the list: its score, kinds, where the score
    came from, its written form when that shows word boundaries ("bucket
    list", "jack-in-the-box"; None for a single word), and the score an
    abbreviation only SCOWL vouches for had before its cap (restored when
    the team reviews it)."""
    __slots__ = ("score", "kinds", "origin", "written", "uncapped")

    def __init__(self, score, kinds, origin, written=None, uncapped=None):
        self.score, self.kinds, self.origin = score, set(kinds), origin
        self.written, self.uncapped = written, uncapped


def bases(word, entries, endings=INFLECTION_ENDINGS):
    """The words `word` may be an inflection of (SEEDS -> SEED, STOPPED ->
    STOP, TIREDER -> TIRED), among the plain words of `entries`. English
    spelling decides between -S and -ES: HISS is not HIS + S, nor CANES
    CAN + ES."""
    found = []
    for ending, replacement in endings:
        if word.endswith(ending) and len(word) > len(ending) + 1:
            stem = word[:len(word) - len(ending)]
            if ending == "S" and (stem.endswith(SIBILANTS) or stem.endswith("S")):
                continue  # BUSS, HISS: a plural of these would end in -ES
            if ending == "ES" and not stem.endswith(SIBILANTS + ("O",)):
                continue  # CANES is CANE + S
            found.append(stem + replacement)
            if ending[0] in "EI" and len(stem) >= 3 and stem[-1] == stem[-2]:
                found.append(stem[:-1])  # a doubled consonant: STOPPED
    return [b for b in found if b in entries and "word" in entries[b].kinds]


def plural(word, entries):
    """Whether `word` has a plural ending on a plain word of `entries`."""
    return bool(bases(word, entries, PLURAL_ENDINGS))


def from_scowl(freq, entries):
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
        # What the entry is, as a solver reads it: the kind SCOWL lists it
        # as in its smallest size class (TIM the name, not the size-95
        # word; EFL the abbreviation); a plain word when that ties.
        # Abbreviations and contractions only SCOWL vouches for stay below
        # the minimum unless the team's files review them.
        primary = entry.primary_kind()
        uncapped = None
        american = entry.american if entry.american < 100 else entry.size + 1
        odd = primary == "word" and scoring.odd_inflection(z, base_zipf, plural(word, entries))
        # Places, peoples and brands SCOWL also lists as words (AEGEAN,
        # ALGERIAN) score as words, as they did; people's names must be
        # better known (TIM, RITA).
        scored_as = {primary} | ({"word"} if primary == "capitalised" and "word" in entry.kinds
                                 else set())
        score = scoring.word_score(z, entry.size, scored_as, len(word), american,
                                   base_zipf if primary == "word" else None, odd)
        origin = f"SCOWL {'/'.join(f'{k} {entry.sizes[k]}' for k in kinds)}, wordfreq {z:.2f}"
        if american > entry.size:
            origin += ", not an American spelling"
        if primary == "word":
            kind = []
        elif primary in ("name", "capitalised"):
            kind = ["name"]
        else:
            kind = [primary]
            uncapped = score
            score = min(score, scoring.UNCURATED_CAP)
        if odd:
            kind = ["inflection"]
            origin += f", used {base_zipf - z:.1f} Zipf less than its base"
        candidates[word] = Candidate(score, kind, origin, written=scowl_written(entry),
                                     uncapped=uncapped)
    return candidates, dropped


def scowl_written(entry):
    """The written form of a SCOWL entry to keep: one with a space or
    hyphen (its word boundaries), lower case preferred; else None."""
    joined = sorted((f for f in entry.forms if " " in f or "-" in f),
                    key=lambda f: (f != f.lower(), f))
    return joined[0] if joined else None


def add_wordnet_phrases(candidates, wordnet):
    added = 0
    for lemma, written in wordnet.phrases():
        word = normalize(written)
        if not word or not MIN_LEN <= len(word) <= MAX_LEN or word in candidates:
            continue
        tags = wordnet.tags.get(lemma, 0)
        kinds = ["phrase"] + (["name"] if wordnet.is_instance_only(lemma) else [])
        candidates[word] = Candidate(scoring.phrase_score(tags), kinds,
                                     f"WordNet phrase, {tags} sense tags", written=written)
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
            form = entry.written.strip()
            candidates[word] = Candidate(entry.score, kinds, origin,
                                         written=form if " " in form or "-" in form else None)
            written[word] = [WrittenClue("easy", "", entry.clue)]
    for path in sorted(glob.glob(os.path.join(CURATED, "clues-*.txt"))):
        for word, clue in read_keyed(path, parse_clue_line).items():
            if word in written:
                raise CuratedError(f"{clue.source}: {word} already has a written clue")
            written[word] = [WrittenClue("easy", "", clue.clue)]
    for path in sorted(glob.glob(os.path.join(CURATED, "scores-*.txt"))):
        for word, rescore in read_keyed(path, parse_score_line).items():
            old = candidates.get(word)
            if old is None:
                raise CuratedError(f"{rescore.source}: {word} is not a candidate entry")
            old.score = rescore.score
            old.origin += f"; rescored by the team: {rescore.why}"
    return written


def apply_levels(candidates, written):
    """The team's reviews in `curated/levels-*.txt`: an answer's kind as an
    editor sees it (with its consequence for the score) and its clues by
    difficulty. A line repeating the answer's clue sets that clue's level
    and region; `drop` removes it; any other adds a clue. Returns how many
    answers were reviewed and clues added."""
    reviewed, added = 0, 0
    for path in sorted(glob.glob(os.path.join(CURATED, "levels-*.txt"))):
        for line in read_levels(path):
            c = candidates.get(line.word)
            if c is None:
                raise CuratedError(f"{line.source}: {line.word} is not a candidate entry")
            if line.kinds is not None:
                reviewed += 1
                review_kind(c, line)
                continue
            problem = line.level != "drop" and leaks(line.word, c.written or line.word, line.clue)
            if problem:
                raise CuratedError(f"{line.source}: clue {line.clue!r} for {line.word}: {problem}")
            clues = written.setdefault(line.word, [])
            same = [i for i, w in enumerate(clues) if w.text == line.clue]
            if line.level == "drop":
                if not same:
                    raise CuratedError(f"{line.source}: {line.word} has no clue {line.clue!r}")
                del clues[same[0]]
            elif same:
                clues[same[0]] = WrittenClue(line.level, line.region, line.clue)
            else:
                clues.append(WrittenClue(line.level, line.region, line.clue))
                added += 1
    for word in [w for w, clues in written.items() if not clues]:
        del written[word]
    return reviewed, added


def review_kind(c, line):
    """Sets a reviewed kind on candidate `c` and scores it accordingly:
    crosswordese, partials and odd inflections below the minimum, an
    abbreviation the review vouches for back to its uncapped score."""
    kinds = line.kinds - {"word"}
    c.kinds = (c.kinds & {"phrase", "breakfast", "contraction"}) | kinds
    if kinds & scoring.BELOW_MINIMUM_KINDS:
        c.score = min(c.score, scoring.REVIEWED_WEAK_CAP)
    elif c.uncapped is not None:
        c.score = max(c.score, c.uncapped)
    c.origin += f"; kind reviewed by the team ({line.source.rsplit('/', 1)[-1].split(':')[0]})"


def borrow_clues(candidates, written, spellings):
    """A British spelling with no clue of its own takes its American twin's
    (COLOUR the clues of COLOR; British puzzles respell their text)."""
    borrowed = 0
    for american, british in spellings:
        if british in candidates and british not in written and american in written:
            # "Metric lengths" clues CENTIMETERS but gives CENTIMETRES away.
            fitting = [c for c in written[american] if not leaks(british, british, c.text)]
            if fitting:
                written[british] = fitting
                borrowed += 1
    return borrowed


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
    problems = [f"written clue for {word} {clue.text!r}: {problem}"
                for word, clues in sorted(written.items()) for clue in clues
                for problem in [safety.clue_problem(clue.text)] if problem]
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


# Written answers with fewer clues than this get a drafted spare.
SPARE_BELOW = 3


def draft_clues(candidates, written, drafter):
    """A drafted clue for every entry without a written one, and a spare
    for every written answer with fewer than SPARE_BELOW clues (one that
    differs from them). Returns ({answer: clue}, spares drafted)."""
    drafted, spares = {}, 0
    for word in sorted(candidates):
        clues = written.get(word, ())
        if len(clues) >= SPARE_BELOW:
            continue
        found = drafter.draft(word, ())
        if found and all(found[0].lower() != c.text.lower() for c in clues):
            drafted[word] = found[0]
            spares += bool(clues)
    return drafted, spares


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
    entries = scowl(MIN_LEN, MAX_LEN)
    candidates, dropped = from_scowl(Frequencies(), entries)
    phrases = add_wordnet_phrases(candidates, wordnet)
    written = add_curated(candidates)
    reviewed_kinds, added_clues = apply_levels(candidates, written)
    spellings = spelling_pairs(entries)
    borrowed = borrow_clues(candidates, written, spellings)
    reviewed = check_profanity_review(set(candidates), safety)
    tiers = apply_safety(candidates, written, safety)
    for word in [w for w, c in candidates.items()
                 if c.score < MIN_KEPT and not c.origin.startswith("curated")]:
        del candidates[word]
    drafter = Drafter(safety=safety)
    drafted, spares = draft_clues(candidates, written, drafter)
    unclued = 0
    for word, c in candidates.items():
        if c.score >= 50 and word not in written and word not in drafted:
            c.origin += f"; no clue yet (else {c.score})"
            c.score = scoring.UNCLUED_CAP
            unclued += 1
    british = british_scores(candidates, spellings)
    roots = Roots(drafter.wn, lambda w: bases(w, entries, GRID_INFLECTIONS))
    words = sorted(candidates)
    write_lines("default.txt", (f"{w};{candidates[w].score}" for w in words))
    write_lines("notes.txt", (f"{w};{','.join(sorted(candidates[w].kinds)) or 'word'};"
                              f"{candidates[w].origin}" for w in words))
    write_lines("clues-written.txt", (
        f"{w};" + ";".join(f"{c.tag()};{c.text}" for c in written[w])
        for w in sorted(written) if w in candidates))
    write_lines("clues.txt", (f"{w};{drafted[w]}" for w in sorted(drafted)))
    write_lines("forms.txt", (f"{w};{candidates[w].written}" for w in words
                              if candidates[w].written))
    write_lines("roots.txt", (line for w in words
                              for line in [roots_line(w, *roots.of_entry(w, candidates[w].written))]
                              if line))
    write_lines("spellings.txt", (f"{a};{b}" for a, b in spellings))
    write_lines("british.txt", (f"{w};{british[w]}" for w in sorted(british)))
    usable = sum(1 for c in candidates.values() if c.score >= 50)
    print(f"{len(candidates)} entries ({usable} at 50 or above); dropped {dropped} unseen "
          f"inflections; {phrases} WordNet phrases; {tiers[BLOCK]} blocked, "
          f"{tiers[BREAKFAST]} below the minimum by the breakfast test; {reviewed} profanity-list "
          f"hits reviewed; {reviewed_kinds} kinds reviewed; clues: {len(written)} answers written "
          f"({added_clues} further clues by level, {borrowed} borrowed by British spellings), "
          f"{len(drafted) - spares} drafted and {spares} spares, {unclued} entries capped at {scoring.UNCLUED_CAP} for want of "
          f"one; {len(spellings)} spelling pairs, {len(british)} British scores", file=sys.stderr)


def british_scores(candidates, spellings):
    """The scores British puzzles use where they differ from the default
    (American) ones: a British spelling as good as its American twin
    (which the default holds below the minimum, like COLOUR), the American
    twin held there instead, and answers only Americans know held there
    too. Sets the default scores of the British twins as it goes."""
    british = {}
    held = scoring.BRITISH_CAP
    for american, gb in spellings:
        us, uk = candidates.get(american), candidates.get(gb)
        if uk is not None and not uk.kinds & (scoring.BELOW_MINIMUM_KINDS | {"breakfast"}):
            british[gb] = max(uk.score, us.score if us else 0)
            if uk.score > held:
                uk.score = held
                uk.origin += f"; British spelling of {american}, held to {held} in American puzzles"
        if us is not None and us.score > held:
            british[american] = held
    for word, c in candidates.items():
        if "american" in c.kinds and c.score > held:
            british[word] = held
    return {w: s for w, s in british.items() if s != candidates[w].score}


if __name__ == "__main__":
    main()
