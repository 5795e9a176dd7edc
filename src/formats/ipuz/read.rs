//! Reading ipuz: our own files and the variants other tools write, into
//! the puzzle document. Problems inside the document are plain messages
//! naming the place until [`read`] puts the file's name in front.

use std::collections::HashSet;
use std::path::Path;

use serde_json::{Map, Value};

use super::{BLOCK, CROSSWORD_KIND, VERSION};
use crate::error::{Error, Result};
use crate::files;
use crate::formats::cell_text::{cell_text, CellText};
use crate::formats::numbering::grid_clue;
use crate::grid::{check_side, Cell, Direction, Grid, Mark, Marks, Side, DEFAULT_MIN_SLOT};
use crate::puzzle::{direction_name, min_slot_candidates, parse_enumeration, Puzzle};

/// Reads an ipuz crossword. Besides what we write, this accepts:
/// - `puzzle` cells as numbers, numeric strings, `""`, the file's `block`
///   or `"#"`, `null` (an omitted cell, taken as a block) and objects
///   `{"cell": …, "style": …}`, whose style (inline or named in `styles`)
///   circles the cell with `"shapebg": "circle"`, shades it with
///   `"highlight": true` or any `"color"` and bars its sides with
///   `"barred"`, the letters of the sides (`T`, `R`, `B`, `L`; a bar on
///   the grid's outer edge divides nothing and is dropped);
/// - `solution` cells as letters of either case, rebus texts (two or more
///   letters and digits, starting with a letter), the file's `block` or
///   `"#"`, `null`, the file's `empty`, `0`, `""` and objects
///   `{"value": …}`;
/// - clues as `[number, "text"]`, `{"number": n, "clue": "text"}` or bare
///   strings, which take the direction's slots in order; list names like
///   `"Across:Across"`; a clue's own `answer` is ignored (the grid is the
///   answer);
/// - a clue object's `enumeration` as a string in any form
///   [`parse_enumeration`] reads (`"6,3,6"`, `"(6, 3, 6)"`, `"6 3 6"`) or a
///   number (`3`), whatever `showenumerations` says; `""` and `null` are
///   none;
/// - credits that are missing, `null` or `""` (all read as empty);
/// - version 1 files and JSONP-wrapped files (`ipuz({…})`).
///
/// Per-direction cell values, clues spanning several slots, an enumeration
/// that is not word lengths (`"4'1"`),
/// directions other than Across and Down, numbering that does not follow
/// the standard convention and clues naming a word the grid does not have
/// are errors. Slots the file gives no clue for get empty text.
pub fn read(text: &str, source_name: &str) -> Result<Puzzle> {
    let root = parse_json(text, source_name)?;
    read_document(&root).map_err(|message| Error::invalid(format!("{source_name}: {message}")))
}

/// Reads an ipuz file.
pub fn load(path: &Path) -> Result<Puzzle> {
    let text = files::read_text(path, files::MAX_DOCUMENT_BYTES)?;
    read(&text, &path.display().to_string())
}

/// Problems inside the document are plain messages until `read` puts
/// the source name in front.
type Checked<T> = std::result::Result<T, String>;

fn parse_json(text: &str, source_name: &str) -> Result<Value> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let text = blank_jsonp_wrapper(text);
    serde_json::from_str(&text).map_err(|e| {
        let message = e.to_string();
        // serde_json appends the position, which Error::Parse already shows.
        let message = message
            .rsplit_once(" at line ")
            .map_or(message.as_str(), |(m, _)| m);
        Error::parse(
            source_name,
            e.line().max(1),
            Some(e.column()).filter(|&c| c > 0),
            format!("invalid JSON: {message}"),
        )
    })
}

/// ipuz v1 allowed JSONP, `ipuz({…})`. The wrapper is overwritten with spaces
/// rather than cut, so serde_json's error positions still match the file.
fn blank_jsonp_wrapper(text: &str) -> String {
    let (Some(open), Some(close)) = (text.find('('), text.rfind(')')) else {
        return text.to_string();
    };
    let name = text[..open].trim();
    let is_wrapper = open < close
        && !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
        && text[close + 1..].trim().is_empty()
        && text[open + 1..].trim_start().starts_with('{');
    if !is_wrapper {
        return text.to_string();
    }
    let mut out = " ".repeat(text[..=open].chars().count());
    out.push_str(&text[open + 1..close]);
    out.push(' ');
    out.push_str(&text[close + 1..]);
    out
}

