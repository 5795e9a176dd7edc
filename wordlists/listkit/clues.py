"""Drafting crossword clues from WordNet, the way an editor writes them.

The team writes a clue for every entry that scores 50 or more
(`curated/`); this module drafts one for the rest, so that a constructor
who lowers the minimum score still gets clues. A shortened dictionary gloss
is not a clue ("Put into a certain place or abstract location" for PUT, the
camp sense of LAGER, "Very light colorless elements" for HES): an editor
wants a short clue in the answer's own sense and form, of a kind solvers
know. So for each answer the drafter

1. finds its readings: the WordNet lemmas it spells (ICECREAM is ice
   cream), the lemmas it is an inflected form of (SEEDS, STARTED, TAKEN,
   TALLER; see `clueforms`), and famous people it is the first name of;
2. ranks their senses by how likely a solver is to think of them: tag
   counts in the semantic concordance, then WordNet's sense order, with the
   word class of the answer's most common use first, and with senses a
   solver would not think of pushed back or dropped (a spelling variant's
   sense: LAGER is not the laager; an archaic sense; a proper-name sense of
   a common word; an abbreviation of a word that is a word itself: EMU is
   the bird); offensive senses are never used, nor bodily or sexual ones
   (ASS is the donkey; a word with no innocent sense gets no clue);
3. drafts clues of several kinds for the best senses and keeps the one that
   reads best, in the answer's part of speech, number and tense:
   - 'name': a person as crosswords name them ("Physicist Albert" for
     EINSTEIN, "Rock singer Presley" for ELVIS, "French painter" for
     CLAUDEMONET), a place ("Norway's capital", "Polish city");
   - 'synonym': a common synonym from the synset whose own main sense this
     is, a "see also" adjective, or what a "domestic X" is called ("Start"
     for BEGIN, "Content" for HAPPY, "Donkey" for ASS), inflected like the
     answer;
   - 'abbreviation': what an abbreviation or symbol stands for ("Symbol for
     helium", "Deoxyribonucleic acid, for short"); a symbol or abbreviation
     is never inflected (HES gets no clue from He);
   - 'kind-of': the hypernym, made specific where it is vague ("Sporting
     dog", "Kind of beer", "Acorn tree");
   - 'example': a well-known instance or hyponym ("Oak, e.g.");
   - 'definition': the gloss's core, cleaned of dictionary boilerplate and
     cut to a whole shorter phrase (see `cluegloss`);
   - 'blank': a short WordNet example with exactly the answer's form blanked
     out ("___ pentameter" for IAMBIC, "She laughed ___").
   A sense with no acceptable clue makes way for the next; an answer with
   none gets None: a clue sheet line left for a human is better than a
   wrong or unreadable clue.

Every clue passes `cluecheck.style_problems` and `cluecheck.leaks`, the
base-form leak check (MICE is not clued with "mouse") widened to the
answer's relatives (no "busy" for BUSILY, "jug" for JUGFUL, "purity" for
PURENESS), a check for bodily and sexual wording, and
`safety.clue_problem` when a Safety is given. Drafting the entries
`build.py` asks for takes about a minute and a half after ten seconds of
reading WordNet.

From `wordlists/`:

    python3 -m listkit.clues WORD...                  # clue and kind per word
    python3 -m listkit.clues --sample N [--seed S]    # N random answers
    python3 -m listkit.clues --all [OUT]              # every answer of default.txt
    (add --safety DIR to check clues against DIR/blocked.txt and breakfast.txt;
    by default wordlists/curated/ is used once those files exist)

The clues derive from WordNet 3.0 (Princeton University), under its licence
(`wordlists/LICENSE-WordNet.txt`).
"""

import collections
import math
import os
import random
import re
import sys
import time

from .cluecheck import leaks, style_problems
from .clueforms import BASE, COMPARATIVE, PLURAL, SUPERLATIVE, Forms, regular_s, syllables
from .cluegloss import ARTICLE, Shaper, capitalised, first_definition, tidy, without_parentheses
from .cluewordnet import (
    ACRONYM, ARCHAIC, COLLOQUIAL, LEX_NOUN_BODY, LEX_NOUN_LOCATION, LEX_NOUN_PERSON,
    OFFENSIVE_DOMAINS, SLANG, WordNet)
from .text import letters_only, normalize

WORDLISTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_CLUE = 60      # never longer
GOOD_LENGTH = 40   # aim under this
MIN_PIECE = 4
MIN_SCORE = 3.6    # a candidate scoring less is no clue at all

# Bodily and sexual wording: a sense glossed with it is skipped when the
# word has an innocent sense, and no clue may use it (the curated safety
# files catch far more; this keeps the drafter decent without them).
DELICATE = re.compile(
    r"\b(?:sex|sexual(?:ly)?|sexes|genitals?|genitalia|intercourse|copulat\w*|coitus|"
    r"buttocks?|anus|anal|rectum|rectal|feces|faeces|fecal|excrement|excreta|"
    r"defecat\w*|urinat\w*|urine|menstrua\w*|penis|vagina|vulva|clitoris|testicles?|"
    r"scrotum|orgasm|masturbat\w*|erotic\w*|prostitut\w*|porn\w*|semen|sperm|"
    r"ejaculat\w*|breasts?|nipples?|brothel|whore|harlot|fornicat\w*|"
    r"vulgar|obscen\w*|slur|derogatory|offensive|disparaging|contemptuous|"
    r"sit on|bottom of a person|fart\w*|vomit\w*|pubic|crotch|groin|"
    r"masochis\w*|sadis\w*|rape\w*|raping|molest\w*|incest\w*|nude|naked|"
    r"cocaine|heroin|marijuana|narcotic|street name)\b",
    re.IGNORECASE)
# Words no clue should lean on: a clue saying "slang for" or "obsolete"
# is a dictionary's note, not a crossword clue.
DICTIONARY_WORDS = re.compile(
    r"\b(?:synonym|obsolete|archaic|informal term|slang|term for|"
    r"(?:a )?word for|variant|spelling|genus|family|order [A-Z]|class [A-Z]|"
    r"subfamily|suborder|phylum|etc|e\.g|i\.e|sometimes placed|formerly|"
    r"nongovernmental|abbreviation|street name|trade name|brand name|pronunciation|"
    r"common names?|with reference to)\b", re.IGNORECASE)
# Openings that read as a dictionary, not a clue.
STIFF_OPENINGS = re.compile(
    r"^(?:Characterized|Relating|Pertaining|Being|State of|Quality of|Condition of|"
    r"Process of|Action of|Property of|Instance of|Capable of being|Marked by|"
    r"Having the|Not|Lacking|Cause to|Make|Become|Be|Something|Thing|That|Any|"
    r"Act of|The act|Activity|Used|Denoting|Consisting|Resembling|Someone|"
    r"Person|Of|Characteristic)\b")
TITLES = {"sir", "saint", "st.", "st", "king", "queen", "pope", "president", "lord",
          "lady", "dame", "general", "emperor", "czar", "tsar", "prince", "princess",
          "duke", "earl", "baron", "count", "mother", "father", "brother", "sister",
          "captain", "admiral", "mr.", "mrs.", "dr.", "el", "le", "la", "de", "van",
          "von", "al"}
