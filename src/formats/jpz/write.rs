//! Writing `.jpz`: the puzzle as Crossword Compiler's XML, every text
//! escaped, every cell and word spelled out (see the module above for the
//! document's shape).

use crate::error::{Error, Result};
use crate::grid::{check_marks, Cell, Direction, Slot};
use crate::puzzle::{direction_name, Puzzle};

/// The light grey of a shaded cell.
const SHADE: &str = "#C0C0C0";

const COMPILER_NAMESPACE: &str = "http://crossword.info/xml/crossword-compiler";
const PUZZLE_NAMESPACE: &str = "http://crossword.info/xml/rectangular-puzzle";
const ALPHABET: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The puzzle as `.jpz` XML.
pub fn write(puzzle: &Puzzle) -> Result<String> {
    // `marks` is a public field: checked here, since rebus texts go into
    // attributes unescaped.
    check_marks(&puzzle.grid, &puzzle.marks)
        .map_err(|e| Error::invalid(format!("cannot write .jpz: {e}")))?;
    let slots = puzzle.grid.slots(puzzle.min_slot);
    let mut xml = String::new();
    xml.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    xml.push_str(&format!(
        "<crossword-compiler xmlns=\"{COMPILER_NAMESPACE}\">\n"
    ));
    xml.push_str(&format!(
        "  <rectangular-puzzle xmlns=\"{PUZZLE_NAMESPACE}\" alphabet=\"{ALPHABET}\">\n"
    ));
    xml.push_str(&metadata(puzzle)?);
    xml.push_str("    <crossword>\n");
    xml.push_str(&grid(puzzle));
    xml.push_str(&words(&slots));
    for direction in [Direction::Across, Direction::Down] {
        xml.push_str(&clue_list(puzzle, &slots, direction)?);
    }
    xml.push_str("    </crossword>\n");
    xml.push_str("  </rectangular-puzzle>\n");
    xml.push_str("</crossword-compiler>\n");
    Ok(xml)
}

fn metadata(puzzle: &Puzzle) -> Result<String> {
    let fields = [
        ("title", "title", &puzzle.title),
        ("creator", "author", &puzzle.author),
        ("copyright", "copyright", &puzzle.copyright),
        ("description", "notes", &puzzle.notes),
    ];
    let mut xml = String::from("    <metadata>\n");
    for (element, what, value) in fields {
        let text = escape(value, what)?;
        xml.push_str(&format!("      <{element}>{text}</{element}>\n"));
    }
    xml.push_str("    </metadata>\n");
    Ok(xml)
}

/// Cells in reading order, as Crossword Compiler lists them.
fn grid(puzzle: &Puzzle) -> String {
    let grid = &puzzle.grid;
    let numbers = grid.clue_numbers(puzzle.min_slot);
    let mut xml = format!(
        "      <grid width=\"{}\" height=\"{}\">\n",
        grid.width(),
        grid.height()
    );
    for row in 0..grid.height() {
        for col in 0..grid.width() {
            let mut attributes = format!("x=\"{}\" y=\"{}\"", col + 1, row + 1);
            let mark = puzzle.marks.get(&(row, col));
            match (grid.get(row, col), mark.and_then(|m| m.rebus.as_deref())) {
                (Cell::Block, _) => attributes.push_str(" type=\"block\""),
                // Rebus texts are letters and digits: nothing to escape.
                (_, Some(text)) => attributes.push_str(&format!(" solution=\"{text}\"")),
                (Cell::Letter(b), None) => {
                    attributes.push_str(&format!(" solution=\"{}\"", b as char))
                }
                (Cell::Empty, None) => {}
            }
            let number = numbers[row * grid.width() + col];
            if number > 0 {
                attributes.push_str(&format!(" number=\"{number}\""));
            }
            if mark.is_some_and(|m| m.circled) {
                attributes.push_str(" background-shape=\"circle\"");
            }
            if mark.is_some_and(|m| m.shaded) {
                attributes.push_str(&format!(" background-color=\"{SHADE}\""));
            }
            // Each bar once, on the cell to its left or above it.
            let bars = grid.bars(row, col);
            if bars.right {
                attributes.push_str(" right-bar=\"true\"");
            }
            if bars.below {
                attributes.push_str(" bottom-bar=\"true\"");
            }
            xml.push_str(&format!("        <cell {attributes}/>\n"));
        }
    }
    xml.push_str("      </grid>\n");
    xml
}

/// Word ids are the slots' positions in `slots`, counted from 1, which the
/// clue lists refer to.
fn words(slots: &[Slot]) -> String {
    let mut xml = String::new();
    for (index, slot) in slots.iter().enumerate() {
        let (x, y) = cell_ranges(slot);
        xml.push_str(&format!(
            "      <word id=\"{}\" x=\"{x}\" y=\"{y}\"/>\n",
            index + 1
        ));
    }
    xml
}

/// The slot's 1-based columns and rows, a range like `3-7` along its
/// direction and a single number across it.
fn cell_ranges(slot: &Slot) -> (String, String) {
    let (x, y) = (slot.col + 1, slot.row + 1);
    let end = |start: usize| format!("{start}-{}", start + slot.len - 1);
    match slot.direction {
        Direction::Across => (end(x), y.to_string()),
        Direction::Down => (x.to_string(), end(y)),
    }
}

fn clue_list(puzzle: &Puzzle, slots: &[Slot], direction: Direction) -> Result<String> {
    let heading = direction_name(direction);
    let mut xml = String::from("      <clues ordering=\"normal\">\n");
    xml.push_str(&format!("        <title><b>{heading}</b></title>\n"));
    for (index, slot) in slots.iter().enumerate() {
        if slot.direction != direction {
            continue;
        }
        let clue = puzzle.clue(slot.number, direction);
        let what = format!("clue {} {heading}", slot.number);
        let text = escape(clue.map_or("", |c| c.text.as_str()), &what)?;
        let format = match clue.map_or("", |c| c.enumeration.as_str()) {
            "" => String::new(),
            enumeration => format!(
                " format=\"{}\"",
                escape(enumeration, &format!("enumeration of the {what}"))?
            ),
        };
        xml.push_str(&format!(
            "        <clue word=\"{}\" number=\"{}\"{format}>{text}</clue>\n",
            index + 1,
            slot.number,
        ));
    }
    xml.push_str("      </clues>\n");
    Ok(xml)
}

/// `text` as XML character data; `what` names it in the error for a
/// character XML 1.0 cannot hold.
fn escape(text: &str, what: &str) -> Result<String> {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            // A bare carriage return would be read back as a line feed.
            '\r' => out.push_str("&#13;"),
            '\t' | '\n' => out.push(ch),
            c if c < ' ' || c == '\u{fffe}' || c == '\u{ffff}' => {
                return Err(Error::invalid(format!(
                    "cannot write .jpz: the {what} contains the control character U+{:04X}, \
                     which XML cannot hold",
                    c as u32
                )))
            }
            c => out.push(c),
        }
    }
    Ok(out)
}
