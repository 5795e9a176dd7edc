#!/usr/bin/env python3
"""Build cruciverb's embedded clue database from Debian's wordnet-base.

    apt-get install wordnet-base
    python3 wordlists/build_clues.py      # writes wordlists/clues.txt

Output: one `ANSWER;clue` line per entry of default.txt that WordNet can
clue, sorted by answer. The same inputs always give the same file.

How an answer gets its clue:
- Lemmas: every WordNet lemma whose letters equal the answer (upper-cased,
  accents folded, spaces, hyphens, underscores and apostrophes dropped, as
  build.py does), so ice_cream clues ICECREAM.
- Senses, most frequent first: by the sense's tag count in WordNet's semantic
  concordance (cntlist.rev), then by sense number (WordNet's own frequency
  order within a part of speech), then noun, verb, adjective, adverb.
  Senses WordNet marks as obscene, an ethnic slur or disparaging are skipped,
  and so are clues using a word of blocked.txt.
- Shaping: the definition part of the gloss only (the text before the first
  `;` or quoted example; a leading label such as "(botany)" or "of timber;"
  is dropped). Leading articles go ("a large cat" -> "Large cat"), the first
  letter is capitalised and no period ends the clue. If the definition is
  longer than MAX_CLUE characters, it is tried without parenthetical remarks,
  then cut where a modifier starts (a comma, a preposition, a relative
  pronoun, a participle after its noun), longest cut first. Cutting a
  modifier leaves a more general but still true description ("solid-hoofed
  herbivorous quadruped domesticated since prehistoric times" -> "Solid-
  hoofed herbivorous quadruped"). A cut must leave three words or more, and
  not end on a word that wants more ("of", "made", "usually") or on a head
  too vague alone ("person or animal"); cuts stop at the first relative
  pronoun, and "of X that ..." adjective glosses are not cut at all. A sense
  with no form short enough is skipped.
- Rejection: a clue must not give the answer away. Compared on letters only
  (case, spaces and punctuation ignored), it may contain neither the answer
  nor any piece of four or more consecutive letters of it. Each word of the
  clue is also reduced to its base forms (WordNet's exception lists and
  detachment rules: mice -> mouse, drove -> drive), and a base form must pass
  the same test; the answer's own base forms (MICE -> MOUSE) may not appear
  as a word of the clue either. A rejected form makes way for a shorter cut,
  then for the next sense.
- Inflections: an answer that is no lemma but the plural of a noun, or the
  third person or past tense of a verb, gets its base form's gloss put into
  the same form, only where that can be done mechanically and read right: a
  noun sense that is a class (not one named thing), glossed "a ..."/"an ..."
  with no relative clause (whose verb would have to agree), gets its head
  noun pluralised ("a small hard fruit" -> SEEDS "Small hard fruits"); a verb
  gloss with no "and", "or" or comma (each could hide a second verb) gets its
  first verb inflected ("be obedient to" -> OBEYS "Is obedient to"). Other
  inflected forms (-ing forms, comparatives, irregular pasts like flew/flown)
  stay unclued, as does every answer with no usable sense: the clue sheet
  leaves them empty, to be written by hand.

The clues are WordNet's glosses, shortened: they keep WordNet's licence,
LICENSE-WordNet.txt next to this script.
"""

import collections
import functools
import os
import re
import sys

WORDNET = "/usr/share/wordnet"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from build import letters  # noqa: E402  (one definition of an entry's grid form)