PREPOSITIONS = {"for", "in", "by", "as", "to", "from", "with", "on", "at", "into", "of",
                "like", "through", "under", "over", "about", "around", "after", "before"}
GENERIC_ROLES = {"player", "leader", "official", "maker", "worker", "writer", "artist",
                 "figure", "personality", "man", "woman", "performer", "star", "designer"}
FUNCTION_WORDS = {
    "THE", "AND", "FOR", "ONE", "HER", "HIS", "ITS", "OUR", "YOU", "ANY", "ALL", "NOT",
    "BUT", "ARE", "WAS", "HAS", "HAD", "WHO", "HOW", "OUT", "OFF", "OWN", "TOO", "CAN",
    "MAY", "PER", "VIA", "USE", "USED", "THAT", "WITH", "FROM", "INTO", "SOME", "THAN",
    "THEM", "THEY", "THIS", "WHEN", "BEEN", "BEING", "OTHER", "MORE", "MOST", "VERY"}
CONCRETE_LEXFILES = {5, 6, 8, 13, 17, 18, 20, 27}  # animal, artifact, body, food, ...
COUNTABLE_LEXFILES = {5, 6, 8, 17, 18, 20}


def edit_distance(a, b):
    if abs(len(a) - len(b)) > 2:
        return 3
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


class Sense:
    """One sense of one reading of an answer."""

    __slots__ = ("key", "pos", "number", "synset", "form", "tags", "rank", "word")

    def __init__(self, key, pos, number, synset, form, tags, word):
        self.key, self.pos, self.number, self.synset = key, pos, number, synset
        self.form, self.tags, self.word = form, tags, word
        self.rank = 0.0

    def __repr__(self):
        return (f"<{self.key}/{self.pos}{self.number} {self.form} t{self.tags} "
                f"r{self.rank:.1f} {self.synset}>")


class Synset_of:
    """A two-word stand-in synset, so `_initials_of` can test one expansion."""

    def __init__(self, expansion, word):
        self.words = (expansion, word)


class Candidate:
    """A drafted clue, its kind and how well it reads (higher is better)."""

    __slots__ = ("clue", "kind", "score")

    def __init__(self, clue, kind, score):
        self.clue, self.kind, self.score = clue, kind, score

    def __repr__(self):
        return f"({self.score:.1f} {self.kind}: {self.clue})"


