// The lobby's live lists: /ws/lobby/ sends {"type": "tables", "tables": [open quick tables...],
// "playing": [public tables in play...]} on connect and after every change. Without JS (or without a socket) the server-rendered list stays.
// Strings come from the "lobby-strings" JSON blob (translated by Django); names go in as text only.

const S = JSON.parse(document.getElementById("lobby-strings").textContent);
const list = document.getElementById("open-tables");
const live = document.getElementById("lobby-live");
const playingList = document.getElementById("playing-tables");

function fmt(template, values = {}) {
  return String(template).replace(/%\((\w+)\)[sd]/g, (_, key) => (key in values ? String(values[key]) : ""));
}

/** A number as printed: negative numbers take the typographic minus, like the table page. */
const num = (n) => (typeof n === "number" && n < 0 ? `−${Math.abs(n)}` : String(n));

function span(cls, text) {
  const el = document.createElement("span");
  el.className = cls;
  el.textContent = text;
  return el;
}

function csrfToken() {
  const input = document.querySelector("input[name=csrfmiddlewaretoken]");
  return input ? input.value : "";
}

function emptyItem(text) {
  const li = document.createElement("li");
  li.className = "open-tables-empty";
  li.textContent = text;
  return li;
}

/** "Join": a plain POST form (the server seats the visitor, or asks for a nickname first). */
function joinForm(table) {
  const form = document.createElement("form");
  form.method = "post";
  form.action = table.join_url;
  form.className = "open-table-join";
  const token = document.createElement("input");
  token.type = "hidden";
  token.name = "csrfmiddlewaretoken";
  token.value = csrfToken();
  const button = document.createElement("button");
  button.type = "submit";
  button.className = "btn-join";
  button.textContent = S.join;
  button.setAttribute("aria-label", fmt(S.join_table, { id: table.id }));
  form.append(token, button);
  return form;
}

function render(tables) {
  const items = [];
  for (const table of tables) {
    const li = document.createElement("li");
    li.className = "open-table";
    li.dataset.table = String(table.id);
    li.append(span("open-table-name", fmt(S.table, { id: table.id })));
    const taken = table.seats_taken ?? 0;
    li.append(span("open-table-seats", S.seats[taken] ?? fmt(S.seats[S.seats.length - 1], { taken })));
    if (Array.isArray(table.players) && table.players.length) li.append(span("open-table-players", table.players.join(", ")));
    if (table.rules) li.append(span("open-table-rules", String(table.rules)));
    li.append(span("open-table-status", S[table.status] || S.waiting));
    if (typeof table.join_url === "string" && table.join_url.startsWith("/")) li.append(joinForm(table));
    items.push(li);
  }
  if (!items.length) items.push(emptyItem(S.empty));
  list.replaceChildren(...items);
}

/** The public tables in play, each with a link to watch it. */
function renderPlaying(tables) {
  if (!playingList) return;
  const items = [];
  for (const table of tables) {
    const li = document.createElement("li");
    li.className = "open-table playing-table";
    li.dataset.table = String(table.id);
    li.append(span("open-table-name", fmt(S.table, { id: table.id })));
    if (Array.isArray(table.players) && table.players.length) li.append(span("open-table-players", table.players.join(", ")));
    if (table.rules) li.append(span("open-table-rules", String(table.rules)));
    const score = table.score;
    if (score) li.append(span("open-table-score", fmt(S.score, { ns: num(score.NS ?? 0), ew: num(score.EW ?? 0) })));
    if (typeof table.url === "string" && table.url.startsWith("/")) {
      const link = document.createElement("a");
      link.className = "btn-watch";
      link.href = table.url;
      link.textContent = S.watch;
      link.setAttribute("aria-label", fmt(S.watch_table, { id: table.id }));
      li.append(link);
    }
    items.push(li);
  }
  if (!items.length) items.push(emptyItem(S.none_playing));
  playingList.replaceChildren(...items);
}

/** One frame of /ws/lobby/: either list may be absent (then it stays as it is). */
function onFrame(frame) {
  if (!frame || frame.type !== "tables") return;
  if (Array.isArray(frame.tables)) render(frame.tables);
  if (Array.isArray(frame.playing)) renderPlaying(frame.playing);
}

let attempts = 0;
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/lobby/?lang=${encodeURIComponent(document.documentElement.lang || "")}`);
  socket.addEventListener("open", () => {
    attempts = 0;
    live.hidden = false;
    live.title = S.live;
  });
  socket.addEventListener("message", (event) => {
    let frame;
    try {
      frame = JSON.parse(event.data);
    } catch {
      return;
    }
    onFrame(frame);
  });
  socket.addEventListener("close", () => {
    live.hidden = true;
    // Exponential backoff with jitter: 0.5 s, 1 s, 2 s ... up to 30 s.
    const base = Math.min(30000, 500 * 2 ** attempts);
    attempts += 1;
    setTimeout(connect, base / 2 + Math.random() * (base / 2));
  });
}

if (list && "WebSocket" in window) connect();
