"""The big sources an entry can come from, read once each.

- SCOWL (Debian `scowl`): which spellings are English and how common a
  dictionary thinks they are (size classes 10 = everyday .. 95 = obscure),
  and what kind they are: plain words, capitalised words, proper names,
  abbreviations, contractions.
- wordfreq (PyPI `wordfreq`, data CC BY-SA 4.0): how often a word is really
  used, as a Zipf frequency (3 = once per million words; 0 = too rare for
  its list). This is what tells a lively word from a spell-checker's word.
- WordNet (Debian `wordnet-base`): multiword lemmas (phrases), their sense
  tag counts, and the usage labels that mark a sense obscene, an ethnic slur
  or disparaging.
"""

import collections
import os
import re

from .text import lemma_text, normalize, read_lines

SCOWL = "/usr/share/dict/scowl"
WORDNET = "/usr/share/wordnet"

# SCOWL file kinds, as this builder names them.
SCOWL_KINDS = {"words": "word", "upper": "capitalised", "proper-names": "name",
               "abbreviations": "abbreviation", "contractions": "contraction"}
# Spelling varieties a crossword in English may use.
SCOWL_VARIETIES = ("english", "american", "british", "canadian", "british_z",
                   "variant_1")
AMERICAN_VARIETIES = ("english", "american")
SCOWL_FILE = re.compile(r"(?P<variety>[a-z_0-9]+)-(?P<kind>[a-z-]+)\.(?P<size>\d+)$")

# WordNet usage domains whose senses no crossword prints: obscenity, ethnic
# slur, disparagement.
OFFENSIVE_DOMAINS = frozenset({"07124340", "06718862", "06717170"})
POS_FILES = ("noun", "verb", "adj", "adv")
# Lemmas naming a taxon (genus_aloe, family_canidae): no crossword entry.
TAXON_PREFIXES = (
    "genus_", "subgenus_", "family_", "subfamily_", "superfamily_", "order_",
    "suborder_", "superorder_", "infraorder_", "class_", "subclass_", "superclass_",
    "phylum_", "subphylum_", "division_", "tribe_", "kingdom_", "subkingdom_",
)


class ScowlEntry:
    """One grid-letter entry of SCOWL: its smallest size class, the kinds it
    appears as (each with its smallest size class), its written forms and
    the spelling varieties that have it."""
    __slots__ = ("size", "american", "kinds", "sizes", "forms", "varieties")

    def __init__(self):
        self.size = 100
        # Smallest size class in a variety an American paper prints (SCOWL's
        # english and american files); larger than `size` for spellings
        # only British or Canadian English uses (COLOUR, KERB).
        self.american = 100
        self.kinds = set()
        # Kind -> smallest size class: TIM is a common name (50) but a
        # plain word only in the largest class (95).
        self.sizes = {}
        self.forms = set()
        # Varieties whose plain-word files list it (english, american, british, ...).
        self.varieties = set()

    def primary_kind(self):
        """The kind a solver reads the entry as: the one SCOWL lists in its
        smallest size class, a plain word when it ties (ERA, not the ERA
        abbreviation; TIM the name, not the size-95 word)."""
        best = min(self.sizes.values())
        if self.sizes.get("word") == best:
            return "word"
        order = ("name", "capitalised", "abbreviation", "contraction")
        return min((k for k, s in self.sizes.items() if s == best), key=order.index)

    def american_only(self):
        """Spelled so only in American English (COLOR, CENTER)."""
        return "american" in self.varieties and not self.varieties & {"english", "british", "british_z"}

    def british_only(self):
        """Spelled so only in British English (COLOUR, CENTRE)."""
        return bool(self.varieties & {"british", "british_z"}) \
            and not self.varieties & {"english", "american"}