MAX_CLUE = 70
MIN_PIECE = 4
POS_ORDER = ("n", "v", "a", "r")
POS_FILE = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
# The ss_type digit of a sense key; 5 (adjective satellite) is listed under adj.
SENSE_KEY_POS = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}
# Usage domains (";u" pointers) whose senses no crossword prints:
# obscenity, ethnic slur, disparagement.
OFFENSIVE_DOMAINS = {"07124340", "06718862", "06717170"}
ARTICLE = re.compile(r"^(?:a|an|the)\s+", re.IGNORECASE)
RELATIVE = re.compile(r"\s(?:that|which|who|whom|whose|where|when)\s")
# Words that start a modifier: cutting before one leaves the head of the
# definition, a more general but still true description. Participles start
# one too (see WordNet.is_participle). Conjunctions are not cut at ("horse
# or mule" is not "horse"), nor "of" (its head is "member", "any").
MODIFIER_STARTS = {
    "that", "which", "who", "whom", "whose", "where", "when", "by", "as", "with",
    "for", "in", "on", "at", "from", "into", "during", "after", "before", "under",
    "over", "through", "between", "within", "about", "against", "to", "especially",
    "usually", "often", "typically", "since", "until", "without", "near", "along",
    "around", "among", "across", "such", "via",
}
WEAK_ENDINGS = {
    "a", "an", "the", "of", "and", "or", "to", "in", "into", "for", "with", "by",
    "on", "at", "from", "as", "its", "their", "his", "her", "is", "are", "be",
    "often", "usually", "especially", "typically",
}
# Heads too vague to stand alone once their modifier is cut ("a person or
# animal that is adopted by a team as a symbolic figure").
VAGUE_HEADS = {
    "person", "persons", "people", "someone", "somebody", "something", "anything",
    "anyone", "thing", "things", "animal", "animals", "one", "object", "man", "woman",
    "individual", "place", "act", "state", "quality", "condition", "matter", "kind",
    "type", "sort", "part", "group",
}
# "of timber", "especially of leaves": what an adjective applies to, said
# before its meaning.
APPLICATION_LABEL = re.compile(
    r"(?:(?:especially|usually|chiefly|mainly|often|typically|specifically) )?"
    r"of [\w'-]+(?:,? [\w'-]+){0,4}(?:,? (?:etc|e\.g))?")
# An adjective gloss "of cotton thread that has been treated ..." says what
# the word applies to first and what it means after: no cut can keep both.
APPLIES_TO = re.compile(r"of (?!or relating|or pertaining)")
# WordNet's detachment rules: an inflectional ending and what replaces it.
DETACHMENTS = {
    "n": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"),
          ("shes", "sh"), ("men", "man"), ("ies", "y")),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"),
          ("ed", ""), ("ing", "e"), ("ing", "")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
}


def letters_only(text):
    """Every letter of `text`, upper-cased, nothing else: what rejection compares."""
    return re.sub(r"[^A-Z]", "", text.upper())


def read_lines(path):
    with open(path, encoding="ascii") as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def default_answers():
    return [line.split(";", 1)[0] for line in read_lines(os.path.join(HERE, "default.txt"))]


def blocked_words():
    return {line.strip().lower() for line in read_lines(os.path.join(HERE, "blocked.txt"))
            if not line.startswith("#")}