class Drafter:
    """Reads WordNet once (about ten seconds), then drafts clues: `draft`."""

    def __init__(self, wordnet_dir="/usr/share/wordnet", safety=None):
        self.wn = WordNet(wordnet_dir)
        self.forms = Forms(self.wn)
        self.shaper = Shaper(self.wn, self.forms)
        self.safety = safety
        self.lemmas = collections.defaultdict(list)  # grid letters -> lemma keys
        for key in self.wn.senses:
            letters = normalize(key.replace("_", " "))
            if letters:
                self.lemmas[letters].append(key)
        self.offensive_lemmas = {
            k for s in self.wn.synsets.values() if s.usages & OFFENSIVE_DOMAINS for k in s.keys}
        # Words that are nothing but a slur or an obscenity: a synset
        # holding one is no innocent sense (bull is innocent, though one of
        # its senses is not).
        self.offensive_only = {
            k for k in self.offensive_lemmas
            if all(self.wn.synsets[sid].usages & OFFENSIVE_DOMAINS
                   for _, _, sid in self.wn.senses[k])}
        self._people()
        self._demonyms()

    # ------------------------------------------------------------- set-up

    def _people(self):
        """Famous people by first name: grid letters -> [(fame, synset)].
        Famous means WordNet lists the surname alone as well as the full
        name (Presley beside Elvis Presley)."""
        self.first_names = collections.defaultdict(list)
        for s in self.wn.synsets.values():
            if s.lexfile != LEX_NOUN_PERSON or not s.targets("@i"):
                continue
            full, surname = self._full_name(s)
            if not full or not surname:
                continue
            first = full.split()[0]
            letters = normalize(first)
            if letters and len(first) > 2 and first[0].isupper():
                fame = self.wn.commonness(surname) + len(s.ptrs) + len(s.words)
                self.first_names[letters].append((fame, s, surname))

    @staticmethod
    def _full_name(synset):
        """(full name, surname) of a person synset: the longest word of two
        or more names whose last word is also a word of the synset alone."""
        singles = {w for w in synset.words if " " not in w}
        best = None
        for w in synset.words:
            parts = w.split()
            if len(parts) >= 2 and parts[-1] in singles and parts[0].lower() not in TITLES \
                    and not parts[0].endswith(".") and all(p[0].isupper() for p in parts):
                if best is None or len(parts) == 2:
                    best = w
        if not best:
            return None, None
        return best, best.split()[-1]

    def _demonyms(self):
        """Place name -> adjective ("Norway" -> "Norwegian") from WordNet's
        pertainym pointers."""
        self.demonym = {}
        for s in self.wn.synsets.values():
            if s.pos != "a":
                continue
            for symbol, target, src, tgt in s.ptrs:
                if symbol != "\\" or not target.startswith("n"):
                    continue
                place = self.wn.synsets.get(target)
                if place is None or place.lexfile != LEX_NOUN_LOCATION or not src or not tgt:
                    continue
                adj, noun = s.words[src - 1], place.words[tgt - 1]
                if adj[0].isupper() and noun[0].isupper():
                    # The commonest adjective: Greek, not Hellenic.
                    old = self.demonym.get(noun)
                    if old is None or self.wn.commonness(adj) > self.wn.commonness(old):
                        self.demonym[noun] = adj

    # ----------------------------------------------------------- readings

    def senses(self, answer, written=()):
        """Every sense of every reading of `answer`, best first."""
        keys = self.lemmas.get(answer, [])
        if written:
            wanted = {w.lower().replace(" ", "_") for w in written}
            preferred = [k for k in keys if k in wanted]
            keys = preferred or keys
        out = []
        for key in keys:
            for pos, number, sid in self.wn.senses[key]:
                out.append(self._sense(key, pos, number, sid, BASE))
        for key, pos, form in self.forms.readings(answer):
            if key in keys or keys and form in (COMPARATIVE, SUPERLATIVE):
                continue  # ARCHER is the bowman, not "more arch"
            found = [self._sense(key, pos, number, sid, form)
                     for p, number, sid in self.wn.senses[key] if p == pos]
            if form == PLURAL and answer.lower() in self.wn.exceptions and \
                    regular_s(key) != answer.lower():
                # A foreign plural belongs to the foreign senses only: BANI
                # are Romanian coins, not bans. WordNet does not say which
                # senses; a gloss using the plural, or a unit of money, does.
                own = [s for s in found if s.synset.lexfile == 23 or re.search(
                    rf"\b{answer.lower()}\b", " ".join(s.synset.definitions))]
                if own:
                    found = own
            out.extend(found)
        out = [s for s in out if s is not None]
        self._rank(answer, out)
        return sorted(out, key=lambda s: (-s.rank, s.number, s.key))

    def _sense(self, key, pos, number, sid, form):
        synset = self.wn.synsets[sid]
        n = self.wn.word_number(synset, key)
        word = synset.words[n - 1] if n else key.replace("_", " ")
        return Sense(key, pos, number, synset, form, self.wn.sense_count(key, pos, number), word)

    def _rank(self, answer, senses):
        """Give each sense a rank (higher: a solver thinks of it sooner),
        and drop the ones no clue should use."""
        if not senses:
            return
        pos_tags = collections.Counter()
        for s in senses:
            pos_tags[s.pos] += s.tags
        main_pos = max(pos_tags, key=lambda p: (pos_tags[p], -"nvar".index(p)))
        delicate = {id(s): self._delicate(s) for s in senses}
        vulgar = any(delicate.values())
        has_lower = any(s.word[:1].islower() for s in senses)
        has_base = any(s.form == BASE for s in senses)
        has_plural = any(s.form == PLURAL for s in senses)
        keep = []
        for s in senses:
            syn = s.synset
            if delicate[id(s)]:
                continue  # so a word with no innocent sense gets no clue at all
            rank = 3.0 * min(s.tags, 30) + 4 * math.log1p(max(0, s.tags - 30))
            rank -= 0.7 * (s.number - 1)
            rank += math.log2(1 + min(len(syn.ptrs) + self.wn.hyponym_counts[syn.id], 40)) * 0.6
            if syn.keys and syn.keys[0] == s.key:
                rank += 1.0
            elif syn.keys and self._variant(s.key, syn.keys[0]):
                rank -= 8  # the synset belongs to another spelling: laager/lager
            if ARCHAIC in syn.usages:
                rank -= 6
            if self._initials_of(s.word, syn) and len(senses) > 1:
                rank -= 4  # emu the unit (electromagnetic unit) after emu the bird
            if SLANG in syn.usages or COLLOQUIAL in syn.usages:
                rank -= 1.5
            if syn.lexfile in CONCRETE_LEXFILES:
                rank += 0.8
            # A sense whose other names are everyday words (cot: crib) is
            # more familiar than one named otherwise only by rare words
            # (cot: fingerstall).
            others = [self.wn.commonness(w) for w in syn.words if w.lower() != s.key
                      and w[:1].islower()]
            if others and s.tags == 0:
                rank += min(1.5, 0.5 * math.log10(1 + max(others)))
            if syn.targets("@i"):
                # Of several people or places with one name, the one other
                # entries refer to is the famous one (Frederic Chopin).
                rank += min(3.0, 0.8 * math.log2(1 + self.wn.indegree[syn.id]))
            if s.pos != main_pos and pos_tags[main_pos] >= 3:
                rank -= 2 + min(6, pos_tags[main_pos] / max(1, pos_tags[s.pos]))
            if has_lower and s.word[:1].isupper() and s.tags == 0:
                rank -= 2.5  # a proper-name sense of a common word
            if s.form != BASE:
                rank -= 3 if has_base else 0.5
            if vulgar and syn.lexfile == LEX_NOUN_PERSON:
                # A word with a vulgar sense is clued by its most literal
                # sense, never by an insult that could read two ways.
                rank -= 4
            s.rank = rank
            keep.append(s)
        if has_plural:
            # A plural with a lemma of its own has a meaning of its own:
            # GLASSES are spectacles before they are panes, ARMS weapons.
            top_plural = max((s.rank for s in keep if s.form == PLURAL), default=0)
            own = [s for s in keep if s.form == BASE and s.pos == "n"]
            if own:
                best_own = max(s.rank for s in own)
                for s in own:
                    s.rank += max(0.0, top_plural + 1 - best_own)
        senses[:] = keep

    def _delicate(self, sense):
        """Whether a sense is offensive, bodily or sexual: labelled so by
        WordNet, glossed or named with such words, or sharing its synset
        with a word that is nothing but a slur or an obscenity."""
        syn = sense.synset
        # A person is judged by name, not by what the gloss says they
        # studied (Margaret Mead and "sexual behavior").
        text = " ".join(syn.words) if syn.targets("@i") else \
            " ".join(syn.definitions) + " " + " ".join(syn.words)
        if DELICATE.search(text):
            return True
        if syn.usages & OFFENSIVE_DOMAINS:
            return True
        if any(k in self.offensive_only for k in syn.keys if k != sense.key):
            return True
        if self.safety is not None and sense.synset.lexfile == LEX_NOUN_BODY:
            if any(self.safety.clue_problem(w) for w in syn.words if w.lower() != sense.key):
                return True
        return False

    @staticmethod
    def _initials_of(word, synset):
        """Whether `word` abbreviates another word of its synset by initials
        (emu: electromagnetic unit; DNA: deoxyribonucleic acid)."""
        letters = re.sub(r"[^a-z]", "", word.lower())
        if not 2 <= len(letters) <= 6:
            return False
        for other in synset.words:
            parts = re.findall(r"[A-Za-z]+", other)
            if len(parts) >= 2 and letters not in other.lower():
                initials = "".join(p[0] for p in parts).lower()
                if initials == letters:
                    return True
                # "electromagnetic unit" -> emu: initials of the syllables
                # cannot be told; the first letters in order will do.
                if letters[0] == initials[0] and re.match(
                        ".*".join(letters), other.lower().replace(" ", "")) and \
                        len(letters) <= len(other) // 3:
                    return True
        return False

    @staticmethod
    def _variant(a, b):
        """Two spellings of one word (laager/lager, theatre/theater)."""
        a, b = a.replace("_", ""), b.replace("_", "")
        return a != b and (edit_distance(a, b) <= 2 if min(len(a), len(b)) >= 4 else False)

    # ------------------------------------------------------------ drafting

    def draft(self, answer, written=()):
        """A crossword clue for `answer` (grid letters, e.g. "ICECREAM"), or None.
        `written`: the entry's written forms when known ("ice cream").
        Returns (clue, kind) where kind names how it was made:
        'synonym', 'definition', 'blank', 'kind-of', 'name', ..."""
        answer = normalize(answer) or ""
        if isinstance(written, str):
            written = (written,)
        best = self.best(answer, tuple(written))
        return (best.clue, best.kind) if best else None

    def best(self, answer, written=()):
        """The best Candidate for `answer` that passes every check, or None.
        Senses are tried best first; a later sense must read clearly
        better than an earlier one to win, and senses far below a
        well-attested first sense are not tried at all."""
        senses = self.senses(answer, written)
        checker = self._checker(answer, written, senses)
        best = None
        top = senses[0].rank if senses else 0
        tried = 0
        for n, sense in enumerate(senses):
            # Far down the ranking a sense is one no solver would think of,
            # unless the concordance shows it in real use.
            far = sense.rank < top - 6 and sense.tags < 3
            # Only a well-attested first sense (8 tags or more) makes the
            # untagged ones too rare to use; a few tags are mostly chance.
            very_far = sense.rank < top - 12 and sense.tags < 3 and senses[0].tags >= 8
            if tried >= 5 or n >= 10 or very_far or (far and best and best.score >= 5):
                break
            produced = False
            for cand in self.candidates(sense, answer):
                produced = True
                if best is not None and cand.score <= best.score:
                    continue
                if cand.score < MIN_SCORE:
                    continue
                clue = self.finish(cand.clue)
                if clue and checker(clue):
                    cand.clue = clue
                    best = Candidate(clue, cand.kind, cand.score)
            tried += produced
            if best and best.score >= 6:
                break
            if best and n + 1 < len(senses):
                # Penalise later senses: the first sense that works is
                # usually the one a solver thinks of, the more so the
                # further down the next one ranks.
                best.score += 1.5 + min(2.5, 0.3 * max(0.0, sense.rank - senses[n + 1].rank))
        if best is None:
            best = self.first_name(answer, checker)
        elif best.score < 5:
            other = self.first_name(answer, checker)
            if other and other.score > best.score:
                best = other
        return best

    def finish(self, clue):
        """Crossword style: capitalised, no full stop, at most MAX_CLUE."""
        clue = tidy(clue)
        if not clue.endswith(("e.g.", "Abbr.")):
            clue = clue.rstrip(".")
        if not clue:
            return None
        if clue[0] != '"':
            clue = capitalised(clue)
        if len(clue) > MAX_CLUE:
            return None
        return clue

    def _checker(self, answer, written, senses):
        """A function telling whether a clue may be printed for `answer`."""
        writtens = list(written) or []
        for s in senses[:3]:
            writtens.append(s.key.replace("_", " "))
        writtens = list(dict.fromkeys(writtens)) or [answer]
        bases = {letters_only(b) for b in self.wn.base_forms(answer.lower())} - {answer}
        for s in senses:
            if s.form != BASE:
                bases.add(letters_only(s.key))
            # Words derived from the answer or it from them: BUSILY is not
            # clued with "busy", nor SOLAR with "sun" where WordNet links them.
            n = self.wn.word_number(s.synset, s.key)
            for symbol, target, src, tgt in s.synset.ptrs:
                if symbol in ("+", "\\") and src == n and tgt:
                    word = self.wn.synsets[target].words[tgt - 1]
                    bases.add(letters_only(word))
        bases.discard("")
        pieces = {answer[i:j] for i in range(len(answer))
                  for j in range(i + MIN_PIECE, len(answer) + 1)} | {answer}

        def ok(clue):
            if style_problems(clue):
                return False
            for w in writtens:
                if leaks(answer, w, clue):
                    return False
            if self._gives_away(clue, answer, pieces, bases):
                return False
            if DELICATE.search(clue):
                return False
            if self.safety is not None and self.safety.clue_problem(clue) is not None:
                return False
            return True
        return ok

    def _gives_away(self, clue, answer, pieces, bases):
        """The base-form leak check: a word of the clue reduced to its base
        forms (mice -> mouse) must not contain the answer or a 4-letter piece
        of it, and the answer's base forms may not appear as clue words."""
        for word in re.findall(r"[A-Za-z][A-Za-z'-]*", clue):
            forms = {letters_only(word)} | {letters_only(b) for b in self.wn.base_forms(word)}
            for form in forms:
                if not form:
                    continue
                if any(piece in form for piece in pieces):
                    return True
                if len(form) >= MIN_PIECE and form in answer:
                    return True
                if any(base == form or (len(base) >= MIN_PIECE and base in form)
                       for base in bases):
                    return True
                if len(answer) <= 3 and form == answer:
                    return True
            upper = letters_only(word)
            if self._same_stem(upper, answer):
                return True
            # JUGFUL is no "Quantity in a jug": a clue word the answer is
            # built on (starts or ends with) gives it away.
            if len(upper) >= 3 and upper not in FUNCTION_WORDS and len(answer) - len(upper) >= 2 \
                    and (answer.startswith(upper) or answer.endswith(upper)):
                return True
        return False

    # Endings stripped to compare stems (PURENESS and "Purity").
    SUFFIXES = ("NESSES", "NESS", "ITIES", "ITY", "IZATION", "ATION", "ATIONS", "IONS", "ION",
                "MENTS", "MENT", "INGS", "ING", "EDLY", "ED", "ERS", "ER", "EST", "LY", "IES",
                "ES", "S", "FUL", "ISM", "IST", "ISTS", "IVE", "OUS", "AL", "IC", "ICAL", "Y", "E")

    @classmethod
    def _stem(cls, word):
        for suffix in cls.SUFFIXES:
            if word.endswith(suffix) and len(word) - len(suffix) >= 3:
                return word[:-len(suffix)]
        return word

    @classmethod
    def _same_stem(cls, word, answer):
        """PURENESS and "Purity": the same word under different endings."""
        if len(word) < 4 or len(answer) < 4:
            return False
        a, b = cls._stem(word), cls._stem(answer)
        shorter, longer = sorted((a, b), key=len)
        if len(shorter) >= 4 and a[:3] == b[:3] and edit_distance(a, b) <= 1:
            return True  # CAGILY and "cagey"
        return len(shorter) >= 3 and longer.startswith(shorter) and \
            (len(shorter) >= 4 or len(longer) - len(shorter) <= 1)

    # ---------------------------------------------------------- candidates

    def candidates(self, sense, answer):
        """Clues for one sense, any order; `best` picks."""
        syn = sense.synset
        if not self._formable(sense):
            return
        if self._is_abbreviation(sense):
            yield from self.abbreviation(sense)
            return
        if syn.targets("@i"):
            yield from self.name(sense)
        yield from self.synonyms(sense)
        if sense.pos == "n":
            yield from self.kind_of(sense)
            yield from self.examples_of(sense)
        yield from self.definitions(sense)
        yield from self.blanks(sense, answer)

    def _plural_lemma(self, sense):
        """Whether the answer's own lemma is a plural (glasses, sights,
        dealings): its clue must be plural too, whatever number the gloss
        has."""
        found = self.shaper.head(sense.word) if sense.pos == "n" else None
        last = found[1].lower() if found else ""
        return any(self.forms.plural(b) == last for b in self.wn.base_forms(last)
                   if b in self.shaper.nouns)

    def _number(self, sense):
        """The form a noun clue must take: PLURAL for a plural answer, and
        for a plural lemma naming things glossed in the singular ("sights:
        an optical instrument ..."); a group, a people, a food or a state
        stays singular ("Berbers: an ethnic minority", "collard greens:
        kale ...", "desperate straits: a state of extreme distress")."""
        if sense.form == BASE and sense.pos == "n" and sense.synset.lexfile in (6, 8, 17) \
                and not sense.synset.targets("@i") and self._plural_lemma(sense):
            return PLURAL
        return sense.form

    def _formable(self, sense):
        """Whether a clue can agree with this sense's form: symbols and
        abbreviations are never inflected, nor names and "the ..." things."""
        if sense.form == BASE:
            return True
        word = sense.word
        if word[:1].isupper() or any(c.isupper() for c in word) or "." in word:
            return False
        syn = sense.synset
        if sense.form == PLURAL:
            if syn.targets("@i"):
                return False
            definition = first_definition(syn)
            if re.match(r"the\b", definition):
                return False
        return True

    def _is_abbreviation(self, sense):
        """Whether the answer's word in this synset is an abbreviation or a
        symbol (DNA, He), which wants a clue that says so."""
        word = sense.word
        if ACRONYM in sense.synset.usages:
            return True
        letters = re.sub(r"[^A-Za-z]", "", word)
        if len(letters) <= 5 and (letters.isupper() and len(letters) >= 2 or "." in word):
            return True
        # Chemical symbols: He, Na, Fe beside their full names.
        if 1 <= len(letters) <= 3 and letters[0].isupper() and letters[1:].islower() and \
                sense.synset.lexfile == 27 and sense.synset.words[0] != word:
            return True
        return False

    # ..................................................... abbreviation

    def abbreviation(self, sense):
        """"Symbol for helium", "Ohio: Abbr.", "Deoxyribonucleic acid, for
        short"."""
        if sense.form != BASE:
            return
        syn = sense.synset
        full = [w for w in syn.words if w != sense.word and len(w) > len(sense.word) + 1
                and not any(c.isdigit() for c in w)]
        if not full:
            return
        word = sense.word
        expansion = full[0]
        letters = re.sub(r"[^A-Za-z]", "", word)
        if syn.lexfile == 27 and len(letters) <= 3 and letters[0].isupper() and \
                not letters.isupper() or (len(letters) == 1 and syn.lexfile == 27):
            yield Candidate(f"Symbol for {expansion}", "abbreviation", 7.0)
            return
        # An abbreviation is clued by the words it abbreviates, found by
        # their initials (LBJ is Lyndon Baines Johnson, not "Johnson").
        spelled = [w for w in full if self._initials_of(word, Synset_of(w, word))]
        if not spelled:
            return
        expansion = spelled[0]
        if expansion[:1].islower():
            if len(expansion) + 9 <= GOOD_LENGTH:
                yield Candidate(f"{capitalised(expansion)}, for short", "abbreviation", 6.5)
            return
        yield Candidate(f"{expansion}: Abbr.", "abbreviation", 6.5 if len(expansion) < 30 else 5)

    # ............................................................. names

    def name(self, sense):
        """Crossword-style names: "Physicist Albert" for EINSTEIN, "Norway's
        capital" for OSLO."""
        syn = sense.synset
        if sense.form != BASE:
            return
        if syn.lexfile == LEX_NOUN_PERSON:
            role = self.role(syn)
            full, surname = self._full_name(syn)
            key_text = sense.key.replace("_", " ")
            if role and full and surname.lower() == key_text:
                first = full.split()[0]
                yield Candidate(f"{role} {first}", "name", 9.0)
            # A full name, or a name without a first name (Plato, Pompey):
            # the role with the nationality, "Roman general".
            described = self.role(syn, nationality=True)
            if described and len(described.split()) >= 2:
                yield Candidate(described, "name", 7.0)
            return
        definition = first_definition(syn)
        # "the capital and largest city of Kenya", in any of the glosses'
        # definitions (Luanda's comes second, after "port city").
        for text in syn.definitions:
            m = re.match(r"(?:the )?capital(?: city)?(?: and [a-z ]{3,40}?)? of "
                         r"([A-Z][\w.]*(?: (?:of |and |de )?[A-Z][\w.]*)*)\b",
                         without_parentheses(text))
            if m and sense.word[:1].isupper():
                place = m.group(1)
                yield Candidate(f"{place}'s capital" if not place.endswith("s")
                                else f"Capital of {place}", "name", 9.0)
                return
        m = re.match(r"(?:an? |the )?((?:port |industrial |resort |university |"
                     r"large |small |ancient )?(?:city|town|river|island|lake|state|"
                     r"province|region|mountain|volcano|country|port|republic|kingdom|"
                     r"peninsula)) (in|of|on) (the )?((?:[a-z]+ )?[A-Z][\w.]*"
                     r"(?: (?:of |and |de )?[A-Z][\w.]*)*)", definition)
        if m:
            kind, preposition, the, place = m.group(1), m.group(2), m.group(3) or "", m.group(4)
            words = place.split()
            if words[0].islower():
                direction, place = words[0], " ".join(words[1:])
            else:
                direction = ""
            adj = self.demonym.get(place)
            head = kind.split()[-1]
            if adj and head in ("city", "town", "river", "island", "lake", "port",
                                "province", "region", "mountain", "volcano", "state"):
                yield Candidate(f"{adj} {head}", "name", 7.5)
            yield Candidate(f"{capitalised(head)} {preposition} {the}{place}", "name", 7.0)

    def role(self, synset, nationality=False):
        """What a person is famous as, from the gloss: "United States rock
        singer whose ..." -> "Rock singer" (with `nationality`, "American
        rock singer")."""
        definition = without_parentheses(first_definition(synset))
        definition = re.sub(r"^(?:a|an|the)\s+", "", definition)
        m = re.match(r"((?:[\w'-]+ ){0,5}?[\w'-]+?)(?:,| who\b| whose\b| born\b| of\b| in\b|"
                     r" for\b| and\b| noted\b| known\b| remembered\b| famous\b| considered\b|"
                     r" best\b| credited\b| regarded\b| at\b| on\b| to\b| with\b| under\b|"
                     r" from\b| during\b| after\b| that\b| (?:in)?famed\b| celebrated\b|"
                     r" remembered\b| $|$)", definition)
        if not m:
            return None
        text = re.sub(r"^United States\b", "American", m.group(1))
        text = re.sub(r"^(?:English|British|Scottish|Welsh|Irish|French|German|Italian|"
                      r"Spanish|Russian|American|Greek|Roman|Dutch|Swedish|Austrian|Swiss|"
                      r"Polish|Belgian|Danish|Norwegian|Canadian|Czech|Hungarian)[- ]born ",
                      "", text)
        words = text.split()
        origin = []
        # Nationality and era ("American", "English", "ancient Roman").
        while words and (words[0][0].isupper() or re.match(r"\d", words[0]) or
                         words[0].lower() in ("ancient", "early", "medieval", "modern")):
            origin.append(words.pop(0))
        if not words or len(words) > 3:
            return None
        if not self._is_person_noun(words[-1]):
            return None
        role = " ".join(words[-2:]) if len(words) >= 2 and len(" ".join(words[-2:])) <= 20 \
            else words[-1]
        if nationality:
            if len(origin) != 1 or not re.fullmatch(r"[A-Z][a-z]+", origin[0]):
                return None
            # "American player" says little: "American tennis player".
            last = words[-1] if words[-1].lower() not in GENERIC_ROLES or len(words) < 2 \
                else " ".join(words[-2:])
            role = f"{origin[0]} {last}"
        return capitalised(role)

    def _is_person_noun(self, word):
        """Whether `word` names a kind of person (its first noun sense is
        in noun.person): physicist, singer; not personification."""
        key = word.lower()
        for pos, number, sid in self.wn.senses.get(key, ()):
            if pos == "n":
                return self.wn.synsets[sid].lexfile == LEX_NOUN_PERSON
        return False

    def first_name(self, answer, checker):
        """"Physicist Einstein" for ALBERT: the most famous person with
        this first name, by role and surname."""
        people = sorted(self.first_names.get(answer, ()), key=lambda p: -p[0])
        for fame, syn, surname in people[:1]:

            role = self.role(syn)
            if not role:
                return None
            clue = self.finish(f"{role} {surname}")
            if clue and checker(clue):
                return Candidate(clue, "name", 6.0)
        return None

    # .......................................................... synonyms

    def synonyms(self, sense):
        """Common synonyms, inflected like the answer."""
        syn = sense.synset
        pool = []
        heads = set()
        proper = sense.word[:1].isupper()
        for i, w in enumerate(syn.words):
            pool.append((w, syn, i + 1))
        if sense.pos == "a":
            # A head adjective's "see also" adjectives are near synonyms
            # (happy -> glad, content). Similar-to links are not: golden is
            # similar to happy, and a satellite's head is only its broad
            # class (airsick -> ill, bacillar -> formed).
            if not syn.satellite and syn.words[0] == sense.word:
                # (Only for the head's own word: worldly's see-also
                # "sophisticated" is no synonym of secular.)
                for t in syn.targets("^"):
                    other = self.wn.synsets[t]
                    for i, w in enumerate(other.words):
                        pool.append((w, other, i + 1))
            else:
                # Unless the satellite's own gloss uses the head word:
                # pivotal, "being of crucial importance" -> crucial.
                gloss = " ".join(syn.definitions[:1]).lower()
                rest = [x for x in re.findall(r"[a-z0-9-]+", gloss) if x not in (
                    "being", "having", "of", "very", "extremely", "highly", "most", "a", "an",
                    "the", "or", "and", "in", "importance", "quality", "degree", "manner",
                    "nature", "kind", "character")]
                for t in syn.targets("&"):
                    other = self.wn.synsets[t]
                    for i, w in enumerate(other.words):
                        # Only a gloss that is little more than the head
                        # word itself: not "having the same sound" (same).
                        if w.lower() in rest and rest == [w.lower()]:
                            pool.append((w, other, i + 1))
                            heads.add(w.lower())
        if sense.pos == "n":
            # A "domestic X" is what everyone calls an X: donkey for ass.
            for t in syn.targets("~"):
                other = self.wn.synsets[t]
                if any(k in (f"domestic_{sense.key}", f"common_{sense.key}") for k in other.keys):
                    for i, w in enumerate(other.words):
                        pool.append((w, other, i + 1))
        plural_lemma = self._plural_lemma(sense)
        seen = set()
        for w, owner, number in pool:
            key = w.lower().replace(" ", "_")
            if key in seen or key == sense.key or w == sense.word:
                continue
            seen.add(key)
            if w[:1].isupper() != proper or len(w.split()) > 2 or len(w) > 20:
                continue
            if any(c.isdigit() for c in w) or "." in w or self._variant(key, sense.key):
                continue
            if key in self.offensive_lemmas:
                continue
            if re.match(r"(?:be|have|get|make|do|go|give|take|put|set) ", key.replace("_", " ")):
                continue  # "be after" for plan: a light verb says nothing
            main = self.shaper.main_pos(key)
            if main != sense.pos and not (sense.pos == "a" and main in ("a", None)):
                if sum(self.wn.sense_count(key, p, n) for p, n, _ in self.wn.senses.get(key, ())
                       if p == sense.pos) < 3:
                    continue  # "have" is a verb first: no synonym for a rich person
            fit = self._fit(key, owner)
            if fit is None:
                continue
            common = self.wn.commonness(key)
            if common < (4 if sense.pos == "n" else 8):
                continue
            if self._initials_of(w, owner):
                continue  # "cps" (cycles per second) for HERTZ: an abbreviation
            if sense.form == BASE and sense.pos == "n" and plural_lemma and \
                    not key.endswith("s"):
                continue  # DEALINGS, a plural noun, is no "Transaction"
            if sense.form == PLURAL:
                text = self.shaper.plural_head(w)  # never "clothings"
            else:
                text = self.forms.inflect_phrase(w, sense.pos, sense.form) \
                    if sense.form != BASE else w
            if sense.form in (COMPARATIVE, SUPERLATIVE):
                # -er only where WordNet lists it or one syllable makes it
                # sure (never "awrier"); else "more".
                text = self.forms.compare(key, sense.form) if " " not in w else None
                if text and not (self.wn.irregular["a"].get(key) or syllables(key) == 1):
                    text = None
                if not text and " " not in w:
                    text = ("More " if sense.form == COMPARATIVE else "Most ") + w
            if not text:
                continue
            score = 5.0 + min(2.5, math.log10(1 + common) * 0.9) + fit
            if sense.pos == "n" and len(w) < 4:
                score -= 0.5
            if w.lower() in heads:
                score -= 1.2  # a head is broader than its satellite
            yield Candidate(capitalised(text) if not proper else text, "synonym", score)

    def _fit(self, key, synset):
        """How well `synset` is the synonym's own main meaning: a word whose
        sense this is only far down its list (get for begin, hook for
        overcharge) misleads."""
        for pos, number, sid in self.wn.senses.get(key, ()):
            if sid == synset.id:
                tags = self.wn.sense_count(key, pos, number)
                total = sum(self.wn.sense_count(key, p, n) for p, n, _ in self.wn.senses[key]
                            if p == pos)
                head_adjective = pos == "a" and not synset.satellite
                if pos == "v" and total < 2:
                    return None  # a verb nobody tagged: too rare to clue with
                if number == 1:
                    return 1.0
                if tags >= 2 and tags / total >= 0.25:
                    return 0.5
                if (pos == "n" or head_adjective) and number <= 3 and \
                        (tags >= 1 or total == 0):
                    return 0.0
                return None
        return None

    # ........................................................... kind-of

    def kind_of(self, sense):
        """The hypernym: alone when it is specific ("Sporting dog"), as
        "Kind of X" when it is a small class, or with the gloss's
        distinguishing feature when it is vague ("Acorn tree")."""
        syn = sense.synset
        if syn.targets("@i") or sense.form not in (BASE, PLURAL):
            return
        plural = self._number(sense) == PLURAL
        for t in syn.targets("@")[:1]:
            hyper = self.wn.synsets[t]
            # The plainest name of the class: "flightless bird" rather than
            # "ratite"; a phrase is as known as its rarest word.
            # Only a name whose main sense is this class ("water" is the
            # liquid before it is a body of water).
            names = [w for w in hyper.words if len(w.split()) <= 2 and
                     (self._fit(w.lower().replace(" ", "_"), hyper) or 0) >= 0.5]
            if not names:
                return
            head_word = max(names, key=lambda w: (
                min(self.wn.commonness(x) for x in w.split()), -len(w)))
            if head_word[:1].isupper() and not sense.word[:1].isupper() or \
                    any(c.isdigit() for c in head_word):
                return
            common = self.wn.commonness(head_word)
            words = head_word.split()
            # "Kind of genre", "Commercial document": an abstract class
            # reads as a riddle with no answer. Living things and food are
            # classed naturally; anything else only when its own gloss uses
            # the class word ("a general term for beer").
            gloss = " ".join(syn.definitions).lower()
            named = any(re.search(rf"\b{re.escape(w.lower())}(?:s|es)?\b", gloss)
                        for w in hyper.words for w in [w.split()[-1]])
            # A proper class ("Egyptian deity" for AMEN) is specific too.
            proper_class = head_word[:1].isupper() and len(head_word.split()) == 2
            if syn.lexfile not in (5, 13, 20) and not named and not proper_class:
                return
            known = min(self.wn.commonness(w) for w in words)
            broad = self.wn.subtree_sizes()[hyper.id] >= 120
            # Animals, plants and foods fall into classes everyone knows
            # ("Hunting dog", a hundred breeds below it); elsewhere a class
            # must be small to say much.
            small = self.wn.subtree_sizes()[hyper.id] <= (
                150 if syn.lexfile in (5, 13, 20) else 60 if named else 40)
            if len(words) == 2 and small and (common >= 3 or known >= 30) and not broad \
                    and (named or proper_class or syn.lexfile != LEX_NOUN_PERSON):
                text = self.shaper.plural_head(head_word) if plural else head_word
                if text:
                    # Living things and food read well by their class ("Sea
                    # duck", "Gun dog"); other classes ("Light source") are
                    # weaker than a good definition.
                    if syn.lexfile in CONCRETE_LEXFILES or proper_class or named:
                        yield Candidate(text, "kind-of", 6.2 if syn.lexfile in (5, 13, 20)
                                        or proper_class else 5.6 if syn.lexfile in
                                        CONCRETE_LEXFILES else 4.3)
            elif len(words) == 1 and common >= 20 and self.wn.subtree_sizes()[hyper.id] <= (
                    150 if syn.lexfile in (5, 13, 20) else 25) \
                    and not plural and not broad and not head_word.endswith("s") \
                    and syn.lexfile in CONCRETE_LEXFILES and syn.lexfile != LEX_NOUN_PERSON:
                yield Candidate(f"Kind of {head_word}", "kind-of", 5.6)
            if len(words) == 1:
                feature = self.feature(syn)
                if feature:
                    text = f"{feature} {head_word}"
                    if plural:
                        text = self.forms.inflect_phrase(text, "n", PLURAL)
                    if text:
                        yield Candidate(text, "kind-of", 6.0)

    def feature(self, synset):
        """A distinguishing noun from the gloss's "has X" part: "has acorns
        and lobed leaves" -> "acorn"."""
        for definition in synset.definitions[1:]:
            m = re.match(r"(?:has|having|bears|bearing|yields|yielding|produces|producing)"
                         r" ([a-z]+)\b", definition)
            if m:
                single = self.shaper.singular(m.group(1))
                if single and self.wn.commonness(single) >= 3:
                    return capitalised(single)
        return None

    def examples_of(self, sense):
        """"Oak, e.g." for TREE: a well-known hyponym or instance."""
        syn = sense.synset
        if sense.form not in (BASE, PLURAL) or syn.targets("@i") or \
                syn.lexfile not in CONCRETE_LEXFILES | {LEX_NOUN_LOCATION} or \
                self.wn.subtree_sizes()[syn.id] > 2000:
            return
        best = None
        # A place class is exemplified by a named place ("Mediterranean,
        # e.g." for SEA), not by a subclass ("Center, e.g." for AREA).
        symbols = ("~i",) if syn.lexfile == LEX_NOUN_LOCATION else ("~", "~i")
        for symbol in symbols:
            for t in syn.targets(symbol):
                other = self.wn.synsets[t]
                w = other.words[0]
                if symbol == "~i" and syn.lexfile == LEX_NOUN_PERSON:
                    full, _ = self._full_name(other)
                    w = full or w  # "William Tell, e.g.", not "Tell, e.g."
                    if " " not in w:
                        continue
                elif " " in w:
                    continue
                if any(c.isdigit() for c in w) or len(w) > 16:
                    continue
                if symbol == "~":
                    key = w.lower().replace(" ", "_")
                    if syn.lexfile == LEX_NOUN_PERSON or self.shaper.main_pos(key) != "n":
                        continue  # "Open, e.g." for AREA: open is an adjective first
                    if (self._fit(key, other) or 0) < 0.5:
                        continue  # "Ground, e.g." for CONNECTOR: not what ground means
                common = self.wn.commonness(w)
                if best is None or common > best[0]:
                    best = (common, w, symbol)
        if best and best[0] >= 40:
            common, w, symbol = best
            if sense.form == PLURAL:
                w = self.shaper.plural_head(w) if symbol == "~" else None
                if not w:
                    return
            yield Candidate(f"{capitalised(w)}, e.g.", "example", 5.2)

    # ........................................................ definitions

    def definitions(self, sense):
        """The gloss's definition and shorter cuts of it, in the answer's
        form; phrases that are no noun for a noun ("having the timbre of",
        "devoid of"), usage notes, and forms ending mid-phrase are left out."""
        syn = sense.synset
        definition = first_definition(syn)
        if not definition:
            return
        core = self.shaper.core(definition)
        if not core:
            return
        if sense.pos == "n":
            first = core.split()[0].lower()
            second = (core.split() + ["", ""])[1].lower()
            if first not in ("one", "act", "native", "any", "kind") and (
                    self.shaper.is_participle(first) and first not in self.shaper.nouns and
                    (second in PREPOSITIONS or self.shaper.head(core) is None) or
                    first in self.shaper.verbs and first not in self.shaper.nouns and
                    first not in self.shaper.adjectives or
                    self.shaper.is_verb_form(first) and first not in self.shaper.nouns):
                return  # "grown for its edible root", "holds loose papers": no noun
            if first in ("having", "being", "showing", "characterized", "marked", "lacking",
                         "relating", "of", "like", "not", "without", "capable", "first",
                         "used", "widely", "especially", "tending", "able", "full") or \
                    self.shaper.main_pos(first) == "r" or \
                    self.shaper.main_pos(first) == "a" and second in PREPOSITIONS:
                return  # "having the timbre of a loud sound", "devoid of passion": no noun
        if re.match(r"(?:used|said|applied) (?:especially |chiefly |mainly )?(?:of|to|in|with) ",
                    core, re.IGNORECASE):
            return  # "used especially of drugs": a usage note, not a meaning
        if sense.pos == "a":
            words = core.lower().split()
            verb = words[1] if words[0] == "not" and len(words) > 1 else words[0]
            if verb in self.shaper.verbs and self.shaper.main_pos(verb) == "v" and \
                    verb not in self.shaper.adjectives and not self.shaper.is_participle(verb):
                return  # "not have a crop sown on it": a verb phrase, not an adjective
        countable = syn.lexfile in COUNTABLE_LEXFILES or re.match(r"(?:a|an|any|one) ", definition)
        # "an Arab country on the peninsula of Qatar": a name opens it.
        proper_first = bool(re.match(r"(?:(?:a|an|the) )?[A-Z]", definition))
        for i, form in enumerate(self.shaper.shortenings(core, sense.pos, proper_first)):
            form_wanted = self._number(sense)
            if sense.pos == "n" and form_wanted == BASE and not sense.key.endswith("s"):
                form = self.shaper.singular_head(form)
                if not form:
                    continue
            text = self.shaper.to_form(form, sense.pos, form_wanted, bool(countable))
            if not text:
                continue
            text = capitalised(ARTICLE.sub("", text))
            if len(text) > MAX_CLUE:
                continue
            score = 6.0 - self._length_penalty(text) - (0.3 if i > 1 else 0)
            if STIFF_OPENINGS.match(text):
                score -= 0.8
            if DICTIONARY_WORDS.search(text) or re.search(
                    r"\b[A-Z][a-z]+ [a-z]+ae\b|\b[A-Z][a-z]+idae\b", text):
                score -= 2.5  # a taxonomic name or a usage label
            if "'" in text or '"' in text:
                score -= 0.3
            if re.search(r"\b(?:something|someone|somebody|oneself|one)$", text):
                score -= 1.5  # "Get something": the object is the point
            if re.search(r"\b(?:the|a|an|and|or|than|between|of|being|as|like)$", text) or \
                    re.search(r"\b(?:to|towards?|with|for|at|on|from|by|about|into)$", text) and (
                    sense.pos != "v" or len(text) > 35):
                continue  # "Looks forward to the probable occurrence of"
            if "(" in text:
                score -= 1.0  # "Made (more) humid": the plain form reads better
            yield Candidate(text, "definition", score)

    @staticmethod
    def _length_penalty(text):
        """Nothing up to 25 characters, a little up to 40, much beyond."""
        n = len(text)
        if n < 15:
            return 0.2  # very short: often a cut that says little
        if n <= 25:
            return 0.0
        if n <= GOOD_LENGTH:
            return (n - 25) / 15 * 0.6
        return 0.6 + (n - GOOD_LENGTH) / 20 * 1.6

    # ............................................................. blanks

    def blanks(self, sense, answer):
        """Short WordNet examples of this sense with exactly the answer's
        form blanked out ("They ___ a new theory" for COINED); an example
        using the answer twice, or quoting, or trailing off, is no blank."""
        syn = sense.synset
        for example in syn.examples:
            example = tidy(example.replace("`", "'"))
            if len(example) > 45 or len(example) < 8 or re.search(r"\.\.|'[a-z]'|--|[;:()]",
                                                                 example):
                continue
            spans = []
            words = list(re.finditer(r"[A-Za-z][A-Za-z-]*", example))
            for i in range(len(words)):
                for j in range(i, min(i + 4, len(words))):
                    span = example[words[i].start():words[j].end()]
                    if letters_only(span) == answer and re.fullmatch(r"[A-Za-z -]+", span):
                        spans.append((words[i].start(), words[j].end()))
            if len(spans) != 1:
                continue
            start, end = spans[0]
            text = example[:start] + "___" + example[end:]
            text = text.rstrip(".").strip()
            if text.count("___") != 1 or len(text.replace("___", "").strip()) < 5:
                continue
            if "'" in text[max(0, start - 1):start] or text.startswith("___'"):
                continue
            score = 5.2 - self._length_penalty(text) * 0.8
            context = [w for w in re.findall(r"[A-Za-z]+", text) if w.lower() not in
                       ("a", "an", "the", "of", "to", "in", "is", "was", "it", "he", "she")]
            if len(context) <= 2:
                # A short blank works when the words go together ("___
                # mythology" for GREEK: WordNet itself says "Greek mythology"
                # again and again); "___ behavior" fits too many answers.
                span = example[start:end].lower().split()
                before = re.findall(r"[a-z]+", example[:start].lower())[-1:]
                after = re.findall(r"[a-z]+", example[end:].lower())[:1]
                stop = ("a", "an", "the", "of", "to", "in", "is", "was", "it", "he", "she",
                        "and", "or", "be", "his", "her", "their", "this", "that", "very")
                together = (self.wn.bigrams.get((before[0], span[0]), 0)
                            if before and before[0] not in stop else 0) + \
                    (self.wn.bigrams.get((span[-1], after[0]), 0)
                     if after and after[0] not in stop else 0)
                if together >= 2:
                    score += 0.8
                elif len(context) <= 1 and all(self.wn.commonness(w) > 150 for w in context):
                    score -= 2.0  # "___ problems": too many answers fit
                else:
                    score -= 0.5
            if " " in sense.key:
                score += 0.5
            if text.split()[0] in ("___",):
                score -= 0.2
            yield Candidate(f'"{capitalised(text)}"', "blank", score)


