"""Root families: which entries of the list share a root.

An editor sends back a grid that holds two entries with one root: ELM and
ELMS, MAN and MEN, SEAT and SEATED, DATE and BLINDDATE, OVER and OVERTIMES.
The filler forbids such pairs the way it forbids a repeated word, so the
builder gives every entry the roots it is made of, written to `roots.txt`
as `WORD;ROOT ROOT|WEAK WEAK` (an entry's own letters are always one of its
roots and are not written). Two entries clash when they share a root, or
when a weak root of one is a root of the other. Weak roots are the function
words an entry is built on (OVER in OVERTIMES, THE in ONTHEGO): OVERTIMES
clashes with OVER itself, but not with OVERHEAD, and ONTHEGO not with
INTHEEND, since every other phrase has a THE or an OF in it.

Where the roots come from, all decided here, once, from WordNet
(`cluewordnet.WordNet`) and the list's own phrases:

- inflections, by WordNet's morphology as its `morphy` applies it (the
  exception lists and the detachment rules of each part of speech, the
  base a lemma of that same part of speech): ELMS -> ELM, MEN -> MAN,
  ATE -> EAT, SEATED -> SEAT; for words WordNet lacks, the SCOWL
  inflections the builder already recognises (EMAILS -> EMAIL);
- words made from another by an affix, where WordNet links the two
  (derivation, pertainym or antonym) and one is the other with letters
  added: TEACHER -> TEACH, QUICKLY -> QUICK, UNHAPPY -> HAPPY;
- the words of a phrase, each reduced to its roots: BLINDDATES -> BLIND,
  DATE;
- a closed compound that splits into two words, one of which WordNet's
  gloss of it uses (OVERTIME, "playing time beyond regulation": TIME; the
  function word OVER comes along as a weak root). A split no gloss backs up
  is not one: MESSAGE is not MESS + AGE, nor CARPET CAR + PET. A person
  made with -MAN or -WOMAN needs no gloss (AIRMAN is AIR + MAN), and a
  compound of two function words has both as weak roots (EVERYONE beside
  ONE, WITHOUT beside OUT);
- the team's own links for words WordNet 3.0 predates or leaves apart
  (`curated/roots.txt`: APPS -> APP, NEWS -> NEW).

Roots are closed under these steps (UNHAPPINESS -> UNHAPPY -> HAPPY).
"""

import os
import re

from .text import data_lines, normalize

# Function words (`wordlists/function-words.txt`, which cruciverb reads
# too): weak roots when an entry is built on them, never roots that make
# two phrases clash.
FUNCTION_WORDS = frozenset(
    line for _, line in data_lines(os.path.join(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))), "function-words.txt")))
# Parts of a closed compound need this many letters (OVER + TIME; DO in
# OVERDO is too short to tell from chance).
MIN_PART = 3
# WordNet's parts of speech and the detachment rules of its morphology.
POS = ("n", "v", "a", "r")
DETACHMENTS = {
    "n": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"),
          ("shes", "sh"), ("men", "man"), ("ies", "y")),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"),
          ("ed", ""), ("ing", "e"), ("ing", "")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}
# Second parts that make a closed compound a person (AIRMAN, POLICEWOMAN).
PERSON_ENDINGS = ("MAN", "WOMAN")
# The team's links: `WORD;ROOT ROOT` in grid letters.
CURATED_ROOTS = {
    word: set(roots.split())
    for word, roots in (line.split(";", 1) for _, line in data_lines(os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "curated", "roots.txt")))}
# Singular nouns from Latin that look like plurals (GENUS, IRIS).
LATIN_SINGULARS = ("us", "is")
# Stems that take -es, not -s.
SIBILANTS = ("s", "x", "z", "ch", "sh")
# Lexical pointers that link a word to one made from it by an affix:
# derivation, pertainym (adverb or adjective from its base), antonym.
AFFIX_LINKS = ("+", "\\", "!")


def affixed(a, b):
    """Whether one of two grid-letter words is the other with letters added
    at either end (QUICK, QUICKLY; HAPPY, UNHAPPY), allowing the final E or
    Y of the shorter to change (HAPPY, HAPPINESS; PRODUCE, PRODUCTION)."""
    short, long = sorted((a, b), key=len)
    if len(short) < MIN_PART or short == long:
        return False
    if long.startswith(short) or long.endswith(short):
        return True
    return len(short) >= 4 and short[-1] in "EY" and long.startswith(short[:-1])


