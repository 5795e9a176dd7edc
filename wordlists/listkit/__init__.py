"""listkit: the pieces cruciverb's list builders share.

`build.py` (next to this package) is the one command that makes the embedded
word list, its notes and the clue database; these modules hold each fact it
needs exactly once: how an entry becomes grid letters (`text`), which entries
and clues no newspaper prints (`safety`), where the data comes from
(`sources`), how an entry is scored (`score`) and how a clue is drafted
(`clues`). The Rust code has its own normaliser; a Rust test
(`tests/it/wordlist.rs`) runs `text.normalize` over every character both
could meet and compares.

The modules import each other relatively, as one package: `build.py` imports
it from the directory it sits in, and the modules with a command of their
own (`clues`, `curated`, `safety`) run as `python3 -m listkit.NAME` from
`wordlists/`. Their unit tests are in `wordlists/tests/`.
"""
