// The studio page's state and every change to it, as pure functions: no
// DOM, no network, so each can be tested alone (tests/browser/state_test.js).
//
// The state is a plain object that `reduce(state, action)` never mutates: it
// returns a new one. The grid lives as rows of the text grid format ('#'
// block, '.' open, letters), exactly what the JSON API takes, and its bars
// (a barred grid's thick lines, which end a word as a block does) as a set
// of "r,c,R" (the bar on the cell's right side) and "r,c,B" (below it), the
// API's "bars" once listed. Where a slot runs is read off the grid at once
// (typing needs it), but its number and name come from the server
// (/api/analyze, the library's numbering), kept for the pattern of blocks
// and bars they were given for: one numbering, not two.

const UNDO_DEPTH = 500;

export function initial(size = 15) {
  return {
    rows: emptyRows(size), // array of arrays of one-character strings
    bars: new Set(), // "r,c,R" and "r,c,B": the bars right of and below cells
    r: 0, c: 0, dir: "A",
    undo: [], redo: [], // earlier and later rows and bars, as JSON
    heat: null, // per cell, how many letters it can still take (from /api/analyze)
    numbering: { shape: null, slots: [] }, // the server's slots for one pattern of blocks and bars
    locked: new Set(), // "r,c" of cells whose letters Clear keeps
    banned: [], // words never offered or placed in this puzzle
    title: "", author: "", clues: {}, // from an opened file, carried into exports
    marks: {}, // "r,c" → { circled, shaded, rebus } from an opened file; Save keeps them
    alternatives: {}, // slot → { answer, list } of database clues from the last Draft clues
    clueOpen: null, // the slot whose clue box was focused last: its alternatives show under it
    drawn: new Set(), // "r,c" of blocks the last pattern drew (the next one may move them)
    patterns: 0, // patterns drawn so far: each draw takes the next seed
  };
}

export function emptyRows(n) {
  return Array.from({ length: n }, () => Array(n).fill("."));
}

export const height = (s) => s.rows.length;
export const width = (s) => (s.rows[0] || []).length;
export const isBlock = (s, r, c) => s.rows[r][c] === "#";
export const gridText = (rows) => rows.map((row) => row.join(""));
const key = (r, c) => r + "," + c;
const NO_BARS = new Set();

// Whether a bar ends a word going `dir` ("A" or "D") after (r, c): the bar on
// the cell's right side, or below it.
export const barAfter = (bars, r, c, dir) => bars.has(`${r},${c},${dir === "A" ? "R" : "B"}`);

// The pattern of blocks and bars: what a numbering depends on.
export const shapeOf = (rows, bars = NO_BARS) =>
  rows.map((row) => row.map((v) => (v === "#" ? "#" : ".")).join("")).join("\n") + "\n" + [...bars].sort().join(" ");

// The bars as the API takes them: each barred cell once, in reading order.
export function barList(bars) {
  const cells = new Map();
  for (const bar of bars) {
    const [r, c, side] = bar.split(",");
    const at = key(r, c);
    const cell = cells.get(at) || { row: +r, col: +c, right: false, below: false };
    cell[side === "R" ? "right" : "below"] = true;
    cells.set(at, cell);
  }
  return [...cells.values()].sort((a, b) => a.row - b.row || a.col - b.col);
}

// The bars of an API reply ("bars", absent for none) as the state keeps them.
export function barsOf(list) {
  const bars = new Set();
  for (const b of list || []) {
    if (b.right) bars.add(`${b.row},${b.col},R`);
    if (b.below) bars.add(`${b.row},${b.col},B`);
  }
  return bars;
}

// The grid as requests send it: its rows and its bars.
export const gridOf = (s) => ({ grid: gridText(s.rows), bars: barList(s.bars) });

export function cellsOf(slot) {
  return Array.from({ length: slot.len }, (_, i) => [slot.r + i * slot.dr, slot.c + i * slot.dc]);
}

// The slot's letters as the API writes them ('.' for an open cell).
export const answerOf = (rows, slot) => cellsOf(slot).map(([r, c]) => rows[r][c]).join("");

