"""Reading the hand-curated files of `wordlists/curated/` (see its README).

Entry files hold `ENTRY;SCORE;clue` lines with the entry as written; clue
files (`clues-*.txt`) `ANSWER;clue` lines for entries the big sources
bring; score files (`scores-*.txt`) `WORD;SCORE;why` lines where the team
overrules a computed score; levels files (`levels-*.txt`) an answer's kind
as an editor sees it and its further clues by difficulty. This module turns each line into a record and
refuses a malformed one with its file and line number, so a slip in
hand-written data stops the build instead of shipping.

From `wordlists/`:

    python3 -m listkit.curated FILE...   # check files, list problems
"""

import os
import sys
from collections import namedtuple

from .cluecheck import leaks, style_problems
from .text import data_lines, normalize

HERE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "curated")
MAX_ENTRY = 21

# File stem -> the kind its entries are, as the quality report names them.
ENTRY_FILES = {
    "phrases": "phrase",
    "abbreviations": "abbreviation",
    "contractions": "contraction",
    "crosswordese": "crosswordese",
    "partials": "partial",
    "foreign": "foreign",
    "names": "name",
}

# What a levels file may say an answer is (`curated/README.md`): the kinds
# of the quality report, `word` and `phrase` for none of them, and
# `american` after a comma for an answer only American solvers know.
LEVEL_KINDS = frozenset({"word", "phrase", "name", "abbreviation", "partial", "crosswordese",
                         "foreign", "inflection"})
LEVELS = ("easy", "medium", "hard")
REGIONS = ("us", "uk")

Entry = namedtuple("Entry", "word score clue written kind source")
# A levels-file line: a kind (`kinds` set, clue None), a clue at a level
# (`level` easy/medium/hard, `region` "", us or uk), or a dropped clue
# (`level` "drop").
Level = namedtuple("Level", "word kinds level region clue source")
Clue = namedtuple("Clue", "word clue written source")
Rescore = namedtuple("Rescore", "word score why source")


class CuratedError(ValueError):
    pass


def parse_entry_line(line, kind, where):
    """One `ENTRY;SCORE;clue` line -> Entry, or CuratedError naming `where`."""
    fields = line.split(";")
    if len(fields) != 3:
        raise CuratedError(f"{where}: expected ENTRY;SCORE;clue, found {len(fields)} field(s)")
    written, score_text, clue = (f.strip() for f in fields)
    word = normalize(written)
    if word is None:
        raise CuratedError(f"{where}: {written!r} has characters no grid can hold")
    if not 2 <= len(word) <= MAX_ENTRY:
        raise CuratedError(f"{where}: {word} has {len(word)} letters (2 to {MAX_ENTRY})")
    if not score_text.isdigit() or int(score_text) > 100:
        raise CuratedError(f"{where}: score {score_text!r} is not a whole number from 0 to 100")
    problem = style_problems(clue) or leaks(word, written, clue)
    if problem:
        raise CuratedError(f"{where}: clue {clue!r}: {problem}")
    return Entry(word, int(score_text), clue, written, kind, where)


def parse_clue_line(line, where):
    """One `ANSWER;clue` line -> Clue, or CuratedError naming `where`."""
    written, sep, clue = (f.strip() for f in line.partition(";"))
    word = normalize(written)
    if not sep or not word:
        raise CuratedError(f"{where}: expected ANSWER;clue")
    problem = style_problems(clue) or leaks(word, written, clue)
    if problem:
        raise CuratedError(f"{where}: clue {clue!r} for {word}: {problem}")
    return Clue(word, clue, written, where)


def parse_score_line(line, where):
    """One `WORD;SCORE;why` line -> Rescore, or CuratedError naming `where`."""
    fields = [f.strip() for f in line.split(";")]
    word = normalize(fields[0])
    if len(fields) != 3 or not word or not fields[1].isdigit() or int(fields[1]) > 100 \
            or not fields[2]:
        raise CuratedError(f"{where}: expected WORD;SCORE;why with a score from 0 to 100")
    return Rescore(word, int(fields[1]), fields[2], where)