# ---------------------------------------------------------------- command

def default_answers():
    """(answer, score) for every entry of default.txt."""
    path = os.path.join(WORDLISTS, "default.txt")
    with open(path, encoding="ascii") as f:
        rows = (line.strip().split(";")[:2] for line in f if line.strip())
        return [(answer, int(score)) for answer, score in rows]


def load_safety(directory):
    """A Safety from `directory` when its pattern files exist, else None."""
    from .safety import Safety
    if all(os.path.exists(os.path.join(directory, f)) for f in ("blocked.txt", "breakfast.txt")):
        return Safety(directory)
    return None


def report(drafter, entries, out, summary):
    """Draft every entry, write ANSWER;clue;kind lines to `out`, and the
    share clued (overall, by score band, and for one-word entries) to
    `summary`."""
    t1 = time.time()
    kinds = collections.Counter()
    bands = collections.Counter()
    clued_bands = collections.Counter()
    for answer, score in entries:
        result = drafter.draft(answer)
        phrase = any("_" in k or "-" in k for k in drafter.lemmas.get(answer, ()))
        keys = ["all", "score >= 70" if score >= 70 else "score 50-69" if score >= 50
                else "score < 50"]
        if not phrase:
            keys.append("one-word, score >= 70" if score >= 70 else "one-word, score < 70")
        for key in keys:
            bands[key] += 1
            clued_bands[key] += bool(result)
        if result:
            kinds[result[1]] += 1
            print(f"{answer};{result[0]};{result[1]}", file=out)
    elapsed = time.time() - t1
    for key in sorted(bands, key=lambda k: (k != "all", k)):
        n, c = bands[key], clued_bands[key]
        print(f"# {key}: {c} of {n} clued ({100 * c / n:.1f}%)", file=summary)
    print(f"# {elapsed:.0f}s; " + ", ".join(f"{k} {v}" for k, v in kinds.most_common()),
          file=summary)


def main(argv):
    args = list(argv)
    safety_dir = os.path.join(WORDLISTS, "curated")
    if "--safety" in args:
        i = args.index("--safety")
        safety_dir = args[i + 1]
        del args[i:i + 2]
    if not args:
        print(__doc__)
        return 2
    t0 = time.time()
    drafter = Drafter(safety=load_safety(safety_dir))
    print(f"# WordNet read in {time.time() - t0:.1f}s; safety files "
          f"{'used' if drafter.safety else 'not found'} ({safety_dir})", file=sys.stderr)
    if args[0] == "--sample":
        seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 0
        entries = random.Random(seed).sample(default_answers(), int(args[1]))
        report(drafter, entries, sys.stdout, sys.stdout)
        return 0
    if args[0] == "--all":
        if len(args) > 1:
            with open(args[1], "w", encoding="utf-8", newline="\n") as out:
                report(drafter, default_answers(), out, sys.stderr)
        else:
            report(drafter, default_answers(), sys.stdout, sys.stderr)
        return 0
    for word in args:
        answer = normalize(word)
        result = drafter.draft(answer or "", (word,) if word != answer else ())
        print(f"{answer}\t{result[0] if result else '-'}\t{result[1] if result else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
