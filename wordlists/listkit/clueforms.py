"""Word forms for clue drafting: what form an answer is, and how to put a
clue word into that form.

A clue must agree with its answer: SEEDS wants a plural clue, STARTED a
past-tense one, TAKEN a past participle. WordNet lists base forms only, so
the drafter needs both directions: which lemma and form an answer is
(`Forms.readings`: SEEDS is the plural of seed, LEAVES the plural of leaf and
the third person of leave), and the same form of a clue word
(`Forms.inflect("begin", "past")` -> "began"). Irregular forms come from
WordNet's exception lists (noun.exc, verb.exc, adj.exc read backwards,
which also hold the doubled consonants: stopped, hopping); the rest follow
the regular spelling rules. Where the data cannot tell two forms apart
(dreamed/dreamt, or which of began/begun is the participle when a verb has
two irregular forms of unknown kind) the form is left unknown rather than
guessed, and the drafter then writes no clue that needs it.

The answer side is generated, not detached: every lemma's forms are made
and indexed by grid letters, so HOPING maps to hope only (hop makes
hopping), and a form is only claimed when WordNet's data says how to spell
it.
"""

import collections
import re

from .text import normalize

# Form names used throughout the drafter.
BASE, PLURAL, THIRD, PAST, PARTICIPLE, PAST_OR_PARTICIPLE, GERUND = (
    "base", "plural", "third", "past", "participle", "past/participle", "gerund")
COMPARATIVE, SUPERLATIVE = "comparative", "superlative"

IRREGULAR_BE = {THIRD: "is", PAST: "was", PARTICIPLE: "been", GERUND: "being"}
IRREGULAR_HAVE = {THIRD: "has", PAST: "had", PARTICIPLE: "had", GERUND: "having"}
IRREGULAR_DO = {THIRD: "does", PAST: "did", PARTICIPLE: "done", GERUND: "doing"}
IRREGULAR_GO = {THIRD: "goes", PAST: "went", PARTICIPLE: "gone", GERUND: "going"}
SPECIAL_VERBS = {"be": IRREGULAR_BE, "have": IRREGULAR_HAVE, "do": IRREGULAR_DO,
                 "go": IRREGULAR_GO}
# Verbs whose past and participle are the base itself: no exception list
# records them.
UNCHANGED = {"put", "set", "cut", "hit", "let", "shut", "cast", "spread", "split", "burst",
             "thrust", "bet", "bid", "rid", "shed", "hurt", "cost", "quit", "slit", "spit",
             "upset", "broadcast", "forecast", "beset", "wed", "knit", "read", "hew"}
# Nouns whose plural is the word itself (noun.exc does not list them).
SAME_PLURAL = {"aircraft", "spacecraft", "hovercraft", "watercraft", "sheep", "deer", "moose",
               "swine", "offspring", "salmon", "trout", "cod", "bison", "series", "species",
               "corps", "means", "headquarters", "grouse", "elk", "reindeer", "squid"}
# Nouns whose plural is the same word or that have none: no plural clue
# can be made from them reliably.
UNCOUNTABLE_ENDINGS = ("ness", "ism", "ics", "ship", "hood", "dom", "itis", "ology")


def regular_s(word):
    """word + s, as English spells it: boxes, flies, days."""
    if re.search(r"(?:s|x|z|ch|sh)$", word):
        return word + "es"
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    return word + "s"


def regular_ed(word):
    if word.endswith("e"):
        return word + "d"
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ied"
    return word + "ed"


def regular_ing(word):
    if word.endswith("ie"):
        return word[:-2] + "ying"
    if re.search(r"[^aeiouy]e$", word) and word not in ("be",):
        return word[:-1] + "ing"
    return word + "ing"


def syllables(word):
    return len(re.findall(r"[aeiouy]+", re.sub(r"e$", "", word))) or 1


