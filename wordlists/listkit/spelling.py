"""American and British spellings of one word: COLOR and COLOUR.

A British puzzle spells the British way, in its grid and in its clues, and
an American one the American way. SCOWL says which spellings only one
variety uses (`ScowlEntry.american_only`, `british_only`) but not which
spellings belong together; this module pairs them, by the regular
differences between the two (`RULES`: -our/-or, -tre/-ter, -ise/-ize,
-ogue/-og, -ence/-ense, doubled L, ae/oe, ...) applied to each British
spelling, once or twice, and kept only when the result is an American
spelling SCOWL lists. -ise/-ize pairs are kept even though SCOWL's Oxford
variety also has -ize: British papers print -ise.

The pairs go to `spellings.txt` (`AMERICAN;BRITISH`), which cruciverb reads
to respell the clues of British puzzles, and to `british.txt`, the scores
British puzzles use (see `build.py`).
"""

import re

# (British, American) substrings: where the two varieties differ.
RULES = (
    ("OUR", "OR"), ("TRE", "TER"), ("TRES", "TERS"), ("TRED", "TERED"), ("TRING", "TERING"),
    ("BRE", "BER"), ("BRES", "BERS"), ("VRE", "VER"), ("VRES", "VERS"), ("LRE", "LER"),
    ("ISE", "IZE"), ("ISED", "IZED"), ("ISES", "IZES"), ("ISING", "IZING"), ("ISER", "IZER"),
    ("ISATION", "IZATION"), ("YSE", "YZE"), ("YSED", "YZED"), ("YSING", "YZING"),
    ("OGUE", "OG"), ("OGUES", "OGS"), ("ENCE", "ENSE"), ("ENCES", "ENSES"),
    ("LLED", "LED"), ("LLING", "LING"), ("LLER", "LER"), ("LLERS", "LERS"),
    ("LLERY", "LRY"), ("ELLERY", "ELRY"), ("LMENT", "LLMENT"), ("LFUL", "LLFUL"),
    ("AE", "E"), ("OE", "E"), ("EING", "ING"), ("GEMENT", "GMENT"), ("GREY", "GRAY"),
    ("OUGH", "OW"), ("MOUL", "MOL"), ("MOUST", "MUST"), ("SCEPT", "SKEPT"), ("PYJAM", "PAJAM"),
    ("NIUM", "NUM"), ("AEROPLANE", "AIRPLANE"), ("MME", "M"), ("MMES", "MS"),
    ("TYRE", "TIRE"), ("TYRES", "TIRES"), ("KERB", "CURB"), ("KERBS", "CURBS"),
    ("CHEQUE", "CHECK"), ("CHEQUES", "CHECKS"), ("DOUGHNUT", "DONUT"), ("DOUGHNUTS", "DONUTS"),
)
# One letter more on the British side where the American word ends in L:
# ENROL/ENROLL, FULFIL/FULFILL, SKILFUL/SKILLFUL.
FINAL_L = re.compile(r"(?<=[AEIOU])L(?=S?$)")


def american_forms(british):
    """American spellings `RULES` make of a British one, by one or two changes."""
    found = set()
    frontier = {british}
    for _ in range(2):
        following = set()
        for word in frontier:
            for gb, us in RULES:
                start = word.find(gb)
                while start >= 0:
                    changed = word[:start] + us + word[start + len(gb):]
                    following.add(changed)
                    start = word.find(gb, start + 1)
            for m in FINAL_L.finditer(word):
                following.add(word[:m.start()] + "LL" + word[m.end():])
        following -= found | {british}
        found |= following
        frontier = following
    return found


def pairs(entries):
    """[(american, british)] spelling pairs among SCOWL `entries` (grid
    letters -> ScowlEntry), sorted, one per American spelling: a
    British-only spelling and the American spelling the rules make of it.
    -ise words pair with their -ize form whichever varieties list it."""
    found = []
    for word, entry in entries.items():
        # Plain words on both sides: AESOP is no British ESOP.
        if not entry.british_only() or entry.primary_kind() != "word":
            continue
        for american in american_forms(word):
            other = entries.get(american)
            if other is None or other.primary_kind() != "word" \
                    or "american" not in other.varieties and "english" not in other.varieties:
                continue
            if other.american_only() or "IZ" in american or "YZ" in american:
                found.append((american, word))
    # One British twin each: the -ise one where Oxford spelling offers a
    # second (ANAESTHETISATION, not ANAESTHETIZATION), else the shortest.
    twin = {}
    for american, british in sorted(set(found), key=lambda p: (p[1].count("Z"), len(p[1]), p[1])):
        twin.setdefault(american, british)
    return sorted(twin.items())
