//! Barred patterns: grids with no blocks, divided into lights by bars, as
//! the British advanced cryptics (The Listener, Azed, Mephisto) and the
//! American variety cryptics draw them.
//!
//! The main idea: in a grid without blocks, a row's right bars alone decide
//! its across runs and a column's bars below alone decide its down runs. So
//! a barred pattern is one *composition* per row and one per column — a
//! split of the line into runs of 1 (a cell unchecked that way) or of a
//! light's length — and every rule that involves one line only is met by
//! choosing among valid compositions. Symmetry pairs whole lines (a 180°
//! turn maps row r's bars onto row h-1-r's, reversed), so only one line of
//! each pair is chosen. What is left are the rules where rows and columns
//! meet — every cell in a light, few and separated unchecked cells per
//! light, connectedness, the number of lights — which [`violation`] checks
//! on the whole pattern. [`for_each`] walks every choice in order (small
//! grids: counts, tests); [`random`] draws lines at random and redraws a
//! line through each violation until none is left. [`write`] puts them in
//! pattern files and [`count`] counts them.

mod rules;
mod run;
mod search;

pub use rules::{violation, BarredRules};
pub use run::{count, write, BarredJob};
pub use search::{for_each, random, End, RESTARTS};
