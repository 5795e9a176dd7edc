"""WordNet as the clue drafter needs it, read straight from Debian's files.

The drafter (`clues.py`) asks more of WordNet than a gloss per word: which
sense of a word is the common one (tag counts in the semantic concordance,
then WordNet's own sense order), what else a synset holds (synonyms, the
similar-to head of an adjective, hypernyms and hyponyms, instance links for
names, pertainyms for "German" from Germany), which senses are labelled
obscene, slang or archaic (usage-domain pointers), the example sentences of
a gloss apart from its definitions, and how common a word is at all. For
the last there is no frequency list in wordnet-base, so two signals stand
in: the tag count of the word over all its senses, and how often WordNet's
own glosses and examples use it (a word other entries are explained with is
one every solver knows).

Everything is read once into plain dicts and tuples: the drafter looks up
hundreds of thousands of answers and must not parse text per lookup.
"""

import collections
import os
import re

POS_FILE = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
POS_ORDER = ("n", "v", "a", "r")
# The ss_type digit of a sense key; 5 (adjective satellite) is listed under adj.
SENSE_KEY_POS = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}

# Usage domains (";u" pointers, synset offsets in data.noun).
OBSCENE, ETHNIC_SLUR, DISPARAGING = "07124340", "06718862", "06717170"
OFFENSIVE_DOMAINS = {OBSCENE, ETHNIC_SLUR, DISPARAGING}
SLANG, COLLOQUIAL, ARCHAIC, ACRONYM = "07157273", "07075172", "07073447", "07091902"

# Lexicographer files (the second field of a data line) the drafter uses;
# the others are numbered in WordNet's lexnames(5WN).
LEX_NOUN_BODY, LEX_NOUN_LOCATION, LEX_NOUN_PERSON = 8, 15, 18

# WordNet's detachment rules: an inflectional ending and what replaces it.
DETACHMENTS = {
    "n": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"),
          ("shes", "sh"), ("men", "man"), ("ies", "y")),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"),
          ("ed", ""), ("ing", "e"), ("ing", "")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
}


class Synset:
    """One synset. `words` keep WordNet's spelling and case with spaces for
    underscores ("Albert Einstein", "He"); `keys` are the index forms
    (lower case, underscores). `ptrs` are (symbol, target id, source word
    number, target word number), word numbers 0 for a whole-synset link."""

    __slots__ = ("id", "pos", "satellite", "lexfile", "words", "keys", "ptrs",
                 "frames", "definitions", "examples", "domains", "usages")

    def __init__(self, line, pos):
        head, _, gloss = line.partition("|")
        fields = head.split()
        offset, lexfile, ss_type = fields[0], int(fields[1]), fields[2]
        count = int(fields[3], 16)
        words = []
        i = 4
        for _ in range(count):
            # Adjectives may carry a syntactic marker: galore(ip), outback(a).
            words.append(re.sub(r"\((?:a|p|ip)\)$", "", fields[i]))
            i += 2
        pcount = int(fields[i])
        i += 1
        ptrs = []
        for _ in range(pcount):
            symbol, target, tpos, st = fields[i:i + 4]
            tpos = "a" if tpos == "s" else tpos
            ptrs.append((symbol, tpos + target, int(st[:2], 16), int(st[2:], 16)))
            i += 4
        frames = []
        if pos == "v" and i < len(fields):
            for _ in range(int(fields[i])):
                frames.append((int(fields[i + 2]), int(fields[i + 3], 16)))
                i += 3
        self.id = pos + offset
        self.pos = pos
        self.satellite = ss_type == "s"
        self.lexfile = lexfile
        self.words = tuple(w.replace("_", " ") for w in words)
        self.keys = tuple(w.lower() for w in words)
        self.ptrs = tuple(ptrs)
        self.frames = tuple(frames)
        self.definitions, self.examples = split_gloss(gloss)
        self.domains = {t[1:] for s, t, _, _ in ptrs if s == ";c"}
        self.usages = {t[1:] for s, t, _, _ in ptrs if s == ";u"}

    def targets(self, symbol, word_number=None):
        """Ids a pointer of `symbol` leads to; with `word_number`, only the
        pointers from that word or from the whole synset."""
        return [t for s, t, src, _ in self.ptrs
                if s == symbol and (word_number is None or src in (0, word_number))]

    def __repr__(self):
        return f"<{self.id} {', '.join(self.words)}: {'; '.join(self.definitions)}>"


def split_gloss(gloss):
    """(definitions, examples) of a gloss: `a; b; "ex one"; "ex two" - Author`.
    Semicolons inside quotes do not split; an attribution after a quote goes."""
    definitions, examples = [], []
    for m in re.finditer(r'"([^"]*)"|([^;"]+)', gloss):
        if m.group(1) is not None:
            if m.group(1).strip():
                examples.append(m.group(1).strip())
            continue
        part = m.group(2).strip(" ;")
        if part and not part.startswith("-"):
            definitions.append(part)
    return definitions, examples


