// cruciverb studio: the page. The grid lives here as rows of the text grid
// format ('#' block, '.' open, letters), exactly what the JSON API takes;
// every question about words goes to the server, which answers from the
// fill engine. Kept dependency-free so the binary can serve it as is.
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  rows: [], // array of arrays of one-character strings
  r: 0, c: 0, dir: "A",
  undo: [], redo: [],
  heat: null, // per cell, how many letters it can still take (from /api/analyze)
  locked: new Set(), // "r,c" of cells whose letters Clear keeps
  banned: [], // words never offered or placed in this puzzle
  title: "", author: "", clues: {}, // from an opened file, carried into exports
  marks: {}, // "r,c" → { circled, shaded, rebus } from an opened file; Save keeps them
  alternatives: {}, // slot → { answer, list } of database clues from the last Draft clues
  clueOpen: null, // the slot whose clue box was focused last: its alternatives show under it
  reported: null, // the grid the quality report under it describes
  candidatesAbort: null,
  drawn: new Set(), // "r,c" of blocks the last pattern drew (the next one may move them)
  patterns: 0, // patterns drawn so far: each draw takes the next seed
};

function emptyGrid(n) {
  return Array.from({ length: n }, () => Array(n).fill("."));
}
const height = () => state.rows.length;
const width = () => (state.rows[0] || []).length;
const isBlock = (r, c) => state.rows[r][c] === "#";
const gridText = () => state.rows.map((row) => row.join(""));

// The clues of the grid's slots as they are now: a clue written for a slot
// that a block has since taken away stays in the page, but is not sent.
function currentClues() {
  const out = {};
  for (const s of slots()) if (state.clues[s.name]) out[s.name] = state.clues[s.name];
  return out;
}

// The marks as the API takes them: cells still white, a rebus only while
// its cell still holds the rebus's first letter (a letter typed over a
// rebus replaces it).
function liveMarks() {
  const out = [];
  for (const [key, m] of Object.entries(state.marks)) {
    const [r, c] = key.split(",").map(Number);
    if (r >= height() || c >= width() || isBlock(r, c)) continue;
    const rebus = m.rebus && m.rebus[0] === state.rows[r][c] ? m.rebus : null;
    if (m.circled || m.shaded || rebus) out.push({ row: r, col: c, circled: m.circled, shaded: m.shaded, rebus });
  }
  return out;
}

function takeMarks(data) {
  state.marks = {};
  for (const m of data.marks || []) state.marks[m.row + "," + m.col] = { circled: m.circled, shaded: m.shaded, rebus: m.rebus };
}

// Slots as the engine sees them: maximal runs of two or more open cells,
// numbered in reading order.
function slots() {
  const out = [];
  let number = 0;
  for (let r = 0; r < height(); r++) {
    for (let c = 0; c < width(); c++) {
      if (isBlock(r, c)) continue;
      const run = (dr, dc) => {
        if (r - dr >= 0 && c - dc >= 0 && !isBlock(r - dr, c - dc)) return 0;
        let n = 0;
        while (r + n * dr < height() && c + n * dc < width() && !isBlock(r + n * dr, c + n * dc)) n++;
        return n >= 2 ? n : 0;
      };
      const across = run(0, 1), down = run(1, 0);
      if (across || down) number++;
      if (across) out.push({ name: number + "A", r, c, dr: 0, dc: 1, len: across, number });
      if (down) out.push({ name: number + "D", r, c, dr: 1, dc: 0, len: down, number });
    }
  }
  return out;
}

function cellsOf(slot) {
  return Array.from({ length: slot.len }, (_, i) => [slot.r + i * slot.dr, slot.c + i * slot.dc]);
}

// The slot's letters as the API writes them ('.' for an open cell).
const answerOf = (slot) => cellsOf(slot).map(([r, c]) => state.rows[r][c]).join("");

function currentSlot() {
  const dr = state.dir === "A" ? 0 : 1;
  return slots().find((s) => s.dr === dr && cellsOf(s).some(([r, c]) => r === state.r && c === state.c));
}