class WordNet:
    """The parts of WordNet the clues need: senses per lemma, glosses, tag
    counts and the morphology for base forms."""

    def __init__(self):
        self.senses = {}        # lemma -> [(pos, sense number, offset)]
        self.glosses = {}       # (pos, offset) -> gloss text
        self.instances = set()  # (pos, offset) of senses naming one thing
        self.offensive = set()  # (pos, offset) of senses in an offensive domain
        self.tags = collections.Counter()  # (lemma, pos, sense number) -> count
        self.exceptions = collections.defaultdict(set)  # inflected -> bases
        # pos -> base -> its irregular inflected forms (noun.exc, verb.exc read backwards)
        self.irregular = {pos: collections.defaultdict(set) for pos in POS_ORDER}
        for pos in POS_ORDER:
            self._read_index(pos)
            self._read_data(pos)
            self._read_exceptions(pos)
        self._read_tag_counts()
        self.lemmas = set(self.senses)
        self.nouns = {l for l, senses in self.senses.items() if any(p == "n" for p, *_ in senses)}
        self.verbs = {l for l, senses in self.senses.items() if any(p == "v" for p, *_ in senses)}
        self.adjectives = {l for l, senses in self.senses.items()
                           if any(p == "a" for p, *_ in senses)}
        # made, given, left: participles the -ed/-ing pattern cannot see.
        self.irregular_verb_forms = set().union(*self.irregular["v"].values())
        self.irregular_noun_forms = set().union(*self.irregular["n"].values())

    def is_participle(self, word):
        """A verb form that wants a complement: made, given, containing (not
        red or king, whose -ed and -ing are no endings)."""
        word = word.lower()
        if word in self.irregular_verb_forms:
            return True
        for ending, replacement in DETACHMENTS["v"]:
            if ending in ("ed", "ing") and word.endswith(ending):
                if word[:len(word) - len(ending)] + replacement in self.verbs:
                    return True
        return False

    def _read_index(self, pos):
        for line in read_lines(os.path.join(WORDNET, f"index.{POS_FILE[pos]}")):
            if line.startswith(" "):
                continue
            fields = line.split()
            lemma, synset_count = fields[0], int(fields[2])
            offsets = fields[len(fields) - synset_count:]
            for number, offset in enumerate(offsets, 1):
                self.senses.setdefault(lemma, []).append((pos, number, offset))

    def _read_data(self, pos):
        for line in read_lines(os.path.join(WORDNET, f"data.{POS_FILE[pos]}")):
            if line.startswith(" ") or "|" not in line:
                continue
            head, gloss = line.split("|", 1)
            offset = head.split(" ", 1)[0]
            self.glosses[(pos, offset)] = gloss.strip()
            if " @i " in head:
                self.instances.add((pos, offset))
            domains = re.findall(r";u (\d{8}) n", head)
            if OFFENSIVE_DOMAINS.intersection(domains):
                self.offensive.add((pos, offset))

    def _read_exceptions(self, pos):
        path = os.path.join(WORDNET, f"{POS_FILE[pos]}.exc")
        for line in read_lines(path):
            inflected, *bases = line.split()
            self.exceptions[inflected].update(bases)
            for base in bases:
                self.irregular[pos][base].add(inflected)

    def _read_tag_counts(self):
        for line in read_lines(os.path.join(WORDNET, "cntlist.rev")):
            key, number, count = line.split()
            lemma, rest = key.split("%", 1)
            self.tags[(lemma, SENSE_KEY_POS[rest[0]], int(number))] += int(count)

    def is_plain_noun(self, word):
        """A noun (or a plural of one) that is no adjective: "small" and
        "red" are both, so nothing after them can be taken for a modifier."""
        word = word.lower()
        forms = {word} | {b for b in self.base_forms(word) if b in self.nouns}
        return bool(forms & self.nouns) and word not in self.adjectives

    def base_forms(self, word):
        """`word` without inflection: exception-list bases and detachments
        that are WordNet lemmas (the word itself not included)."""
        word = word.lower()
        bases = set(self.exceptions.get(word, ()))
        for rules in DETACHMENTS.values():
            for ending, replacement in rules:
                if word.endswith(ending) and len(word) > len(ending):
                    base = word[:len(word) - len(ending)] + replacement
                    if base in self.lemmas:
                        bases.add(base)
        bases.discard(word)
        return bases

    def ranked_senses(self, lemmas, parts_of_speech=POS_ORDER, classes_only=False):
        """(rank, gloss) for the senses of `lemmas` in `parts_of_speech`;
        a lower rank is a more frequent sense. `classes_only` leaves out
        senses naming one thing (Tamale, the city), which have no plural."""
        for lemma in lemmas:
            for pos, number, offset in self.senses.get(lemma, ()):
                if pos not in parts_of_speech or (pos, offset) in self.offensive:
                    continue
                if classes_only and (pos, offset) in self.instances:
                    continue
                count = self.tags.get((lemma, pos, number), 0)
                rank = (-count, number, POS_ORDER.index(pos), lemma)
                yield rank, self.glosses[(pos, offset)]


