//! The `.xd` plain-text crossword format: headers, grid, clues.
//!
//! `.xd` is the format of the xd crossword corpus (github.com/century-arcade/xd,
//! `doc/xd-format.md`): a UTF-8 text file a person can read and a script can
//! grep. Writing it lets a puzzle join that corpus and its tools; reading it
//! brings a finished puzzle from them back in.
//!
//! What [`write`] produces, in the spec's "implicit" layout where sections are
//! separated by two blank lines:
//! - headers `Title: …`, `Author: …`, `Copyright: …` (only those not empty;
//!   a line break inside one becomes a space, since a header is one line; a
//!   puzzle with none gets `Origin: cruciverb`, as the reference parser
//!   wants at least one header);
//! - `Special: circle` (or `shaded`) when some cells are marked, and
//!   `Rebus: 1=HEART 2=STAR` when some cells hold a rebus;
//! - the grid, one row per line: letters, `#` for blocks, `.` for a cell not
//!   filled yet (the spec's mark for a partial solution), a lower-case letter
//!   for a circled (or shaded) cell, a rebus key (`1`–`9`, `0`, then a few
//!   symbols) for a rebus cell;
//! - the clues `A1. Text ~ ANSWER` (rebus cells spelled out in full),
//!   Across then Down, one blank line between,
//!   a line break in a clue written as `\` (the spec's line separator, so a
//!   `\` in a clue reads back as a line break); the spec has no place for an
//!   enumeration, so it ends the text as it is printed, `A1. Comic (6,3,6) ~
//!   CALVINANDHOBBES`, and reading takes a trailing `(…)` that spells the
//!   answer's letters as the enumeration (`(2019)` or `(abbr.)` stay text;
//!   a clue without an enumeration whose text ends in its own letter count,
//!   `(5)` on a 5-letter answer, reads back with that as its enumeration);
//! - the notes, if any, as the free-form final section.
//!
//! The spec has one kind of special cell per puzzle (the `Special` header
//! says which) and a rebus cell has no letter to lower-case, so a puzzle
//! with both circled and shaded cells, or a marked rebus cell, cannot be
//! written; that is an error naming the cell rather than a silent loss.
//!
//! `.xd` numbers every run of two or more cells, so it carries puzzles whose
//! minimum word length is 2 (or whose grid has no run that another minimum
//! would number differently). [`read`] therefore gives `min_slot` 2.
//!
//! [`read`] also takes the spec's explicit layout (`## Metadata`, `## Grid`,
//! `## Clues`, `## Notes` headings), lower-case (special) cells as circled
//! (shaded when the `Special` header says `shaded`), rebus keys any
//! character but an upper-case letter, `#`, `.` or `_`, `_` (a cell outside the grid)
//! as a block, `Notes` or `Description` headers as notes, and ignores clue
//! metadata lines (`A1 ^Refs: …`) and headers it has no use for. Clue
//! groups other than Across and Down, clues for words the grid does not
//! have and answers that differ from the grid are errors naming the line.

mod read;
mod write;

pub use read::read;
pub use write::write;
pub(crate) use write::write_over;