function remember() {
  state.undo.push(JSON.stringify(state.rows));
  if (state.undo.length > 500) state.undo.shift();
  state.redo = [];
}

function restore(from, to) {
  if (!from.length) return;
  to.push(JSON.stringify(state.rows));
  state.rows = JSON.parse(from.pop());
  changed();
}

function setCell(r, c, value) {
  state.rows[r][c] = value;
}

function toggleBlock(r, c) {
  remember();
  const block = !isBlock(r, c);
  const cells = [[r, c]];
  if ($("symmetry").value === "rotational") cells.push([height() - 1 - r, width() - 1 - c]);
  // A block toggled by hand is the constructor's: patterns keep it.
  for (const [rr, cc] of cells) { setCell(rr, cc, block ? "#" : "."); state.drawn.delete(rr + "," + cc); }
  changed();
}

function move(dr, dc) {
  let r = state.r + dr, c = state.c + dc;
  if (r < 0 || c < 0 || r >= height() || c >= width()) return;
  state.r = r; state.c = c;
  render();
  askCandidates();
}

function advance(step) {
  const slot = currentSlot();
  if (!slot) return;
  const cells = cellsOf(slot);
  const at = cells.findIndex(([r, c]) => r === state.r && c === state.c);
  const next = cells[at + step];
  if (next) { [state.r, state.c] = next; }
}

function nextSlot(back) {
  const all = slots().filter((s) => (state.dir === "A") === (s.dc === 1));
  if (!all.length) return;
  const cur = currentSlot();
  let i = cur ? all.indexOf(cur) : -1;
  i = (i + (back ? -1 : 1) + all.length) % all.length;
  [state.r, state.c] = [all[i].r, all[i].c];
  render();
  askCandidates();
}

function render() {
  const grid = $("grid");
  grid.style.gridTemplateColumns = `repeat(${width()}, var(--cell))`;
  const numbers = {};
  for (const s of slots()) numbers[s.r + "," + s.c] = s.number;
  const slot = currentSlot();
  const inSlot = new Set(slot ? cellsOf(slot).map(([r, c]) => r + "," + c) : []);
  const parts = [];
  for (let r = 0; r < height(); r++) {
    for (let c = 0; c < width(); c++) {
      const key = r + "," + c;
      const v = state.rows[r][c];
      const cls = ["cell"];
      const heat = state.heat && state.heat[r] ? state.heat[r][c] : null;
      if (v === "." && heat !== null) cls.push(heat <= 2 ? "heat2" : heat <= 6 ? "heat1" : "cool");
      if (v === "#") cls.push("block");
      if (state.locked.has(key) && v !== "#" && v !== ".") cls.push("locked");
      else if (r === state.r && c === state.c) cls.push("cursor");
      else if (inSlot.has(key)) cls.push("in-slot");
      const mark = v !== "#" ? state.marks[key] : null;
      if (mark && mark.circled) cls.push("circled");
      if (mark && mark.shaded) cls.push("shaded");
      const num = numbers[key] ? `<span class="num">${numbers[key]}</span>` : "";
      const rebus = mark && mark.rebus && mark.rebus[0] === v ? mark.rebus : null;
      const letter = rebus ? `<span class="rebus">${rebus}</span>` : v !== "#" && v !== "." ? v : "";
      parts.push(`<div class="${cls.join(" ")}" data-r="${r}" data-c="${c}">${num}${letter}</div>`);
    }
  }
  grid.innerHTML = parts.join("");
  $("slot-name").textContent = slot ? slot.name + "  " + answerOf(slot) : "—";
}

async function api(path, body, signal) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  const data = await response.json();
  if (!response.ok) throw Object.assign(new Error(data.error || response.statusText), { data });
  return data;
}

function status(text, error) {
  $("status").textContent = text;
  $("status").className = error ? "error" : "";
}