def definition(gloss):
    """The gloss up to its first example or second definition."""
    parts = gloss.split('"', 1)[0].split(";")
    # "of timber; having fibers running irregularly": the label says what the
    # word applies to, the meaning follows it.
    if len(parts) > 1 and APPLICATION_LABEL.fullmatch(parts[0].strip()) and parts[1].strip():
        parts = parts[1:]
    text = parts[0]
    if APPLICATION_LABEL.fullmatch(tidy(text)):
        return ""  # a label with no meaning after it
    # A leading "(botany)" or "(law)" labels the field, it is not the meaning.
    text = re.sub(r"^\s*\([^()]*\)", "", text)
    return tidy(text)


def tidy(text):
    text = re.sub(r"\s+", " ", text)
    return text.strip(" ,;:-.")


def without_parentheses(text):
    previous = None
    while previous != text:
        previous = text
        text = re.sub(r"\s*\([^()]*\)", "", text)
    return tidy(text)


def shortenings(text, wordnet):
    """The definition, then forms of it cut where a modifier starts, longest
    first: the first that fits and passes wins."""
    plain = without_parentheses(text)
    forms = [text, plain]
    if not APPLIES_TO.match(plain):
        for cut in sorted(cut_points(plain, wordnet), reverse=True):
            form = tidy(plain[:cut])
            if reads_whole(form, wordnet):
                forms.append(form)
    return list(dict.fromkeys(f for f in forms if f))


def cut_points(text, wordnet, also=()):
    """Offsets where a modifier starts (before its word, or at a comma), up
    to the first relative pronoun: past it a cut would leave a clause half
    said ("dramatist whose plays")."""
    relative = RELATIVE.search(text)
    last = relative.start() if relative else len(text)
    points = {m.start() for m in re.finditer(",", text)}
    words = list(re.finditer(r"\s?([A-Za-z][A-Za-z'-]*)", text))
    for i, m in enumerate(words):
        word = m.group(1)
        if word in MODIFIER_STARTS or word in also:
            points.add(m.start())
        elif i > 0 and wordnet.is_participle(word):
            following = words[i + 1].group(1) if i + 1 < len(words) else None
            if modifies_noun_before(words[i - 1].group(1), following, wordnet):
                points.add(m.start())
    return {p for p in points if 0 < p <= last}


def modifies_noun_before(previous, following, wordnet):
    """Whether a participle modifies the noun before it ("cell containing
    DNA", "quadruped domesticated since") rather than the noun after it
    ("slender spiraling fronds"): a noun that is no adjective settles it,
    else the participle must be followed by a preposition or nothing."""
    if wordnet.is_plain_noun(previous):
        return True
    if previous.lower() not in wordnet.nouns:
        return False
    return following is None or following in MODIFIER_STARTS or following == "of"


def reads_whole(form, wordnet):
    """A cut form still says something: three words or more, not stopping
    in the middle of a phrase: on "of", on an adverb ("partially or wholly")
    or on a participle that wants its complement ("impression made")."""
    words = ARTICLE.sub("", form).split()
    if len(words) < 3:
        return False
    last = words[-1].lower()
    return (last not in WEAK_ENDINGS and last not in VAGUE_HEADS and not last.endswith("ly")
            and not wordnet.is_participle(last))


def crossword_style(text):
    text = ARTICLE.sub("", text).replace("`", "'")
    text = tidy(text)
    return text[:1].upper() + text[1:]


