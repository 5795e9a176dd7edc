//! Which rules patterns are drawn under: those of published grids that
//! fill well from a list like the default one ([`fillable_rules`]), the
//! ladder of ever looser rule sets a theme's patterns are drawn under
//! ([`themed_rules`]), and the shape check that turns away stacks of long
//! entries ([`lively_shape`]), which only a rich list fills with lively
//! words.

use crate::grid::DEFAULT_MIN_SLOT;
use crate::grid::{Direction, Grid, Slot};
use crate::pattern::barred::BarredRules;
use crate::pattern::rules::{Amount, Bound, Rules, Style, Symmetry};

/// Rules for random barred patterns that fill well from a list like the
/// default one: the conventions of published barred grids (see
/// [`BarredRules::conventional`]) with no light over 8 letters and
/// 30–36% of the cells as the count of lights (44–52 at 12×12). Barred
/// grids in print have nearer 36–44 lights at 12×12, whose longer lights
/// want a dictionary-sized list: from the default list, 10 random 12×12
/// patterns with 36–44 lights (the longest 9) all ran out of 3 s, and 10
/// drawn under these rules all filled in 0.11–0.17 s.
pub fn fillable_barred_rules(width: usize, height: usize) -> BarredRules {
    BarredRules {
        max_light: width.max(height).min(8),
        lights: Some(Bound {
            min: Some(Amount::Percent(30.0)),
            max: Some(Amount::Percent(36.0)),
        }),
        ..BarredRules::conventional(width, height)
    }
}

/// Rules for random patterns that fill well from a list like the default
/// one. American grids: 16–18% blocks, a word count in the band of
/// newspaper grids of the size (fewer words means longer ones, which the
/// list has fewer of), few three-letter words, no long black runs and, past
/// 15×15, no word longer than 13; American minis (under 9×9) at most 20%
/// blocks. British grids: the checking lattice with 180° symmetry, with
/// black crossings allowed so that lights of even length begin or end on
/// an unchecked cell (see [`Rules::lattice_ends`]), 13.3–15.2% of the cells
/// as lights' count (30–34 lights at 15×15), few three-letter lights, and
/// blocks few and apart as in the papers' blocked grids: the style's own
/// rules against black runs over 3 and 2×2 black blocks (without them a
/// random 15×15 has a median of 97 blocks, and black clumps), and
/// 6.7–11.1% of the cells as blocks beyond the lattice's own (64–74 in
/// all at 15×15; counted beyond the lattice's blocks, as the same share
/// of all the cells drew no 31×31 pattern in five minutes). Past 15×15,
/// as for American grids, no light longer than 13, which the list has few
/// words for.
pub fn fillable_rules(style: Style, width: usize, height: usize) -> Rules {
    let mut rules = Rules::preset(style);
    let cells = (width * height) as f64;
    let count = |share: f64| Amount::Count((cells * share).round() as usize);
    match style {
        Style::American if width.min(height) >= 9 => {
            let (fewest, most) = if width.max(height) <= 15 {
                (0.33, 0.347)
            } else {
                (0.313, 0.327)
            };
            rules.blacks = Some(Bound {
                min: Some(Amount::Percent(16.0)),
                max: Some(Amount::Percent(18.0)),
            });
            rules.words = Some(Bound {
                min: Some(count(fewest)),
                max: Some(count(most)),
            });
            rules.max_three_letter = Some((cells * 0.09) as usize);
            rules.max_black_run = Some(3);
            if width.max(height) > 15 {
                rules.max_word = Some(13);
            }
        }
        Style::American => {
            // Minis: a few blocks at most, as published minis have.
            rules.blacks = Some(Bound {
                min: None,
                max: Some(Amount::Percent(20.0)),
            });
        }
        Style::British if width % 2 == 1 && height % 2 == 1 && width.min(height) >= 9 => {
            rules.lattice = true;
            rules.lattice_ends = true;
            rules.symmetry = Symmetry::Rotational;
            rules.words = Some(Bound {
                min: Some(count(0.133)),
                max: Some(count(0.152)),
            });
            rules.max_three_letter = Some((cells * 0.018).round() as usize);
            let lattice_blocks = (width / 2) * (height / 2);
            let beyond =
                |share: f64| Amount::Count(lattice_blocks + (cells * share).round() as usize);
            rules.blacks = Some(Bound {
                min: Some(beyond(0.067)),
                max: Some(beyond(0.111)),
            });
            if width.max(height) > 15 {
                rules.max_word = Some(13);
            }
        }
        // Even or small British grids have no lattice: the style's own rules.
        Style::British => {}
    }
    rules
}

