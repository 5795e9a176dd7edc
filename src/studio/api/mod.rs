//! The studio's JSON API as plain functions: a request in, a reply or an
//! [`ApiError`] out, with no HTTP in sight, so that the server only routes
//! and the behaviour is testable in-process.
//!
//! Grids travel as rows of the text grid format (`#` block, `.` open, a
//! letter fixed) with a barred grid's bars beside them (`"bars"`, a list of
//! [`CellBars`]: a cell from 0 and whether it has a bar on its right or
//! lower side), and slots are named like clues (`12A`, `3D`); every time a
//! request may spend is bounded, by its own `timeout` or the defaults of its
//! endpoint. One file per group of endpoints: [`search`] (candidates, fill),
//! [`pattern`], [`analyze`], [`clues`] and [`files`] (start, import, export,
//! save); the fields their requests share are declared here ([`request!`]),
//! and reading them (the grid, the search options, the time) is in
//! [`request`].

use super::error::ApiError;

/// Declares a request: a struct refusing unknown fields in which the
/// fields most requests share (`list`, `grid`, `bars`, `min_score`,
/// `banned`, `timeout`) are written by name alone and get their one type and meaning
/// here, beside the request's own fields written out, in the order given.
///
/// A macro rather than a struct of the shared fields under
/// `#[serde(flatten)]`: flattened fields are read after the whole object,
/// so serde's messages for them would lose the field's name and position
/// (`grid: invalid type: …`) and an unknown field would no longer list the
/// known ones; the requests stay flat, and their messages as they were.
macro_rules! request {
    ($(#[$($meta:tt)*])* pub struct $name:ident { $($fields:tt)* }) => {
        request!(@fields [$(#[$($meta)*])* $name] [] $($fields)*);
    };
    (@fields $head:tt [$($done:tt)*] list, $($rest:tt)*) => {
        request!(@fields $head [$($done)*
            /// The word list to use, by name (see `GET /api/lists`); absent:
            /// the default one.
            pub list: Option<String>,
        ] $($rest)*);
    };
    (@fields $head:tt [$($done:tt)*] grid, $($rest:tt)*) => {
        request!(@fields $head [$($done)*
            /// The grid, one row of the text grid format a string.
            pub grid: Vec<String>,
        ] $($rest)*);
    };
    (@fields $head:tt [$($done:tt)*] bars, $($rest:tt)*) => {
        request!(@fields $head [$($done)*
            /// The grid's bars, by cell; absent: none (a grid of blocks).
            #[serde(default)]
            pub bars: Vec<$crate::studio::api::CellBars>,
        ] $($rest)*);
    };
    (@fields $head:tt [$($done:tt)*] min_score, $($rest:tt)*) => {
        request!(@fields $head [$($done)*
            /// Words scoring less are never offered or placed; absent: the
            /// studio's own minimum (see `Listed::default_min_score`).
            pub min_score: Option<u8>,
        ] $($rest)*);
    };
    (@fields $head:tt [$($done:tt)*] banned, $($rest:tt)*) => {
        request!(@fields $head [$($done)*
            /// Words never offered or placed.
            pub banned: Option<Vec<String>>,
        ] $($rest)*);
    };
    (@fields $head:tt [$($done:tt)*] timeout, $($rest:tt)*) => {
        request!(@fields $head [$($done)*
            /// Seconds the request may spend (at most `MOST_SECONDS`);
            /// absent: its endpoint's default.
            pub timeout: Option<f64>,
        ] $($rest)*);
    };
    (@fields $head:tt [$($done:tt)*]
        $(#[$($meta:tt)*])* pub $field:ident: $type:ty, $($rest:tt)*) => {
        request!(@fields $head [$($done)* $(#[$($meta)*])* pub $field: $type,] $($rest)*);
    };
    (@fields [$(#[$($meta:tt)*])* $name:ident] [$($done:tt)*]) => {
        $(#[$($meta)*])*
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            $($done)*
        }
    };
}

mod analyze;
mod clues;
mod files;
mod pattern;
mod request;
mod search;

pub use analyze::{analyze, AnalyzeRequest};
pub use clues::{clues, CluesRequest};
pub use files::{export, import, save, start};
pub(crate) use files::{ExportRequest, ImportRequest, SaveRequest};
pub use pattern::{pattern, PatternRequest};
pub use request::CellBars;
pub(crate) use search::Witnesses;
pub use search::{candidates, fill, CandidatesRequest, FillRequest};

/// A request that names the word list to use (`"list"`; absent: the
/// default one), and perhaps a minimum score.
pub trait Listed {
    fn list(&self) -> Option<&str>;

    /// Gives the request the studio's minimum score when it names none.
    fn default_min_score(&mut self, min_score: u8) {
        let _ = min_score;
    }
}

macro_rules! listed {
    ($($request:ty),*) => {
        $(impl Listed for $request {
            fn list(&self) -> Option<&str> {
                self.list.as_deref()
            }

            fn default_min_score(&mut self, min_score: u8) {
                self.min_score.get_or_insert(min_score);
            }
        })*
    };
}

listed!(
    CandidatesRequest,
    FillRequest,
    AnalyzeRequest,
    PatternRequest
);

impl Listed for CluesRequest {
    fn list(&self) -> Option<&str> {
        self.list.as_deref()
    }
}
