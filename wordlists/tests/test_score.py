"""`listkit.score`: the 0-100 scale, its pivots and each adjustment, with
exact numbers, so a change of constant or rule shows up as a changed score."""

import unittest

from listkit import score


class WordScore(unittest.TestCase):
    def test_a_word_at_its_size_class_pivot_scores_fifty(self):
        for size, pivot in score.PIVOTS.items():
            self.assertEqual(score.word_score(pivot, size, {"word"}, 5), 50, size)

    def test_each_zipf_unit_is_fourteen_points(self):
        self.assertEqual(score.word_score(3.5, 50, {"word"}, 5), 64)
        self.assertEqual(score.word_score(1.5, 50, {"word"}, 5), 36)

    def test_long_words_need_more_use(self):
        # Pivot 2.5 + 0.3 from eight letters on: 50 + 14 * 0.7 = 59.8.
        self.assertEqual(score.word_score(3.5, 50, {"word"}, 7), 64)
        self.assertEqual(score.word_score(3.5, 50, {"word"}, 8), 60)

    def test_names_need_to_be_better_known(self):
        self.assertEqual(score.word_score(3.5, 50, {"name"}, 5), 57)
        self.assertEqual(score.word_score(3.5, 50, {"name", "word"}, 5), 64)

    def test_a_spelling_america_does_not_use_is_marked_down(self):
        self.assertEqual(score.word_score(3.5, 50, {"word"}, 5, american=60), 49)
        self.assertEqual(score.word_score(3.5, 50, {"word"}, 5, american=50), 64)
        self.assertEqual(score.word_score(3.5, 50, {"word"}, 5, american=35), 64)

    def test_an_inflection_borrows_its_base_frequency_less_a_discount(self):
        # max(1.5, 4.0 - 0.7) = 3.3 against pivot 2.1: 66.8.
        self.assertEqual(score.word_score(1.5, 35, {"word"}, 5, base_zipf=4.0), 67)
        # The base never lowers a form used more than it.
        self.assertEqual(score.word_score(3.5, 35, {"word"}, 5, base_zipf=2.0), 70)

    def test_no_help_from_the_base_for_big_size_classes_or_rare_forms(self):
        self.assertEqual(score.word_score(1.5, 55, {"word"}, 5, base_zipf=4.0), 32)
        self.assertEqual(score.word_score(0.9, 35, {"word"}, 5, base_zipf=4.0), 33)

    def test_an_odd_inflection_gets_no_help_and_is_marked_down(self):
        # 50 + 14 * (1.5 - 2.1) - 15 = 26.6.
        self.assertEqual(score.word_score(1.5, 35, {"word"}, 5, base_zipf=4.0, odd=True), 27)

    def test_unseen_words_stay_low(self):
        self.assertEqual(score.word_score(0, 10, {"word"}, 5), 25)
        self.assertEqual(score.word_score(0, 10, {"word"}, 5, base_zipf=6.0), 25)

    def test_scores_are_clamped_to_one_to_ninety_nine(self):
        self.assertEqual(score.word_score(9, 10, {"word"}, 5), 99)
        self.assertEqual(score.word_score(0, 95, {"name"}, 9), 1)


class Helpers(unittest.TestCase):
    def test_clamp_rounds_half_up(self):
        self.assertEqual(score.clamp(49.5), 50)
        self.assertEqual(score.clamp(50.49), 50)
        self.assertEqual(score.clamp(-3), 1)
        self.assertEqual(score.clamp(120), 99)

    def test_odd_inflection_gaps(self):
        # A plural must be more than 2.5 Zipf below its base.
        self.assertTrue(score.odd_inflection(1.0, 3.6))
        self.assertFalse(score.odd_inflection(1.0, 3.5))
        # A verb form more than 2.4 below.
        self.assertTrue(score.odd_inflection(1.0, 3.5, plural=False))
        self.assertFalse(score.odd_inflection(1.0, 3.4, plural=False))
        self.assertFalse(score.odd_inflection(1.0, None))

    def test_phrase_score_by_sense_tags(self):
        self.assertEqual([score.phrase_score(t) for t in (0, 1, 9, 10, 500)],
                         [35, 40, 40, 45, 45])

    def test_caps_sit_below_the_default_minimum(self):
        for cap in (score.UNSEEN_CAP, score.UNCURATED_CAP, score.REVIEWED_WEAK_CAP,
                    score.BRITISH_CAP, score.BREAKFAST_CAP, score.UNCLUED_CAP):
            self.assertLess(cap, 50)


if __name__ == "__main__":
    unittest.main()