// The run of two or more open cells through (r, c) across ("A") or down
// ("D"), between blocks, bars and the edge: where it starts and its length;
// null on a block or a lone cell.
export function runAt(rows, r, c, dir, bars = NO_BARS) {
  const [dr, dc] = dir === "A" ? [0, 1] : [1, 0];
  const open = (rr, cc) => rr >= 0 && cc >= 0 && rr < rows.length && cc < rows[0].length && rows[rr][cc] !== "#";
  if (!open(r, c)) return null;
  while (open(r - dr, c - dc) && !barAfter(bars, r - dr, c - dc, dir)) { r -= dr; c -= dc; }
  let len = 1;
  while (!barAfter(bars, r + (len - 1) * dr, c + (len - 1) * dc, dir) && open(r + len * dr, c + len * dc)) len++;
  return len >= 2 ? { r, c, dr, dc, len } : null;
}

// Every run in one direction, in reading order (for Tab).
export function runs(rows, dir, bars = NO_BARS) {
  const out = [];
  for (let r = 0; r < rows.length; r++) {
    for (let c = 0; c < rows[r].length; c++) {
      const run = runAt(rows, r, c, dir, bars);
      if (run && run.r === r && run.c === c) out.push(run);
    }
  }
  return out;
}

// The server's slots (an /api/analyze reply's "slots") as the page uses them,
// for the rows and bars they were asked for.
export function numbering(rows, replySlots, bars = NO_BARS) {
  const slots = replySlots.map((s) => {
    const across = s.slot.endsWith("A");
    return { name: s.slot, number: s.number, r: s.row, c: s.col, dr: across ? 0 : 1, dc: across ? 1 : 0, len: s.length };
  });
  // In reading order (1A, 1D, 2D, …), as the clue lists read.
  slots.sort((a, b) => a.number - b.number || a.dr - b.dr);
  return { shape: shapeOf(rows, bars), slots };
}

// The named slots of the grid as it is, or null while the server has not
// numbered its pattern of blocks and bars.
export function slots(s) {
  return s.numbering.shape === shapeOf(s.rows, s.bars) ? s.numbering.slots : null;
}

// The slots last numbered, whether or not the blocks have changed since.
export const lastSlots = (s) => s.numbering.slots;

// The number shown in each cell that starts a slot, by "r,c".
export function numbers(s) {
  const out = {};
  for (const slot of slots(s) || []) out[key(slot.r, slot.c)] = slot.number;
  return out;
}

// The entry under the cursor in the cursor's direction, with its name
// (null while not numbered); null when the cursor is in none.
export function currentSlot(s) {
  const run = runAt(s.rows, s.r, s.c, s.dir, s.bars);
  if (!run) return null;
  const named = (slots(s) || []).find((n) => n.r === run.r && n.c === run.c && n.dr === run.dr);
  return { ...run, name: named ? named.name : null, number: named ? named.number : null };
}

// The clues of the grid's slots as they are now: a clue written for a slot
// that a block has since taken away stays in the page, but is not sent.
export function currentClues(s) {
  const out = {};
  for (const slot of slots(s) || lastSlots(s)) if (s.clues[slot.name]) out[slot.name] = s.clues[slot.name];
  return out;
}

// The marks as the API takes them: cells still white, a rebus only while
// its cell still holds the rebus's first letter (a letter typed over a
// rebus replaces it).
export function liveMarks(s) {
  const out = [];
  for (const [at, m] of Object.entries(s.marks)) {
    const [r, c] = at.split(",").map(Number);
    if (r >= height(s) || c >= width(s) || isBlock(s, r, c)) continue;
    const rebus = m.rebus && m.rebus[0] === s.rows[r][c] ? m.rebus : null;
    if (m.circled || m.shaded || rebus) out.push({ row: r, col: c, circled: m.circled, shaded: m.shaded, rebus });
  }
  return out;
}

function marksOf(data) {
  const marks = {};
  for (const m of data.marks || []) marks[key(m.row, m.col)] = { circled: m.circled, shaded: m.shaded, rebus: m.rebus };
  return marks;
}

// A rebus is two or more letters or digits starting with a letter (HEART);
// the message when `text` is none, else null.
export function rebusError(text) {
  const rebus = text.trim().toUpperCase();
  return rebus && !/^[A-Z][A-Z0-9]+$/.test(rebus)
    ? `a rebus is two or more letters or digits, starting with a letter: ${rebus}` : null;
}