fn read_document(root: &Value) -> Checked<Puzzle> {
    let doc = root
        .as_object()
        .ok_or("the file is not a JSON object, so not an ipuz puzzle")?;
    check_version(doc)?;
    check_kind(doc)?;
    let (width, height) = dimensions(doc)?;
    let markers = Markers::new(doc)?;
    let puzzle = read_rows(doc, "puzzle", width, height, |v| markers.puzzle_cell(v))?;
    let solution = read_rows(doc, "solution", width, height, |v| markers.solution_cell(v))?;
    let (grid, marks) = combine(width, height, &puzzle, &solution)?;
    let listed = read_clue_lists(doc)?;
    let min_slot = derive_min_slot(&grid, &puzzle, &listed)?;
    let mut result = Puzzle::from_grid(grid, min_slot);
    result.title = text_field(doc, "title")?;
    result.author = text_field(doc, "author")?;
    result.copyright = text_field(doc, "copyright")?;
    result.notes = text_field(doc, "notes")?;
    result.set_marks(marks).map_err(|e| e.to_string())?;
    place_clues(&mut result, listed)?;
    Ok(result)
}

/// A JSON value shortened for a message.
fn show(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

fn check_version(doc: &Map<String, Value>) -> Checked<()> {
    match doc.get("version") {
        None => Err("missing \"version\": not an ipuz file".into()),
        Some(Value::String(v)) if without_scheme(v).starts_with("ipuz.org/v") => Ok(()),
        Some(other) => Err(format!(
            "\"version\" is {}, expected \"{VERSION}\"",
            show(other)
        )),
    }
}

fn without_scheme(uri: &str) -> &str {
    uri.strip_prefix("http://")
        .or_else(|| uri.strip_prefix("https://"))
        .unwrap_or(uri)
}

pub(super) fn check_kind(doc: &Map<String, Value>) -> Checked<()> {
    let kind = doc.get("kind").ok_or("missing \"kind\"")?;
    let kinds: Vec<&str> = match kind {
        Value::Array(items) => items.iter().filter_map(Value::as_str).collect(),
        Value::String(one) => vec![one.as_str()],
        _ => Vec::new(),
    };
    if kinds
        .iter()
        .any(|k| without_scheme(k).starts_with("ipuz.org/crossword"))
    {
        Ok(())
    } else {
        Err(format!(
            "kind {} is not a crossword (expected \"{CROSSWORD_KIND}\")",
            show(kind)
        ))
    }
}

fn dimensions(doc: &Map<String, Value>) -> Checked<(usize, usize)> {
    let dims = doc
        .get("dimensions")
        .ok_or("missing \"dimensions\"")?
        .as_object()
        .ok_or("\"dimensions\" is not an object")?;
    let side = |key: &str| -> Checked<usize> {
        let value = dims
            .get(key)
            .and_then(Value::as_u64)
            .ok_or_else(|| format!("\"dimensions\" has no whole-number \"{key}\""))?;
        let value = usize::try_from(value).unwrap_or(usize::MAX);
        check_side(key, value).map_err(|e| e.to_string())?;
        Ok(value)
    };
    Ok((side("width")?, side("height")?))
}

/// A `puzzle` cell: a block, or a white cell with its clue number (0: none)
/// and how its style marks it.
#[derive(Clone, Copy)]
enum Numbered {
    Block,
    White(u32, Styled),
}

/// What a cell's style says that the puzzle document keeps.
#[derive(Clone, Copy, Default)]
struct Styled {
    circled: bool,
    shaded: bool,
    /// The barred sides, by [`Side::ALL`]'s order.
    barred: [bool; 4],
}

/// A `solution` cell. `Unknown` (null, empty) fits a block or a white cell.
#[derive(Clone)]
enum Solved {
    Block,
    Letter(u8),
    /// Two or more characters, upper case.
    Rebus(String),
    Unknown,
}

/// The file's own block and empty markers, and its named styles.
struct Markers {
    block: String,
    empty: Value,
    styles: Map<String, Value>,
}

impl Markers {
    fn new(doc: &Map<String, Value>) -> Checked<Markers> {
        let block = match doc.get("block") {
            None | Some(Value::Null) => BLOCK.to_string(),
            Some(Value::String(s)) => s.clone(),
            Some(other) => return Err(format!("\"block\" is {}, expected a string", show(other))),
        };
        let empty = match doc.get("empty") {
            None | Some(Value::Null) => Value::from(0),
            Some(v @ (Value::String(_) | Value::Number(_))) => v.clone(),
            Some(other) => {
                return Err(format!(
                    "\"empty\" is {}, expected a string or number",
                    show(other)
                ))
            }
        };
        let styles = match doc.get("styles") {
            Some(Value::Object(styles)) => styles.clone(),
            _ => Map::new(),
        };
        Ok(Markers {
            block,
            empty,
            styles,
        })
    }

    fn is_block(&self, s: &str) -> bool {
        s == self.block || s == BLOCK
    }

    fn puzzle_cell(&self, value: &Value) -> Checked<Numbered> {
        match value {
            // null is an omitted cell (a shaped grid); our grids are
            // rectangles, so it is as good as a block.
            Value::Null => Ok(Numbered::Block),
            Value::Object(map) => {
                let numbered = match map.get("cell") {
                    Some(Value::Object(_)) => {
                        return Err("a cell object's \"cell\" is an object".into())
                    }
                    Some(inner) => self.puzzle_cell(inner)?,
                    None => Numbered::White(0, Styled::default()),
                };
                Ok(match numbered {
                    Numbered::White(n, _) => Numbered::White(n, self.styled(map.get("style"))?),
                    Numbered::Block => Numbered::Block,
                })
            }
            v if *v == self.empty => Ok(Numbered::White(0, Styled::default())),
            Value::String(s) if self.is_block(s) => Ok(Numbered::Block),
            Value::String(s) if s.trim().is_empty() => Ok(Numbered::White(0, Styled::default())),
            Value::String(s) => s
                .trim()
                .parse()
                .map(|n| Numbered::White(n, Styled::default()))
                .map_err(|_| {
                    format!("label {s:?} is not a clue number (only numbered grids are supported)")
                }),
            Value::Number(n) => n
                .as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .map(|n| Numbered::White(n, Styled::default()))
                .ok_or_else(|| format!("{n} is not a clue number")),
            other => Err(format!(
                "{} is not a puzzle cell (expected a clue number, 0, \"{}\" or null)",
                show(other),
                self.block
            )),
        }
    }

    /// A circle background (`"shapebg": "circle"`) circles a cell; a
    /// highlight or any background colour shades it. Other style properties
    /// (borders, labels, images…) have no place in the document and are
    /// ignored. A style given by name is looked up in the file's `styles`.
    fn styled(&self, style: Option<&Value>) -> Checked<Styled> {
        let spec = match style {
            Some(Value::String(name)) => self.styles.get(name),
            other => other,
        };
        let Some(Value::Object(spec)) = spec else {
            return Ok(Styled::default());
        };
        let sides = match spec.get("barred") {
            None | Some(Value::Null) => "",
            Some(Value::String(sides)) if sides.chars().all(|l| Side::from_letter(l).is_some()) => {
                sides
            }
            Some(other) => {
                return Err(format!(
                "a style's \"barred\" is {}, expected the letters of the barred sides (T, R, B, L)",
                show(other)
            ))
            }
        };
        Ok(Styled {
            circled: spec.get("shapebg").and_then(Value::as_str) == Some("circle"),
            shaded: spec.get("highlight") == Some(&Value::Bool(true))
                || spec.get("color").is_some_and(|c| !c.is_null()),
            barred: Side::ALL.map(|side| sides.chars().any(|l| Side::from_letter(l) == Some(side))),
        })
    }

    fn solution_cell(&self, value: &Value) -> Checked<Solved> {
        match value {
            Value::Null => Ok(Solved::Unknown),
            Value::Object(map) => self.solution_object(map),
            v if *v == self.empty => Ok(Solved::Unknown),
            Value::String(s) if self.is_block(s) => Ok(Solved::Block),
            Value::String(s) => solution_letter(s),
            Value::Number(n) if n.as_u64() == Some(0) => Ok(Solved::Unknown),
            Value::Array(_) => {
                Err("cells with several alternative values are not supported".into())
            }
            other => Err(format!(
                "{} is not a solution cell (expected a letter, \"{}\" or null)",
                show(other),
                self.block
            )),
        }
    }

    fn solution_object(&self, map: &Map<String, Value>) -> Checked<Solved> {
        match map.get("value") {
            Some(Value::Object(_)) => Err("a cell object's \"value\" is an object".into()),
            Some(inner) => self.solution_cell(inner),
            None if map.keys().all(|k| k == "style") => Ok(Solved::Unknown),
            None => Err(format!(
                "{} gives a value per direction, which is not supported",
                show(&Value::Object(map.clone()))
            )),
        }
    }
}

/// A solution string as a cell of the solution grid (see [`cell_text`]).
fn solution_letter(s: &str) -> Checked<Solved> {
    Ok(match cell_text(s)? {
        CellText::Unknown => Solved::Unknown,
        CellText::Letter(b) => Solved::Letter(b),
        CellText::Rebus(text) => Solved::Rebus(text),
    })
}

/// The `field` grid as rows of cells, checked against the dimensions.
fn read_rows<T>(
    doc: &Map<String, Value>,
    field: &str,
    width: usize,
    height: usize,
    cell: impl Fn(&Value) -> Checked<T>,
) -> Checked<Vec<Vec<T>>> {
    let rows = doc
        .get(field)
        .ok_or_else(|| format!("missing \"{field}\""))?
        .as_array()
        .ok_or_else(|| format!("\"{field}\" is not an array of rows"))?;
    if rows.len() != height {
        return Err(format!(
            "\"{field}\" has {} rows, dimensions say {height}",
            rows.len()
        ));
    }
    rows.iter()
        .enumerate()
        .map(|(r, row)| {
            let row = row
                .as_array()
                .ok_or_else(|| format!("{field} row {} is not an array", r + 1))?;
            if row.len() != width {
                return Err(format!(
                    "{field} row {} has {} cells, dimensions say {width}",
                    r + 1,
                    row.len()
                ));
            }
            row.iter()
                .enumerate()
                .map(|(c, v)| {
                    cell(v).map_err(|m| format!("{field} row {}, column {}: {m}", r + 1, c + 1))
                })
                .collect()
        })
        .collect()
}

/// Lays the solution over the puzzle's shape (the two must agree on
/// blocks), and gathers the cells' marks: styles from the puzzle, rebuses
/// from the solution.
fn combine(
    width: usize,
    height: usize,
    puzzle: &[Vec<Numbered>],
    solution: &[Vec<Solved>],
) -> Checked<(Grid, Marks)> {
    let mut grid = Grid::empty(width, height).map_err(|e| e.to_string())?;
    let mut marks = Marks::new();
    for (r, (shape, letters)) in puzzle.iter().zip(solution).enumerate() {
        for (c, (&numbered, solved)) in shape.iter().zip(letters).enumerate() {
            let at = || format!("row {}, column {}", r + 1, c + 1);
            if let Numbered::White(_, styled) = numbered {
                for (side, barred) in Side::ALL.into_iter().zip(styled.barred) {
                    if barred {
                        grid.add_bar(r, c, side);
                    }
                }
                let mark = Mark {
                    circled: styled.circled,
                    shaded: styled.shaded,
                    rebus: match solved {
                        Solved::Rebus(text) => Some(text.clone()),
                        _ => None,
                    },
                };
                if !mark.is_plain() {
                    marks.insert((r, c), mark);
                }
            }
            let cell = match (numbered, solved) {
                (Numbered::Block, Solved::Block | Solved::Unknown) => Cell::Block,
                (Numbered::White(..), &Solved::Letter(b)) => Cell::Letter(b),
                (Numbered::White(..), Solved::Rebus(text)) => Cell::Letter(text.as_bytes()[0]),
                (Numbered::White(..), Solved::Unknown) => Cell::Empty,
                (Numbered::Block, Solved::Rebus(text)) => {
                    return Err(format!(
                        "{}: the solution has the rebus {text} where the puzzle has a block",
                        at()
                    ))
                }
                (Numbered::Block, &Solved::Letter(b)) => {
                    return Err(format!(
                        "{}: the solution has the letter {} where the puzzle has a block",
                        at(),
                        b as char
                    ))
                }
                (Numbered::White(..), Solved::Block) => {
                    return Err(format!(
                        "{}: the solution has a block where the puzzle has a white cell",
                        at()
                    ))
                }
            };
            grid.set(r, c, cell);
        }
    }
    Ok((grid, marks))
}

/// The minimum word length the file was made with, which ipuz does not
/// store. Candidates are tried in [`min_slot_candidates`] order: the first whose
/// standard numbering is the file's and whose every word has a numbered clue
/// in the file wins (this tells our own files apart, which list every word);
/// failing that, the first whose numbering is the file's.
fn derive_min_slot(grid: &Grid, puzzle: &[Vec<Numbered>], listed: &[Listed]) -> Checked<usize> {
    let given: Vec<u32> = puzzle
        .iter()
        .flatten()
        .map(|cell| match *cell {
            Numbered::White(n, _) => n,
            Numbered::Block => 0,
        })
        .collect();
    let clued: HashSet<(u32, Direction)> = listed
        .iter()
        .filter_map(|c| c.number.map(|n| (n, c.direction)))
        .collect();
    let numbered_alike: Vec<usize> = min_slot_candidates(grid)
        .filter(|&k| grid.clue_numbers(k) == given)
        .collect();
    let all_clued = |&k: &usize| {
        grid.slots(k)
            .iter()
            .all(|s| clued.contains(&(s.number, s.direction)))
    };
    numbered_alike
        .iter()
        .copied()
        .find(all_clued)
        .or(numbered_alike.first().copied())
        .ok_or_else(|| numbering_mismatch(grid, &given))
}

fn numbering_mismatch(grid: &Grid, given: &[u32]) -> String {
    let expected = grid.clue_numbers(DEFAULT_MIN_SLOT);
    let Some((i, (&got, &want))) = given
        .iter()
        .zip(&expected)
        .enumerate()
        .find(|(_, (g, e))| g != e)
    else {
        return "the puzzle's clue numbers do not follow the standard numbering".into();
    };
    let at = format!(
        "puzzle row {}, column {}",
        i / grid.width() + 1,
        i % grid.width() + 1
    );
    match (got, want) {
        (got, 0) => format!("{at} is numbered {got}, but no word starts there"),
        (0, want) => {
            format!("{at} has no number, but a word starts there (standard numbering gives {want})")
        }
        (got, want) => format!("{at} is numbered {got}, but standard numbering gives {want}"),
    }
}

fn text_field(doc: &Map<String, Value>, key: &str) -> Checked<String> {
    match doc.get(key) {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(other) => Err(format!("\"{key}\" is {}, expected a string", show(other))),
    }
}

/// A clue as the file lists it. A bare string has no number and stands for
/// the `index`-th slot of its direction.
struct Listed {
    direction: Direction,
    index: usize,
    number: Option<u32>,
    text: String,
    /// In our form; empty for none.
    enumeration: String,
}

fn read_clue_lists(doc: &Map<String, Value>) -> Checked<Vec<Listed>> {
    let lists = match doc.get("clues") {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Object(lists)) => lists,
        Some(other) => {
            return Err(format!(
                "\"clues\" is {}, expected an object of clue lists",
                show(other)
            ))
        }
    };
    let mut listed = Vec::new();
    for (name, list) in lists {
        let direction = clue_direction(name)?;
        let list = list
            .as_array()
            .ok_or_else(|| format!("clue list {name:?} is not an array"))?;
        for (index, entry) in list.iter().enumerate() {
            let Read {
                number,
                text,
                enumeration,
            } = read_clue(entry)
                .map_err(|m| format!("clue list {name:?}, entry {}: {m}", index + 1))?;
            listed.push(Listed {
                direction,
                index,
                number,
                text,
                enumeration,
            });
        }
    }
    Ok(listed)
}

