//! Crossword Compiler `.jpz` (rectangular-puzzle XML): written as plain
//! UTF-8, read plain or zipped.
//!
//! Crossword Compiler's XML is what many web solvers and newspaper systems
//! load, so writing it puts a puzzle in front of them without conversion,
//! and reading it brings their puzzles in. Crossword Compiler itself zips
//! the XML into a `.jpz`; solvers read the plain XML too, and plain text is
//! what we can check and diff, so that is what we write.
//!
//! The document: a `<crossword-compiler>` root holding one
//! `<rectangular-puzzle>` with `<metadata>` (title, creator, copyright,
//! description = notes) and a `<crossword>`. That holds the `<grid>`, one
//! `<cell>` per square (1-based `x` column and `y` row; `type="block"` for a
//! block; `solution` and, where a word starts, `number` for a white cell —
//! an unfilled cell has no `solution`; a rebus cell's `solution` is its whole
//! text, `solution="HEART"`; a circled cell has `background-shape="circle"`
//! and a shaded one `background-color="#C0C0C0"`, as Crossword Compiler
//! writes them; a barred grid's bars are `right-bar="true"` and
//! `bottom-bar="true"` on the cell left of or above each bar, and the
//! reader takes `top-bar` and `left-bar` too), then one `<word>` per slot giving its
//! cells as ranges (`x="1-5" y="3"`), then two `<clues>` lists, Across and
//! Down, whose `<clue word number>` entries carry the clue text, with
//! `format="6,3,6"` for a clue's enumeration (Crossword Compiler's attribute
//! for it). A clue without one has no `format`: Crossword Compiler writes
//! the answer's length there, but that would read back as an enumeration
//! the puzzle does not print.
//!
//! Text is escaped for XML. XML 1.0 cannot carry most control characters
//! even escaped, so a credit or clue containing one is an error naming it.
//!
//! [`read`] takes that and what Crossword Compiler and other tools write
//! (see its documentation). The words are the file's own, so the reader
//! needs no numbering rule to find them: the minimum word length is the one
//! whose runs are exactly the file's words (`.ipuz` has to infer it from
//! numbers), and clues find their slot through their word.

mod read;
mod write;

pub use read::read;
pub use write::write;
