#!/usr/bin/env python3
"""Build cruciverb's default word list from Debian's scowl and wordnet-base.

    apt-get install scowl wordnet-base
    python3 wordlists/build.py            # writes wordlists/default.txt

Output: one `WORD;SCORE` line per entry (A-Z only, score 0-100), sorted.

Scores say how well an entry reads in a published crossword:
- SCOWL words score by size class (10 = the most common English words, 70 =
  rare); only classes up to 60 reach the default minimum of 50.
- Capitalised SCOWL entries and SCOWL's proper names (places, people, brands:
  ONO, EARP, ATARI) score a little lower than plain words of the same class;
  names are everyday crossword fare, and without them the short-word supply
  at the default minimum is too thin to fill large grids.
- WordNet multiword lemmas become phrases (ice_cream -> ICECREAM). Their score
  comes from how often their senses were tagged in WordNet's semantic
  concordance (cntlist.rev), failing that from how often WordNet's own glosses
  use the phrase, weighted by how common its rarest component word is; a
  phrase with neither signal stays below the default minimum. Taxonomic names (genus/family/... lemmas and Latin
  binomials whose first word is a genus) are left out.
Possessives, abbreviations and contractions are not used, nor the words of
blocked.txt (vulgarities and slurs) with their simple inflections.
"""

import collections
import os
import re
import sys
import unicodedata

SCOWL = "/usr/share/dict/scowl"
WORDNET = "/usr/share/wordnet"
HERE = os.path.dirname(os.path.abspath(__file__))

WORD_SCORE = {10: 90, 20: 85, 35: 75, 40: 70, 50: 62, 55: 56, 60: 50, 70: 40}
UPPER_PENALTY = 8
SIZES = sorted(WORD_SCORE)
TAXON_PREFIXES = (
    "genus_", "subgenus_", "family_", "subfamily_", "superfamily_", "order_",
    "suborder_", "superorder_", "infraorder_", "class_", "subclass_", "superclass_",
    "phylum_", "subphylum_", "division_", "tribe_", "kingdom_", "subkingdom_",
)
MIN_LEN, MAX_LEN = 3, 21


def letters(raw):
    """Grid form: accents folded, joiners dropped; None if anything else is left."""
    text = unicodedata.normalize("NFKD", raw)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = re.sub(r"[\s\-'_\u2019]", "", text).upper()
    return text if re.fullmatch(r"[A-Z]+", text) else None


def read_lines(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return [line.strip() for line in f if line.strip()]


def scowl_entries():
    """(letters, score, size) for plain and capitalised SCOWL words."""
    best = {}
    rarity = {}
    for size in SIZES:
        for kind, penalty in (("words", 0), ("upper", UPPER_PENALTY),
                                  ("proper-names", UPPER_PENALTY)):
            for variety in ("english", "american"):
                path = os.path.join(SCOWL, f"{variety}-{kind}.{size}")
                if not os.path.exists(path):
                    continue
                for raw in read_lines(path):
                    if raw.endswith("'s"):
                        continue
                    word = letters(raw)
                    if not word or not MIN_LEN <= len(word) <= MAX_LEN:
                        continue
                    score = WORD_SCORE[size] - penalty
                    best[word] = max(best.get(word, 0), score)
                    rarity.setdefault(raw.lower(), size)
    return best, rarity


def tag_counts():
    """Semantic-concordance tag count per lemma, summed over its senses."""
    counts = collections.Counter()
    for line in read_lines(os.path.join(WORDNET, "cntlist.rev")):
        key, _sense, count = line.split()
        counts[key.split("%")[0]] += int(count)
    return counts


def wordnet_lemmas():
    lemmas = set()
    for pos in ("noun", "verb", "adj", "adv"):
        for line in read_lines(os.path.join(WORDNET, f"index.{pos}")):
            if not line.startswith(" "):
                lemmas.add(line.split()[0])
    return lemmas


def gloss_mentions():
    """How often each 2-4 word sequence occurs in WordNet's own definitions
    and examples: a phrase other entries use to explain themselves is one
    people know."""
    grams = collections.Counter()
    for pos in ("noun", "verb", "adj", "adv"):
        for line in read_lines(os.path.join(WORDNET, f"data.{pos}")):
            if line.startswith(" ") or "|" not in line:
                continue
            tokens = re.findall(r"[a-z]+(?:'[a-z]+)?", line.split("|", 1)[1].lower())
            for n in (2, 3, 4):
                for i in range(len(tokens) - n + 1):
                    grams["_".join(tokens[i:i + n])] += 1
    return grams


def phrase_score(lemma, counts, mentions, rarity):
    """Tagged senses first; else mentions in glosses, weighted by how common
    the rarest component word is. Untested phrases stay below 50."""
    tagged = counts.get(lemma, 0)
    if tagged >= 10:
        return 72
    if tagged >= 3:
        return 64
    if tagged >= 1:
        return 58
    sizes = [rarity.get(part) for part in re.split(r"[_-]", lemma)]
    rarest = 95 if any(s is None for s in sizes) else max(sizes)
    mentioned = mentions.get(lemma.replace("-", "_"), 0)
    if mentioned >= 3 and rarest <= 50:
        return 56
    if mentioned >= 1 and rarest <= 50:
        return 51
    return 45 if rarest <= 35 else 38 if rarest <= 50 else 25


def blocked_words():
    """blocked.txt with simple inflections, as grid letters."""
    blocked = set()
    for raw in read_lines(os.path.join(HERE, "blocked.txt")):
        if raw.startswith("#"):
            continue
        stem = letters(raw)
        for ending in ("", "S", "ES", "ED", "ER", "ERS", "ING", "Y", "IER", "IEST"):
            blocked.add(stem + ending)
    return blocked


def main():
    words, rarity = scowl_entries()
    blocked = blocked_words()
    counts = tag_counts()
    mentions = gloss_mentions()
    lemmas = wordnet_lemmas()
    genera = {l[len("genus_"):] for l in lemmas if l.startswith("genus_")}
    phrases = {}
    skipped = collections.Counter()
    for lemma in lemmas:
        if "_" not in lemma and "-" not in lemma:
            continue
        if lemma.startswith(TAXON_PREFIXES):
            skipped["taxon"] += 1
            continue
        first = re.split(r"[_-]", lemma)[0]
        if first in genera and counts.get(lemma, 0) == 0:
            skipped["binomial"] += 1
            continue
        word = letters(lemma)
        if not word or not MIN_LEN <= len(word) <= MAX_LEN:
            skipped["form"] += 1
            continue
        score = phrase_score(lemma, counts, mentions, rarity)
        phrases[word] = max(phrases.get(word, 0), score)
    entries = dict(phrases)
    for word, score in words.items():
        entries[word] = max(entries.get(word, 0), score)
    entries = {w: s for w, s in entries.items() if w not in blocked}
    out = os.path.join(HERE, "default.txt")
    with open(out, "w", encoding="ascii") as f:
        for word in sorted(entries):
            f.write(f"{word};{entries[word]}\n")
    new_phrases = sum(1 for w in phrases if w not in words)
    at_default = sum(1 for s in entries.values() if s >= 50)
    print(f"{len(entries)} entries ({new_phrases} phrases), {at_default} at score >= 50; "
          f"skipped {dict(skipped)} -> {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
