"""Turning a WordNet definition into a short clue-like phrase.

A gloss is written for a dictionary: "a thin flexible tube inserted into
the body to permit introduction or withdrawal of fluids or to keep the
passageway open", "of or relating to the sun", "any of several usually
small short-bodied breeds". A crossword clue says less, in the answer's
own form: "Thin flexible tube" (CATHETER), "Of the sun", "Small hard fruits"
(SEEDS). This module does the mechanical part of that:

- `Shaper.core`: the first definition without its field label
  ("(botany)"), its setting ("in a vessel with two hulls, ...") and leading
  article, with dictionary boilerplate rewritten the way crosswords say it
  ("a person who" -> "One who", "of or relating to" -> "Of", "a kind of
  X" -> "X", "any of various small fishes" -> "Small fish").
- `Shaper.shortenings`: shorter forms, cut where a modifier starts (a
  comma, a preposition, a relative pronoun, a participle after its noun).
  Cutting a restrictive modifier leaves a more general but still true
  description, so long as the cut keeps a whole phrase that still names
  something: never inside a list, a coordination or a complement ("able |
  to", "taken | for", "care | for the feet"), never ending on a word that
  wants more ("of", "similar", "while"), never leaving only broad words
  ("shrub or small tree", "loss of sensation"), never dropping the name
  that identifies the thing ("mountain range | in South America").
  Adjective and verb phrases are cut only before a hedge or a clause.
- `Shaper.to_form`, `plural_head`, `singular_head`: the phrase in the
  answer's number and tense. The head noun is found by walking the opening
  run of adjectives and nouns ("Australian and southeastern Asian birds",
  "drama | set to music"); it is made plural only when WordNet's own text
  shows the noun countable (never "luggages"), and verbs are inflected
  only in a plain coordination ("move or travel").

The drafter (`clues.py`) decides which of the forms to use.
"""

import re

from .clueforms import BASE, PLURAL, PARTICIPLE, COMPARATIVE, SUPERLATIVE, UNCHANGED

ARTICLE = re.compile(r"^(?:a|an|the)\s+", re.IGNORECASE)
RELATIVE = re.compile(r"\s(?:that|which|who|whom|whose|where|when)\s")
# Words that start a modifier: cutting before one leaves the head of the
# definition. Participles start one too (see Shaper.is_participle).
# Conjunctions are not cut at ("horse or mule" is not "horse"), nor "of".
MODIFIER_STARTS = {
    "that", "which", "who", "whom", "whose", "where", "when", "by", "as", "with",
    "for", "in", "on", "at", "from", "during", "after", "before", "under",
    "over", "through", "between", "within", "about", "against", "especially",
    "usually", "often", "typically", "since", "until", "without", "near", "along",
    "around", "among", "across", "such", "via", "having", "formerly", "sometimes",
    "once", "used", "found", "native", "belonging", "characterized", "resembling",
    "similar", "related", "allied", "closely", "larger", "smaller", "chiefly", "mainly",
    "mostly", "largely", "but", "distinguished", "noted", "known", "popular", "consisting",
    "containing", "made", "like", "unlike", "except", "whether", "including", "held",
}
PREPOSITIONS = {"of", "like", "to", "in", "on", "at", "for", "from", "with", "by", "as",
                "than", "into", "about", "over", "under", "between"}
DETERMINERS = {"the", "a", "an", "this", "these", "those", "its", "their", "his", "her",
               "our", "your", "my", "some", "any", "each", "every", "no", "either", "neither"}