def gives_away(clue, answer, answer_bases, wordnet):
    """True if the clue contains the answer, a 4+ letter piece of it, or
    (word by word, without inflections) one of the answer's base forms."""
    pieces = {answer[i:j] for i in range(len(answer))
              for j in range(i + MIN_PIECE, len(answer) + 1)}
    pieces.add(answer)
    if any(piece in letters_only(clue) for piece in pieces):
        return True
    for word in re.findall(r"[A-Za-z][A-Za-z'-]*", clue):
        forms = {letters_only(word)} | {letters_only(b) for b in wordnet.base_forms(word)}
        for form in forms:
            if any(piece in form for piece in pieces):
                return True
            if len(form) >= MIN_PIECE and form in answer:
                return True
            if any(base == form or (len(base) >= MIN_PIECE and base in form)
                   for base in answer_bases):
                return True
    return False


def uses_blocked_word(clue, blocked):
    return any(word.lower() in blocked for word in re.findall(r"[A-Za-z]+", clue))


# ------------------------------------------------------------ inflections
#
# An answer WordNet has no lemma for may be the plural of a noun or the
# third person or past tense of a verb. Its clue is then the base form's
# gloss put into the same form, only where that can be done mechanically
# and read right: a noun gloss that starts "a"/"an" (a countable sense) with
# no relative clause (whose verb would have to agree) gets its head noun
# pluralised ("a small hard fruit" -> "Small hard fruits"); a verb gloss
# with no "and", "or" or comma (each would hide a second verb) gets its first
# verb inflected ("be obedient to" -> "Is obedient to"). Anything else stays
# unclued.

IRREGULAR_VERBS = {"be": ("is", "was"), "have": ("has", "had"), "do": ("does", "did"),
                   "go": ("goes", "went")}


def regular_s(word):
    """word + s, as English spells it: boxes, flies, pianos stay with s."""
    if re.search(r"(?:s|x|z|ch|sh)$", word):
        return word + "es"
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    return word + "s"


def plural(noun, wordnet):
    forms = wordnet.irregular["n"].get(noun)
    if forms:
        return next(iter(forms)) if len(forms) == 1 else None
    if re.search(r"[^s]s$", noun) or noun in wordnet.irregular_noun_forms:
        return None  # series, means, dice, data: plural already, or no plural
    return regular_s(noun)


def third_person(verb, wordnet):
    if verb in IRREGULAR_VERBS:
        return IRREGULAR_VERBS[verb][0]
    return verb + "es" if verb.endswith("o") else regular_s(verb)


def past_tense(verb, wordnet):
    if verb in IRREGULAR_VERBS:
        return IRREGULAR_VERBS[verb][1]
    forms = {f for f in wordnet.irregular["v"].get(verb, ()) if not f.endswith(("ing", "s"))}
    if forms:
        # Several forms (flew, flown) leave the past tense unknown.
        return next(iter(forms)) if len(forms) == 1 else None
    if verb.endswith("e"):
        return verb + "d"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ied"
    return verb + "ed"


INFLECTIONS = (("n", plural), ("v", third_person), ("v", past_tense))


def readings(answer, wordnet):
    """(base lemma, part of speech, inflect) for each way `answer` is an
    inflection of a one-word WordNet lemma."""
    word = answer.lower()
    for pos, inflect in INFLECTIONS:
        lemmas = wordnet.nouns if pos == "n" else wordnet.verbs
        for base in sorted(wordnet.base_forms(word)):
            if base in lemmas and inflect(base, wordnet) == word:
                yield base, pos, inflect


def inflected(form, pos, inflect, wordnet):
    """`form` (a base form's definition) put into the answer's form, or None."""
    if pos == "n":
        return with_plural_head(form, inflect, wordnet)
    return with_inflected_verb(form, inflect, wordnet)