async function askCandidates() {
  const slot = currentSlot();
  if (state.candidatesAbort) state.candidatesAbort.abort();
  $("candidates").innerHTML = "";
  if (!slot) { status(""); return; }
  const abort = new AbortController();
  state.candidatesAbort = abort;
  status("deciding which words keep the grid fillable…");
  // A quick answer first, then a longer look at what it left undecided
  // (the server starts the second from the fills the first found).
  const ask = (timeout) => api("/api/candidates", { grid: gridText(), slot: slot.name, min_score: minScore(),
    banned: state.banned, timeout, list: list() }, abort.signal);
  try {
    let data = await ask(0.2);
    showCandidates(slot, data);
    if (data.undecided) {
      data = await ask(2);
      showCandidates(slot, data);
    }
  } catch (e) {
    if (e.name !== "AbortError") status(e.message, true);
  }
}

function showCandidates(slot, data) {
  const list = $("candidates");
  list.innerHTML = "";
  let viable = 0;
  for (const cand of data.candidates) {
    const li = document.createElement("li");
    li.className = cand.viable === true ? "viable" : cand.viable === false ? "dead" : "unknown";
    if (cand.viable === true) viable++;
    li.innerHTML = `<span class="word">${cand.word}</span><span class="score">${cand.score}</span>` +
      `<button class="ban" title="Ban ${cand.word} from this puzzle">×</button>`;
    li.dataset.word = cand.word;
    li.querySelector(".ban").addEventListener("click", (e) => { e.stopPropagation(); ban(cand.word); });
    if (cand.viable !== false) li.addEventListener("click", () => place(slot, cand.word));
    list.appendChild(li);
  }
  const n = data.candidates.length;
  const letters = answerOf(slot);
  if (!n && !letters.includes(".")) status(`${letters} is your own entry (not in the list): fills keep it as it is.`);
  else if (n && !viable && !data.undecided) status("No word here keeps the grid fillable.", true);
  else {
    const fit = data.more ? `best ${n} of ${n + data.more} words that fit` : `${n} ${n === 1 ? "word fits" : "words fit"}`;
    status(`${fit} · ${viable} keep${viable === 1 ? "s" : ""} the grid fillable` + (data.undecided ? ` · ${data.undecided} not decided in time` : ""));
  }
}

function place(slot, word) {
  remember();
  cellsOf(slot).forEach(([r, c], i) => setCell(r, c, word[i]));
  changed();
}

function ban(word) {
  if (!state.banned.includes(word)) state.banned.push(word);
  showBanned();
  changed();
}

function showBanned() {
  $("banned").innerHTML = "";
  $("banned-none").hidden = state.banned.length > 0;
  for (const word of state.banned) {
    const li = document.createElement("li");
    li.innerHTML = `<span>${word}</span><button title="Allow ${word} again">unban</button>`;
    li.querySelector("button").addEventListener("click", () => {
      state.banned = state.banned.filter((w) => w !== word);
      showBanned();
      changed();
    });
    $("banned").appendChild(li);
  }
}

// Locking an entry keeps its letters through Clear; an entry counts as
// locked when all its cells are.
function toggleLock() {
  const slot = currentSlot();
  if (!slot) return;
  const keys = cellsOf(slot).map(([r, c]) => r + "," + c);
  const locked = keys.every((k) => state.locked.has(k));
  keys.forEach((k) => (locked ? state.locked.delete(k) : state.locked.add(k)));
  render();
}

function clearUnlocked() {
  remember();
  for (let r = 0; r < height(); r++) {
    for (let c = 0; c < width(); c++) {
      if (!isBlock(r, c) && !state.locked.has(r + "," + c)) setCell(r, c, ".");
    }
  }
  changed();
}

async function openFile(file) {
  try {
    const bytes = Array.from(new Uint8Array(await file.arrayBuffer()));
    const data = await api("/api/import", { name: file.name, bytes });
    remember();
    state.rows = data.grid.map((row) => row.split(""));
    state.title = data.title; state.author = data.author; state.clues = data.clues;
    takeMarks(data);
    state.alternatives = {};
    state.locked.clear();
    state.r = 0; state.c = 0;
    changed();
    report(`opened ${file.name}`);
  } catch (e) {
    report(e.message, true);
  }
}