class WordNet:
    """Synsets, senses per lemma in frequency order, tag counts, the
    exception lists, and commonness signals for words."""

    def __init__(self, directory="/usr/share/wordnet"):
        self.directory = directory
        self.synsets = {}
        self.senses = collections.defaultdict(list)   # key -> [(pos, number, synset id)]
        self.tags = collections.Counter()              # (key, pos, number) -> count
        self.lemma_tags = collections.Counter()        # key -> count over senses
        self.exceptions = collections.defaultdict(set)  # inflected -> bases
        self.irregular = {p: collections.defaultdict(set) for p in POS_ORDER}
        for pos in POS_ORDER:
            self._read_data(pos)
            self._read_index(pos)
            self._read_exceptions(pos)
        self._read_tag_counts()
        self.gloss_counts = self._count_gloss_words()
        self.by_pos = {p: {k for k, ss in self.senses.items() if any(s[0] == p for s in ss)}
                       for p in POS_ORDER}
        self.hyponym_counts = collections.Counter()
        # How many pointers lead to a synset: a person or place other
        # entries refer to ("the music of Chopin") is the better known one.
        self.indegree = collections.Counter()
        for s in self.synsets.values():
            for t in s.targets("@") + s.targets("@i"):
                self.hyponym_counts[t] += 1
            for _, t, _, _ in s.ptrs:
                self.indegree[t] += 1

    # ------------------------------------------------------------ reading

    def _path(self, name):
        return os.path.join(self.directory, name)

    def _lines(self, name):
        with open(self._path(name), encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.strip() and not line.startswith(" "):
                    yield line.rstrip("\n")

    def _read_data(self, pos):
        for line in self._lines(f"data.{POS_FILE[pos]}"):
            s = Synset(line, pos)
            self.synsets[s.id] = s

    def _read_index(self, pos):
        for line in self._lines(f"index.{POS_FILE[pos]}"):
            fields = line.split()
            key, count = fields[0], int(fields[2])
            for number, offset in enumerate(fields[len(fields) - count:], 1):
                self.senses[key].append((pos, number, pos + offset))

    def _read_exceptions(self, pos):
        path = self._path(f"{POS_FILE[pos]}.exc")
        if not os.path.exists(path):
            return
        for line in self._lines(f"{POS_FILE[pos]}.exc"):
            inflected, *bases = line.split()
            self.exceptions[inflected].update(bases)
            for base in bases:
                self.irregular[pos][base].add(inflected)

    def _read_tag_counts(self):
        for line in self._lines("cntlist.rev"):
            key, number, count = line.split()
            lemma, rest = key.split("%", 1)
            pos = SENSE_KEY_POS[rest[0]]
            self.tags[(lemma, pos, int(number))] += int(count)
            self.lemma_tags[lemma] += int(count)

    def _count_gloss_words(self):
        """How often each lower-case word, each pair of words and each
        two-word lemma occurs in the glosses and examples."""
        counts = collections.Counter()
        bigrams = collections.Counter()  # ("greek", "mythology") -> uses
        for s in self.synsets.values():
            for text in s.definitions + s.examples:
                words = re.findall(r"[a-z]+(?:-[a-z]+)*", text.lower())
                counts.update(words)
                bigrams.update(zip(words, words[1:]))
        self.bigrams = bigrams
        for (a, b), n in bigrams.items():
            if a + "_" + b in self.senses:
                counts[a + " " + b] += n
        return counts

    def counted(self, noun):
        """How often a noun follows a/an/one/each/every in WordNet's text:
        evidence that it is countable (a rectangle, never a luggage)."""
        return sum(self.bigrams.get((a, noun), 0)
                   for a in ("a", "an", "one", "each", "every", "another"))

    def subtree_sizes(self):
        """Synset id -> how many synsets lie below it (hyponyms, their
        hyponyms, ...; instances not counted): how broad a class is."""
        if getattr(self, "_subtree", None) is None:
            sizes = {}
            for sid in self.synsets:
                if sid in sizes:
                    continue
                # Iterative post-order walk: the hierarchy is deep.
                stack = [(sid, False)]
                while stack:
                    node, done = stack.pop()
                    if done:
                        sizes[node] = sum(1 + sizes[c] for c in self.synsets[node].targets("~"))
                        continue
                    if node in sizes:
                        continue
                    stack.append((node, True))
                    stack.extend((c, False) for c in self.synsets[node].targets("~")
                                 if c not in sizes)
            self._subtree = sizes
        return self._subtree

    # ------------------------------------------------------------ queries

    def synset(self, sid):
        return self.synsets[sid]

    def sense_count(self, key, pos, number):
        return self.tags.get((key, pos, number), 0)

    def word_number(self, synset, key):
        """1-based position of lemma `key` in `synset` (0 if absent)."""
        try:
            return synset.keys.index(key) + 1
        except ValueError:
            return 0

    def commonness(self, text):
        """A rough count of how common a word or phrase is: three times its
        tag count over all senses plus its uses in glosses and examples."""
        key = text.lower().replace(" ", "_")
        return self.lemma_tags.get(key, 0) * 3 + self.gloss_counts.get(key.replace("_", " "), 0)

    def base_forms(self, word):
        """`word` without inflection: exception-list bases and detachments
        that are WordNet lemmas (the word itself not included)."""
        word = word.lower()
        bases = set(self.exceptions.get(word, ()))
        for rules in DETACHMENTS.values():
            for ending, replacement in rules:
                if word.endswith(ending) and len(word) > len(ending):
                    base = word[:len(word) - len(ending)] + replacement
                    if base in self.senses:
                        bases.add(base)
        bases.discard(word)
        return bases
