// cruciverb studio: the page's entry module. It holds the one state
// (state.js), turns each event into an action for `reduce`, asks the server
// (api.js) what only the fill engine knows, and redraws (view.js). Kept
// dependency-free so the binary can serve it as is.

import * as api from "./api.js";
import * as S from "./state.js";
import * as view from "./view.js";

const { $ } = view;
let state = S.initial(15);
let candidatesAbort = null;
let reported = null; // the grid the quality report under it describes
let analyzing = Promise.resolve(); // the latest /api/analyze, settled
let analyses = 0; // /api/analyze requests made: only the latest one's reply is shown

const dispatch = (action) => { state = S.reduce(state, action); };

const clueEvents = {
  edit: (name, text) => { dispatch({ type: "clue", name, text }); view.renderOffers(state, clueEvents); },
  open: (name) => { dispatch({ type: "clueOpen", name }); view.renderOffers(state, clueEvents); },
  isOpen: (name) => state.clueOpen === name,
  pick: (name, text) => { dispatch({ type: "clue", name, text }); view.renderOffers(state, clueEvents); },
};

// What the searches share: the list, its floor and the bans.
function words() {
  const { minScore, list } = view.controls();
  return { min_score: S.clampMinScore(minScore), banned: state.banned, list };
}

// The grid as requests send it, rows and bars; and as text, to compare.
const grid = () => S.gridOf(state);
const gridKey = () => JSON.stringify(grid());

// The cursor moved or turned: redraw and ask about its entry.
function moved() {
  view.renderGrid(state);
  askCandidates();
}

// The grid, or what is asked of it, changed: redraw, and ask the server
// again about the grid and the entry under the cursor.
function changed() {
  // A quality report describes one fill: it goes when the grid changes.
  if (reported !== gridKey()) view.setQuality("");
  view.renderGrid(state);
  view.renderClues(state, clueEvents);
  analyzing = analyze();
  askCandidates();
}

async function analyze() {
  const { rows, bars } = state;
  const { style } = view.controls();
  const mine = ++analyses;
  try {
    const data = await api.analyze({ grid: S.gridText(rows), bars: S.barList(bars), ...words(), style });
    // A reply overtaken by a later request describes a grid gone by.
    if (mine !== analyses) return;
    const numbered = S.slots(state) !== null;
    dispatch({ type: "analyzed", rows, bars, data });
    view.showAnalysis(data, bars.size);
    view.renderGrid(state);
    // The first numbering of these blocks: the entries have names now.
    if (!numbered && S.slots(state)) {
      view.renderClues(state, clueEvents);
      askCandidates();
    }
  } catch (e) {
    if (mine === analyses) view.showAnalysisError(e.message);
  }
}

async function askCandidates() {
  const slot = S.currentSlot(state);
  if (candidatesAbort) candidatesAbort.abort();
  view.clearCandidates();
  // No entry here, or not yet named: analyze asks again once it is.
  if (!slot || !slot.name) { view.status(""); return; }
  const abort = new AbortController();
  candidatesAbort = abort;
  view.status("deciding which words keep the grid fillable…");
  // A quick answer first, then a longer look at what it left undecided
  // (the server starts the second from the fills the first found).
  const { min_score, banned, list } = words();
  const ask = (timeout) => api.candidates({ ...grid(), slot: slot.name, min_score, banned, timeout, list }, abort.signal);
  const show = (data) => {
    view.showCandidates(data.candidates, {
      ban: (word) => { dispatch({ type: "ban", word }); showBanned(); changed(); },
      place: (word) => { dispatch({ type: "place", slot, word }); changed(); },
    });
    view.status(...S.candidatesSummary(state.rows, slot, data));
  };
  try {
    let data = await ask(0.2);
    show(data);
    if (data.undecided) {
      data = await ask(2);
      show(data);
    }
  } catch (e) {
    if (e.name !== "AbortError") view.status(e.message, true);
  }
}

function showBanned() {
  view.showBanned(state.banned, (word) => { dispatch({ type: "unban", word }); showBanned(); changed(); });
}