def with_plural_head(form, inflect, wordnet):
    """"a small hard fruit" -> "small hard fruits"; the head noun is the last
    word before the first modifier (or "of": "members of the genus")."""
    if not re.match(r"(?:a|an)\s", form) or RELATIVE.search(form):
        return None
    body = ARTICLE.sub("", form)
    end = min(cut_points(body, wordnet, also={"of"}), default=len(body))
    words = body[:end].split()
    if not words or re.search(r"\b(?:and|or)\b", body[:end]):
        return None
    head = words[-1]
    # Cut at a participle, the word before it may be an adjective ("small"
    # in "small red blood cell"); at a preposition or the end it is the head.
    after = body[end:].split()
    at_phrase = not after or after[0] == "," or after[0] in MODIFIER_STARTS | {"of"}
    if head not in wordnet.nouns or not (at_phrase or wordnet.is_plain_noun(head)):
        return None
    new = inflect(head, wordnet)
    return new and " ".join(words[:-1] + [new]) + body[end:]


def with_inflected_verb(form, inflect, wordnet):
    """"be obedient to" -> "is obedient to"."""
    if re.search(r",|\b(?:and|or)\b", form):
        return None
    first, _, rest = form.partition(" ")
    if first not in wordnet.verbs:
        return None
    new = inflect(first, wordnet)
    return new and (new + " " + rest).strip()


# ------------------------------------------------------------------ clues

def candidate_glosses(answer, lemmas, wordnet):
    """(gloss, turn) pairs, most frequent sense first; `turn` puts a shaped
    form of the gloss into the answer's form (None when it cannot)."""
    if lemmas:
        ranked = [(rank, gloss, lambda form: form) for rank, gloss in wordnet.ranked_senses(lemmas)]
    else:
        ranked = []
        for base, pos, inflect in readings(answer, wordnet):
            turn = functools.partial(inflected, pos=pos, inflect=inflect, wordnet=wordnet)
            ranked += [(rank, gloss, turn) for rank, gloss in wordnet.ranked_senses([base], pos, True)]
    ranked.sort(key=lambda r: (r[0], r[1]))
    seen = set()
    for _, gloss, turn in ranked:
        if gloss not in seen:
            seen.add(gloss)
            yield gloss, turn


def clue_for(answer, lemmas, wordnet, blocked, tally):
    """The first acceptable clue among the senses of `lemmas` (or, with no
    lemma, of the lemmas `answer` inflects), or None."""
    answer_bases = {letters_only(b) for b in wordnet.base_forms(answer)} - {answer}
    for gloss, turn in candidate_glosses(answer, lemmas, wordnet):
        forms = (turn(form) for form in shortenings(definition(gloss), wordnet))
        clues = [crossword_style(f) for f in forms if f]
        fitting = [c for c in clues if c and len(c) <= MAX_CLUE]
        if not fitting:
            tally["sense too long or not inflectable"] += 1
            continue
        for clue in fitting:
            if not uses_blocked_word(clue, blocked) and not gives_away(
                    clue, answer, answer_bases, wordnet):
                return clue
        tally["sense giving the answer away or using a blocked word"] += 1
    return None


def main():
    wordnet = WordNet()
    blocked = blocked_words()
    lemmas_by_answer = collections.defaultdict(list)
    for lemma in sorted(wordnet.lemmas):
        answer = letters(lemma)
        if answer:
            lemmas_by_answer[answer].append(lemma)
    answers = default_answers()
    clues = {}
    tally = collections.Counter()
    for answer in answers:
        lemmas = lemmas_by_answer.get(answer, [])
        clue = clue_for(answer, lemmas, wordnet, blocked, tally)
        if clue is not None:
            clues[answer] = clue
            tally["clued as a lemma" if lemmas else "clued as an inflection"] += 1
        elif lemmas:
            tally["lemma with no usable sense"] += 1
        else:
            tally["neither a lemma nor an inflection of one, or no usable sense"] += 1
    out = os.path.join(HERE, "clues.txt")
    with open(out, "w", encoding="ascii", newline="\n") as f:
        for answer in sorted(clues):
            f.write(f"{answer};{clues[answer]}\n")
    print(f"{len(clues)} of {len(answers)} answers clued -> {out}", file=sys.stderr)
    for reason, count in sorted(tally.items()):
        print(f"  {count:7} {reason}", file=sys.stderr)


if __name__ == "__main__":
    main()
