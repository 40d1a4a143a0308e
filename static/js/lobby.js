// The lobby's live list of open quick tables: /ws/lobby/ sends {"type": "tables", "tables": [...]}
// on connect and after every change. Without JS (or without a socket) the server-rendered list stays.
// Strings come from the "lobby-strings" JSON blob (translated by Django); names go in as text only.

const S = JSON.parse(document.getElementById("lobby-strings").textContent);
const list = document.getElementById("open-tables");
const live = document.getElementById("lobby-live");

function fmt(template, values = {}) {
  return String(template).replace(/%\((\w+)\)[sd]/g, (_, key) => (key in values ? String(values[key]) : ""));
}

function span(cls, text) {
  const el = document.createElement("span");
  el.className = cls;
  el.textContent = text;
  return el;
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
    items.push(li);
  }
  if (!items.length) {
    const li = document.createElement("li");
    li.className = "open-tables-empty";
    li.textContent = S.empty;
    items.push(li);
  }
  list.replaceChildren(...items);
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
    if (frame.type === "tables" && Array.isArray(frame.tables)) render(frame.tables);
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