async function autofill(region) {
  view.report(region ? "filling the entry…" : "filling the grid…");
  try {
    const { min_score, banned, list } = words();
    const body = { ...grid(), min_score, banned, timeout: 10, list };
    if (region) body.region = region;
    const data = await api.fill(body);
    dispatch({ type: "filled", grid: data.grid, bars: data.bars });
    changed();
    view.report(`filled: mean score ${data.mean_score}, lowest ${data.lowest_score}`);
    view.setQuality(data.quality); // until the grid changes again
    reported = gridKey();
  } catch (e) {
    view.report(e.message, true);
  }
}

// A random pattern around the letters and the blocks the constructor
// placed; blocks an earlier draw put in may move.
async function drawPattern() {
  const sent = S.patternRows(state);
  const { style, symmetry } = view.controls();
  // The bars go too: the server says why it draws no pattern around them.
  const body = { grid: S.gridText(sent), bars: S.barList(state.bars), style, symmetry, seed: state.patterns, ...words() };
  dispatch({ type: "drawing" });
  view.report("drawing a pattern around your letters…");
  try {
    const data = await api.pattern(body);
    dispatch({ type: "patterned", sent, grid: data.grid, bars: data.bars });
    changed();
    view.report(S.patternSummary(data), data.fillable === false);
  } catch (e) {
    view.report(e.message, true);
  }
}

async function draftClues() {
  await analyzing;
  const sent = (S.slots(state) || []).map((s) => [s.name, S.answerOf(state.rows, s)]);
  const { difficulty, british, list } = view.controls();
  try {
    const data = await api.clues({ ...grid(), clues: S.currentClues(state), list, difficulty, british });
    dispatch({ type: "drafted", sent, data });
    view.renderClues(state, clueEvents);
    view.report(data.report + " · click a clue for the database's others");
  } catch (e) {
    view.report(e.message, true);
  }
}

async function openFile(file) {
  try {
    const bytes = Array.from(new Uint8Array(await file.arrayBuffer()));
    const data = await api.importFile(file.name, bytes);
    dispatch({ type: "opened", data });
    changed();
    view.report(`opened ${file.name}`);
  } catch (e) {
    view.report(e.message, true);
  }
}

async function save() {
  if (!view.canSave()) return;
  await analyzing;
  try {
    const data = await api.save({ ...grid(), title: state.title, author: state.author,
      clues: S.currentClues(state), marks: S.liveMarks(state) });
    view.report(`saved ${data.saved}`);
  } catch (e) {
    view.report(e.message, true);
  }
}

async function exportFile() {
  await analyzing;
  const body = { ...grid(), format: view.controls().format, title: state.title, author: state.author,
    clues: S.currentClues(state) };
  try {
    const file = await api.exportFile(body);
    view.download(file.blob, file.name);
    view.report(`exported ${file.name}`);
  } catch (e) {
    view.report(e.message, true);
  }
}

async function loadLists(keep) {
  view.showLists(await api.lists(), keep);
}

async function addList(file) {
  try {
    const data = await api.addList(file.name, await file.text());
    await loadLists(data.name);
    view.report(data.report.split("\n")[0]);
    changed();
  } catch (e) {
    view.report(e.message, true);
  }
}

// Insert: the cell's rebus, two or more letters or digits starting with a
// letter (HEART); an empty answer takes it away.
function editRebus() {
  if (S.isBlock(state, state.r, state.c)) return;
  const mark = state.marks[state.r + "," + state.c];
  const text = window.prompt("Rebus for this cell (e.g. HEART); empty to remove", (mark && mark.rebus) || "");
  if (text === null) return;
  const error = S.rebusError(text);
  if (error) { view.report(error, true); return; }
  dispatch({ type: "rebus", text });
  changed();
}

const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