// The alternatives kept for a slot, if its answer is still the one they
// were drafted for.
export function keptFor(s, slot) {
  const kept = s.alternatives[slot.name];
  return kept && kept.answer === answerOf(s.rows, slot) ? kept.list : [];
}

// The clues offered under a slot's clue box, each marked when it is the
// clue in the box, or another slot's clue (a repeat an editor would send
// back).
export function offersFor(s, slot) {
  const mine = s.clues[slot.name] || "";
  const taken = (text) => (slots(s) || []).find((o) => o.name !== slot.name && s.clues[o.name] === text);
  return keptFor(s, slot).map((offer) => ({
    ...offer,
    current: offer.text === mine,
    takenBy: (taken(offer.text) || {}).name || null,
  }));
}

// A pair of entries that share a root, as an editor would name it: "ELM
// (12A) and ELMS (3D) share a root: ELM".
export function sharedRootText(pair) {
  const roots = pair.roots.length === 1 ? `a root: ${pair.roots[0]}` : `roots: ${pair.roots.join(", ")}`;
  return `${pair.entries[0]} (${pair.slots[0]}) and ${pair.entries[1]} (${pair.slots[1]}) share ${roots}`;
}

// What the candidates for `slot` say: the status line and whether it is
// a warning.
export function candidatesSummary(rows, slot, data) {
  const n = data.candidates.length;
  const viable = data.candidates.filter((c) => c.viable === true).length;
  const letters = answerOf(rows, slot);
  if (!n && !letters.includes(".")) return [`${letters} is your own entry (not in the list): fills keep it as it is.`, false];
  if (n && !viable && !data.undecided) return ["No word here keeps the grid fillable.", true];
  const fit = data.more ? `best ${n} of ${n + data.more} words that fit` : `${n} ${n === 1 ? "word fits" : "words fit"}`;
  return [`${fit} · ${viable} keep${viable === 1 ? "s" : ""} the grid fillable` +
    (data.undecided ? ` · ${data.undecided} not decided in time` : ""), false];
}

// The grid a pattern request sends: the blocks the last pattern drew are
// opened again, so that the next draw may move them.
export function patternRows(s) {
  return s.rows.map((row, r) => row.map((v, c) => (v === "#" && s.drawn.has(key(r, c)) ? "." : v)));
}

export function patternSummary(data) {
  const fills = data.fillable === true ? "it fills"
    : data.fillable === false ? "no pattern found fills around your letters" : "not known yet whether it fills";
  return `pattern: ${data.words} words, ${data.blocks} blocks (${data.tried} drawn); ${fills}`;
}

export const clampMinScore = (text) => Math.max(0, Math.min(100, parseInt(text, 10) || 0));
export const clampSize = (text) => Math.max(3, Math.min(31, parseInt(text, 10) || 15));

// The grid as Undo and Redo keep it: rows and bars, as JSON.
const snapshot = (s) => JSON.stringify({ rows: s.rows, bars: [...s.bars].sort() });

// The grid remembered for Undo; a new change forgets what Redo had.
function remember(s) {
  const undo = [...s.undo, snapshot(s)].slice(-UNDO_DEPTH);
  return { ...s, undo, redo: [] };
}

function withCell(rows, r, c, value) {
  return rows.map((row, rr) => (rr === r ? row.map((v, cc) => (cc === c ? value : v)) : row));
}

// The cursor one step along its entry (back for a negative step), if the
// entry goes on.
function advance(s, step) {
  const slot = currentSlot(s);
  if (!slot) return s;
  const cells = cellsOf(slot);
  const at = cells.findIndex(([r, c]) => r === s.r && c === s.c);
  const next = cells[at + step];
  return next ? { ...s, r: next[0], c: next[1] } : s;
}

// The cursor kept on the grid after its size changed.
function onGrid(s) {
  return s.r >= height(s) || s.c >= width(s) ? { ...s, r: 0, c: 0 } : s;
}

const turned = (s) => ({ ...s, dir: s.dir === "A" ? "D" : "A" });

function toggleBlock(s, symmetric) {
  const { r, c } = s;
  const block = !isBlock(s, r, c);
  const cells = [[r, c]];
  if (symmetric) cells.push([height(s) - 1 - r, width(s) - 1 - c]);
  const next = remember(s);
  let rows = next.rows;
  const drawn = new Set(s.drawn);
  // A block toggled by hand is the constructor's: patterns keep it.
  for (const [rr, cc] of cells) { rows = withCell(rows, rr, cc, block ? "#" : "."); drawn.delete(key(rr, cc)); }
  return { ...next, rows, drawn };
}

