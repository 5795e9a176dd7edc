"""`listkit.safety`: the pattern forms, the two tiers, the allowed list and
the clue check, on small pattern files written for the test (plus a few
words the team's own files are documented to decide)."""

import os
import shutil
import tempfile
import unittest

from listkit import safety
from listkit.safety import BLOCK, BREAKFAST, Pattern, Safety, inflections


def pattern_files(test, blocked, breakfast, allowed=None):
    """A directory holding the given pattern files (lists of lines),
    removed when `test` ends."""
    directory = tempfile.mkdtemp(prefix="listkit-safety-")
    test.addCleanup(shutil.rmtree, directory)
    files = {"blocked.txt": blocked, "breakfast.txt": breakfast}
    if allowed is not None:
        files["allowed.txt"] = allowed
    for name, lines in files.items():
        with open(os.path.join(directory, name), "w", encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in lines))
    return directory


class Inflections(unittest.TestCase):
    def test_plain_stem(self):
        self.assertEqual(sorted(inflections("PLAY")), [
            "PLAY", "PLAYED", "PLAYER", "PLAYERS", "PLAYES", "PLAYIER", "PLAYIEST",
            "PLAYING", "PLAYS", "PLAYY"])

    def test_final_e_is_dropped_before_a_vowel(self):
        forms = inflections("SLAVE")
        self.assertTrue({"SLAVES", "SLAVED", "SLAVING", "SLAVY"} <= forms)
        self.assertEqual(len(forms), 17)

    def test_final_consonant_doubles_after_a_short_vowel(self):
        forms = inflections("STAB")
        self.assertTrue({"STABS", "STABBED", "STABBING", "STABBY"} <= forms)
        self.assertEqual(len(forms), 18)


class Patterns(unittest.TestCase):
    def test_forms(self):
        whole, exact = Pattern("rape", "f:1"), Pattern("=ass", "f:2")
        prefix, suffix, inside = Pattern("poo*", "f:3"), Pattern("*itis", "f:4"), \
            Pattern("*fart*", "f:5")
        self.assertTrue(whole.matches("RAPED") and not whole.matches("GRAPE"))
        self.assertTrue(exact.matches("ASS") and not exact.matches("ASSES"))
        self.assertTrue(prefix.matches("POODLE") and not prefix.matches("SPOON"))
        self.assertTrue(suffix.matches("TONSILLITIS") and not suffix.matches("ITISH"))
        self.assertTrue(inside.matches("DEFARTED") and not inside.matches("FRAT"))

    def test_a_line_with_no_letters_is_refused_with_its_place(self):
        with self.assertRaises(ValueError) as caught:
            Pattern("*", "blocked.txt:7")
        self.assertEqual(str(caught.exception), "blocked.txt:7: '*' is not a pattern")


class Classify(unittest.TestCase):
    def setUp(self):
        self.dir = pattern_files(self, ["# a comment", "rape", "=ass", "*fart*"],
                                 ["vomit", "poo*", "*itis"], ["grape"])
        self.safety = Safety(self.dir)

    def where(self, name, line):
        return f"{os.path.join(self.dir, name)}:{line}"

    def test_tiers_name_the_line_that_caught_the_word(self):
        s = self.safety
        self.assertEqual(s.classify("RAPING"), (BLOCK, f"{self.where('blocked.txt', 2)}: rape"))
        self.assertEqual(s.classify("ASS"), (BLOCK, f"{self.where('blocked.txt', 3)}: =ass"))
        self.assertEqual(s.classify("FARTS"), (BLOCK, f"{self.where('blocked.txt', 4)}: *fart*"))
        self.assertEqual(s.classify("VOMITING"),
                         (BREAKFAST, f"{self.where('breakfast.txt', 1)}: vomit"))
        self.assertEqual(s.classify("POOH"), (BREAKFAST, f"{self.where('breakfast.txt', 2)}: poo*"))
        self.assertEqual(s.classify("ITIS"), (BREAKFAST, f"{self.where('breakfast.txt', 3)}: *itis"))

    def test_innocent_words_pass(self):
        for word in ("GRAPE", "DRAPE", "ASSES", "BASS", "SPOON", "PLAY"):
            self.assertIsNone(self.safety.classify(word), word)

    def test_allowed_words_win_over_patterns(self):
        self.assertEqual(Safety(pattern_files(self, ["*rape*"], [], ["grape"])).classify("GRAPE"), None)
        self.assertEqual(Safety(pattern_files(self, ["*rape*"], [])).classify("GRAPE")[0], BLOCK)

    def test_wordnet_blocked_words(self):
        self.safety.wordnet_blocked = {"BOGEY"}
        self.assertEqual(self.safety.classify("BOGEY"),
                         (BLOCK, "every WordNet sense is marked offensive"))

    def test_block_is_checked_before_breakfast(self):
        s = Safety(pattern_files(self, ["gore"], ["gore"]))
        self.assertEqual(s.classify("GORY")[0], BLOCK)


class ClueProblem(unittest.TestCase):
    def setUp(self):
        self.dir = pattern_files(self, ["=ass"], ["vomit", "poo*"], ["grape"])
        self.safety = Safety(self.dir)

    def test_fine_clues(self):
        for clue in ("Grape juice", "Kind of bass", "Fine clue"):
            self.assertIsNone(self.safety.clue_problem(clue), clue)

    def test_a_word_of_the_clue(self):
        where = os.path.join(self.dir, "breakfast.txt")
        self.assertEqual(self.safety.clue_problem("Ate too much, then vomited"),
                         f"VOMITED: breakfast ({where}:1: vomit)")
        self.assertEqual(self.safety.clue_problem("Pooh's pal"),
                         f"POOHS: breakfast ({where}:2: poo*)")

    def test_words_run_together_as_phrases_are(self):
        where = os.path.join(self.dir, "blocked.txt")
        self.assertEqual(self.safety.clue_problem("A s s"), f"ASS: block ({where}:1: =ass)")


class TeamFiles(unittest.TestCase):
    """The words the team's files are documented to let through."""

    def test_allowed_words_of_the_curated_files(self):
        team = Safety(safety.CURATED)
        for word in ("GRAPE", "SCUNTHORPE", "COCKPIT"):
            self.assertIsNone(team.classify(word), word)


if __name__ == "__main__":
    unittest.main()