def scowl(min_len, max_len):
    """{grid letters: ScowlEntry} for every SCOWL entry of a usable length.
    Possessives are left out: they are the same letters as the plural."""
    entries = {}
    for name in sorted(os.listdir(SCOWL)):
        m = SCOWL_FILE.match(name)
        if not m or m["variety"] not in SCOWL_VARIETIES or m["kind"] not in SCOWL_KINDS:
            continue
        size, kind = int(m["size"]), SCOWL_KINDS[m["kind"]]
        for _, raw in read_lines(os.path.join(SCOWL, name), encoding="latin-1"):
            raw = raw.strip()
            if raw.endswith("'s"):
                continue
            word = normalize(raw)
            if not word or not min_len <= len(word) <= max_len:
                continue
            entry = entries.setdefault(word, ScowlEntry())
            entry.size = min(entry.size, size)
            if m["variety"] in AMERICAN_VARIETIES:
                entry.american = min(entry.american, size)
            entry.kinds.add(kind)
            entry.sizes[kind] = min(entry.sizes.get(kind, 100), size)
            entry.forms.add(raw)
            if kind == "word":  # Centre the name says nothing of centre the word
                entry.varieties.add(m["variety"])
    return entries


class Frequencies:
    """Zipf frequencies from wordfreq's large English list."""

    def __init__(self):
        import wordfreq  # imported here: only the list build needs it
        self._zipf = wordfreq.zipf_frequency

    def zipf(self, forms):
        """The highest Zipf frequency of any written form (0 if none is listed)."""
        return max((self._zipf(f, "en", wordlist="large") for f in forms), default=0.0)


class WordNetLemmas:
    """WordNet's lemmas with what the list builder needs of them."""

    def __init__(self, directory=WORDNET):
        self.directory = directory
        self.senses = collections.defaultdict(list)  # lemma -> [(pos, offset)]
        self.offensive = set()                         # (pos, offset)
        self.instances = set()                         # (pos, offset) naming one thing
        for pos in POS_FILES:
            self._read_index(pos)
            self._read_data(pos)
        self.tags = collections.Counter()              # lemma -> tag count, all senses
        for _, line in read_lines(os.path.join(directory, "cntlist.rev")):
            key, _sense, count = line.split()
            self.tags[key.split("%")[0]] += int(count)

    def _read_index(self, pos):
        for _, line in read_lines(os.path.join(self.directory, f"index.{pos}")):
            if line.startswith(" "):
                continue
            fields = line.split()
            count = int(fields[2])
            for offset in fields[len(fields) - count:]:
                self.senses[fields[0]].append((pos, offset))

    def _read_data(self, pos):
        for _, line in read_lines(os.path.join(self.directory, f"data.{pos}")):
            if line.startswith(" ") or "|" not in line:
                continue
            head = line.split("|", 1)[0]
            offset = head.split(" ", 1)[0]
            if OFFENSIVE_DOMAINS.intersection(re.findall(r";u (\d{8}) n", head)):
                self.offensive.add((pos, offset))
            if " @i " in head:
                self.instances.add((pos, offset))

    def all_offensive(self):
        """Grid letters of lemmas every sense of which is marked offensive."""
        return {normalize(lemma_text(lemma)) for lemma, senses in self.senses.items()
                if senses and all(s in self.offensive for s in senses)} - {None}

    def phrases(self):
        """(lemma, written form) of every multiword lemma but taxonomic
        names: taxa (genus_aloe) and Latin binomials whose first word is a
        genus (ateles_geoffroyi), unless the concordance shows them in use."""
        genera = {lemma[len("genus_"):] for lemma in self.senses if lemma.startswith("genus_")}
        for lemma in self.senses:
            if "_" not in lemma and "-" not in lemma:
                continue
            if lemma.startswith(TAXON_PREFIXES):
                continue
            if re.split(r"[_-]", lemma)[0] in genera and self.tags.get(lemma, 0) == 0:
                continue
            yield lemma, lemma_text(lemma)

    def is_instance_only(self, lemma):
        """Every sense names one thing (a person, a place): a name."""
        senses = self.senses.get(lemma, ())
        return bool(senses) and all(s in self.instances for s in senses)