fn place_clues(puzzle: &mut Puzzle, listed: Vec<Listed>) -> Checked<()> {
    let mut seen = HashSet::new();
    for clue in listed {
        let number = match clue.number {
            Some(n) => n,
            None => nth_slot(puzzle, clue.direction, clue.index)?,
        };
        if !seen.insert((number, clue.direction)) {
            return Err(format!(
                "clue {number} {} is given twice",
                direction_name(clue.direction)
            ));
        }
        place_clue(puzzle, number, clue.direction, clue.text, clue.enumeration)?;
    }
    Ok(())
}

fn clue_direction(name: &str) -> Checked<Direction> {
    // "Across:Across" and the like: the part after ':' is a display label.
    let direction = name.split_once(':').map_or(name, |(d, _)| d).trim();
    if direction.eq_ignore_ascii_case("across") {
        Ok(Direction::Across)
    } else if direction.eq_ignore_ascii_case("down") {
        Ok(Direction::Down)
    } else {
        Err(format!(
            "clue list {name:?}: only Across and Down clues are supported"
        ))
    }
}

/// A clue entry as read: its number (None for a bare string), text and
/// enumeration.
struct Read {
    number: Option<u32>,
    text: String,
    enumeration: String,
}

fn read_clue(entry: &Value) -> Checked<Read> {
    let plain = |number, text: &String| Read {
        number,
        text: text.clone(),
        enumeration: String::new(),
    };
    match entry {
        Value::String(text) => Ok(plain(None, text)),
        Value::Array(pair) => match pair.as_slice() {
            [number, Value::String(text)] => Ok(plain(Some(clue_number(number)?), text)),
            _ => Err(format!("{} is not [number, \"text\"]", show(entry))),
        },
        Value::Object(map) => clue_object(map),
        other => Err(format!("{} is not a clue", show(other))),
    }
}

