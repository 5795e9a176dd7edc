// Tests of the studio page's pure state module (src/studio/page/state.js),
// run in chromium by studio_state.py: `run(S)` takes the module and returns
// { passed, failures }, each failure naming its test and what went wrong.

// An /api/analyze reply's slots for `rows`, numbered as the library numbers
// them (only what the page reads); the tests write them out by hand.
function reply(list) {
  return list.map(([slot, row, col, length]) => ({ slot, number: parseInt(slot, 10), row, col, length }));
}

const rowsOf = (text) => text.map((row) => row.split(""));

// A 5×5 with blocks in two corners, numbered by the server.
function numbered(S) {
  let s = { ...S.initial(5), rows: rowsOf(["#....", ".....", ".....", ".....", "....#"]) };
  s = S.reduce(s, { type: "analyzed", rows: s.rows, data: { heat: null, slots: reply([
    ["1A", 0, 1, 4], ["1D", 0, 1, 5], ["2D", 0, 2, 5], ["3D", 0, 3, 5], ["4D", 0, 4, 4],
    ["5A", 1, 0, 5], ["5D", 1, 0, 4], ["6A", 2, 0, 5], ["7A", 3, 0, 5], ["8A", 4, 0, 4],
  ]) } });
  return s;
}

const TESTS = {
  "typing writes the letter and moves along the entry"(S, eq) {
    let s = numbered(S);
    s = S.reduce(s, { type: "click", r: 1, c: 0 });
    s = S.reduce(s, { type: "letter", letter: "s" });
    s = S.reduce(s, { type: "letter", letter: "t" });
    eq(S.gridText(s.rows)[1], "ST...");
    eq([s.r, s.c], [1, 2]);
    eq(s.undo.length, 2);
  },
  "a letter on a block changes nothing"(S, eq) {
    const s = numbered(S);
    eq(S.reduce(s, { type: "letter", letter: "a" }), s);
  },
  "reduce never changes the state it is given"(S, eq) {
    const s = numbered(S);
    const before = JSON.stringify(s.rows);
    S.reduce(S.reduce(s, { type: "click", r: 2, c: 2 }), { type: "letter", letter: "q" });
    S.reduce(s, { type: "clear" });
    eq(JSON.stringify(s.rows), before);
  },
  "a block brings its rotational partner, and patterns may no longer move it"(S, eq) {
    let s = { ...S.initial(5), drawn: new Set(["4,4"]) };
    s = S.reduce(s, { type: "block", symmetric: true });
    eq(S.gridText(s.rows), ["#....", ".....", ".....", ".....", "....#"]);
    eq([...s.drawn], []);
    s = S.reduce(s, { type: "click", r: 2, c: 1 });
    s = S.reduce(s, { type: "block", symmetric: false });
    eq(S.gridText(s.rows)[2], ".#...");
  },
  "Backspace on an open cell steps back first; Delete does not"(S, eq) {
    let s = { ...numbered(S), rows: rowsOf(["#....", "AB...", ".....", ".....", "....#"]), r: 1, c: 2 };
    s = S.reduce(s, { type: "erase", back: true });
    eq([S.gridText(s.rows)[1], s.c], ["A....", 1]);
    s = S.reduce(s, { type: "erase", back: false });
    eq([S.gridText(s.rows)[1], s.c], ["A....", 1]);
  },
  "names and numbers come from the server's numbering, for its blocks only"(S, eq) {
    let s = numbered(S);
    eq(S.numbers(s), { "0,1": 1, "0,2": 2, "0,3": 3, "0,4": 4, "1,0": 5, "2,0": 6, "3,0": 7, "4,0": 8 });
    s = S.reduce(s, { type: "click", r: 2, c: 3 });
    eq([S.currentSlot(s).name, S.currentSlot(s).len], ["6A", 5]);
    // Letters keep the numbering; a new block waits for the server's.
    s = S.reduce(s, { type: "letter", letter: "x" });
    eq(S.currentSlot(s).name, "6A");
    s = S.reduce(s, { type: "block", symmetric: false });
    eq(S.slots(s), null);
    eq(S.numbers(s), {});
    s = S.reduce(s, { type: "click", r: 2, c: 0 });
    eq([S.currentSlot(s).name, S.currentSlot(s).c, S.currentSlot(s).len], [null, 0, 4]);
  },
  "a late analysis of other blocks leaves the numbering alone"(S, eq) {
    const s = numbered(S);
    const other = rowsOf([".....", ".....", ".....", ".....", "....."]);
    const late = S.reduce(s, { type: "analyzed", rows: other, data: { heat: [[1]], slots: reply([["1A", 0, 0, 5]]) } });
    eq(late.numbering, s.numbering);
    eq(late.heat, [[1]]);
  },
  "arrows turn the cursor first, then move it within the grid"(S, eq) {
    let s = S.initial(3);
    s = S.reduce(s, { type: "arrow", dr: 1, dc: 0 });
    eq([s.dir, s.r], ["D", 0]);
    s = S.reduce(s, { type: "arrow", dr: 1, dc: 0 });
    eq([s.dir, s.r], ["D", 1]);
    s = S.reduce(s, { type: "arrow", dr: -1, dc: 0 });
    const top = S.reduce(s, { type: "arrow", dr: -1, dc: 0 });
    eq(S.reduce(top, { type: "arrow", dr: -1, dc: 0 }), top);
    // A click on the cursor's cell turns it; elsewhere, it does not.
    eq(S.reduce(s, { type: "click", r: 0, c: 0 }).dir, "A");
    eq(S.reduce(s, { type: "click", r: 1, c: 1 }).dir, "D");
  },
  "Tab goes to the next entry's start, and back around"(S, eq) {
    let s = numbered(S);
    s = S.reduce(s, { type: "tab", back: false });
    eq([s.r, s.c], [0, 1]);
    s = S.reduce(s, { type: "tab", back: false });
    eq([s.r, s.c], [1, 0]);
    s = S.reduce(s, { type: "tab", back: true });
    eq([s.r, s.c], [0, 1]);
    s = S.reduce(s, { type: "tab", back: true });
    eq([s.r, s.c], [4, 0]);
  },
  "placing, locking, clearing and undoing"(S, eq) {
    const placed = (s, r, word) => {
      const at = S.reduce(s, { type: "click", r, c: 0 });
      return S.reduce(at, { type: "place", slot: S.currentSlot(at), word });
    };
    let s = placed(numbered(S), 1, "STARE");
    s = S.reduce(s, { type: "lock" });
    s = placed(s, 2, "OTHER");
    eq(S.gridText(s.rows).slice(1, 3), ["STARE", "OTHER"]);
    s = S.reduce(s, { type: "clear" });
    eq(S.gridText(s.rows).slice(1, 3), ["STARE", "....."]);
    s = S.reduce(s, { type: "undo" });
    eq(S.gridText(s.rows)[2], "OTHER");
    s = S.reduce(s, { type: "redo" });
    eq(S.gridText(s.rows)[2], ".....");
    // Locking a locked entry again unlocks it.
    s = S.reduce(S.reduce(s, { type: "click", r: 1, c: 1 }), { type: "lock" });
    eq(s.locked.size, 0);
  },
  "undo with nothing to undo is no change"(S, eq) {
    const s = S.initial(4);
    eq(S.reduce(s, { type: "undo" }), s);
    eq(S.reduce(s, { type: "redo" }), s);
  },
  "a pattern's own blocks are the ones the next draw may move"(S, eq) {
    let s = { ...S.initial(3), rows: rowsOf(["#..", "...", "..."]) };
    s = S.reduce(s, { type: "patterned", sent: S.patternRows(s), grid: ["#..", ".#.", "..#"] });
    eq([...s.drawn].sort(), ["1,1", "2,2"]);
    eq(S.gridText(S.patternRows(s)), ["#..", "...", "..."]);
    eq(S.reduce(s, { type: "drawing" }).patterns, 1);
  },
  "bans are kept once each"(S, eq) {
    let s = S.reduce(S.reduce(S.initial(3), { type: "ban", word: "ERA" }), { type: "ban", word: "ERA" });
    eq(s.banned, ["ERA"]);
    s = S.reduce(s, { type: "unban", word: "ERA" });
    eq(s.banned, []);
  },
  "only the clues of slots still in the grid are sent"(S, eq) {
    let s = numbered(S);
    s = S.reduce(s, { type: "clue", name: "1A", text: "One" });
    s = S.reduce(s, { type: "clue", name: "9A", text: "Gone" });
    eq(S.currentClues(s), { "1A": "One" });
  },
  "drafted alternatives hold while the answer stays"(S, eq) {
    let s = { ...numbered(S), rows: rowsOf(["#AREA", ".....", ".....", ".....", "....#"]) };
    const offers = [{ text: "Region", level: "easy", uses: null }, { text: "Field of study", level: "medium", uses: null }];
    s = S.reduce(s, { type: "drafted", sent: [["1A", "AREA"]], data: { clues: { "1A": "Region" }, alternatives: { "1A": offers } } });
    const slot = S.slots(s).find((o) => o.name === "1A");
    eq(S.offersFor(s, slot).map((o) => [o.text, o.current, o.takenBy]), [["Region", true, null], ["Field of study", false, null]]);
    s = S.reduce(s, { type: "clue", name: "5A", text: "Field of study" });
    eq(S.offersFor(s, slot)[1].takenBy, "5A");
    s = S.reduce(S.reduce(s, { type: "click", r: 0, c: 1 }), { type: "letter", letter: "O" });
    eq(S.offersFor(s, slot), []);
  },
  "marks: a rebus counts while its cell holds its first letter"(S, eq) {
    let s = { ...S.initial(3), r: 1, c: 1 };
    eq(S.rebusError("h"), "a rebus is two or more letters or digits, starting with a letter: H");
    eq(S.rebusError(""), null);
    s = S.reduce(s, { type: "rebus", text: "heart" });
    eq(s.rows[1][1], "H");
    eq(S.liveMarks(s), [{ row: 1, col: 1, circled: false, shaded: false, rebus: "HEART" }]);
    s = S.reduce(s, { type: "letter", letter: "x" });
    eq(S.liveMarks(s), []);
  },
  "opening a puzzle takes its grid, credits, clues and marks"(S, eq) {
    const data = { grid: ["CAT", "A.A", "TAT"], title: "T", author: "A", clues: { "1A": "Pet" },
      marks: [{ row: 0, col: 0, circled: true, shaded: false, rebus: null }] };
    const s = S.reduce({ ...S.initial(5), r: 4, c: 4, locked: new Set(["0,0"]) }, { type: "opened", data });
    eq([S.gridText(s.rows), s.title, s.clues, s.r, s.locked.size, s.undo.length], [data.grid, "T", { "1A": "Pet" }, 0, 0, 1]);
    eq(S.liveMarks(s), [{ row: 0, col: 0, circled: true, shaded: false, rebus: null }]);
  },
  "status lines"(S, eq) {
    const slot = { r: 0, c: 0, dr: 0, dc: 1, len: 3 };
    const rows = rowsOf(["CAT", "...", "..."]);
    eq(S.candidatesSummary(rows, slot, { candidates: [], more: 0, undecided: 0 }),
      ["CAT is your own entry (not in the list): fills keep it as it is.", false]);
    const cands = [{ word: "CAT", score: 50, viable: true }, { word: "COT", score: 40, viable: null }];
    eq(S.candidatesSummary(rowsOf(["C..", "...", "..."]), slot, { candidates: cands, more: 3, undecided: 1 }),
      ["best 2 of 5 words that fit · 1 keeps the grid fillable · 1 not decided in time", false]);
    eq(S.sharedRootText({ entries: ["ELMS", "ELM"], slots: ["1A", "1D"], roots: ["ELM"] }),
      "ELMS (1A) and ELM (1D) share a root: ELM");
    eq(S.patternSummary({ words: 4, blocks: 2, tried: 3, fillable: null }),
      "pattern: 4 words, 2 blocks (3 drawn); not known yet whether it fills");
    eq([S.clampMinScore("250"), S.clampMinScore("x"), S.clampSize("1"), S.clampSize("")], [100, 0, 3, 15]);
  },
  "a bar ends an entry as a block does"(S, eq) {
    const bars = new Set(["1,1,R", "0,3,B"]);
    const rows = S.emptyRows(5);
    eq(S.runAt(rows, 1, 0, "A", bars), { r: 1, c: 0, dr: 0, dc: 1, len: 2 });
    eq(S.runAt(rows, 1, 4, "A", bars), { r: 1, c: 2, dr: 0, dc: 1, len: 3 });
    eq(S.runAt(rows, 0, 3, "D", bars), null); // a lone cell above the bar
    eq(S.runAt(rows, 3, 3, "D", bars), { r: 1, c: 3, dr: 1, dc: 0, len: 4 });
    eq(S.runs(rows, "A", bars).map((run) => [run.r, run.c, run.len]),
      [[0, 0, 5], [1, 0, 2], [1, 2, 3], [2, 0, 5], [3, 0, 5], [4, 0, 5]]);
    // Typing stops at the bar; Tab goes to the entry after it.
    let s = { ...S.initial(5), bars, r: 1, c: 0 };
    s = S.reduce(S.reduce(S.reduce(s, { type: "letter", letter: "a" }), { type: "letter", letter: "b" }), { type: "letter", letter: "c" });
    eq([S.gridText(s.rows)[1], s.c], ["AC...", 1]);
    s = S.reduce({ ...s, r: 1, c: 0 }, { type: "tab", back: false });
    eq([s.r, s.c], [1, 2]);
  },
  "a bar toggles with its rotational partner, and not on the grid's edge"(S, eq) {
    let s = S.initial(6);
    // Right of (0,2) pairs with right of (5,2); below (2,0) (the line
    // between rows 2 and 3) with below (2,5).
    s = S.reduce(s, { type: "bar", r: 0, c: 2, side: "R", symmetric: true });
    eq(s.bars, new Set(["0,2,R", "5,2,R"]));
    s = S.reduce(s, { type: "bar", r: 2, c: 0, side: "B", symmetric: true });
    eq(s.bars, new Set(["0,2,R", "5,2,R", "2,0,B", "2,5,B"]));
    // By the centre: right of (2,2) pairs with right of (3,2) in a 6×6,
    // below (1,2) with below (2,2) in a 5×5.
    eq(S.reduce(S.initial(6), { type: "bar", r: 2, c: 2, side: "R", symmetric: true }).bars, new Set(["2,2,R", "3,2,R"]));
    eq(S.reduce(S.initial(5), { type: "bar", r: 1, c: 2, side: "B", symmetric: true }).bars, new Set(["1,2,B", "2,2,B"]));
    // A left or upper side is the neighbour's right or lower bar; toggling
    // a bar again takes it and its partner away.
    s = S.reduce(s, { type: "bar", r: 0, c: 3, side: "L", symmetric: true });
    eq(s.bars, new Set(["2,0,B", "2,5,B"]));
    s = S.reduce(s, { type: "bar", r: 3, c: 0, side: "T", symmetric: true });
    eq(s.bars, new Set());
    // Without symmetry, one bar; on the edge, none (and no change at all).
    s = S.reduce(s, { type: "bar", r: 4, c: 1, side: "B", symmetric: false });
    eq(s.bars, new Set(["4,1,B"]));
    for (const [r, c, side] of [[0, 5, "R"], [5, 0, "B"], [0, 0, "L"], [0, 4, "T"]]) {
      eq(S.reduce(s, { type: "bar", r, c, side, symmetric: true }) === s, true);
    }
    eq(s.undo.length, 5);
  },
  "undo and redo bring bars back; a new grid has none"(S, eq) {
    let s = S.reduce(S.initial(4), { type: "bar", r: 1, c: 1, side: "R", symmetric: false });
    s = S.reduce(s, { type: "letter", letter: "x" });
    s = S.reduce(s, { type: "undo" });
    eq([s.bars, s.rows[0][0]], [new Set(["1,1,R"]), "."]);
    s = S.reduce(s, { type: "undo" });
    eq(s.bars, new Set());
    s = S.reduce(s, { type: "redo" });
    eq(s.bars, new Set(["1,1,R"]));
    eq(S.reduce(s, { type: "new", size: 4 }).bars, new Set());
    eq(S.reduce(s, { type: "clear" }).bars, s.bars);
  },
  "bars go to the API as cells, and come back from it"(S, eq) {
    const bars = new Set(["2,0,B", "0,2,R", "2,2,R", "2,2,B"]);
    const list = [
      { row: 0, col: 2, right: true, below: false },
      { row: 2, col: 0, right: false, below: true },
      { row: 2, col: 2, right: true, below: true },
    ];
    eq(S.barList(bars), list);
    eq(S.barsOf(list), bars);
    eq(S.barsOf(undefined), new Set());
    eq(S.gridOf({ ...S.initial(3), bars: new Set(["1,1,B"]) }),
      { grid: ["...", "...", "..."], bars: [{ row: 1, col: 1, right: false, below: true }] });
    // A fill's reply and an opened file bring their bars.
    const filled = S.reduce(S.initial(3), { type: "filled", grid: ["ABC", "DEF", "GHI"], bars: list.slice(0, 1) });
    eq([S.gridText(filled.rows)[0], filled.bars], ["ABC", new Set(["0,2,R"])]);
    const data = { grid: ["...", "...", "..."], title: "", author: "", clues: {}, marks: [], bars: list.slice(1, 2) };
    eq(S.reduce(S.initial(5), { type: "opened", data }).bars, new Set(["2,0,B"]));
  },
  "the numbering holds for the bars it was given for"(S, eq) {
    const bars = new Set(["0,1,R"]);
    let s = { ...S.initial(3), bars };
    const slots = reply([["1A", 0, 0, 2], ["1D", 0, 0, 3], ["2D", 0, 1, 3], ["3D", 0, 2, 3], ["4A", 1, 0, 3], ["5A", 2, 0, 3]]);
    // A late reply for the grid without the bar is not this grid's.
    eq(S.slots(S.reduce(s, { type: "analyzed", rows: s.rows, data: { heat: null, slots } })), null);
    s = S.reduce(s, { type: "analyzed", rows: s.rows, bars, data: { heat: null, slots } });
    eq(S.numbers(s), { "0,0": 1, "0,1": 2, "0,2": 3, "1,0": 4, "2,0": 5 });
    eq(S.currentSlot(s).name, "1A");
    s = S.reduce(s, { type: "bar", r: 1, c: 0, side: "R", symmetric: false });
    eq(S.slots(s), null);
  },
  "an unknown action is refused"(S) {
    let threw = false;
    try { S.reduce(S.initial(3), { type: "nothing" }); } catch (e) { threw = true; }
    if (!threw) throw new Error("no error for an unknown action");
  },
};

// Deep equality through JSON, Sets as sorted arrays.
function same(a, b) {
  const plain = (v) => JSON.stringify(v, (_, x) => (x instanceof Set ? [...x].sort() : x));
  return plain(a) === plain(b);
}

export function run(S) {
  const failures = [];
  let passed = 0;
  for (const [name, test] of Object.entries(TESTS)) {
    const eq = (got, want) => {
      if (!same(got, want)) throw new Error(`got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
    };
    try {
      test(S, eq);
      passed++;
    } catch (e) {
      failures.push(`${name}: ${e.message}`);
    }
  }
  return { passed, failures };
}
