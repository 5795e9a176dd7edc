"""The steps of `build.py` that score and clue candidates between the
sources and the files: inflection bases, safety tiers, British scores,
borrowed clues and which entries get a drafted clue or spare."""

import os
import shutil
import tempfile
import unittest

import build
from build import Candidate, WrittenClue
from listkit.safety import Safety


class Entry:
    """A SCOWL entry as `bases` sees it: its kinds."""

    def __init__(self, kinds):
        self.kinds = kinds


class Bases(unittest.TestCase):
    entries = {w: Entry({"word"}) for w in
               ("SEED", "STOP", "HIS", "CANE", "CAN", "BUS", "TIRED", "CITY", "HOPE", "HOP")}
    entries["ELVIS"] = Entry({"name"})

    def test_inflection_bases(self):
        cases = {
            "SEEDS": ["SEED"], "CANES": ["CANE"], "BUSES": ["BUS"], "CITIES": ["CITY"],
            "HOPED": ["HOP", "HOPE"], "HOPING": ["HOP", "HOPE"],
            "STOPPED": ["STOP", "STOP"],  # -ED on STOPP, then the doubled P
            "TIREDER": ["TIRED"],
            # English spelling: HISS is not HIS + S, BUSS not BUS + S.
            "HISS": [], "BUSS": [],
            "ELVISES": [],  # only plain words are bases
        }
        for word, found in cases.items():
            self.assertEqual(build.bases(word, self.entries), found, word)

    def test_grid_inflections_leave_out_comparatives(self):
        self.assertEqual(build.bases("TIREDER", self.entries, build.GRID_INFLECTIONS), [])
        self.assertEqual(build.bases("SEEDS", self.entries, build.GRID_INFLECTIONS), ["SEED"])

    def test_plural(self):
        self.assertTrue(build.plural("CITIES", self.entries))
        self.assertFalse(build.plural("HOPED", self.entries))
        self.assertFalse(build.plural("HISS", self.entries))


class StubDrafter:
    """Drafts the clues it is given and records what it was asked."""

    def __init__(self, clues):
        self.clues, self.asked = clues, []

    def draft(self, word, written):
        self.asked.append(word)
        return self.clues.get(word)


class DraftClues(unittest.TestCase):
    def test_drafts_and_spares(self):
        candidates = {w: Candidate(40, [], "test") for w in
                      ("ALPHA", "BETA", "GAMMA", "DELTA", "EPSILON")}
        written = {
            "BETA": [WrittenClue("easy", "", "Greek letter")],
            "GAMMA": [WrittenClue("easy", "", "Ray kind"), WrittenClue("medium", "", "Third"),
                      WrittenClue("hard", "", "G")],
            "DELTA": [WrittenClue("easy", "", "River mouth")],
        }
        drafter = StubDrafter({"ALPHA": ("First letter", "definition"),
                               "BETA": ("Second letter", "definition"),
                               "GAMMA": ("Radiation", "definition"),
                               "DELTA": ("river mouth", "definition")})
        drafted, spares = build.draft_clues(candidates, written, drafter)
        # ALPHA has no written clue; BETA gets a spare; GAMMA has enough
        # clues to need none; DELTA's draft repeats a written clue;
        # EPSILON gets no draft.
        self.assertEqual(drafted, {"ALPHA": "First letter", "BETA": "Second letter"})
        self.assertEqual(spares, 1)
        self.assertEqual(drafter.asked, ["ALPHA", "BETA", "DELTA", "EPSILON"])


class British(unittest.TestCase):
    spellings = [("COLOR", "COLOUR"), ("CENTIMETERS", "CENTIMETRES"), ("CRAYONS", "CRAYON")]

    def candidates(self):
        return {"COLOR": Candidate(70, [], "a"), "COLOUR": Candidate(55, [], "b"),
                "CENTIMETERS": Candidate(60, [], "c"), "CENTIMETRES": Candidate(40, [], "d"),
                "TRUCK": Candidate(65, ["american"], "e"),
                "CRAYON": Candidate(20, ["crosswordese"], "f")}

    def test_british_scores(self):
        candidates = self.candidates()
        self.assertEqual(build.british_scores(candidates, self.spellings),
                         {"COLOUR": 70, "COLOR": 30, "CENTIMETRES": 60, "CENTIMETERS": 30,
                          "TRUCK": 30})
        self.assertEqual({w: c.score for w, c in candidates.items()},
                         {"COLOR": 70, "COLOUR": 30, "CENTIMETERS": 60, "CENTIMETRES": 30,
                          "TRUCK": 65, "CRAYON": 20})
        self.assertEqual(candidates["COLOUR"].origin,
                         "b; British spelling of COLOR, held to 30 in American puzzles")

    def test_borrowed_clues_must_not_give_the_british_spelling_away(self):
        written = {"COLOR": [WrittenClue("easy", "", "Hue")],
                   "CENTIMETERS": [WrittenClue("easy", "", "Metric lengths"),
                                   WrittenClue("hard", "", "Short lengths?")]}
        self.assertEqual(build.borrow_clues(self.candidates(), written, self.spellings), 2)
        self.assertEqual([c.text for c in written["COLOUR"]], ["Hue"])
        self.assertEqual([c.text for c in written["CENTIMETRES"]], ["Short lengths?"])


class ApplySafety(unittest.TestCase):
    def setUp(self):
        directory = tempfile.mkdtemp(prefix="listkit-build-")
        self.addCleanup(shutil.rmtree, directory)
        for name, text in (("blocked.txt", "=ass\n"), ("breakfast.txt", "vomit\n")):
            with open(os.path.join(directory, name), "w", encoding="utf-8") as f:
                f.write(text)
        self.safety = Safety(directory)

    def test_block_removes_breakfast_caps(self):
        candidates = {"ASS": Candidate(60, [], "a"), "VOMITS": Candidate(55, [], "b"),
                      "DONKEY": Candidate(70, [], "c")}
        written = {"ASS": [WrittenClue("easy", "", "Donkey")]}
        tally = build.apply_safety(candidates, written, self.safety)
        self.assertEqual(dict(tally), {"block": 1, "breakfast": 1})
        self.assertEqual(sorted(candidates), ["DONKEY", "VOMITS"])
        self.assertEqual(written, {})
        vomits = candidates["VOMITS"]
        self.assertEqual((vomits.score, vomits.kinds), (35, {"breakfast"}))
        self.assertEqual(vomits.origin, "b; breakfast test (vomit)")

    def test_a_written_clue_the_tiers_catch_stops_the_build(self):
        candidates = {"SICK": Candidate(60, [], "a")}
        written = {"SICK": [WrittenClue("easy", "", "Vomiting, say")]}
        with self.assertRaises(build.CuratedError) as caught:
            build.apply_safety(candidates, written, self.safety)
        self.assertTrue(str(caught.exception).startswith(
            "written clue for SICK 'Vomiting, say': VOMITING: breakfast ("), caught.exception)


if __name__ == "__main__":
    unittest.main()
