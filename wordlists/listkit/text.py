"""Grid letters and the small text helpers every builder uses.

`normalize` is the Python twin of `src/wordlist/normalize.rs`: a grid holds
only A-Z, so an entry is upper-cased, accents are folded (É -> E, Æ -> AE,
ß -> SS), the joiners of phrases (space, hyphen, apostrophes, the Unicode
hyphens and no-break space) are dropped, and anything else makes the entry
unusable. The two must agree character for character, or the embedded list
and a user's list would spell the same entry differently; the Rust test
`python_and_rust_normalise_alike` checks every character up to U+024F.
"""

import re

# Dropped: they join the words of a phrase (ICE CREAM -> ICECREAM).
JOINERS = frozenset(" -'\u2019\u2010\u2011\u00a0")

# Upper-case accented Latin letters and what a grid spells them with.
_FOLDS = {
    "A": "ÀÁÂÃÄÅĀĂĄ", "AE": "Æ", "C": "ÇĆĈĊČ", "D": "ÐĎĐ", "E": "ÈÉÊËĒĔĖĘĚ",
    "G": "ĜĞĠĢ", "H": "ĤĦ", "I": "ÌÍÎÏĨĪĬĮİ", "IJ": "Ĳ", "J": "Ĵ", "K": "Ķ",
    "L": "ĹĻĽĿŁ", "N": "ÑŃŅŇ", "O": "ÒÓÔÕÖØŌŎŐ", "OE": "Œ", "R": "ŔŖŘ",
    "S": "ŚŜŞŠ", "T": "ŢŤŦ", "TH": "Þ", "U": "ÙÚÛÜŨŪŬŮŰŲ", "W": "Ŵ", "Y": "ÝŸŶ",
    "Z": "ŹŻŽ",
}
FOLD = {ch: letters for letters, chars in _FOLDS.items() for ch in chars}


def _fold(ch):
    """Grid letters for one non-ASCII character, or None."""
    if ch == "ß":
        return "SS"
    upper = ch.upper()
    # Rust's char::to_uppercase may give several characters; it looks at the
    # first, and so does this.
    return FOLD.get(upper[:1]) if upper else None


def normalize(raw):
    """The grid form of `raw` (A-Z only), or None if it holds a character no
    grid can, or no letter at all."""
    out = []
    for ch in raw:
        if "a" <= ch <= "z":
            out.append(ch.upper())
        elif "A" <= ch <= "Z":
            out.append(ch)
        elif ch in JOINERS:
            continue
        else:
            folded = _fold(ch)
            if folded is None:
                return None
            out.append(folded)
    return "".join(out) or None


def lemma_text(lemma):
    """A WordNet lemma as written text: ice_cream -> ice cream."""
    return lemma.replace("_", " ")


def letters_only(text):
    """Every ASCII letter of `text`, upper-cased: what leak checks compare."""
    return re.sub(r"[^A-Z]", "", text.upper())


def read_lines(path, encoding="utf-8"):
    """The non-blank lines of a file, without their line ends, numbered
    from 1: [(number, line)]. Comment handling is the caller's."""
    with open(path, encoding=encoding) as f:
        return [(n, line.rstrip("\n").rstrip("\r")) for n, line in enumerate(f, 1)
                if line.strip()]


def data_lines(path):
    """The lines of a hand-written data file that carry data: blank lines
    and `#` comments left out, surrounding space stripped. [(number, line)]."""
    return [(n, line.strip()) for n, line in read_lines(path)
            if not line.lstrip().startswith("#")]