/// The rules a theme's patterns are drawn under, tightest first, for a
/// theme whose shortest entry has `shortest` letters. Editors expect the
/// theme entries to be the grid's longest, so the first two rule sets cap
/// the other entries below them: those of [`fillable_rules`] (whose own cap
/// spares the theme's entries: see
/// [`crate::pattern::search::Search::keeping`]), then with a word
/// count allowed to run a tenth lower (long theme entries make fewer
/// words). Then the same without the cap; then, for full-size American
/// grids, blocks up to [`LOOSE_BLOCKS`] with no word count (dense themes
/// at 21×21 fill only so); last the style's own rules (with the symmetry of the first), which
/// have no cap on blocks at all and make grids no editor would take, for
/// themes nothing else seats.
pub fn themed_rules(style: Style, width: usize, height: usize, shortest: usize) -> Vec<Rules> {
    let tight = fillable_rules(style, width, height);
    let mut loose = tight.clone();
    if let Some(words) = &mut loose.words {
        if let Some(Amount::Count(fewest)) = words.min {
            words.min = Some(Amount::Count(fewest * 9 / 10));
        }
    }
    let capped = |rules: &Rules| {
        let below = shortest.saturating_sub(1);
        let mut rules = rules.clone();
        rules.max_word = Some(rules.max_word.map_or(below, |m| m.min(below)));
        rules
    };
    let mut ladder = vec![capped(&tight), capped(&loose), tight.clone(), loose];
    // Full-size American rules: minis have no word count to drop, and a
    // British lattice has more blocks than these shares.
    if tight.words.is_some() && tight.blacks.is_some() && !tight.lattice {
        ladder.extend(LOOSE_BLOCKS.iter().map(|&most| Rules {
            blacks: Some(Bound {
                min: None,
                max: Some(Amount::Percent(most)),
            }),
            words: None,
            max_three_letter: None,
            ..tight.clone()
        }));
    }
    // The seatings are made for the tight rules' symmetry (a British
    // lattice's is rotational, the style's own four-fold).
    ladder.push(Rules {
        symmetry: tight.symmetry,
        ..Rules::preset(style)
    });
    // A cap shorter than any word leaves no pattern; one the rules already
    // had repeats a rule set.
    let mut distinct: Vec<Rules> = Vec::new();
    for rules in ladder {
        if rules.max_word.is_none_or(|m| m >= rules.min_word) && !distinct.contains(&rules) {
            distinct.push(rules);
        }
    }
    distinct
}

/// The block shares (percent) of the rules [`themed_rules`] falls back on
/// before the style's own: at 21×21, five theme entries of 19–21 letters
/// never filled under 18% blocks; over seeds 1–11 they filled under 20%
/// for seven, under 21% for the other four.
const LOOSE_BLOCKS: [f64; 3] = [20.0, 21.0, 22.0];

/// Entries at least this long are "long" for the shape check.
const LONG_ENTRY: usize = 10;
/// Two long entries in neighbouring rows (or columns) sharing this many
/// cells' columns form a stack.
const STACK_OVERLAP: usize = 6;