async function save() {
  if ($("save").hidden) return;
  try {
    const data = await api("/api/save", { grid: gridText(), title: state.title, author: state.author, clues: currentClues(),
      marks: liveMarks() });
    report(`saved ${data.saved}`);
  } catch (e) {
    report(e.message, true);
  }
}

async function exportFile() {
  const body = { grid: gridText(), format: $("format").value, title: state.title, author: state.author, clues: currentClues() };
  try {
    const response = await fetch("/api/export", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error((await response.json()).error);
    const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") || "");
    const link = document.createElement("a");
    link.href = URL.createObjectURL(await response.blob());
    link.download = name ? name[1] : "puzzle." + body.format;
    document.body.appendChild(link);
    link.click();
    link.remove();
    report(`exported ${link.download}`);
  } catch (e) {
    report(e.message, true);
  }
}

// The clue lists under the grid, one editable line per entry; edits go
// straight into state.clues, which exports carry.
function renderClues() {
  const lists = { A: $("across"), D: $("down") };
  lists.A.innerHTML = ""; lists.D.innerHTML = "";
  const current = currentSlot();
  for (const slot of slots()) {
    const li = document.createElement("li");
    if (current && current.name === slot.name) li.className = "current";
    li.innerHTML = `<b>${slot.number}</b><span class="answer">${answerOf(slot)}</span><input aria-label="clue ${slot.name}">` +
      `<button type="button" class="more" hidden></button>`;
    const input = li.querySelector("input");
    input.value = state.clues[slot.name] || "";
    input.dataset.slot = slot.name;
    input.addEventListener("input", () => { state.clues[slot.name] = input.value; renderOffers(); });
    input.addEventListener("focus", () => { state.clueOpen = slot.name; renderOffers(); });
    input.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && state.clueOpen === slot.name) { state.clueOpen = null; renderOffers(); }
    });
    // How many clues the database has for the answer, so that a drafted
    // puzzle shows where there is a choice without opening every box (a
    // lone clue still shows under its box when that is focused).
    const count = keptFor(slot).length;
    const more = li.querySelector(".more");
    if (count > 1) {
      more.hidden = false;
      more.dataset.slot = slot.name;
      more.textContent = `${count} ▾`;
      more.title = `The clue database's ${count} clues for ${answerOf(slot)}`;
      more.setAttribute("aria-label", `other clues for ${slot.name}`);
      more.addEventListener("click", () => {
        if (state.clueOpen === slot.name) { state.clueOpen = null; renderOffers(); } else input.focus();
      });
    }
    lists[slot.name.slice(-1)].appendChild(li);
  }
  renderOffers();
}

// The alternatives: what Draft clues said the database has for each
// answer. They hold for the answer they were drafted for, so an entry
// changed since offers nothing until the next draft.
function keepAlternatives(sent, alternatives) {
  state.alternatives = {};
  for (const [name, answer] of sent) state.alternatives[name] = { answer, list: alternatives[name] || [] };
}

// The alternatives kept for a slot, if its answer is still the one they
// were drafted for.
function keptFor(slot) {
  const kept = state.alternatives[slot.name];
  return kept && kept.answer === answerOf(slot) ? kept.list : [];
}

// The clues offered under a slot's clue box, each marked when it is the
// clue in the box, or another slot's clue (a repeat an editor would send
// back).
function offersFor(slot) {
  const mine = state.clues[slot.name] || "";
  const taken = (text) => slots().find((s) => s.name !== slot.name && state.clues[s.name] === text);
  return keptFor(slot).map((offer) => ({
    ...offer,
    current: offer.text === mine,
    takenBy: (taken(offer.text) || {}).name || null,
  }));
}