// A bar on `side` ("R", "B", or "L", "T": the left or upper neighbour's
// right or lower bar) of (r, c) put in or taken away, with its partner
// under 180° rotation when `symmetric`: the bar right of (r, c) pairs with
// the one right of (h-1-r, w-2-c), the one below with the one below
// (h-2-r, w-1-c). A side on the grid's edge divides nothing: no change.
function toggleBar(s, r, c, side, symmetric) {
  const h = height(s), w = width(s);
  if (side === "L") [c, side] = [c - 1, "R"];
  if (side === "T") [r, side] = [r - 1, "B"];
  const right = side === "R";
  if (r < 0 || c < 0 || (right ? c + 1 >= w : r + 1 >= h) || r >= h || c >= w) return s;
  const bars = new Set(s.bars);
  const on = !bars.has(`${r},${c},${side}`);
  const cells = [[r, c]];
  if (symmetric) cells.push(right ? [h - 1 - r, w - 2 - c] : [h - 2 - r, w - 1 - c]);
  for (const [rr, cc] of cells) {
    if (on) bars.add(`${rr},${cc},${side}`); else bars.delete(`${rr},${cc},${side}`);
  }
  return { ...remember(s), bars };
}

function erase(s, back) {
  if (isBlock(s, s.r, s.c)) return s;
  let next = remember(s);
  if (s.rows[s.r][s.c] === "." && back) next = advance(next, -1);
  return { ...next, rows: withCell(next.rows, next.r, next.c, ".") };
}

function nextSlot(s, back) {
  const all = runs(s.rows, s.dir, s.bars);
  if (!all.length) return s;
  const cur = runAt(s.rows, s.r, s.c, s.dir, s.bars);
  let i = cur ? all.findIndex((o) => o.r === cur.r && o.c === cur.c) : -1;
  i = (i + (back ? -1 : 1) + all.length) % all.length;
  return { ...s, r: all[i].r, c: all[i].c };
}

// Locking an entry keeps its letters through Clear; an entry counts as
// locked when all its cells are.
function toggleLock(s) {
  const slot = currentSlot(s);
  if (!slot) return s;
  const keys = cellsOf(slot).map(([r, c]) => key(r, c));
  const locked = new Set(s.locked);
  const all = keys.every((k) => locked.has(k));
  keys.forEach((k) => (all ? locked.delete(k) : locked.add(k)));
  return { ...s, locked };
}

function clearUnlocked(s) {
  const rows = s.rows.map((row, r) => row.map((v, c) => (v === "#" || s.locked.has(key(r, c)) ? v : ".")));
  return { ...remember(s), rows };
}

function restore(s, from, to) {
  if (!s[from].length) return s;
  const stack = [...s[from]];
  const { rows, bars } = JSON.parse(stack.pop());
  return onGrid({ ...s, rows, bars: new Set(bars), [from]: stack, [to]: [...s[to], snapshot(s)] });
}

function rebus(s, text) {
  const { r, c } = s;
  if (isBlock(s, r, c) || rebusError(text)) return s;
  const found = text.trim().toUpperCase();
  const mark = s.marks[key(r, c)] || { circled: false, shaded: false, rebus: null };
  const next = remember(s);
  return {
    ...next,
    marks: { ...s.marks, [key(r, c)]: { ...mark, rebus: found || null } },
    rows: withCell(next.rows, r, c, found ? found[0] : "."),
  };
}

// A pattern drawn around `sent` (the rows of the request): the blocks it
// added are the ones the next draw may move.
function patterned(s, sent, grid, bars) {
  const drawn = new Set();
  grid.forEach((row, r) => [...row].forEach((v, c) => { if (v === "#" && sent[r][c] !== "#") drawn.add(key(r, c)); }));
  return onGrid({ ...remember(s), rows: grid.map((row) => row.split("")), bars: barsOf(bars), drawn });
}

// A puzzle from a file (opened, or the one the studio started on).
function puzzle(s, data) {
  return { ...s, rows: data.grid.map((row) => row.split("")), bars: barsOf(data.bars), title: data.title, author: data.author,
    clues: data.clues, marks: marksOf(data) };
}

