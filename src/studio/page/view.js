// The studio page's DOM: drawing the state (state.js) into the page and
// reading the page's controls. Elements are built with createElement and
// textContent, never from HTML strings, so a word, clue or list name is
// always shown as text. What a click or an edit means is the caller's: the
// drawing functions take it as callbacks.

import { answerOf, cellsOf, currentSlot, keptFor, numbers, offersFor, sharedRootText, slots } from "./state.js";

export const $ = (id) => document.getElementById(id);

// An element with `props` (properties, or `dataset`) and children (nodes or
// text).
function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  const { dataset, ...rest } = props;
  Object.assign(e, rest);
  Object.assign(e.dataset, dataset || {});
  e.append(...children);
  return e;
}

// The page's settings as they stand.
export function controls() {
  return {
    size: $("size").value,
    style: $("style").value,
    symmetric: $("symmetry").value === "rotational",
    symmetry: $("symmetry").value,
    minScore: $("min-score").value,
    list: $("list").value || undefined,
    format: $("format").value,
    difficulty: $("difficulty").value,
    british: $("british-clues").checked,
  };
}

export function setMinScore(value) {
  $("min-score").value = value;
}

// Bar mode: clicks by a cell's side put in or take away bars.
export const barMode = () => $("bar-mode").getAttribute("aria-pressed") === "true";

export function setBarMode(on) {
  $("bar-mode").setAttribute("aria-pressed", String(on));
  $("grid").classList.toggle("bar-mode", on);
}

// Which side of `cell` a click (`e`) was by: "T", "R", "B" or "L" within
// the outer quarter of the cell nearest that side, else null (its middle).
export function sideClicked(cell, e) {
  const box = cell.getBoundingClientRect();
  const x = (e.clientX - box.left) / box.width, y = (e.clientY - box.top) / box.height;
  const [far, side] = [[x, "L"], [1 - x, "R"], [y, "T"], [1 - y, "B"]].sort((a, b) => a[0] - b[0])[0];
  return far < 0.25 ? side : null;
}

// The grid, with the cursor, its entry, heat, locks, marks and bars, and
// the name and letters of the entry under the cursor.
export function renderGrid(s) {
  const grid = $("grid");
  const height = s.rows.length, width = (s.rows[0] || []).length;
  grid.style.gridTemplateColumns = `repeat(${width}, var(--cell))`;
  const nums = numbers(s);
  const slot = currentSlot(s);
  const inSlot = new Set(slot ? cellsOf(slot).map(([r, c]) => r + "," + c) : []);
  const cells = [];
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const key = r + "," + c;
      const v = s.rows[r][c];
      const cls = ["cell"];
      const heat = s.heat && s.heat[r] ? s.heat[r][c] : null;
      if (v === "." && heat !== null && heat !== undefined) cls.push(heat <= 2 ? "heat2" : heat <= 6 ? "heat1" : "cool");
      if (v === "#") cls.push("block");
      if (s.locked.has(key) && v !== "#" && v !== ".") cls.push("locked");
      else if (r === s.r && c === s.c) cls.push("cursor");
      else if (inSlot.has(key)) cls.push("in-slot");
      const mark = v !== "#" ? s.marks[key] : null;
      if (mark && mark.circled) cls.push("circled");
      if (mark && mark.shaded) cls.push("shaded");
      const cell = el("div", { className: cls.join(" "), dataset: { r, c } });
      // A bar is drawn over the line between two cells, by the cell on its
      // left or above (see studio.css).
      if (s.bars.has(key + ",R")) cell.append(el("span", { className: "bar right" }));
      if (s.bars.has(key + ",B")) cell.append(el("span", { className: "bar below" }));
      if (nums[key]) cell.append(el("span", { className: "num" }, String(nums[key])));
      const rebus = mark && mark.rebus && mark.rebus[0] === v ? mark.rebus : null;
      if (rebus) cell.append(el("span", { className: "rebus" }, rebus));
      else if (v !== "#" && v !== ".") cell.append(v);
      cells.push(cell);
    }
  }
  grid.replaceChildren(...cells);
  $("slot-name").textContent = slot ? (slot.name || "…") + "  " + answerOf(s.rows, slot) : "—";
}

export function status(text, error) {
  $("status").textContent = text;
  $("status").className = error ? "error" : "";
}

export function report(text, error) {
  $("fill-report").textContent = text;
  $("fill-report").className = error ? "error" : "";
}

export function setQuality(text) {
  $("quality").textContent = text;
}

export function clearCandidates() {
  $("candidates").replaceChildren();
}

// The words for an entry, viable first marked; `on.ban(word)` and
// `on.place(word)` say what a click does.
export function showCandidates(candidates, on) {
  $("candidates").replaceChildren(...candidates.map((cand) => {
    const className = cand.viable === true ? "viable" : cand.viable === false ? "dead" : "unknown";
    const ban = el("button", { className: "ban", title: `Ban ${cand.word} from this puzzle` }, "×");
    ban.addEventListener("click", (e) => { e.stopPropagation(); on.ban(cand.word); });
    const li = el("li", { className, dataset: { word: cand.word } },
      el("span", { className: "word" }, cand.word), el("span", { className: "score" }, String(cand.score)), ban);
    if (cand.viable !== false) li.addEventListener("click", () => on.place(cand.word));
    return li;
  }));
}