class Forms:
    """Inflection of English words with WordNet's exception lists."""

    def __init__(self, wordnet):
        self.wn = wordnet
        self.irregular = wordnet.irregular
        self._verb_cache = {}
        self._index = None

    # ----------------------------------------------------------- one word

    def plural(self, noun):
        """The plural of a one-word noun, or None when unsure."""
        if not noun or not noun.isalpha() or noun.isupper() and len(noun) > 1:
            return None
        lower = noun.lower()
        if lower in SAME_PLURAL or lower.endswith(("craft", "sheep", "fish")):
            return noun  # aircraft, sheep, swordfish
        forms = self.irregular["n"].get(lower)
        if forms:
            forms = sorted(forms)
            result = forms[0] if len(forms) == 1 else None
        elif lower.endswith(UNCOUNTABLE_ENDINGS) or re.search(r"[^s]s$", lower):
            return None  # kindness, physics, series, means: no or same plural
        elif re.search(r"[^aeiou]o$", lower):
            return None  # pianos or potatoes: the exception list would say
        else:
            result = regular_s(lower)
        if result is None:
            return None
        return noun[0] + result[1:] if noun[0].isupper() else result

    def verb_forms(self, verb):
        """{form: spelling} for a one-word verb; forms it cannot be sure of
        are missing."""
        if verb in self._verb_cache:
            return self._verb_cache[verb]
        if verb in SPECIAL_VERBS:
            result = dict(SPECIAL_VERBS[verb])
        else:
            result = {}
            irregular = self.irregular["v"].get(verb, set())
            ing = sorted(f for f in irregular if f.endswith("ing"))
            third = sorted(f for f in irregular if f.endswith("s") and not f.endswith("ss"))
            rest = sorted(set(irregular) - set(ing) - set(third))
            result[GERUND] = ing[0] if len(ing) == 1 else (None if ing else regular_ing(verb))
            result[THIRD] = third[0] if len(third) == 1 else (
                verb + "es" if verb.endswith("o") else regular_s(verb))
            if verb in UNCHANGED or any(verb.endswith(v) and
                                        verb[:-len(v)] in ("re", "up", "over", "under", "out",
                                                           "broad", "fore", "mis", "off", "in")
                                        for v in UNCHANGED):
                result[PAST] = result[PARTICIPLE] = verb  # put, set, cut, upset
            elif not rest:
                result[PAST] = result[PARTICIPLE] = regular_ed(verb)
            elif len(rest) == 1 and rest[0].endswith("wn") or rest == ["proven"]:
                # shown, sewn, mown: a participle beside a regular past.
                result[PAST], result[PARTICIPLE] = regular_ed(verb), rest[0]
            elif len(rest) == 1 and rest[0].endswith("en") and not verb.endswith("en"):
                # beaten, bitten: the participle; the past (beat, bit) is
                # not recorded.
                result[PARTICIPLE] = rest[0]
            elif len(rest) == 1:
                # One irregular form serves both (stopped, made, sent).
                result[PAST] = result[PARTICIPLE] = rest[0]
            elif len(rest) == 2:
                past, participle = self._past_and_participle(rest)
                if past:
                    result[PAST], result[PARTICIPLE] = past, participle
            result = {k: v for k, v in result.items() if v}
        self._verb_cache[verb] = result
        return result

    @staticmethod
    def _past_and_participle(pair):
        """Which of two irregular forms is the past tense: took/taken,
        began/begun, flew/flown. (None, None) when the spelling does not say."""
        a, b = pair
        for past, participle in ((a, b), (b, a)):
            if participle.endswith("n") and not past.endswith("n"):
                return past, participle
            if len(past) == len(participle) and "a" in past and "u" in participle and \
                    past.replace("a", "u", 1) == participle:
                return past, participle
        return None, None

    def verb(self, verb, form):
        if form == BASE:
            return verb
        forms = self.verb_forms(verb)
        if form == PAST_OR_PARTICIPLE:
            return forms.get(PAST) or forms.get(PARTICIPLE)
        return forms.get(form)

    def compare(self, adjective, form):
        """Comparative or superlative of a one-word adjective (None when it
        takes "more"/"most" or the spelling is unsure)."""
        irregular = sorted(self.irregular["a"].get(adjective, ()))
        ending = "er" if form == COMPARATIVE else "est"
        if irregular:
            hits = [f for f in irregular if f.endswith(ending)]
            return hits[0] if len(hits) == 1 else None
        if syllables(adjective) > 1 and not adjective.endswith("y"):
            return None
        if adjective.endswith("e"):
            return adjective + ending[1:]
        if re.search(r"[^aeiou]y$", adjective):
            return adjective[:-1] + "i" + ending
        if re.search(r"(?:^|[^aeiou])[aeiou][bdgklmnprtvz]$", adjective):
            # One syllable, one vowel, one consonant: the consonant doubles
            # (thin, thinner; hot, hottest).
            return adjective + adjective[-1] + ending
        return adjective + ending

    # ------------------------------------------------------------ phrases

    def inflect_phrase(self, phrase, pos, form):
        """A lemma or clue phrase put into `form`: a noun phrase by its head
        (the last word, or the word before "of": "men of war"), a verb
        phrase by its first word ("took off"). None when unsure."""
        if form == BASE:
            return phrase
        words = phrase.split(" ")
        if pos == "n":
            if form != PLURAL:
                return None
            head = len(words) - 1
            if "of" in words[1:]:
                head = words.index("of") - 1
            if "-" in words[head]:
                return None
            new = self.plural(words[head])
            return new and " ".join(words[:head] + [new] + words[head + 1:])
        if pos == "v":
            if not words[0].isalpha():
                return None
            new = self.verb(words[0].lower(), form)
            return new and " ".join([new] + words[1:])
        if pos == "a" and len(words) == 1 and form in (COMPARATIVE, SUPERLATIVE):
            return self.compare(phrase, form)
        return None

    # ------------------------------------------------------------ answers

    def _build_index(self):
        """Grid letters -> [(lemma key, pos, form)] for every inflected form
        of every WordNet lemma."""
        index = collections.defaultdict(list)
        for key, senses in self.wn.senses.items():
            parts = {p for p, _, _ in senses}
            phrase = key.replace("_", " ")
            for pos in parts:
                if pos == "n":
                    forms = [(PLURAL, self.inflect_phrase(phrase, "n", PLURAL))]
                    # noun.exc lists some plurals the rule would not make.
                    for irregular in self.irregular["n"].get(key, ()):
                        forms.append((PLURAL, irregular))
                elif pos == "v":
                    words = phrase.split(" ")
                    forms = []
                    if words[0].isalpha():
                        vf = self.verb_forms(words[0])
                        past, part = vf.get(PAST), vf.get(PARTICIPLE)
                        for form, spelling in vf.items():
                            if form in (PAST, PARTICIPLE) and past == part:
                                form = PAST_OR_PARTICIPLE
                            forms.append((form, " ".join([spelling] + words[1:])))
                elif pos == "a" and "_" not in key:
                    forms = [(COMPARATIVE, self.compare(key, COMPARATIVE)),
                             (SUPERLATIVE, self.compare(key, SUPERLATIVE))]
                else:
                    forms = []
                for form, spelling in forms:
                    if not spelling:
                        continue
                    letters = normalize(spelling)
                    if letters and (key, pos, form) not in index[letters]:
                        index[letters].append((key, pos, form))
        self._index = index

    def readings(self, answer):
        """[(lemma key, pos, form)] for each way `answer` (grid letters) is
        an inflected form of a WordNet lemma (base forms not included)."""
        if self._index is None:
            self._build_index()
        return self._index.get(answer, [])