// What the last Draft clues said the database has for each answer. They
// hold for the answer they were drafted for (`sent`: [name, answer]), so an
// entry changed since offers nothing until the next draft.
function drafted(s, sent, data) {
  const alternatives = {};
  for (const [name, answer] of sent) alternatives[name] = { answer, list: data.alternatives[name] || [] };
  return { ...s, clues: data.clues, alternatives };
}

// An /api/analyze reply for `rows` and `bars`: its heat map, and its
// numbering while the blocks and bars are still those it numbered (a late
// reply for others leaves the numbering alone).
function analyzed(s, rows, bars, data) {
  bars = bars || NO_BARS;
  const fresh = shapeOf(rows, bars) === shapeOf(s.rows, s.bars);
  return { ...s, heat: data.heat, numbering: fresh ? numbering(rows, data.slots, bars) : s.numbering };
}

const REDUCERS = {
  new: (s, a) => ({
    ...remember(s), rows: emptyRows(a.size), bars: new Set(), locked: new Set(), drawn: new Set(),
    title: "", author: "", clues: {}, alternatives: {}, r: 0, c: 0, dir: "A",
  }),
  letter: (s, a) => (isBlock(s, s.r, s.c) ? s
    : advance({ ...remember(s), rows: withCell(s.rows, s.r, s.c, a.letter.toUpperCase()) }, 1)),
  erase: (s, a) => erase(s, a.back),
  block: (s, a) => toggleBlock(s, a.symmetric),
  bar: (s, a) => toggleBar(s, a.r, a.c, a.side, a.symmetric),
  rebus: (s, a) => rebus(s, a.text),
  turn: (s) => turned(s),
  // An arrow across the cursor's direction turns it; along it, moves.
  arrow: (s, a) => {
    const dir = a.dr ? "D" : "A";
    if (dir !== s.dir) return { ...s, dir };
    const r = s.r + a.dr, c = s.c + a.dc;
    return r < 0 || c < 0 || r >= height(s) || c >= width(s) ? s : { ...s, r, c };
  },
  // A click on the cursor's cell turns it.
  click: (s, a) => ({ ...(a.r === s.r && a.c === s.c ? turned(s) : s), r: a.r, c: a.c }),
  tab: (s, a) => nextSlot(s, a.back),
  place: (s, a) => {
    const next = remember(s);
    let rows = next.rows;
    cellsOf(a.slot).forEach(([r, c], i) => { rows = withCell(rows, r, c, a.word[i]); });
    return { ...next, rows };
  },
  ban: (s, a) => (s.banned.includes(a.word) ? s : { ...s, banned: [...s.banned, a.word] }),
  unban: (s, a) => ({ ...s, banned: s.banned.filter((w) => w !== a.word) }),
  lock: (s) => toggleLock(s),
  clear: (s) => clearUnlocked(s),
  undo: (s) => restore(s, "undo", "redo"),
  redo: (s) => restore(s, "redo", "undo"),
  // A reply's grid (a fill's): its rows and bars ("bars" as the API gives them).
  filled: (s, a) => onGrid({ ...remember(s), rows: a.grid.map((row) => row.split("")), bars: barsOf(a.bars) }),
  // Each pattern asked for takes the next seed, whether or not one comes.
  drawing: (s) => ({ ...s, patterns: s.patterns + 1 }),
  patterned: (s, a) => patterned(s, a.sent, a.grid, a.bars),
  opened: (s, a) => ({ ...puzzle(remember(s), a.data), alternatives: {}, locked: new Set(), r: 0, c: 0 }),
  started: (s, a) => (a.data.grid ? puzzle(s, a.data) : s),
  analyzed: (s, a) => analyzed(s, a.rows, a.bars, a.data),
  clue: (s, a) => ({ ...s, clues: { ...s.clues, [a.name]: a.text } }),
  clueOpen: (s, a) => ({ ...s, clueOpen: a.name }),
  drafted: (s, a) => drafted(s, a.sent, a.data),
};

// The state after `action` ({ type, ...its fields }); an unknown action is
// a mistake in the page, refused loudly.
export function reduce(s, action) {
  const reducer = REDUCERS[action.type];
  if (!reducer) throw new Error(`no such action: ${action.type}`);
  return reducer(s, action);
}
