//! Drawing patterns to fill: which rules to draw them under, drawing them,
//! and drawing again until one fills.
//!
//! Constructors start from a blank page, so `make` (and the studio's
//! pattern request) choose a pattern themselves: a seeded random draw from
//! rules that published grids follow and that fill well ([`rules`]). The
//! draws are counted in descents of the pattern search, not in seconds, so
//! a seed draws the same pattern on any machine ([`random`]). A pattern
//! that does not fill soon is set aside and another drawn, so one unlucky
//! pattern cannot sink a run ([`fills`]). This sits above the fill, which
//! it calls, and below what runs whole chains.

pub mod fills;
pub mod random;
pub mod rules;

pub use fills::Draws;
pub(crate) use fills::{until_one_fills, Drawn, Keeping};
pub(crate) use random::{has_room, letters_fit, BEST};
pub use random::{random_pattern, random_pattern_keeping, DrawLimit, FITTING_WORDS, MOST_DESCENTS};
pub use rules::{fillable_barred_rules, fillable_rules, themed_rules};