export function showBanned(banned, unban) {
  $("banned-none").hidden = banned.length > 0;
  $("banned").replaceChildren(...banned.map((word) => {
    const button = el("button", { title: `Allow ${word} again` }, "unban");
    button.addEventListener("click", () => unban(word));
    return el("li", {}, el("span", {}, word), button);
  }));
}

// The clue lists under the grid, one editable line per entry, while the
// server's numbering is that of the grid's blocks (else they stay as they
// were until it comes). `on.edit(name, text)`, `on.open(name)` (null:
// closed) say what the clue boxes do.
export function renderClues(s, on) {
  const named = slots(s);
  if (!named) return;
  const lists = { A: [], D: [] };
  const current = currentSlot(s);
  for (const slot of named) {
    const input = el("input", { value: s.clues[slot.name] || "", dataset: { slot: slot.name } });
    input.setAttribute("aria-label", `clue ${slot.name}`);
    input.addEventListener("input", () => on.edit(slot.name, input.value));
    input.addEventListener("focus", () => on.open(slot.name));
    input.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && on.isOpen(slot.name)) on.open(null);
    });
    const more = el("button", { type: "button", className: "more", hidden: true });
    // How many clues the database has for the answer, so that a drafted
    // puzzle shows where there is a choice without opening every box (a
    // lone clue still shows under its box when that is focused).
    const count = keptFor(s, slot).length;
    if (count > 1) {
      more.hidden = false;
      more.dataset.slot = slot.name;
      more.textContent = `${count} ▾`;
      more.title = `The clue database's ${count} clues for ${answerOf(s.rows, slot)}`;
      more.setAttribute("aria-label", `other clues for ${slot.name}`);
      more.addEventListener("click", () => {
        if (on.isOpen(slot.name)) on.open(null); else input.focus();
      });
    }
    const li = el("li", { className: current && current.name === slot.name ? "current" : "" },
      el("b", {}, String(slot.number)), el("span", { className: "answer" }, answerOf(s.rows, slot)), input, more);
    lists[slot.name.slice(-1)].push(li);
  }
  $("across").replaceChildren(...lists.A);
  $("down").replaceChildren(...lists.D);
  renderOffers(s, on);
}

// The offers for the clue box focused last, as a list of buttons under it;
// `on.pick(name, text)` takes one.
export function renderOffers(s, on) {
  document.querySelectorAll("#clue-panel .offers").forEach((e) => e.remove());
  document.querySelectorAll("#clue-panel .more").forEach((b) => b.classList.toggle("open", b.dataset.slot === s.clueOpen));
  const slot = (slots(s) || []).find((o) => o.name === s.clueOpen);
  const input = slot && document.querySelector(`#clue-panel input[data-slot="${slot.name}"]`);
  if (!input) return;
  const offers = offersFor(s, slot);
  if (!offers.length) return;
  const list = el("ul", { className: "offers" });
  list.setAttribute("aria-label", `clues offered for ${slot.name}`);
  for (const offer of offers) {
    const notes = [];
    if (offer.uses) notes.push(`uses ${offer.uses}`);
    if (offer.takenBy) notes.push(`clue of ${offer.takenBy}`);
    const button = el("button", { type: "button", dataset: { text: offer.text } },
      el("span", { className: `level ${offer.level}` }, offer.level), el("span", { className: "text" }, offer.text),
      ...notes.map((n) => el("span", { className: "note" }, n)));
    button.classList.toggle("uses", Boolean(offer.uses || offer.takenBy));
    button.classList.toggle("chosen", offer.current);
    button.title = offer.uses ? `Uses ${offer.uses}, which is in the grid` : offer.takenBy ? `Already the clue of ${offer.takenBy}` : "Use this clue";
    // The clue box keeps the focus, so that the offers stay and the
    // picked clue can be edited at once.
    button.addEventListener("mousedown", (e) => e.preventDefault());
    button.addEventListener("click", () => {
      input.value = offer.text;
      on.pick(slot.name, offer.text);
      input.focus();
    });
    list.append(el("li", {}, button));
  }
  input.closest("li").append(list);
}

// An /api/analyze reply for a grid with `bars` bars: counts, entries
// sharing a root, the first rule breaks, and whether the grid can be
// filled at all.
export function showAnalysis(data, bars) {
  $("stats").textContent = `${data.height}×${data.width} · ${data.words} words · ${data.blocks} blocks` +
    (bars ? ` · ${bars} bar${bars === 1 ? "" : "s"}` : "");
  $("shared-roots").replaceChildren(...data.shared_roots.map((p) => el("li", {}, sharedRootText(p))));
  $("violations").replaceChildren(...data.violations.slice(0, 8).map((v) => el("li", {}, v)));
  $("warning").textContent = data.unfillable ? "This grid cannot be filled: " + data.unfillable.reason : "";
}

export function showAnalysisError(message) {
  $("stats").textContent = message;
}

// The word lists to choose from, keeping `keep` chosen if it is one.
export function showLists(data, keep) {
  const select = $("list");
  const chosen = keep || select.value;
  select.replaceChildren(...data.lists.map((l) => el("option", {}, l.name)));
  select.title = data.lists.map((l) => `${l.name}: ${l.words} words`).join("\n");
  if (data.lists.some((l) => l.name === chosen)) select.value = chosen;
}

export function showSave(file) {
  $("save").hidden = false;
  $("save").title = `Save to ${file} (Ctrl+S)`;
}

export const canSave = () => !$("save").hidden;

// Hands the browser a file to download.
export function download(blob, name) {
  const link = el("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(link);
  link.click();
  link.remove();
}
