"""How good an entry is, 0-100, on the scale constructors use (50 = fine fill).

A score says how gladly an editor prints the entry, which is mostly how well
a solver knows it. A spell-checker's word list (SCOWL) says whether a word
is English and how common a dictionary thinks it is (its size class); real
use (wordfreq's Zipf frequency: 3 = once per million words) says whether
people actually write it. Neither alone is enough: FLAN and EAVE are rare
in text but everyday in grids and dictionaries, while SCOWL's large classes
hold words that merely occur. So a word reaches 50 when its frequency
clears a bar that rises with its size class (`PIVOTS`): a core-dictionary
word needs only to be in use, an obscure one needs to be common.

Adjustments, each for something frequency misses:

- An inflected form (FLANS, CURLIER) is as familiar as its base word in a
  grid even though text uses it less: it is scored by the better of its own
  frequency and its base's, less a little (`INFLECTION_DISCOUNT`), provided
  the form itself is a standard word that text does use. A form used far
  less than its base (`ODD_INFLECTION_GAP`: TRASHES, EXACTS, the plural
  of a mass noun or an adjective) is an odd inflection: scored on its own
  use and marked down (`ODD_INFLECTION`).
- Long words need more use than short ones to be good fill (`LONG_EXTRA`):
  a grid's long slots should carry lively entries, not dictionary words.
- Proper names and capitalised words need to be better known than words
  (`NAME_EXTRA`), so ELVIS scores well and ALISA does not.
- Spellings only British or Canadian English uses (COLOUR) are marked down
  (`FOREIGN_SPELLING`): the default puzzle is American.
- A word wordfreq never saw is kept only below the minimum (`UNSEEN_CAP`),
  and an inflection nobody uses (TIREDER, LEFTEST) is dropped by the builder.

Phrases cannot be scored by frequency: WordNet's multiword lemmas stay below
the default minimum unless the team's curated files rate them, and the
curated files' scores always win.
"""

import math

# Zipf frequency at which a plain word of each SCOWL size class reaches 50.
PIVOTS = {10: 1.8, 20: 1.9, 35: 2.1, 40: 2.3, 50: 2.5, 55: 2.8, 60: 2.9,
          70: 3.2, 80: 3.4, 95: 3.6}
# Points per Zipf unit around the pivot.
SLOPE = 14.0
LONG, LONG_EXTRA = 8, 0.3
NAME_EXTRA = 0.5
# Inflections: scored by their base's frequency less this, when the form
# itself is at most this size class and used at least this much.
# A form used far less than its base (SAMES, EASTS: the plural of a word
# that is mostly not a noun) gets no help.
INFLECTION_DISCOUNT, INFLECTION_SIZE, INFLECTION_ZIPF = 0.7, 50, 1.0
# A plural used this many Zipf units less than its base is an odd one
# (TRASHES, EXACTS, the plural of a mass noun or of an adjective): no help
# from its base, and marked down. Closer calls (TOBACCOS, ACTIVES) are the
# team's review (`curated/levels-*.txt`).
ODD_INFLECTION_GAP, ODD_INFLECTION = 2.5, 15
# A verb form this far below its base is the verb of a word that is mostly
# a noun (GUYED, FULLED, CLASSING): as odd. ARCED and BARED, about 1.4
# below ARC and BARE, print fine.
ODD_VERB_FORM_GAP = 2.4
FOREIGN_SPELLING = 15
# Words wordfreq does not list at all: kept, but never usable by default.
UNSEEN_CAP = 30
# Abbreviations and contractions only SCOWL lists (not the team's files).
UNCURATED_CAP = 45
# WordNet phrases the team has not rated, by how often their senses were tagged.
PHRASE_SCORES = ((10, 45), (1, 40), (0, 35))
# Kinds the team's review keeps below the default minimum (an editor prints
# them only when nothing else fits), and the score they are held to.
BELOW_MINIMUM_KINDS = frozenset({"crosswordese", "partial", "inflection"})
REVIEWED_WEAK_CAP = 45
# In British puzzles, an American spelling with a British twin (COLOR) and
# an answer only American solvers know are held to this.
BRITISH_CAP = 30
# The breakfast-table tier is kept below the default minimum.
BREAKFAST_CAP = 35
# An entry the clue databases cannot clue cannot be used by `make`.
UNCLUED_CAP = 45


def clamp(score):
    return int(max(1, min(99, math.floor(score + 0.5))))


def word_score(zipf, size, kinds, length, american=None, base_zipf=None, odd=False):
    """Score of one SCOWL entry from its Zipf frequency, size class, kinds,
    length, smallest American size class (None: the same as `size`), the
    Zipf frequency of the word it inflects (None: not an inflection) and
    whether it is an odd inflection (`odd_inflection`)."""
    use = zipf
    if base_zipf is not None and size <= INFLECTION_SIZE and zipf >= INFLECTION_ZIPF \
            and not odd:
        use = max(zipf, base_zipf - INFLECTION_DISCOUNT)
    pivot = PIVOTS[size]
    if length >= LONG:
        pivot += LONG_EXTRA
    if "word" not in kinds:
        pivot += NAME_EXTRA
    score = 50 + SLOPE * (use - pivot)
    if american is not None and american > size:
        score -= FOREIGN_SPELLING
    if odd:
        score -= ODD_INFLECTION
    if zipf == 0:
        score = min(score, UNSEEN_CAP)
    return clamp(score)


def odd_inflection(zipf, base_zipf, plural=True):
    """Whether an inflection (a plural, else a verb form) used `zipf` is an
    odd one next to its base's `base_zipf` (None: not an inflection)."""
    gap = ODD_INFLECTION_GAP if plural else ODD_VERB_FORM_GAP
    return base_zipf is not None and base_zipf - zipf > gap


def phrase_score(tags):
    """Score of a WordNet phrase the team has not rated."""
    return next(score for least, score in PHRASE_SCORES if tags >= least)
