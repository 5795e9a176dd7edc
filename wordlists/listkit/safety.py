"""What no newspaper prints, in two tiers, for entries and for clues.

Tier 1 (`curated/blocked.txt`) is removed from the list: slurs, obscenities
with their compounds and spellings, sexual violence, hate figures. Tier 2
(`curated/breakfast.txt`) fails the breakfast-table test (bodily functions,
disease, sexual terms, gore, ...): it stays in the list below the default
minimum score, so a constructor can opt in by lowering `--min-score`.
Patterns match whole words with simple inflections, exact words, prefixes,
suffixes or stems anywhere inside a word (see `curated/README.md`), so
compounds and spellings are caught without listing each; `curated/allowed.txt`
names the innocent words a stem would catch (GRAPE holds RAPE). WordNet's own
usage labels add a third source: a lemma all of whose senses WordNet marks
obscene, an ethnic slur or disparaging is blocked too (see `sources`).

From `wordlists/`:

    python3 -m listkit.safety WORDS_FILE   # what each pattern catches
    python3 -m listkit.safety --clue "Some clue text"
"""

import os
import re
import sys
from collections import defaultdict

from .text import data_lines, normalize

CURATED = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "curated")
INFLECTIONS = ("", "S", "ES", "ED", "ER", "ERS", "ING", "Y", "IER", "IEST")
BLOCK, BREAKFAST = "block", "breakfast"


def inflections(stem):
    """`stem` and its simple inflections as grid letters: SLAVE gives
    SLAVES, SLAVED, SLAVING; STAB gives STABBED, STABBING."""
    forms = {stem + ending for ending in INFLECTIONS}
    vowel_endings = [e for e in INFLECTIONS if e[:1] in ("E", "I", "Y")]
    if stem.endswith("E"):
        forms.update(stem[:-1] + ending for ending in vowel_endings)
    elif len(stem) >= 3 and stem[-1] not in "AEIOUWXY" and stem[-2] in "AEIOU" \
            and stem[-3] not in "AEIOU":
        forms.update(stem + stem[-1] + ending for ending in vowel_endings)
    return forms


class Pattern:
    """One line of a pattern file."""

    def __init__(self, text, where):
        self.text, self.where = text, where
        body = text.strip()
        self.exact = body.startswith("=")
        body = body.lstrip("=")
        self.prefix = body.endswith("*")
        self.suffix = body.startswith("*")
        stem = normalize(body.strip("*"))
        if not stem:
            raise ValueError(f"{where}: {text!r} is not a pattern")
        self.stem = stem

    def matches(self, word):
        if self.prefix and self.suffix:
            return self.stem in word
        if self.prefix:
            return word.startswith(self.stem)
        if self.suffix:
            return word.endswith(self.stem)
        if self.exact:
            return word == self.stem
        return word in inflections(self.stem)


class Tier:
    """The patterns of one file, with a fast path for the whole-word ones."""

    def __init__(self, path):
        self.path = path
        self.patterns = [Pattern(line, f"{path}:{n}") for n, line in data_lines(path)]
        self.whole = {}
        self.scanned = []
        for p in self.patterns:
            if p.prefix or p.suffix:
                self.scanned.append(p)
            elif p.exact:
                self.whole.setdefault(p.stem, p)
            else:
                for form in inflections(p.stem):
                    self.whole.setdefault(form, p)

    def match(self, word):
        """The first pattern `word` matches, or None."""
        hit = self.whole.get(word)
        if hit:
            return hit
        for p in self.scanned:
            if p.matches(word):
                return p
        return None


class Safety:
    def __init__(self, directory=CURATED):
        self.block = Tier(os.path.join(directory, "blocked.txt"))
        self.breakfast = Tier(os.path.join(directory, "breakfast.txt"))
        allowed = os.path.join(directory, "allowed.txt")
        self.allowed = {normalize(line) for _, line in data_lines(allowed)} \
            if os.path.exists(allowed) else set()
        self.wordnet_blocked = set()

    def classify(self, word):
        """(BLOCK or BREAKFAST, why) for a grid-letter entry, or None."""
        if word in self.allowed:
            return None
        if word in self.wordnet_blocked:
            return BLOCK, "every WordNet sense is marked offensive"
        for tier, name in ((self.block, BLOCK), (self.breakfast, BREAKFAST)):
            hit = tier.match(word)
            if hit:
                return name, f"{hit.where}: {hit.text}"
        return None

    def clue_problem(self, clue):
        """Why a clue text is not printable, or None: any word of it (or two
        or three words run together, as phrases are) in either tier."""
        words = [normalize(w) for w in re.findall(r"[A-Za-z][A-Za-z'\u2019]*", clue)]
        words = [w for w in words if w]
        runs = set(words)
        for n in (2, 3):
            runs.update("".join(words[i:i + n]) for i in range(len(words) - n + 1))
        for run in sorted(runs):
            found = self.classify(run)
            if found:
                return f"{run}: {found[0]} ({found[1]})"
        return None


def main(argv):
    safety = Safety()
    if argv[:1] == ["--clue"]:
        for clue in argv[1:]:
            print(f"{clue!r}: {safety.clue_problem(clue) or 'fine'}")
        return 0
    caught = defaultdict(list)
    for path in argv:
        for _, line in data_lines(path):
            word = normalize(line.split(";")[0])
            if not word:
                continue
            found = safety.classify(word)
            if found:
                caught[(found[0], found[1])].append(word)
    for (tier, why), words in sorted(caught.items()):
        print(f"{tier}\t{why}\t{len(words)}\t{' '.join(sorted(words)[:200])}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
