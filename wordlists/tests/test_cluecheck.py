"""`listkit.cluecheck`: what every clue must pass, written or drafted (the
answer not given away, one printable line in the house style)."""

import unittest

from listkit.cluecheck import ends_abbreviated, leaks, pieces, style_problems, words_of


class Leaks(unittest.TestCase):
    def test_pieces_are_the_runs_of_four_letters_or_more(self):
        self.assertEqual(pieces("SEEDS"), {"SEED", "EEDS", "SEEDS"})
        self.assertEqual(pieces("OREO"), {"OREO"})
        self.assertEqual(pieces("ATE"), {"ATE"})

    def test_words_of_a_text_are_letters_only(self):
        self.assertEqual(words_of("I'm here, well-known"), ["IM", "HERE", "WELLKNOWN"])

    def test_a_run_of_the_answer_in_the_clue(self):
        self.assertEqual(leaks("ICECREAM", "ice cream", "Cold cream dessert"),
                         "contains CREAM, part of the answer")
        self.assertEqual(leaks("BUCKETLIST", "bucket list", "List of goals"),
                         "contains LIST, part of the answer")
        # Across word boundaries too: letters only are compared.
        self.assertEqual(leaks("TENDER", "tender", "Soft, as a pastender"),
                         "contains TENDER, part of the answer")

    def test_a_short_answer_only_as_a_whole(self):
        self.assertEqual(leaks("ATE", "ate", "What I ate"), "contains ATE, part of the answer")
        self.assertIsNone(leaks("ATE", "ate", "Had a meal"))

    def test_a_word_of_the_written_form(self):
        self.assertEqual(leaks("ONEANDALL", "one and all", "All together now"),
                         "uses ALL, a word of the answer")

    def test_small_words_may_be_shared(self):
        self.assertIsNone(leaks("TIPOFTHEICEBERG", "tip of the iceberg",
                                "Small part of a big problem"))

    def test_fair_clues(self):
        self.assertIsNone(leaks("ICECREAM", "ice cream", "Frozen treat"))
        self.assertIsNone(leaks("SEEDS", "SEEDS", "Sows, as a lawn"))


class Style(unittest.TestCase):
    def test_printable_clues(self):
        for clue in ("School fundraising grp.", "Wash. neighbor", "And so on etc.", "Wait...",
                     "Vitamin C.", "Grp. for a kid", "iPod maker", "A" * 90):
            self.assertIsNone(style_problems(clue), clue)

    def test_problems(self):
        cases = {
            "": "empty clue",
            " Lead": "space at either end",
            "a clue": "starts with a small letter",
            "The end.": "ends with a full stop",
            "x;y": "';' separates fields and cannot be in a clue",
            "Tab\there": "control character",
            "A" * 91: "91 characters (at most 90)",
        }
        for clue, problem in cases.items():
            self.assertEqual(style_problems(clue), problem, clue)

    def test_abbreviated_endings(self):
        self.assertTrue(ends_abbreviated("Ohio: Abbr."))
        self.assertTrue(ends_abbreviated("Sgt."))
        self.assertFalse(ends_abbreviated("Big dog."))
        self.assertFalse(ends_abbreviated("No point"))


if __name__ == "__main__":
    unittest.main()