NUMBER = re.compile(r"\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                    r"\w+teen|\w+ty|hundred|thousand|million|dozen")
PRONOUNS = {"someone", "somebody", "something", "anyone", "anything", "one", "ones",
            "everything", "everyone", "nothing", "none", "that", "this", "those", "these"}
BROAD = 120  # synsets below a noun's sense that make it a broad class
VERB_CUTS = {
    "especially", "usually", "often", "typically", "as", "by", "during", "after",
    "before", "until", "since", "without", "because", "while", "when", "where",
    "that", "which", "so", "sometimes", "formerly", "chiefly", "mainly",
}
ADJECTIVE_CUTS = {"especially", "usually", "often", "typically", "sometimes", "chiefly",
                  "mainly", "formerly"}
WEAK_ENDINGS = {
    "a", "an", "the", "of", "and", "or", "to", "in", "into", "for", "with", "by",
    "on", "at", "from", "as", "its", "their", "his", "her", "is", "are", "be",
    "often", "usually", "especially", "typically", "any", "some", "several",
    "various", "more", "most", "very", "not", "no", "than", "such", "other",
    "being", "was", "were", "has", "have", "certain", "one", "each", "all",
    "something", "someone", "somebody", "one's", "oneself", "itself", "small",
    "large", "so", "kind", "type", "sort", "part", "form", "piece", "act", "way",
    "state", "quality", "amount", "number", "degree", "member", "group", "term",
    "terms", "name", "names", "somewhere", "someplace",
    # Adjectives that want a complement: "similar" (to what?).
    "similar", "akin", "related", "equivalent", "comparable", "identical", "close",
    "next", "prior", "due", "apt", "likely", "able", "unable", "capable", "contrary",
    "opposite", "relative", "superior", "inferior", "according", "belonging",
    "sensitive", "resistant", "liable", "subject", "prone", "devoted", "attached",
    "used", "applied", "adapted", "suited", "equal", "corresponding", "peculiar",
    "native", "common", "endemic", "preparatory", "leading", "tending", "given",
    "essential", "necessary", "useful", "suitable", "responsible", "sufficient",
    "adequate", "harmful", "important", "typical", "characteristic", "specific",
    "dependent", "exposed", "vulnerable", "immune", "susceptible", "analogous",
    "parallel", "proportional", "appropriate", "fit", "ready", "eager", "free",
    "while", "whilst", "although", "though", "because", "if", "unless", "whether",
}
# Heads too vague to stand alone once their modifier is cut ("a person or
# animal that is adopted by a team as a symbolic figure").
VAGUE_HEADS = {
    "person", "persons", "people", "someone", "somebody", "something", "anything",
    "anyone", "thing", "things", "animal", "animals", "one", "object", "man", "woman",
    "individual", "place", "act", "state", "quality", "condition", "matter", "kind",
    "type", "sort", "part", "group", "genus", "family", "order", "plant", "plants",
    "tree", "shrub", "herb", "fish", "bird", "mammal", "substance", "device", "unit",
    "instrument", "structure", "area", "region", "process", "activity", "event",
    "situation", "time", "period", "organism", "compound", "material", "item",
    "action", "feeling", "property", "set", "member", "members", "line", "body",
    "piece", "form", "system", "way", "means", "manner", "vessel", "container",
    "building", "room", "tool", "machine", "drug", "agent", "organ", "tissue",
    "cell", "name", "word", "term", "expression", "phrase", "written", "work",
    "genre", "style", "movement", "instance", "case", "point", "position",
}
# "of timber", "especially of leaves": what an adjective applies to, said
# before its meaning.
APPLICATION_LABEL = re.compile(
    r"(?:(?:especially|usually|chiefly|mainly|often|typically|specifically|formerly) )?"
    r"(?:of|used of|said of|applied to) [\w'-]+(?:,? [\w'-]+){0,4}(?:,? (?:etc|e\.g))?")
# An adjective gloss "of cotton thread that has been treated ..." says what
# the word applies to first and what it means after: no cut can keep both.
APPLIES_TO = re.compile(r"of (?!or relating|or pertaining)")
# Dictionary boilerplate and what a crossword says instead.
REWRITES = [
    (r"^(?:a |an )?(?:person|someone|somebody|one) who is (?:an? )?(expert|skilled|"
     r"proficient) (?:in|at) (?:the use of )?(?:a |an |the )?([\w -]{3,25})$", r"\2 \1"),
    (r"^(?:a |an )?(?:person|someone|somebody|one|individual) (who|that) ", r"One \1 "),
    (r"^of or (?:relating|pertaining|belonging) to (?:or characteristic of )?", "Of "),
    (r"^of or relating (?=the )", "Of "),
    (r"^(?:relating|pertaining) to or (?:characteristic of|characterized by) ", "Of "),
    (r"^of,? (?:relating|pertaining) to,? or (?:characteristic|typical) of ", "Of "),
    (r"^(?:relating|pertaining) to (?!or\b)", "Of "),
    (r"^of or (?:characteristic of|like|resembling) ", "Like "),
    (r"^having or showing ", "Showing "),
    (r"^having or (?:marked by|characterized by) ", "Having "),
    (r"^(?:an? )?(?:alternative|another|other) (?:terms?|names?|words?|spellings?) for ", ""),
    (r"^(?:a |an )?(?:kind|type|sort|variety|species) of (?=[a-z])", ""),
    (r"^the act of ", "Act of "),
    (r"^an act of ", "Act of "),
    (r"^in (an?) ([\w-]+) (?:manner|way|fashion)$", r"In \1 \2 way"),
    (r"^to (an?) ([\w-]+) (?:degree|extent)$", r"To \1 \2 degree"),
    (r"^a (?:native|resident) or (?:inhabitant|resident) of ", "Native of "),
    (r"^(?:a |an )?(?:native|inhabitant) of ", "Native of "),
]
REWRITES = [(re.compile(a, re.IGNORECASE), b) for a, b in REWRITES]
ANY_OF = re.compile(
    r"^(?:any|one|either) of (?:(?:several|various|many|numerous|a number of|a group of|"
    r"a genus of|a class of|the|two|three|four|five|six|seven|eight|nine|ten|twelve|\d+|"
    r"a few|a variety of|a large number of|a family of|an order of|some)\s+)*(.*)$",
    re.IGNORECASE)
# Quantifier prefixes an "any of" head may carry without changing its kind.
HEDGES = re.compile(r"\b(?:usually|often|typically|chiefly|mostly|mainly|generally)\s+")


def tidy(text):
    text = re.sub(r"\s+", " ", text.replace("`", "'").replace("''", '"'))
    return text.strip(" ,;:-")


def without_parentheses(text):
    previous = None
    while previous != text:
        previous = text
        text = re.sub(r"\s*\([^()]*\)", "", text)
        text = re.sub(r"\s*\[[^\[\]]*\]", "", text)
    return tidy(text)


def capitalised(text):
    return text[:1].upper() + text[1:]


def first_definition(synset):
    """The synset's main definition, without a label saying what an
    adjective applies to ("of timber; having fibers running irregularly")."""
    parts = list(synset.definitions)
    while parts and APPLICATION_LABEL.fullmatch(tidy(parts[0])):
        parts = parts[1:]
    if not parts:
        return ""
    text = re.sub(r"^\s*\([^()]*\)\s*", "", parts[0])  # "(botany)", "(law)"
    text = re.sub(r"^(?:\(?(?:used|said) of [^)]*\)?|used with [^)]*)\s*[,:]?\s*", "", text)
    # "in a vessel with two hulls, an enclosed area ...": the setting first.
    text = re.sub(r"^(?:in|on|among|for|of|with|within|at) [^,]{3,40}, (?=(?:a|an|the) )", "",
                  text)
    return tidy(text)


class Shaper:
    """Definition shaping with WordNet's word classes at hand."""

    def __init__(self, wordnet, forms):
        self.wn = wordnet
        self.forms = forms
        self.nouns = wordnet.by_pos["n"]
        self.verbs = wordnet.by_pos["v"]
        self.adjectives = wordnet.by_pos["a"]
        self.irregular_verb_forms = set().union(*wordnet.irregular["v"].values())

    # -------------------------------------------------------- word classes

    def is_participle(self, word):
        """A verb form that wants a complement: made, given, containing (not
        red or king, whose -ed and -ing are no endings)."""
        word = word.lower()
        if word in self.irregular_verb_forms and (word not in self.nouns or
                                                  self.main_pos(word) != "n") or word in UNCHANGED:
            return True  # made, given, found (a noun too, but a verb first)
        for ending, replacement in (("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", ""),
                                    ("ied", "y")):
            if word.endswith(ending) and word[:len(word) - len(ending)] + replacement in self.verbs:
                return True
        return False

    def is_verb_form(self, word):
        """A finite verb ("rests", "lies", "is"): what follows is its
        complement, not a modifier to cut."""
        word = word.lower()
        if word in ("is", "are", "was", "were", "has", "have", "had", "does", "do", "did"):
            return True
        if word.endswith("s") and not word.endswith("ss"):
            for base in self.wn.base_forms(word):
                if base in self.verbs and self.main_pos(base) == "v":
                    return True
        return False

    def is_plain_noun(self, word):
        """A noun (or a plural of one) that is no adjective: "small" and
        "red" are both, so nothing after them can be taken for a modifier."""
        word = word.lower()
        if any(b in self.verbs for b in self.wn.exceptions.get(word, ())):
            return False  # has, made, went: verb forms
        forms = {word} | {b for b in self.wn.base_forms(word) if b in self.nouns}
        return bool(forms & self.nouns) and word not in self.adjectives

    def main_pos(self, word):
        """The part of speech a word is most used as: most tags over its
        senses, else the first WordNet lists (noun, verb, adjective, adverb)."""
        totals = {}
        for pos, number, _ in self.wn.senses.get(word, ()):
            totals[pos] = totals.get(pos, 0) + self.wn.sense_count(word, pos, number)
        if not totals:
            return None
        return max(totals, key=lambda p: (totals[p], -"nvar".index(p)))

    def is_broad(self, noun):
        """A noun naming a large class in any of its senses (worker, device,
        plant, state): with one modifier it still describes too many things
        to identify one."""
        key = self.singular(noun) or noun.lower()
        sizes = self.wn.subtree_sizes()
        return any(pos == "n" and sizes[sid] >= BROAD
                   for pos, _, sid in self.wn.senses.get(key, ()))

    def singular(self, noun):
        """The singular of a plural noun, or None."""
        lower = noun.lower()
        if lower in self.nouns and lower not in self.wn.exceptions:
            return None  # series, species, news: a noun in its own right
        for base in sorted(self.wn.base_forms(lower), key=len, reverse=True):
            if base in self.nouns and self.forms.plural(base) == lower:
                return base
        if lower in self.nouns and lower.endswith("s") and \
                self.forms.plural(lower[:-1]) == lower:
            return lower[:-1]
        return None

    # -------------------------------------------------------------- core

    def core(self, definition):
        """The definition as a clue phrase, before any cut: boilerplate
        rewritten, article dropped, first letter capitalised. "" when
        nothing usable is left."""
        text = tidy(definition)
        for pattern, replacement in REWRITES:
            new = pattern.sub(replacement, text, count=1)
            if new != text:
                text = new
                break
        m = ANY_OF.match(text)
        if m and re.match(r"(?:any|one|either) of", text, re.IGNORECASE):
            text = self.any_of(m.group(1))
            if not text:
                return ""
        text = ARTICLE.sub("", text)
        return capitalised(tidy(text))

    def any_of(self, rest):
        """"any of several small fishes" -> "small fish": the plural head
        made singular, when it can be found; else ""."""
        rest = HEDGES.sub("", rest)
        words = rest.split()
        if not words:
            return ""
        # The head is the last word before the first modifier or "of".
        end = len(words)
        for i, w in enumerate(words):
            bare = w.strip(",;")
            if i > 0 and (bare in MODIFIER_STARTS or bare in ("of", "and", "or") or
                          w.endswith(",") or self.is_participle(bare) and
                          self.is_plain_noun(words[i - 1].strip(",")) and i >= 1):
                end = i + (1 if w.endswith(",") else 0)
                if w.endswith(","):
                    end = i + 1
                    words[i] = bare
                break
        head_i = end - 1
        head = words[head_i].strip(",")
        single = self.singular(head)
        if not single:
            return ""
        if words[head_i + 1:head_i + 2] == ["of"]:
            # "breeds of dog" / "species of fish": "dog breed" reads better
            # but needs the object's singular; keep "breed of X".
            pass
        words[head_i] = single
        return " ".join(words)

    # ------------------------------------------------------------ cutting

    def shortenings(self, text, pos="n", proper_first=False):
        """The phrase, then forms of it cut where a modifier starts, longest
        first. "Of the doctrine that ..." is never cut: its head says
        nothing alone."""
        plain = without_parentheses(text)
        forms = [text]
        last = plain.split()[-1].lower() if plain.split() else ""
        # Not "accessories that normally accompany" (something), nor
        # "covering the eyes of (someone) to prevent": the remark was the object.
        gap = re.search(r"\b(?:of|to|for|with|on|at|from|by|into)\s*\([^()]*\)\s*(?:to|,|$)",
                        text)
        if last not in PREPOSITIONS and not (self.main_pos(last) == "v" and last not in self.nouns) \
                and not gap:
            forms.append(plain)
        # A name in the definition is usually what identifies the thing:
        # "mountain range in South America" is no "mountain range".
        named = bool(re.search(r"\s[A-Z]", plain)) and not proper_first
        if not APPLIES_TO.match(plain) and not re.match(r"(?:Of|Like) ", plain):
            for cut in sorted(self.cut_points(plain, pos=pos), reverse=True):
                if re.search(r"\s(?:and|or)\s*$", plain[:cut]):
                    continue  # "grass in Europe and | especially the United States"
                form = tidy(plain[:cut])
                m = re.fullmatch(r"([\w-]+) of (?:an? |the )?([a-z][\w-]*)", form)
                if m and form.lower().replace(" ", "_") not in self.wn.senses and any(
                        w.lower() in VAGUE_HEADS or self.is_broad(w) for w in m.groups()):
                    continue  # "loss of sensation" (in a part of the body): the point is cut
                if "," in form:
                    continue  # cut inside a list: "horses, cattle, swine"
                if pos == "n" and not self.specific(form):
                    continue  # "Sequence of events" (involved in evolution)
                if named and not re.search(r"\s[A-Z]", form):
                    continue
                rest = plain[cut:].lstrip(" ,").split()
                if rest and (rest[0] in ("that", "which", "who", "whose") or
                             self.is_participle(rest[0])) and \
                        re.search(r"\bthe (?:[\w-]+ ){0,2}[a-z-]+$", form):
                    continue  # "member of the Protestant church" (founded by Eddy)
                if self.reads_whole(form):
                    forms.append(form)
        return list(dict.fromkeys(f for f in forms if f))

    def cut_points(self, text, also=(), pos="n"):
        """Offsets where a modifier starts (before its word, or at a comma),
        up to the first relative pronoun: past it a cut would leave a clause
        half said ("dramatist whose plays"). A verb's prepositions mostly
        start its arguments ("convert a cock into a capon"), so a verb
        phrase is cut only before an adjunct."""
        relative = RELATIVE.search(text)
        last = relative.start() if relative else len(text)
        if relative:
            # "mineral that contains metal that is valuable": a second
            # relative pronoun ends the first clause whole.
            second = RELATIVE.search(text, relative.end() - 1)
            if second and len(text[relative.end():second.start()].split()) >= 2:
                last = second.start()
                points_extra = {second.start()}
            else:
                points_extra = set()
        else:
            points_extra = set()
        # A comma ends a modifier, unless it separates the items of a list
        # ("horses, cattle, swine and goats").
        points = {m.start() for m in re.finditer(",", text)
                  if not re.match(r", (?:[\w'-]+ ){0,2}?[\w'-]+(?:,| and | or )", text[m.start():])
                  and not self.main_pos(text[:m.start()].split()[-1].lower()) == "a"}
        words = list(re.finditer(r"\s?([A-Za-z][A-Za-z'-]*)", text))
        # A verb's or an adjective's phrase is cut only before a hedge or
        # clause: "able to communicate" is no "able", "free from anything"
        # no "free".
        starts = VERB_CUTS if pos == "v" else ADJECTIVE_CUTS if pos in ("a", "r") \
            else MODIFIER_STARTS
        for i, m in enumerate(words):
            word = m.group(1)
            if word in starts or word in also:
                before = words[i - 1].group(1).lower() if i else ""
                # "skillful with", "taken for": a preposition after an
                # adjective, participle or adverb is its complement.
                if before and word not in also and (
                        before in self.adjectives and before not in self.nouns or
                        before.endswith("ly") or self.is_participle(before) or
                        self.is_verb_form(before)):
                    continue
                if word in ("that", "which") and before in PREPOSITIONS:
                    continue  # "like that of an opal": a pronoun, no clause
                points.add(m.start())
            elif i > 0 and pos == "n" and self.is_participle(word):
                following = words[i + 1].group(1) if i + 1 < len(words) else None
                if self.main_pos(word.lower()) == "n" and following and \
                        self.is_participle(following):
                    continue  # "university building | containing": a noun here
                if self.modifies_noun_before(words[i - 1].group(1), following):
                    points.add(m.start())
        if relative:
            # Inside the first relative clause a cut may follow its object
            # ("criminal who takes property | belonging to someone else").
            inside = {p for p in points if p > relative.start() and
                      len(text[relative.end():p].split()) >= 2 and
                      self.is_plain_noun(text[:p].split()[-1].strip(",")) and
                      self.is_participle(text[p:].split()[0].strip(",")) and
                      text[p:].split()[0] not in ("is", "are", "was", "were", "has", "have",
                                                  "had", "be", "been")}
            points = {p for p in points if p <= relative.start()} | points_extra
            return {p for p in points if 0 < p <= last} | inside
        return {p for p in points if 0 < p <= last}

    def modifies_noun_before(self, previous, following):
        """Whether a participle modifies the noun before it ("cell containing
        DNA") rather than the noun after it ("slender spiraling fronds")."""
        if previous.lower() in WEAK_ENDINGS:
            return False  # "a writing surface": the participle is an adjective
        # "secondary winding": after a word that may be an adjective the
        # participle may start a compound; only a plain noun is sure.
        return self.is_plain_noun(previous)

    def specific(self, form):
        """Whether a cut noun phrase still names something in particular:
        a noun that is no broad class, or four content words."""
        words = [w.lower().strip(",") for w in ARTICLE.sub("", form).split()]
        content = [w for w in words if w not in WEAK_ENDINGS or w in ("small", "large")]
        if len(content) >= 3:
            return True  # "thin flexible tube"
        for w in content:
            single = self.singular(w) or w
            if single in self.nouns and self.main_pos(single) == "n" and \
                    single not in VAGUE_HEADS and not self.is_broad(single):
                return True
        return False

    def reads_whole(self, form):
        """A cut form still says something: three words or more (two when
        the head is a plain noun with a modifier), not stopping in the
        middle of a phrase."""
        words = ARTICLE.sub("", form).split()
        if len(words) < 2:
            return False
        last = words[-1].lower().strip(",")
        first = words[0].lower()
        if len(words) == 2 and not (self.is_plain_noun(last) and last not in VAGUE_HEADS):
            return False
        if len(words) <= 2 and self.is_broad(last):
            return False  # "skilled worker" says too little of a repairman
        if first in ("any", "either", "each", "some", "all"):
            return False  # "any person in the armed services" (who holds ...)
        if first == "one" and len(words) < 4:
            return False
        # "Major industrial and coal" (mining region): an adjective joined
        # to the last word leaves the head unsaid.
        m = re.search(r"\b([\w-]+),? (?:and|or) [\w-]+$", form)
        if m and m.group(1).lower() in self.adjectives and m.group(1).lower() not in self.nouns:
            return False
        # "Shrub or small tree": nothing but broad heads and their adjectives.
        content = [w.lower().strip(",") for w in words
                   if w.lower() not in ("and", "or", "of", "a", "an", "the")]
        if (last in VAGUE_HEADS or len(content) <= 2) and all(
                w in VAGUE_HEADS or self.is_broad(w) or self.main_pos(w) == "a" for w in content):
            return False
        if re.search(r"\b(?:and|or|nor|but)$", form) or form.count("(") != form.count(")"):
            return False
        if self.main_pos(last) == "v" and last not in self.nouns or self.is_verb_form(last):
            return False  # "accessories that normally accompany" (what?)
        if last in VAGUE_HEADS and len(words) <= 2:
            return False  # "small bird"; "large Australian flightless bird" is fine
        return (last not in WEAK_ENDINGS and
                not last.endswith("ly") and not self.is_participle(last) and
                not re.search(r"\b(?:than|as|so|too|more|less|most|least) \w+$", form))

    # -------------------------------------------------------------- forms

    def to_form(self, phrase, pos, form, countable=True):
        """`phrase` (a shaped definition, base form) put into `form`, or None."""
        if form == BASE:
            return phrase
        if pos == "n":
            return self.plural_head(phrase) if form == PLURAL and countable else None
        if pos == "v":
            return self.inflected_verbs(phrase, form)
        if pos == "a" and form in (COMPARATIVE, SUPERLATIVE):
            return None
        return None

    def head(self, phrase):
        """(words before the head, head, rest of the phrase) of a noun
        phrase, or None when it cannot be told. The head is the last noun
        of the opening run of adjectives and nouns ("Australian and
        southeastern Asian birds", "glass or plastic vessel"): the run ends
        at a preposition or clause ("piece | of furniture"), at a comma,
        and at a participle, verb or adjective after a noun ("consonant |
        articulated with", "vein | continuous with", "drama | set to")."""
        words = phrase.split(" ")
        head = None
        for i, raw in enumerate(words):
            w = raw.lower().strip(",;:")
            if not re.fullmatch(r"[a-z][a-z'-]*", w) or w in PREPOSITIONS or \
                    w in MODIFIER_STARTS or w in PRONOUNS or w in DETERMINERS:
                break
            following = words[i + 1].lower().strip(",;:") if i + 1 < len(words) else ""
            if head == i - 1 and (
                    self.is_participle(w) and self.main_pos(w) != "n" or
                    self.is_verb_form(w) and w not in self.nouns or
                    self.main_pos(w) == "a" and w not in self.nouns and (
                        not following or following in PREPOSITIONS or
                        following in ("and", "or", "than"))):
                break  # "vein | continuous with", "drama | set to music", "roll | rich in"
            noun = (w in self.nouns or self.singular(w) is not None) and w not in ("and", "or")
            if noun and self.main_pos(w) == "a" and (
                    following in self.nouns or following in self.adjectives or
                    self.is_participle(following)):
                noun = False  # "small smooth | rounded rock": adjectives first
            if noun:
                head = i
            elif w in ("and", "or") or w in self.adjectives or self.is_participle(w) or \
                    re.fullmatch(r"[a-z]+-[a-z-]+", w) or w not in self.wn.senses or \
                    w.endswith("ly") and head is None:
                pass  # a pre-modifier ("violently destructive", "malacostracan")
            else:
                break
            if raw.endswith((",", ";", ":")):
                break
        if head is None:
            return None
        word = words[head].strip(",;:")
        if word.lower() in PRONOUNS:
            return None
        rest = phrase[len(" ".join(words[:head + 1])):]
        return words[:head], word, words[head][len(word):] + rest if False else rest

    def plural_head(self, phrase):
        """"Small hard fruit" -> "Small hard fruits". A relative clause
        would need its verb to agree, a coordination both heads: no."""
        if RELATIVE.search(" " + phrase + " ") or re.match(
                r"(?:One|Act|Native|Of|Like|Showing|Having|In|To) ", phrase):
            return None
        found = self.head(phrase)
        if not found:
            return None
        before, head, rest = found
        if any(w.lower() in ("man", "woman") for w in before):
            return None  # "man participant": the plural is "men participants"
        for i, w in enumerate(before[1:], 1):
            if w.lower() in ("and", "or") and before[i - 1].lower() in self.nouns \
                    and self.main_pos(before[i - 1].lower()) != "a":
                return None  # "owner or proprietor", "drop or rapid decline": two heads
        if self.singular(head) and not re.match(r",?\s*(?:and|or)\b", rest.strip()):
            return phrase  # already plural: "perennial herbs having showy flowers"
        if re.match(r",?\s*(?:and|or)\b", rest.strip()) or head.lower() not in self.nouns:
            return None
        nxt = rest.split()[0].lower().strip(",;:") if rest.split() else ""
        after = (rest.split() + ["", ""])[1].lower().strip(",;:")
        if nxt and not (nxt in PREPOSITIONS or nxt in MODIFIER_STARTS or rest.startswith(",")
                        or self.is_participle(nxt) or self.main_pos(nxt) == "a" and
                        (after in PREPOSITIONS or after == "than")):
            return None  # the head may go on ("light | blue mineral"): unsure
        new = self.forms.plural(head)
        if not new:
            return None
        lower = head.lower()
        uses = self.wn.gloss_counts.get(lower, 0)
        counted = self.wn.counted(lower)
        # "wears" is written often enough, but as a verb: a verb-first word
        # never written "a wear" counts as a mass noun all the same.
        attested = self.wn.gloss_counts.get(new.lower()) and not (
            self.main_pos(lower) == "v" and counted == 0 and uses >= 30) or \
            new.lower() in self.wn.exceptions
        if uses >= 10 and not attested and counted < 0.05 * uses:
            return None  # luggage: WordNet never writes "luggages", and "a luggage" once in 29
        return " ".join(before + [new]) + rest

    def singular_head(self, phrase):
        """A noun phrase with a plural head made singular ("Nocturnal
        phalangers" -> "Nocturnal phalanger"); the phrase itself when its
        head is singular; None when a plural head cannot be made singular
        or the phrase coordinates two heads."""
        found = self.head(phrase)
        if not found:
            return phrase
        before, head, rest = found
        if before and head[:1].isupper():
            return phrase  # "United States" (the first word is capitalised anyway)
        lower = head.lower()
        single = self.singular(head)
        if not single or lower in self.nouns and self.forms.plural(lower) is None:
            return phrase
        if lower in self.nouns and not self.wn.exceptions.get(lower):
            # "glasses", "arms": a lemma of its own as well as a plural.
            return phrase
        if RELATIVE.search(" " + rest + " ") or re.match(r",?\s*(?:and|or)\b", rest.strip()):
            return None  # "phalangers that move": the verb would need to agree
        if any(w.lower() in ("several", "many", "various", "numerous", "some", "all", "both")
               or NUMBER.fullmatch(w.lower()) for w in before):
            return phrase if re.search(r"\d|ty\b|hundred|thousand", " ".join(before)) and \
                not rest.strip() == "" else None  # "three goddesses"; "town twenty miles east"
        single = head[0] + single[1:] if head[0].isupper() else single
        return " ".join(before + [single]) + rest

    def inflected_verbs(self, phrase, form):
        """"Be obedient to" -> "Is obedient to"; "move or travel" -> "moved
        or traveled" (each verb of a plain coordination); anything with a
        comma or a second clause stays uninflected (None)."""
        words = phrase.split(" ")
        first = words[0].lower()
        if first not in self.verbs or "," in phrase:
            return None
        if first == "be" and form in (PARTICIPLE,):
            return None
        targets = [0]
        for i, w in enumerate(words[1:-1], 1):
            if w in ("and", "or"):
                nxt = words[i + 1].lower()
                # A second verb must agree too; a word that may be a verb or
                # an object ("salt and pepper", "give food and water") leaves
                # the structure unknown.
                if nxt not in self.verbs:
                    continue
                if nxt in self.nouns or nxt in self.adjectives:
                    return None
                targets.append(i + 1)
        out = list(words)
        for i in targets:
            new = self.forms.verb(words[i].lower(), form)
            if not new:
                return None
            out[i] = new
        return capitalised(" ".join(out))
