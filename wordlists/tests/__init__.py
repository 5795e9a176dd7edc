"""Unit tests of the word-list builder (stdlib `unittest`, no third-party
packages, no system word data): scoring, safety, clue checks and clue
choice. From `wordlists/`: `python3 -m unittest discover -s tests -t .`;
`cargo test` runs them too (`tests/it/wordlist.rs`).
"""