/// Whether an American pattern has a shape the list can fill with lively
/// entries: no stacked long entries, and not more long entries than a
/// themed grid has (four at 15×15; more in bigger grids), not counting
/// entries already written in (a theme's). Other grids pass.
pub(crate) fn lively_shape(grid: &Grid) -> bool {
    if grid.width().min(grid.height()) < 9 {
        return true;
    }
    let slots = grid.slots(DEFAULT_MIN_SLOT);
    let long: Vec<&Slot> = slots.iter().filter(|s| s.len >= LONG_ENTRY).collect();
    let open = long
        .iter()
        .filter(|s| grid.letters(s).contains(&None))
        .count();
    let most = 4 * grid.width() * grid.height() / 225;
    if open > most.max(4) {
        return false;
    }
    !long.iter().enumerate().any(|(i, a)| {
        long[i + 1..].iter().any(|b| {
            if a.direction != b.direction {
                return false;
            }
            let (a_line, a_start, b_line, b_start) = match a.direction {
                Direction::Across => (a.row, a.col, b.row, b.col),
                Direction::Down => (a.col, a.row, b.col, b.row),
            };
            let overlap =
                (a_start + a.len).min(b_start + b.len) as isize - a_start.max(b_start) as isize;
            a_line.abs_diff(b_line) == 1 && overlap >= STACK_OVERLAP as isize
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> Grid {
        Grid::parse_text(&rows.join("\n"), "test").unwrap()
    }

    #[test]
    fn stacks_of_long_entries_are_not_lively() {
        // A published-style 15x15: two 15s and two 12s, none side by side.
        let text = include_str!("../../tests/data/grids/ingrid_readme.txt");
        let rows: Vec<&str> = text.lines().collect();
        assert!(lively_shape(&grid(&rows)));
        // The same with row 2 opened: two 15s stacked.
        let mut stacked = rows.clone();
        stacked[1] = "...............";
        assert!(!lively_shape(&grid(&stacked)), "two 15s stacked");
    }

    #[test]
    fn british_rules_follow_the_lattice() {
        let rules = fillable_rules(Style::British, 15, 15);
        assert!(rules.lattice && rules.lattice_ends);
        assert_eq!(rules.symmetry, Symmetry::Rotational);
        assert_eq!(rules.words.unwrap().resolve(225), (30, 34));
        // The lattice's 49 blocks and 15–25 more.
        assert_eq!(rules.blacks.unwrap().resolve(225), (64, 74));
        assert_eq!(rules.max_three_letter, Some(4));
        assert_eq!(rules.max_word, None);
        assert_eq!(fillable_rules(Style::British, 21, 21).max_word, Some(13));
        assert_eq!(
            fillable_rules(Style::British, 21, 21)
                .blacks
                .unwrap()
                .resolve(441),
            (130, 149)
        );
        assert!(!fillable_rules(Style::British, 14, 14).lattice);
        assert!(fillable_rules(Style::British, 9, 9).lattice_ends);
        assert!(!fillable_rules(Style::British, 7, 7).lattice);
    }

    #[test]
    fn themed_rules_loosen_step_by_step() {
        let percent = |rules: &Rules| match rules.blacks.and_then(|b| b.max) {
            Some(Amount::Percent(p)) => Some(p),
            _ => None,
        };
        // Nine-letter entries at 15×15: others at most eight letters, then
        // uncapped, then more blocks, then the style's own rules.
        let ladder = themed_rules(Style::American, 15, 15, 9);
        let caps: Vec<Option<usize>> = ladder.iter().map(|r| r.max_word).collect();
        assert_eq!(caps, [Some(8), Some(8), None, None, None, None, None, None]);
        let fewest: Vec<Option<(usize, usize)>> = ladder
            .iter()
            .map(|r| r.words.map(|w| w.resolve(225)))
            .collect();
        let (newspaper, tenth_fewer) = (Some((74, 78)), Some((66, 78)));
        assert_eq!(
            fewest,
            [
                newspaper,
                tenth_fewer,
                newspaper,
                tenth_fewer,
                None,
                None,
                None,
                None
            ]
        );
        let most: Vec<Option<f64>> = ladder.iter().map(percent).collect();
        let b = Some(18.0);
        let loose = [Some(20.0), Some(21.0), Some(22.0)];
        assert_eq!(most, [b, b, b, b, loose[0], loose[1], loose[2], None]);
        assert_eq!(ladder[7], Rules::preset(Style::American));
        // At 21×21 the rules' own cap of 13 is below the entries' 18: the
        // capped rule sets are the uncapped ones, listed once.
        let big = themed_rules(Style::American, 21, 21, 19);
        assert_eq!(big.len(), 6);
        assert!(big[..4].iter().all(|r| r.max_word == Some(13)));
        // Three-letter entries leave no length for the others: no cap. A
        // mini has no word count to drop and no block share to raise.
        assert_eq!(
            themed_rules(Style::American, 15, 15, 3),
            ladder[2..].to_vec()
        );
        let mini = themed_rules(Style::American, 5, 5, 5);
        assert_eq!(mini.len(), 3);
        assert_eq!(mini[0].max_word, Some(4));
        assert_eq!(mini[1].max_word, None);
        assert_eq!(mini[2], Rules::preset(Style::American));
        // British: the lattice's rules, then the style's own with the
        // lattice's rotational symmetry, which the seatings are made for.
        let british = themed_rules(Style::British, 15, 15, 9);
        assert!(british[..4].iter().all(|r| r.lattice));
        let last = british.last().unwrap();
        assert!(!last.lattice);
        assert_eq!(last.symmetry, Symmetry::Rotational);
    }
}
