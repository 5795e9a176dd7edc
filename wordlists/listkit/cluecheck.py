"""What every clue must pass, hand-written or drafted.

A clue may not give its answer away: compared on letters only (case, spaces
and punctuation ignored) it may contain neither the answer nor any run of
MIN_PIECE or more consecutive letters of it, and no word of the answer as
written may stand as a word of the clue (except the smallest: of, a, the). The drafting code adds
a check on base forms (MICE -> MOUSE) on top, as it has WordNet at hand.
A clue is also one line of printable text of bounded length, so a typo in a
hand-written file fails the build instead of reaching a PDF.
"""

import re

from .text import letters_only

MIN_PIECE = 4
MAX_CLUE = 90
# Words too small to give anything away when clue and answer share them
# ("Small part of a big problem" for TIP OF THE ICEBERG).
SMALL_WORDS = frozenset({"THE", "AND", "FOR", "ITS"})


def pieces(answer):
    """Every run of MIN_PIECE or more letters of `answer` (grid letters)."""
    n = len(answer)
    return {answer[i:j] for i in range(n) for j in range(i + MIN_PIECE, n + 1)} | {answer}


def words_of(text):
    """The words of a text, upper-cased letters only: "I'm here" -> IM, HERE."""
    return [letters_only(w) for w in re.findall(r"[A-Za-z][A-Za-z'\u2019-]*", text)]


def leaks(answer, written, clue):
    """Why `clue` gives `answer` away, or None. `written` is the entry as
    written (its words), or the answer itself when there is no other form."""
    clue_letters = letters_only(clue)
    for piece in sorted(pieces(answer), key=len, reverse=True):
        if piece in clue_letters:
            return f"contains {piece}, part of the answer"
    clue_words = set(words_of(clue))
    for word in words_of(written):
        if word in clue_words and len(word) >= 3 and word not in SMALL_WORDS:
            return f"uses {word}, a word of the answer"
    return None


# Abbreviations a clue may end on, besides vowel-less ones (grp., Sgt.).
ABBREVIATIONS = frozenset("""
    abbr adj adm adv agcy agt amer approx apr assoc cos div govt hwy intl mil natl org orgs pl sing stat assn atty aug ave bros calif capt co col colo conn corp dec del dept
    dr ed eg esp esq etc ex feb fig fla fr fri gal gen ger govt ie inc inst it jan jr lat lieut
    ltd mar mass mich min minn miss mo mon mr mrs ms mt neb nev no nov oct okla ore oz penn pres
    prof pub rep rev sat sec sen sept sp sr st sun tenn tex thurs tues univ va vol wash wed wis
    wk yr
""".split())


def ends_abbreviated(clue):
    """Whether the clue's final point belongs to an abbreviation."""
    m = re.search(r"(?:^|[\s(/-])((?:[A-Za-z]\.)*[A-Za-z]{1,6})\.$", clue)
    if not m:
        return False
    token = m.group(1).replace(".", "").lower()
    return token in ABBREVIATIONS or not re.search(r"[aeiouy]", token) or len(token) == 1


def style_problems(clue):
    """Why `clue` cannot be printed as it stands, or None."""
    if not clue.strip():
        return "empty clue"
    if clue != clue.strip():
        return "space at either end"
    if len(clue) > MAX_CLUE:
        return f"{len(clue)} characters (at most {MAX_CLUE})"
    if any(ord(c) < 32 for c in clue):
        return "control character"
    if ";" in clue:
        return "';' separates fields and cannot be in a clue"
    # A clue ends without a full stop; a final abbreviation keeps its point
    # ("School fundraising grp.", "Wash. neighbor", "... etc.").
    if clue.endswith(".") and not clue.endswith("...") and not ends_abbreviated(clue):
        return "ends with a full stop"
    if clue[0].isalpha() and clue[0].islower() and not re.match(r"[a-z]+[A-Z]", clue):
        return "starts with a small letter"
    return None
