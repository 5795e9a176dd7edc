// The studio's JSON API as the page calls it: one function per call, each
// a fetch that resolves to the reply's data or rejects with the server's
// message (the error's `data` holds the whole error reply). No DOM here,
// and no state: what to send is the caller's.

async function post(path, body, signal) {
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

async function get(path) {
  return (await fetch(path)).json();
}

export const start = () => get("/api/start");
export const lists = () => get("/api/lists");
export const addList = (name, text) => post("/api/lists", { name, text });
export const candidates = (body, signal) => post("/api/candidates", body, signal);
export const fill = (body) => post("/api/fill", body);
export const analyze = (body) => post("/api/analyze", body);
export const pattern = (body) => post("/api/pattern", body);
export const clues = (body) => post("/api/clues", body);
export const save = (body) => post("/api/save", body);
export const importFile = (name, bytes) => post("/api/import", { name, bytes });

// `POST /api/export`: the file as a blob, and the name the server gives it
// (else `puzzle.FORMAT`).
export async function exportFile(body) {
  const response = await fetch("/api/export", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error((await response.json()).error);
  const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") || "");
  return { blob: await response.blob(), name: name ? name[1] : "puzzle." + body.format };
}