function pickClue(name, text) {
  state.clues[name] = text;
}

// The offers for the clue box focused last, as a list of buttons under it.
function renderOffers() {
  document.querySelectorAll("#clue-panel .offers").forEach((e) => e.remove());
  document.querySelectorAll("#clue-panel .more").forEach((b) => b.classList.toggle("open", b.dataset.slot === state.clueOpen));
  const slot = slots().find((s) => s.name === state.clueOpen);
  const input = slot && document.querySelector(`#clue-panel input[data-slot="${slot.name}"]`);
  if (!input) return;
  const offers = offersFor(slot);
  if (!offers.length) return;
  const list = document.createElement("ul");
  list.className = "offers";
  list.setAttribute("aria-label", `clues offered for ${slot.name}`);
  for (const offer of offers) {
    const li = document.createElement("li");
    const notes = [];
    if (offer.uses) notes.push(`uses ${escapeHtml(offer.uses)}`);
    if (offer.takenBy) notes.push(`clue of ${offer.takenBy}`);
    li.innerHTML = `<button type="button"><span class="level ${offer.level}">${offer.level}</span>` +
      `<span class="text">${escapeHtml(offer.text)}</span>` +
      notes.map((n) => `<span class="note">${n}</span>`).join("") + "</button>";
    const button = li.querySelector("button");
    button.classList.toggle("uses", Boolean(offer.uses || offer.takenBy));
    button.classList.toggle("chosen", offer.current);
    button.title = offer.uses ? `Uses ${offer.uses}, which is in the grid` : offer.takenBy ? `Already the clue of ${offer.takenBy}` : "Use this clue";
    button.dataset.text = offer.text;
    // The clue box keeps the focus, so that the offers stay and the
    // picked clue can be edited at once.
    button.addEventListener("mousedown", (e) => e.preventDefault());
    button.addEventListener("click", () => {
      pickClue(slot.name, offer.text);
      input.value = offer.text;
      renderOffers();
      input.focus();
    });
    list.appendChild(li);
  }
  input.closest("li").appendChild(list);
}

async function draftClues() {
  const sent = slots().map((s) => [s.name, answerOf(s)]);
  const body = { grid: gridText(), clues: currentClues(), list: list(), difficulty: $("difficulty").value,
    british: $("british-clues").checked };
  try {
    const data = await api("/api/clues", body);
    state.clues = data.clues;
    keepAlternatives(sent, data.alternatives);
    renderClues();
    report(data.report + " · click a clue for the database's others");
  } catch (e) {
    report(e.message, true);
  }
}

// A pair of entries that share a root, as an editor would name it: "ELM
// (12A) and ELMS (3D) share a root: ELM".
function sharedRootText(pair) {
  const roots = pair.roots.length === 1 ? `a root: ${pair.roots[0]}` : `roots: ${pair.roots.join(", ")}`;
  return `${pair.entries[0]} (${pair.slots[0]}) and ${pair.entries[1]} (${pair.slots[1]}) share ${roots}`;
}

const list = () => $("list").value || undefined;
const minScore = () => Math.max(0, Math.min(100, parseInt($("min-score").value, 10) || 0));

function report(text, error) {
  $("fill-report").textContent = text;
  $("fill-report").className = error ? "error" : "";
}

async function autofill(region) {
  report(region ? "filling the entry…" : "filling the grid…");
  try {
    const body = { grid: gridText(), min_score: minScore(), banned: state.banned, timeout: 10, list: list() };
    if (region) body.region = region;
    const data = await api("/api/fill", body);
    remember();
    state.rows = data.grid.map((row) => row.split(""));
    changed();
    report(`filled: mean score ${data.mean_score}, lowest ${data.lowest_score}`);
    $("quality").textContent = data.quality; // until the grid changes again
    state.reported = gridText().join("\n");
  } catch (e) {
    report(e.message, true);
  }
}

