//! `cruciverb studio`: an interactive constructor in the browser, on the
//! fill engine.
//!
//! The engine decides a 15×15 in milliseconds, so the studio can answer, for
//! every entry the constructor considers, whether the whole grid stays
//! fillable with it. [`api`] holds the JSON API as plain functions over the
//! library; [`lists`] keeps the word lists it offers; [`error`] is the
//! refusal both give; [`server`] puts them and the page (plain HTML, CSS and
//! JavaScript modules compiled into the binary) on a local port.

pub mod api;
pub mod error;
pub mod lists;
pub mod server;
