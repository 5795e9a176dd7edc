"""`listkit.clues`: how the drafter ranks senses and chooses a clue, run on
a WordNet of eight synsets in `tests/wordnet/` (the real one is a system
package CI does not have), and its WordNet-free helpers."""

import os
import shutil
import tempfile
import unittest

from listkit.clues import Drafter, Synset_of, edit_distance
from listkit.safety import Safety

WORDNET = os.path.join(os.path.dirname(os.path.abspath(__file__)), "wordnet")


class Helpers(unittest.TestCase):
    def test_edit_distance(self):
        self.assertEqual(edit_distance("lager", "laager"), 1)
        self.assertEqual(edit_distance("theatre", "theater"), 2)
        self.assertEqual(edit_distance("cat", "horse"), 5)
        # Lengths three apart are "far" without counting.
        self.assertEqual(edit_distance("ab", "abcde"), 3)

    def test_spelling_variants(self):
        self.assertTrue(Drafter._variant("lager", "laager"))
        self.assertFalse(Drafter._variant("cat", "cot"))  # too short to tell
        self.assertFalse(Drafter._variant("ice_cream", "icecream"))  # the same word

    def test_same_stem_under_other_endings(self):
        self.assertEqual(Drafter._stem("PURENESS"), "PURE")
        self.assertEqual(Drafter._stem("PURITY"), "PUR")
        self.assertTrue(Drafter._same_stem("PURITY", "PURENESS"))
        self.assertTrue(Drafter._same_stem("CAGEY", "CAGILY"))
        self.assertFalse(Drafter._same_stem("HOUSE", "HORSE"))
        self.assertFalse(Drafter._same_stem("DOG", "DOGS"))  # under four letters

    def test_initials(self):
        self.assertTrue(Drafter._initials_of("DNA", Synset_of("deoxyribonucleic acid", "DNA")))
        self.assertTrue(Drafter._initials_of("LBJ", Synset_of("Lyndon Baines Johnson", "LBJ")))
        self.assertTrue(Drafter._initials_of("emu", Synset_of("electromagnetic unit", "emu")))
        self.assertFalse(Drafter._initials_of("dog", Synset_of("domestic dog", "dog")))


class Drafting(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.drafter = Drafter(WORDNET)

    def test_clue_and_kind_per_answer(self):
        expected = {
            "DOG": ('"The ___ barked all night"', "blank"),
            "CANINE": ("Dog, e.g.", "example"),
            "ICECREAM": ("Frozen dessert", "definition"),
            "DESSERT": ("Dish served as the last course of a meal", "definition"),
            "SOFA": ("Couch", "synonym"),
            "COUCH": ("Sofa", "synonym"),
            "LOUNGE": ("Couch", "synonym"),
        }
        for answer, clue in expected.items():
            self.assertEqual(self.drafter.draft(answer), clue, answer)

    def test_answers_are_normalised_and_written_forms_accepted(self):
        self.assertEqual(self.drafter.draft("ice cream"), ("Frozen dessert", "definition"))
        self.assertEqual(self.drafter.draft("ICECREAM", "ice cream"),
                         ("Frozen dessert", "definition"))

    def test_no_clue_rather_than_a_bad_one(self):
        self.assertIsNone(self.drafter.draft("CAT"))  # not in this WordNet
        # The only clue WordNet offers, "Shelter for a dog", gives DOG away.
        self.assertIsNone(self.drafter.draft("DOGHOUSE"))

    def test_senses_ranked_by_use(self):
        ranked = [(s.key, s.number, s.form, round(s.rank, 2))
                  for s in self.drafter.senses("ICECREAM")]
        self.assertEqual(ranked, [("ice_cream", 1, "base", 2.4), ("icecream", 1, "base", 1.4)])
        self.assertEqual([(s.key, s.tags, round(s.rank, 2)) for s in self.drafter.senses("COUCH")],
                         [("couch", 20, 60.8)])

    def test_a_delicate_sense_is_never_used(self):
        # ASS's second sense is glossed "... that you sit on": dropped, and
        # the donkey is clued.
        self.assertEqual([(s.key, s.number) for s in self.drafter.senses("ASS")], [("ass", 1)])
        self.assertEqual(self.drafter.draft("ASS"),
                         ("Hardy and sure-footed animal", "definition"))

    def test_the_best_candidate_wins(self):
        best = self.drafter.best("SOFA")
        self.assertEqual((best.clue, best.kind, round(best.score, 1)), ("Couch", "synonym", 7.6))

    def test_finish_gives_crossword_style(self):
        finish = self.drafter.finish
        self.assertEqual(finish("frozen dessert."), "Frozen dessert")
        self.assertEqual(finish('"quoted"'), '"quoted"')
        self.assertEqual(finish("See e.g."), "See e.g.")
        self.assertIsNone(finish("x" * 61))
        self.assertIsNone(finish(""))


class DraftingWithSafety(unittest.TestCase):
    def test_a_clue_the_safety_files_catch_makes_way_for_the_next(self):
        directory = tempfile.mkdtemp(prefix="listkit-clues-")
        self.addCleanup(shutil.rmtree, directory)
        for name, text in (("blocked.txt", ""), ("breakfast.txt", "=couch\n")):
            with open(os.path.join(directory, name), "w", encoding="utf-8") as f:
                f.write(text)
        drafter = Drafter(WORDNET, safety=Safety(directory))
        self.assertEqual(drafter.draft("SOFA"),
                         ("Upholstered seat for more than one person", "definition"))
        self.assertEqual(drafter.draft("LOUNGE"), ("Sofa", "synonym"))


if __name__ == "__main__":
    unittest.main()
