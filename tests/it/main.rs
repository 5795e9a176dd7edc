//! The integration tests, in one binary: the modules test the command line
//! and the library stage by stage, sharing the helpers in `common`.

mod common;

mod architecture;
mod arrange;
mod barred;
mod barred_patterns;
mod clues;
mod counts;
mod doc_examples;
mod export_enumeration;
mod export_puz;
mod export_text;
mod fill;
mod fuzz_corpus;
mod grid;
mod hostile;
mod interrupt;
mod marks;
mod numbers;
mod patterns;
mod publish;
mod puzzle;
mod regex;
mod shards;
mod slurm;
mod squares;
mod studio;
mod theme;
mod typeset;
mod wordlist;