function onKey(e) {
  const command = e.ctrlKey || e.metaKey;
  const k = e.key.toLowerCase();
  if (command && k === "z") { undoRedo("undo"); e.preventDefault(); return; }
  if (command && k === "y") { undoRedo("redo"); e.preventDefault(); return; }
  if (command && k === "s") { save(); e.preventDefault(); return; }
  if (command || e.altKey) return;
  const key = e.key;
  const onBlock = S.isBlock(state, state.r, state.c);
  if (/^[a-zA-Z]$/.test(key)) {
    if (onBlock) return;
    dispatch({ type: "letter", letter: key });
    changed();
  } else if (key === "Backspace" || key === "Delete") {
    if (onBlock) return;
    dispatch({ type: "erase", back: key === "Backspace" });
    changed();
  } else if (key === "." || key === "#") {
    dispatch({ type: "block", symmetric: view.controls().symmetric });
    changed();
  } else if (key === "|" || key === "_") {
    // A bar on the cell's right (|) or lower (_) side, or away again.
    bar(state.r, state.c, key === "|" ? "R" : "B");
  } else if (key === "Insert") {
    editRebus();
  } else if (key === " " || key === "Enter") {
    dispatch({ type: "turn" });
    moved();
  } else if (key === "Tab") {
    dispatch({ type: "tab", back: e.shiftKey });
    moved();
  } else if (ARROWS[key]) {
    const [dr, dc] = ARROWS[key];
    const before = state;
    dispatch({ type: "arrow", dr, dc });
    if (state !== before) moved();
  } else return;
  e.preventDefault();
}

// Undo or redo; with nothing to undo (redo), nothing changes.
function undoRedo(type) {
  const before = state;
  dispatch({ type });
  if (state !== before) changed();
}

// A bar put in or taken away on `side` of (r, c), with its symmetric
// partner; a side on the grid's edge changes nothing.
function bar(r, c, side) {
  const before = state;
  dispatch({ type: "bar", r, c, side, symmetric: view.controls().symmetric });
  if (state !== before) changed();
}

$("grid").addEventListener("keydown", onKey);
$("grid").addEventListener("click", (e) => {
  const cell = e.target.closest(".cell");
  if (!cell) return;
  const r = +cell.dataset.r, c = +cell.dataset.c;
  // In bar mode a click by a cell's side toggles the bar there; one in
  // its middle moves the cursor, as always.
  const side = view.barMode() ? view.sideClicked(cell, e) : null;
  if (side) bar(r, c, side);
  else {
    dispatch({ type: "click", r, c });
    moved();
  }
  $("grid").focus();
});
$("bar-mode").addEventListener("click", () => { view.setBarMode(!view.barMode()); $("grid").focus(); });
$("new-form").addEventListener("submit", (e) => {
  e.preventDefault();
  dispatch({ type: "new", size: S.clampSize(view.controls().size) });
  changed();
  $("grid").focus();
});
$("undo").addEventListener("click", () => undoRedo("undo"));
$("redo").addEventListener("click", () => undoRedo("redo"));
$("fill-all").addEventListener("click", () => autofill(null));
$("lock").addEventListener("click", () => { dispatch({ type: "lock" }); view.renderGrid(state); });
$("open").addEventListener("click", () => $("file").click());
$("file").addEventListener("change", () => { if ($("file").files[0]) openFile($("file").files[0]); $("file").value = ""; });
$("export").addEventListener("click", exportFile);
$("draft").addEventListener("click", draftClues);
// Clues for British solvers go with a British grid, unless the
// constructor says otherwise.
$("style").addEventListener("change", () => { $("british-clues").checked = $("style").value === "british"; });
$("save").addEventListener("click", save);
$("clear").addEventListener("click", () => { dispatch({ type: "clear" }); changed(); });
$("fill-entry").addEventListener("click", () => {
  const slot = S.currentSlot(state);
  // Letters already in the entry stay: only its open cells may change.
  if (slot) autofill(S.cellsOf(slot).filter(([r, c]) => state.rows[r][c] === "."));
});
$("min-score").addEventListener("change", changed);
$("list").addEventListener("change", changed);
$("pattern").addEventListener("click", drawPattern);
$("add-list").addEventListener("click", () => $("list-file").click());
$("list-file").addEventListener("change", () => { if ($("list-file").files[0]) addList($("list-file").files[0]); $("list-file").value = ""; });

loadLists().then(() => api.start()).then((data) => {
  dispatch({ type: "started", data });
  if (data.min_score !== undefined) view.setMinScore(data.min_score);
  if (data.file) view.showSave(data.file);
}).catch(() => {}).finally(() => { changed(); $("grid").focus(); });