class Roots:
    """Roots of grid-letter entries, from WordNet (`cluewordnet.WordNet`),
    the written forms of the list's entries and a fallback for words
    WordNet lacks (`bases(word)`: their SCOWL inflection bases)."""

    def __init__(self, wordnet, bases=lambda word: ()):
        self.wn = wordnet
        self.fallback = bases
        # Lemma keys by part of speech (lower case, underscores), and the
        # exception lists per part of speech: inflected -> bases.
        self.lemmas = {p: set() for p in POS}
        for key, senses in wordnet.senses.items():
            for pos, _, _ in senses:
                self.lemmas[pos].add(key)
        self.exceptions = {p: {} for p in POS}
        for pos in POS:
            for base, forms in wordnet.irregular[pos].items():
                for form in forms:
                    self.exceptions[pos].setdefault(form, set()).add(base)
        # Single-word lemmas by grid letters, and the words of every gloss
        # (definitions and examples) of each lemma, for compound splits.
        self.by_letters = {}
        for key in wordnet.senses:
            if "_" not in key and "-" not in key:
                letters = normalize(key)
                if letters:
                    self.by_letters.setdefault(letters, set()).add(key)
        self._memo = {}

    # ------------------------------------------------------------ pieces

    def bases(self, word):
        """WordNet's base forms of a lower-case word (itself excluded), each
        a lemma of the part of speech whose rule or exception gave it. A
        word that is a lemma of a part of speech is not taken apart by that
        part's rules (MENS is no plural of MEN), except a plain plural -S
        of a noun of three letters or more: TONS is a noun of its own ("a
        large amount") and still the plural of TON. PASS is no plural of
        PAS by English spelling, GENUS none of GENU by Latin's."""
        found = set()
        for pos in POS:
            found |= {b for b in self.exceptions[pos].get(word, ()) if b in self.lemmas[pos]}
            lemma = word in self.lemmas[pos]
            for ending, replacement in DETACHMENTS[pos]:
                if lemma and not (pos == "n" and (ending, replacement) == ("s", "")
                                  and len(word) >= 4 and not word.endswith(LATIN_SINGULARS)):
                    continue
                if word.endswith(ending) and len(word) > len(ending):
                    stem = word[:len(word) - len(ending)]
                    # English spelling decides between -s and -es: BEES is
                    # not BE + ES, nor HISS HIS + S.
                    if ending == "es" and not replacement and not stem.endswith(SIBILANTS + ("o",)):
                        continue
                    if ending == "s" and stem.endswith(SIBILANTS):
                        continue
                    base = stem + replacement
                    if base in self.lemmas[pos]:
                        found.add(base)
        found.discard(word)
        return found

    def affix_relatives(self, key):
        """Shorter words WordNet links to lemma `key` by derivation,
        pertainym or antonym, when one is the other with an affix."""
        letters = normalize(key)
        found = set()
        for pos, _, sid in self.wn.senses.get(key, ()):
            synset = self.wn.synsets[sid]
            number = self.wn.word_number(synset, key)
            for symbol, target, source, target_number in synset.ptrs:
                if symbol not in AFFIX_LINKS or source != number or target_number == 0:
                    continue
                other = self.wn.synsets[target].keys[target_number - 1]
                other_letters = normalize(other)
                if other_letters and len(other_letters) < len(letters) \
                        and affixed(other_letters, letters):
                    found.add(other_letters)
        return found

    def compound_parts(self, key):
        """(content parts, function parts) of a closed compound lemma that
        its own glosses back up, as grid letters; empty when none."""
        letters = normalize(key)
        if not letters or len(letters) < 2 * MIN_PART:
            return set(), set()
        gloss_words = set()
        for _, _, sid in self.wn.senses.get(key, ()):
            synset = self.wn.synsets[sid]
            for text in synset.definitions + synset.examples:
                gloss_words.update(w.upper() for w in re.findall(r"[a-z]+", text.lower()))
        content, function = set(), set()
        for cut in range(MIN_PART, len(letters) - MIN_PART + 1):
            parts = (letters[:cut], letters[cut:])
            if not all(p in self.by_letters or p in FUNCTION_WORDS for p in parts):
                continue
            # -MAN and -WOMAN make a person of a word (AIRMAN, SNOWMAN)
            # whatever the gloss says: AIRMEN shares MAN with MEN, AIR
            # with AIR.
            person = parts[1] in PERSON_ENDINGS
            echoed = [p for p in parts if p not in FUNCTION_WORDS
                      and (person or p in gloss_words or self._inflected_in(p, gloss_words))]
            if not echoed and not all(p in FUNCTION_WORDS for p in parts):
                continue
            content.update(echoed)
            function.update(p for p in parts if p in FUNCTION_WORDS)
        return content, function

    def _inflected_in(self, part, gloss_words):
        """Whether a gloss word is an inflection of `part` (FLOWERS for FLOWER)."""
        return any(part.lower() in self.bases(w.lower()) for w in gloss_words
                   if w.startswith(part[:-1]) and len(w) <= len(part) + 3)

    # ------------------------------------------------------------ roots

    def of_word(self, letters):
        """(roots, weak roots) of one single word given in grid letters,
        its own letters included, closed under every step."""
        if letters in self._memo:
            return self._memo[letters]
        self._memo[letters] = ({letters}, set())  # a cycle ends here
        roots, weak = {letters}, set()
        keys = self.by_letters.get(letters, set())
        direct = set()
        lower = letters.lower()
        bases = {normalize(b) for b in self.bases(lower)} - {None}
        if not keys and not bases:
            bases = set(self.fallback(letters))
        direct |= bases | CURATED_ROOTS.get(letters, set())
        for key in keys | {b.lower() for b in bases}:
            direct |= self.affix_relatives(key)
            content, function = self.compound_parts(key)
            direct |= content
            weak |= function
        for root in direct - {letters}:
            r, w = self.of_word(root)
            roots |= r
            weak |= w
        weak -= roots
        self._memo[letters] = (roots, weak)
        return roots, weak

    def of_entry(self, letters, written):
        """(roots, weak roots) of an entry: its grid letters and its
        written form (a phrase's words: "blind dates")."""
        words = [normalize(w) for w in re.split(r"[\s\-\u2010\u2011]+", written or "")]
        words = [w for w in words if w]
        if len(words) <= 1:
            return self.of_word(letters)
        roots, weak = {letters}, set()
        for word in words:
            if word in FUNCTION_WORDS:
                weak.add(word)
            else:
                r, w = self.of_word(word)
                roots |= r
                weak |= w
        return roots, weak - roots


def line(letters, roots, weak):
    """The `roots.txt` line of an entry, or None when its only root is itself."""
    extra = sorted(roots - {letters})
    weak = sorted(weak - roots)
    if not extra and not weak:
        return None
    return f"{letters};{' '.join(extra)}" + (f"|{' '.join(weak)}" if weak else "")