def parse_level_line(line, where):
    """One `ANSWER;KIND[,american]`, `ANSWER;LEVEL[+REGION];clue` or
    `ANSWER;drop;clue` line -> Level, or CuratedError naming `where`."""
    fields = [f.strip() for f in line.split(";")]
    word = normalize(fields[0])
    if not word:
        raise CuratedError(f"{where}: {fields[0]!r} is no answer")
    if len(fields) == 2:
        kind, *flags = fields[1].split(",")
        if kind not in LEVEL_KINDS or any(f != "american" for f in flags):
            raise CuratedError(f"{where}: {fields[1]!r} is no kind ({', '.join(sorted(LEVEL_KINDS))}"
                               f", optionally followed by ,american)")
        return Level(word, {kind} | set(flags), None, "", None, where)
    if len(fields) != 3:
        raise CuratedError(f"{where}: expected ANSWER;KIND or ANSWER;LEVEL;clue")
    level, _, region = fields[1].partition("+")
    if level not in LEVELS + ("drop",) or (region and (region not in REGIONS or level == "drop")):
        raise CuratedError(f"{where}: {fields[1]!r} is no level (easy, medium or hard, optionally "
                           f"+us or +uk; or drop)")
    clue = fields[2]
    problem = style_problems(clue) or (None if level == "drop" else leaks(word, word, clue))
    if problem:
        raise CuratedError(f"{where}: clue {clue!r} for {word}: {problem}")
    return Level(word, None, level, region, clue, where)


def read_levels(path):
    """Every line of a levels file, in order; an answer with two kind lines
    is an error."""
    lines, kinds = [], {}
    for number, line in data_lines(path):
        record = parse_level_line(line, f"{path}:{number}")
        if record.kinds is not None:
            if record.word in kinds:
                raise CuratedError(f"{record.source}: {record.word} already has a kind on "
                                   f"{kinds[record.word]}")
            kinds[record.word] = record.source
        lines.append(record)
    return lines


def read_keyed(path, parse):
    """Every record of a clue or score file; a word listed twice is an error."""
    records = {}
    for number, line in data_lines(path):
        record = parse(line, f"{path}:{number}")
        if record.word in records:
            raise CuratedError(f"{record.source}: {record.word} already on "
                               f"{records[record.word].source}")
        records[record.word] = record
    return records


def read_entry_file(path, kind):
    """Every entry of one file; a word listed twice is an error."""
    entries = {}
    for number, line in data_lines(path):
        entry = parse_entry_line(line, kind, f"{path}:{number}")
        if entry.word in entries:
            raise CuratedError(f"{entry.source}: {entry.word} already on {entries[entry.word].source}")
        entries[entry.word] = entry
    return entries


KEYED_FILES = {"clues": parse_clue_line, "scores": parse_score_line,
               "levels": parse_level_line}


def parser_for(path):
    """How the lines of a curated file are read, by the file's name; None
    for the safety files, which `safety` reads."""
    stem = os.path.splitext(os.path.basename(path))[0].split("-")[0]
    if stem in KEYED_FILES:
        return KEYED_FILES[stem]
    if stem in ENTRY_FILES:
        kind = ENTRY_FILES[stem]
        return lambda line, where: parse_entry_line(line, kind, where)
    return None


def main(paths):
    from .safety import Safety  # only the checker needs the patterns
    safety = Safety()
    failed = 0
    for path in paths:
        parse = parser_for(path)
        if parse is None:
            print(f"{path}: not an entry, clue or score file; skipped", file=sys.stderr)
            continue
        seen = {}
        for number, line in data_lines(path):
            try:
                record = parse(line, f"{path}:{number}")
            except CuratedError as e:
                print(e)
                failed += 1
                continue
            problems = []
            if record.word in seen and parse is not parse_level_line:
                problems.append(f"{record.word} already on line {seen[record.word]}")
            clue = getattr(record, "clue", None)
            if clue and safety.clue_problem(clue):
                problems.append(f"clue {clue!r}: {safety.clue_problem(clue)}")
            for problem in problems:
                print(f"{path}:{number}: {problem}")
            failed += len(problems)
            seen.setdefault(record.word, number)
        print(f"{path}: {len(seen)} lines checked", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