async function analyze() {
  try {
    const data = await api("/api/analyze", { grid: gridText(), min_score: minScore(), banned: state.banned, list: list(), style: $("style").value });
    $("stats").textContent = `${data.height}×${data.width} · ${data.words} words · ${data.blocks} blocks`;
    $("shared-roots").innerHTML = data.shared_roots.map((p) => `<li>${escapeHtml(sharedRootText(p))}</li>`).join("");
    $("violations").innerHTML = data.violations.slice(0, 8).map((v) => `<li>${v}</li>`).join("");
    $("warning").textContent = data.unfillable ? "This grid cannot be filled: " + data.unfillable.reason : "";
    state.heat = data.heat;
    render();
  } catch (e) {
    $("stats").textContent = e.message;
  }
}

// A random pattern around the letters and the blocks the constructor
// placed; blocks an earlier draw put in may move.
async function drawPattern() {
  const rows = state.rows.map((row, r) => row.map((v, c) => (v === "#" && state.drawn.has(r + "," + c) ? "." : v)));
  const body = { grid: rows.map((row) => row.join("")), style: $("style").value, symmetry: $("symmetry").value,
    seed: state.patterns++, min_score: minScore(), banned: state.banned, list: list() };
  report("drawing a pattern around your letters…");
  try {
    const data = await api("/api/pattern", body);
    remember();
    state.drawn = new Set();
    data.grid.forEach((row, r) => [...row].forEach((v, c) => { if (v === "#" && rows[r][c] !== "#") state.drawn.add(r + "," + c); }));
    state.rows = data.grid.map((row) => row.split(""));
    changed();
    const fills = data.fillable === true ? "it fills" : data.fillable === false ? "no pattern found fills around your letters" : "not known yet whether it fills";
    report(`pattern: ${data.words} words, ${data.blocks} blocks (${data.tried} drawn); ${fills}`, data.fillable === false);
  } catch (e) {
    report(e.message, true);
  }
}

async function loadLists(select) {
  const data = await (await fetch("/api/lists")).json();
  const keep = select || $("list").value;
  $("list").innerHTML = data.lists.map((l) => `<option>${escapeHtml(l.name)}</option>`).join("");
  $("list").title = data.lists.map((l) => `${l.name}: ${l.words} words`).join("\n");
  if (data.lists.some((l) => l.name === keep)) $("list").value = keep;
}

async function addList(file) {
  try {
    const data = await api("/api/lists", { name: file.name, text: await file.text() });
    await loadLists(data.name);
    report(data.report.split("\n")[0]);
    changed();
  } catch (e) {
    report(e.message, true);
  }
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function changed() {
  if (state.r >= height() || state.c >= width()) { state.r = 0; state.c = 0; }
  // A quality report describes one fill: it goes when the grid changes.
  if (state.reported !== gridText().join("\n")) $("quality").textContent = "";
  render();
  renderClues();
  analyze();
  askCandidates();
}

// Insert: the cell's rebus, two or more letters or digits starting with a
// letter (HEART); an empty answer takes it away.
function editRebus(r, c) {
  if (isBlock(r, c)) return;
  const key = r + "," + c;
  const mark = state.marks[key] || { circled: false, shaded: false, rebus: null };
  const text = window.prompt("Rebus for this cell (e.g. HEART); empty to remove", mark.rebus || "");
  if (text === null) return;
  const rebus = text.trim().toUpperCase();
  if (rebus && !/^[A-Z][A-Z0-9]+$/.test(rebus)) { report(`a rebus is two or more letters or digits, starting with a letter: ${rebus}`, true); return; }
  remember();
  state.marks[key] = { ...mark, rebus: rebus || null };
  setCell(r, c, rebus ? rebus[0] : ".");
  changed();
}

function onKey(e) {
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z") { restore(state.undo, state.redo); e.preventDefault(); return; }
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "y") { restore(state.redo, state.undo); e.preventDefault(); return; }
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") { save(); e.preventDefault(); return; }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const key = e.key;
  if (/^[a-zA-Z]$/.test(key)) {
    if (isBlock(state.r, state.c)) return;
    remember();
    setCell(state.r, state.c, key.toUpperCase());
    advance(1);
    changed();
  } else if (key === "Backspace" || key === "Delete") {
    if (isBlock(state.r, state.c)) return;
    remember();
    if (state.rows[state.r][state.c] === "." && key === "Backspace") advance(-1);
    setCell(state.r, state.c, ".");
    changed();
  } else if (key === "." || key === "#") {
    toggleBlock(state.r, state.c);
  } else if (key === "Insert") {
    editRebus(state.r, state.c);
  } else if (key === " " || key === "Enter") {
    state.dir = state.dir === "A" ? "D" : "A";
    render(); askCandidates();
  } else if (key === "Tab") {
    nextSlot(e.shiftKey);
  } else if (key.startsWith("Arrow")) {
    const [dr, dc] = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[key];
    const dir = dr ? "D" : "A";
    if (dir !== state.dir) { state.dir = dir; render(); askCandidates(); } else move(dr, dc);
  } else return;
  e.preventDefault();
}