fn clue_object(map: &Map<String, Value>) -> Checked<Read> {
    if map.contains_key("numbers") && !map.contains_key("number") {
        return Err("clues spanning several slots (\"numbers\") are not supported".into());
    }
    let number = map.get("number").map(clue_number).transpose()?;
    let text = match map.get("clue") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => return Err(format!("\"clue\" is {}, expected a string", show(other))),
    };
    let enumeration = map
        .get("enumeration")
        .map(read_enumeration)
        .transpose()?
        .unwrap_or_default();
    Ok(Read {
        number,
        text,
        enumeration,
    })
}

/// A clue's `enumeration` in our form: the spec's string, or a bare number
/// as some tools write a one-word answer's length.
fn read_enumeration(value: &Value) -> Checked<String> {
    let written = match value {
        Value::Null => return Ok(String::new()),
        Value::String(s) if s.trim().is_empty() => return Ok(String::new()),
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        other => {
            return Err(format!(
                "\"enumeration\" is {}, expected a string like \"6,3,6\"",
                show(other)
            ))
        }
    };
    parse_enumeration(&written).ok_or_else(|| {
        format!(
            "\"enumeration\" {} is not word lengths like \"6,3,6\" or \"4-5\"",
            show(value)
        )
    })
}

fn clue_number(value: &Value) -> Checked<u32> {
    let number = match value {
        Value::Number(n) => n.as_u64().and_then(|n| u32::try_from(n).ok()),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    number.ok_or_else(|| format!("clue number {} is not a plain number", show(value)))
}

/// The slot a bare-string clue stands for: bare clues take their direction's
/// slots in number order.
fn nth_slot(puzzle: &Puzzle, direction: Direction, index: usize) -> Checked<u32> {
    puzzle
        .clues
        .iter()
        .filter(|c| c.direction == direction)
        .nth(index)
        .map(|c| c.number)
        .ok_or_else(|| {
            let name = direction_name(direction);
            format!(
                "{name} clue {} has no number and the grid has only {index} {name} words",
                index + 1
            )
        })
}

fn place_clue(
    puzzle: &mut Puzzle,
    number: u32,
    direction: Direction,
    text: String,
    enumeration: String,
) -> Checked<()> {
    let named = format!(
        "{number} {} ({})",
        direction_name(direction),
        show(&Value::String(text.clone()))
    );
    let clue = grid_clue(puzzle, number, direction, &named)?;
    clue.text = text;
    clue.enumeration = enumeration;
    Ok(())
}
