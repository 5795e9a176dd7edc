//! Clues: where each answer's clue text comes from.