function newGrid(n) {
  remember();
  state.rows = emptyGrid(n);
  state.locked.clear();
  state.drawn = new Set();
  state.title = ""; state.author = ""; state.clues = {};
  state.alternatives = {};
  state.r = 0; state.c = 0; state.dir = "A";
  changed();
}

$("grid").addEventListener("keydown", onKey);
$("grid").addEventListener("click", (e) => {
  const cell = e.target.closest(".cell");
  if (!cell) return;
  const r = +cell.dataset.r, c = +cell.dataset.c;
  if (r === state.r && c === state.c) state.dir = state.dir === "A" ? "D" : "A";
  state.r = r; state.c = c;
  render(); askCandidates();
  $("grid").focus();
});
$("new-form").addEventListener("submit", (e) => {
  e.preventDefault();
  newGrid(Math.max(3, Math.min(31, parseInt($("size").value, 10) || 15)));
  $("grid").focus();
});
$("undo").addEventListener("click", () => restore(state.undo, state.redo));
$("redo").addEventListener("click", () => restore(state.redo, state.undo));
$("fill-all").addEventListener("click", () => autofill(null));
$("lock").addEventListener("click", toggleLock);
$("open").addEventListener("click", () => $("file").click());
$("file").addEventListener("change", () => { if ($("file").files[0]) openFile($("file").files[0]); $("file").value = ""; });
$("export").addEventListener("click", exportFile);
$("draft").addEventListener("click", draftClues);
// Clues for British solvers go with a British grid, unless the
// constructor says otherwise.
$("style").addEventListener("change", () => { $("british-clues").checked = $("style").value === "british"; });
$("save").addEventListener("click", save);
$("clear").addEventListener("click", clearUnlocked);
$("fill-entry").addEventListener("click", () => {
  const slot = currentSlot();
  // Letters already in the entry stay: only its open cells may change.
  if (slot) autofill(cellsOf(slot).filter(([r, c]) => state.rows[r][c] === "."));
});
$("min-score").addEventListener("change", changed);
$("list").addEventListener("change", changed);
$("pattern").addEventListener("click", drawPattern);
$("add-list").addEventListener("click", () => $("list-file").click());
$("list-file").addEventListener("change", () => { if ($("list-file").files[0]) addList($("list-file").files[0]); $("list-file").value = ""; });

state.rows = emptyGrid(15);
loadLists().then(() => fetch("/api/start")).then((r) => r.json()).then((data) => {
  if (data.grid) {
    state.rows = data.grid.map((row) => row.split(""));
    state.title = data.title; state.author = data.author; state.clues = data.clues;
    takeMarks(data);
  }
  if (data.min_score !== undefined) $("min-score").value = data.min_score;
  if (data.file) {
    $("save").hidden = false;
    $("save").title = `Save to ${data.file} (Ctrl+S)`;
  }
}).catch(() => {}).finally(() => { changed(); $("grid").focus(); });
