//! Theme entries, and every way of seating them in a symmetric grid.
//!
//! A themed puzzle starts from its theme entries, read from a theme file
//! ([`file`]); the pattern must then make each of them a whole slot, in
//! one of the ways a symmetric grid can hold them ([`seating`]). The two
//! are apart because the file is the user's text, checked line by line,
//! while the seating search is combinatorics over the grid's orbits.

pub mod file;
pub mod seating;

pub use file::{Place, Theme};
pub use seating::{seatings, SeatOptions};
