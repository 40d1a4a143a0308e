// The live table page: renders the server's state frames (docs/protocol.md) and sends the
// player's actions over /ws/tables/<id>/. No build step: an ES module the browser loads as is.
// Every string shown comes from the "table-strings" JSON blob rendered (and translated) by Django;
// every name or chat text is inserted with textContent, never as HTML.

const SEATS = ["N", "E", "S", "W"];
const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANKS = "23456789TJQKA";
// A completed trick stays on the felt this long, even when the next trick has begun (the server
// waits TRICK_PAUSE_SECONDS, 1.5 s, before the next lead or turn clock; a frame may arrive late):
// long enough to read the four cards and the winner.
// Meanwhile the next trick's cards wait, and so do my cards (I could not see what was led).
const FLASH_MS = 1500;
const TOAST_MS = 4500;
const CHAT_PREF_KEY = "atout-pique.chat";

const readJSON = (id) => {
  const node = document.getElementById(id);
  return node ? JSON.parse(node.textContent) : null;
};
const cfg = readJSON("table-config");
const S = readJSON("table-strings");
// More strings, rendered as data attributes by the template (see table.html).
const U = (() => {
  const node = document.getElementById("table-ui-strings");
  const d = node ? node.dataset : {};
  return {
    compass: { N: d.seatN || "N", E: d.seatE || "E", S: d.seatS || "S", W: d.seatW || "W" },
    relative: { left: d.relLeft || "←", right: d.relRight || "→", top: d.relPartner || "↑" },
    bot: d.bot || "Bot",
    nameAt: d.nameAt || "%(name)s (%(seat)s)",
    takesTrick: d.takesTrick || "",
    trickFor: d.trickFor || "%(name)s",
    contractsTeams: d.contractsTeams || "%(ns)s / %(ew)s",
    kicked: d.kicked || "",
    watchingWaiting: d.watchingWaiting || "",
  };
})();
let state = readJSON("table-state");

// ---------------------------------------------------------------- small helpers

/** Fill "%(name)s" placeholders (Django's style, so translators see one syntax). */
function fmt(template, values = {}) {
  return String(template).replace(/%\((\w+)\)[sd]/g, (_, key) => (key in values ? String(values[key]) : ""));
}

/** Build an element; strings become text nodes (never HTML). */
function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

const $ = (selector, root = document) => root.querySelector(selector);
const nextSeat = (seat) => SEATS[(SEATS.indexOf(seat) + 1) % 4];
const partnerOf = (seat) => SEATS[(SEATS.indexOf(seat) + 2) % 4];
const teamOf = (seat) => (seat === "N" || seat === "S" ? "NS" : "EW");
const teamSeats = (team) => (team === "NS" ? ["N", "S"] : ["E", "W"]);

function cardInfo(code) {
  const known = S.cards && S.cards[code];
  const rank = known ? known[0] : code[0] === "T" ? "10" : code[0];
  return { rank, name: known ? known[1] : code, suit: code[1] };
}

/** A face-up card, the same markup as the {% card %} template tag (cards.css). */
function cardFace(code, tag = "span", extra = {}) {
  const info = cardInfo(code);
  const props = { class: `card suit-${info.suit.toLowerCase()}`, dataset: { card: code }, ...extra };
  if (tag === "span") {
    props.role = "img";
    props["aria-label"] = info.name;
  } else {
    props["aria-label"] = info.name;
  }
  return h(tag, props, h("span", { class: "card-rank", text: info.rank }),
    h("span", { class: "card-suit", "aria-hidden": "true", text: SUIT_SYMBOLS[info.suit] }));
}

const cardBack = () => h("span", { class: "card card-back", "aria-hidden": "true" });

function bidLabel(bid) {
  if (bid === null || bid === undefined) return "";
  if (bid === "nil") return S.nil;
  if (bid === "blind_nil") return S.blind_nil;
  return String(bid);
}

/** A number as printed: negative numbers take the typographic minus "−", like the rules pages. */
function num(n) {
  return typeof n === "number" && n < 0 ? `−${Math.abs(n)}` : String(n ?? "");
}

function signed(points) {
  return points > 0 ? `+${points}` : points < 0 ? `−${Math.abs(points)}` : "0";
}

// ---------------------------------------------------------------- the table's public facts

/** The table part of a state frame (games/state.py: table facts plus the viewer's "me" part). */
function facts(st) {
  const table = (st && st.table) || {};
  const view = (st && st.view) || {};
  const me = table.me || {};
  const seats = {};
  for (const pos of SEATS) seats[pos] = { position: pos, kind: "empty", name: S.empty_seat };
  for (const raw of table.seats || []) {
    if (!SEATS.includes(raw.position)) continue;
    const kind = ["human", "bot"].includes(raw.kind) ? raw.kind : "empty";
    seats[raw.position] = {
      position: raw.position,
      kind,
      name: raw.name || (kind === "empty" ? S.empty_seat : "?"),
      botLevel: raw.bot_level || null,
      connected: raw.connected !== false,
      standin: !!raw.standin,
      host: !!raw.host,
      isYou: false,
    };
  }
  const mySeat = SEATS.includes(me.seat) ? me.seat : SEATS.includes(view.seat) ? view.seat : null;
  if (mySeat) seats[mySeat].isYou = true;
  distinctNames(seats, mySeat);
  return {
    id: table.id,
    kind: table.kind || "quick",
    status: table.status || "waiting",
    seats,
    mySeat,
    isHost: me.host === true,
    standin: me.standin === true,
    mutes: new Set(me.mutes || []),
    deadline: parseTime(table.deadline),
    turnSeconds: table.turn_seconds ?? null,
    botsAt: parseTime(table.bots_at),
    chatEnabled: table.chat_enabled !== false,
    chatMax: table.chat_max_length || cfg.chatMaxLength,
    serverNow: parseTime(table.now ?? st.now),
  };
}

/** Give every seat a name no other seat shares. Bots are named by seat ("West bot (Normal)"), so
 * this is for people with the same nickname (or a person who took a bot's name): a bot among them
 * becomes "Bot (on the left)", a person "Léa (partner)": where they sit as this viewer sees the
 * felt (a compass point would read backwards once the felt is turned to put the viewer at the
 * bottom). A spectator, who sees South at the bottom, gets compass points. */
function distinctNames(seats, mySeat) {
  const count = {};
  for (const pos of SEATS) count[seats[pos].name] = (count[seats[pos].name] || 0) + 1;
  const around = positionsFor(mySeat);
  for (const pos of SEATS) {
    const seat = seats[pos];
    seat.display = seat.name;
    if (seat.kind === "empty" || seat.isYou || count[seat.name] < 2) continue;
    const slot = Object.keys(around).find((k) => around[k] === pos);
    const where = mySeat ? U.relative[slot] : U.compass[pos];
    seat.display = fmt(U.nameAt, { name: seat.kind === "bot" ? U.bot : seat.name, seat: where });
  }
}

/** A time from the state: ISO string, epoch seconds or epoch milliseconds; null if absent. */
function parseTime(value) {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number") return value < 1e12 ? value * 1000 : value;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

// ---------------------------------------------------------------- state kept between frames

let F = facts(state);
let wasSeated = !!F.mySeat; // a seated viewer who loses the seat before the start was removed by the host
let clockOffset = F.serverNow ? F.serverNow - Date.now() : 0;
let flash = null; // {trick, until}: the trick just completed, shown a moment before it is cleared
let overlay = null; // "hand" | "last" | "over" | null
let overlayHand = null; // hand_number of the result shown
let dismissedHand = 0;
let pending = false; // an action was sent and its state has not come back yet
let lastAnnounced = "";
let hint = null; // {hand_number, ...estimate}
let hintLoading = false;
const chatSeen = new Set();

function positionsFor(mySeat) {
  const bottom = mySeat || "S";
  const left = nextSeat(bottom);
  return { bottom, left, top: partnerOf(bottom), right: partnerOf(left) };
}

function slotOf(seat) {
  const pos = positionsFor(F.mySeat);
  return Object.keys(pos).find((k) => pos[k] === seat);
}

function seatName(seat) {
  const s = F.seats[seat];
  return s ? s.display || s.name : seat;
}

function teamNames(team) {
  return fmt(S.partners, { a: seatName(teamSeats(team)[0]), b: seatName(teamSeats(team)[1]) });
}

function teamLabel(team) {
  if (F.mySeat && teamOf(F.mySeat) === team) return S.team_us;
  if (F.mySeat) return S.team_them;
  return team === "NS" ? S.team_ns : S.team_ew;
}

const legal = () => (state.view && state.view.legal) || [];
const legalBids = () => legal().filter((a) => a.type === "bid").map((a) => a.bid);
const legalCards = () => new Set(legal().filter((a) => a.type === "play").map((a) => a.card));
const canLook = () => legal().some((a) => a.type === "look");

// ---------------------------------------------------------------- rendering

function render() {
  renderBanner();
  renderSeats();
  renderTrick();
  renderHandArea();
  renderScores();
  renderOverlay();
  renderChatAccess();
  announceTurn();
  tick();
}

function renderBanner() {
  const away = $("#standin-banner");
  if (away) away.hidden = !F.standin;
  const leave = $("#leave-form");
  if (leave) leave.hidden = !F.mySeat || closed();
  const status = $("#table-status");
  if (!status) return;
  const view = state.view || {};
  let text = S.status_waiting;
  if (F.status === "playing" && view.hand_number) text = fmt(S.status_hand, { n: view.hand_number });
  if (F.status === "finished" || view.phase === "over") text = S.status_over;
  if (closed()) text = S.status_closed;
  status.textContent = text;
}

function renderSeats() {
  const view = state.view || {};
  const pos = positionsFor(F.mySeat);
  const waiting = F.status === "waiting";
  for (const [slot, seat] of Object.entries(pos)) {
    const box = $(`#seat-${slot}`);
    if (!box) continue;
    const info = F.seats[seat];
    const isTurn = !waiting && !closed() && view.to_move === seat && !flashing();
    const tookTrick = flashing() && flash.trick.winner === seat;
    box.className = `seat seat-${slot}${isTurn ? " is-turn" : ""}${tookTrick ? " took-trick" : ""}${info.kind === "empty" ? " is-empty" : ""}`;
    box.dataset.seat = seat;
    const nameLine = h("div", { class: "seat-name", title: info.name }, seatName(seat),
      info.isYou ? h("span", { class: "seat-you", text: ` ${S.you}` }) : null,
      view.dealer === seat && !waiting ? h("span", { class: "seat-dealer", title: S.dealer, "aria-label": S.dealer, text: S.dealer_short }) : null);
    const meta = h("div", { class: "seat-meta" });
    if (info.host && F.kind === "private") meta.append(h("span", { text: S.host }));
    if (info.standin) meta.append(h("span", { class: "seat-offline", text: S.standin }));
    if (!waiting && view.bids) {
      const bid = view.bids[seat];
      meta.append(h("span", {}, `${S.bid_short} `, h("b", { text: bid === null || bid === undefined ? "–" : bidLabel(bid) })));
      meta.append(h("span", {}, `${S.tricks_short} `, h("b", { text: String((view.tricks_won || {})[seat] ?? 0) })));
    }
    // "Away: a bot plays" already says it; "disconnected" only while the seat still waits for them.
    if (!info.connected && info.kind === "human" && !info.standin) meta.append(h("span", { class: "seat-offline", text: S.offline }));
    const parts = [nameLine, meta];
    if (tookTrick && U.takesTrick) parts.push(h("div", { class: "seat-won", text: U.takesTrick }));
    if (isTurn) {
      parts.push(h("div", { class: "seat-turn" }, h("span", { class: "seat-clock", dataset: { clock: seat } })));
      if (F.deadline) parts.push(h("div", { class: "seat-timer", dataset: { timer: seat } }, h("span")));
    }
    if (slot !== "bottom" && !waiting && view.hand_counts && view.phase !== "over") {
      const n = view.hand_counts[seat];
      parts.push(h("div", { class: "seat-backs", title: fmt(S.cards_left, { n }) },
        h("span", { class: "mini-back", "aria-hidden": "true" }), h("span", { class: "mini-count", text: fmt(S.cards_count, { n }) })));
    }
    const tools = h("div", { class: "seat-tools" });
    if (info.kind === "human" && !info.isYou && F.mySeat) {
      const muted = F.mutes.has(seat);
      tools.append(h("button", {
        type: "button", "aria-pressed": muted ? "true" : "false",
        "aria-label": fmt(muted ? S.unmute_name : S.mute_name, { name: seatName(seat) }),
        text: muted ? S.unmute : S.mute, onclick: () => toggleMute(seat),
      }));
    }
    if (waiting && F.isHost && info.kind !== "empty" && !info.isYou && cfg.urls.kick) {
      tools.append(h("button", {
        type: "button", "aria-label": fmt(S.kick_name, { name: seatName(seat) }), text: S.kick,
        onclick: () => postForm(cfg.urls.kick, { position: seat }),
      }));
    }
    if (tools.childElementCount) parts.push(tools);
    box.replaceChildren(...parts);
  }
}

function renderTrick() {
  const area = $("#trick-area");
  if (!area) return;
  const view = state.view || {};
  const cards = (view.trick && view.trick.cards) || [];
  const nodes = [];
  let shown = null;
  let winner = null;
  if (flashing()) {
    shown = flash.trick.cards;
    winner = flash.trick.winner;
  } else if (cards.length && !closed()) shown = cards;
  if (shown) {
    for (const play of shown) {
      const name = seatName(play.seat);
      const label = `${cardInfo(play.card).name} — ${play.seat === winner ? fmt(U.trickFor, { name }) : name}`;
      nodes.push(h("div", { class: `trick-slot slot-${slotOf(play.seat)}${play.seat === winner ? " is-winner" : ""}` },
        cardFace(play.card, "span", { title: label, "aria-label": label })));
    }
    area.classList.toggle("is-complete", !!winner);
  } else if (closed()) {
    nodes.push(h("div", { class: "trick-note" }, h("strong", { text: S.status_closed })));
  } else if (F.status === "waiting") {
    const note = h("div", { class: "trick-note" }, h("strong", { text: S.waiting_title }));
    const free = SEATS.filter((s) => F.seats[s].kind === "empty").length;
    note.append(h("span", { text: fmt(S.free_seats, { n: free }) }));
    if (F.kind === "quick") note.append(h("br"), h("span", { dataset: { botsClock: "1" }, text: S.bots_soon }));
    else if (!F.isHost) note.append(h("br"), h("span", { text: S.host_will_start }));
    nodes.push(note);
  } else if (view.phase === "bidding") {
    const line = F.mySeat ? fmt(S.contracts_line, contractsText()) : fmt(U.contractsTeams, contractsText());
    nodes.push(h("div", { class: "trick-note" }, h("strong", { text: S.bidding_title }), h("span", { text: line })));
  }
  if (!shown) area.classList.remove("is-complete");
  area.replaceChildren(...nodes);
  const broken = $("#spades-broken");
  if (broken) broken.hidden = !(view.spades_broken && view.phase === "playing");
}

/** True while a just-completed trick is held on the felt. */
function flashing() {
  return !!flash && flash.until > Date.now();
}

function contractsText() {
  const view = state.view || {};
  const out = {};
  for (const team of ["NS", "EW"]) {
    const c = view.contracts && view.contracts[team];
    out[team] = c === null || c === undefined ? "…" : String(c);
  }
  return {
    us: out[F.mySeat ? teamOf(F.mySeat) : "NS"], them: out[F.mySeat ? (teamOf(F.mySeat) === "NS" ? "EW" : "NS") : "EW"],
    ns: out.NS, ew: out.EW,
  };
}

function renderHandArea() {
  const view = state.view || {};
  const area = $("#hand-area");
  if (!area) return;
  const focused = document.activeElement;
  const inside = !!focused && area.contains(focused);
  const focusKey = inside ? focused.dataset.card || focused.dataset.bid || focused.dataset.key || focused.id : null;
  const parts = [];
  const urgent = view.phase === "playing" ? canPlayNow() : isMyTurn();
  parts.push(h("p", { class: `hand-prompt${urgent ? " is-you" : ""}`, id: "hand-prompt", text: promptText() }));
  if (closed()) {
    // Closed for lack of players (docs/protocol.md): nothing to play, only where to go next.
    area.replaceChildren(...parts, closedPanel());
    return;
  }
  if (F.status === "waiting" && F.mySeat) parts.push(waitingPanel());
  if (F.mySeat && view.phase !== "over" && F.status !== "waiting") parts.push(handRow());
  if (F.mySeat && view.phase === "bidding" && (legalBids().length || canLook())) parts.push(bidPanel());
  area.replaceChildren(...parts.filter(Boolean));
  if (inside) restoreFocus(area, focusKey);
  if (isMyTurn() && view.phase === "bidding" && view.hand && !view.hand_hidden) loadHint();
}

/** Keep a keyboard player's focus in the hand area across renders: the same button if it is still
 * there and enabled, else the first playable card, else the hand itself (arrows work from there). */
function restoreFocus(area, key) {
  const same = key ? area.querySelector(`[data-card="${key}"], [data-bid="${key}"], [data-key="${key}"], #${CSS.escape(key)}`) : null;
  if (same && !same.disabled) {
    same.focus();
    return;
  }
  const target = area.querySelector(".hand button.card:not([disabled])") || area.querySelector(".bid-panel button:not([disabled])") || area.querySelector("#hand");
  if (target) target.focus({ preventScroll: true });
}

function isMyTurn() {
  return !!F.mySeat && state.view && state.view.to_move === F.mySeat && F.status !== "waiting" && !closed();
}

/** The table was closed by the server because no seated person was connected for a long time. */
function closed() {
  return F.status === "abandoned";
}

/** What a closed table offers: play again (a seated player) and the way back to the lobby. */
function closedPanel() {
  const actions = h("div", { class: "closed-actions" });
  if (F.mySeat && cfg.urls.rematch) {
    actions.append(h("form", { method: "post", action: cfg.urls.rematch, class: "inline-form" },
      h("input", { type: "hidden", name: "csrfmiddlewaretoken", value: csrfToken() }),
      h("button", { type: "submit", class: "btn btn-primary", id: "rematch", text: S.rematch })), " ");
  }
  actions.append(h("a", { class: "btn", href: cfg.urls.lobby, id: "back-to-lobby", text: S.back_to_lobby }));
  return h("section", { class: "closed-panel", id: "closed-panel" }, actions);
}

/** My turn to play, and the felt shows the trick I play to (not the one just taken). */
function canPlayNow() {
  return isMyTurn() && (state.view || {}).phase === "playing" && !flashing();
}

function promptText() {
  const view = state.view || {};
  if (!F.mySeat) {
    if (closed()) return S.table_closed;
    if (F.status !== "waiting") return S.spectating;
    return wasSeated && U.kicked ? U.kicked : U.watchingWaiting;
  }
  if (closed()) return S.table_closed;
  if (F.status === "waiting") return "";
  if (view.phase === "over") return "";
  if (flashing() && view.phase === "playing") return fmt(U.trickFor, { name: seatName(flash.trick.winner) });
  if (isMyTurn()) return view.phase === "bidding" ? S.your_bid : S.your_play;
  if (view.to_move) return fmt(view.phase === "bidding" ? S.waiting_bid : S.waiting_play, { name: seatName(view.to_move) });
  return "";
}

function waitingPanel() {
  const panel = h("section", { class: "waiting-panel", "aria-labelledby": "waiting-title" });
  panel.append(h("h2", { id: "waiting-title", text: F.kind === "private" ? S.private_waiting : S.quick_waiting }));
  if (F.kind === "private" && cfg.inviteUrl && F.isHost) {
    const input = h("input", { type: "text", readonly: true, value: cfg.inviteUrl, id: "invite-link", "aria-label": S.invite_link });
    const copy = h("button", { type: "button", class: "btn", "data-key": "copy", text: S.copy });
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(cfg.inviteUrl);
      } catch {
        input.select();
        document.execCommand && document.execCommand("copy");
      }
      copy.textContent = S.copied;
      setTimeout(() => (copy.textContent = S.copy), 2000);
    });
    panel.append(h("p", { text: S.invite_help }), h("div", { class: "invite-row" }, input, copy));
  }
  if (F.isHost && cfg.urls.start) {
    panel.append(h("p", {}, h("button", {
      type: "button", class: "btn btn-primary", "data-key": "start", text: S.start_now,
      onclick: () => postForm(cfg.urls.start, {}),
    }), " ", h("small", { text: S.start_help })));
  } else if (F.kind === "quick") {
    panel.append(h("p", { text: S.quick_help }));
  }
  return panel;
}

function bidPanel() {
  const view = state.view || {};
  const bids = legalBids();
  const mine = isMyTurn();
  const panel = h("section", { class: "bid-panel", "aria-labelledby": "bid-title" });
  // When it is my turn the prompt above already says so: the title is for screen readers only.
  panel.append(h("h2", { id: "bid-title", class: mine ? "visually-hidden" : null, text: mine ? S.bid_title : S.bid_wait }));
  if (mine && !view.hand_hidden) {
    const grid = h("div", { class: "bid-grid", role: "group", "aria-label": S.bid_title });
    for (let n = 0; n <= 13; n++) {
      const ok = bids.includes(n);
      grid.append(h("button", {
        type: "button", dataset: { bid: String(n) }, disabled: !ok || pending,
        class: hint && hint.hand_number === view.hand_number && hint.bid === n ? "is-hint" : null,
        "aria-label": fmt(S.bid_n, { n }), text: String(n), onclick: () => send({ type: "bid", bid: n }),
      }));
    }
    panel.append(grid);
  }
  const special = h("div", { class: "bid-special" });
  if (mine && bids.includes("nil")) {
    special.append(h("button", { type: "button", dataset: { bid: "nil" }, disabled: pending, text: S.nil, onclick: () => send({ type: "bid", bid: "nil" }) }));
  }
  if (mine && bids.includes("blind_nil")) {
    special.append(h("button", {
      type: "button", dataset: { bid: "blind_nil" }, disabled: pending, text: S.blind_nil,
      onclick: () => { if (window.confirm(S.blind_nil_confirm)) send({ type: "bid", bid: "blind_nil" }); },
    }));
  }
  if (canLook()) {
    special.append(h("button", { type: "button", class: "look", dataset: { bid: "look" }, disabled: pending, text: S.look, onclick: () => send({ type: "look" }) }));
  }
  if (special.childElementCount) panel.append(special);
  if (view.hand_hidden && canLook()) panel.append(h("p", { class: "bid-hint", text: S.blind_help }));
  if (mine && hint && hint.hand_number === view.hand_number && !view.hand_hidden) {
    panel.append(h("p", { class: "bid-hint", text: fmt(S.hint_line, { bid: hint.bid, total: formatNumber(hint.total) }) }));
  }
  return panel;
}

function formatNumber(x) {
  return new Intl.NumberFormat(document.documentElement.lang || undefined, { maximumFractionDigits: 1 }).format(x);
}

function handRow() {
  const view = state.view || {};
  const row = h("div", { class: "hand", role: "group", "aria-label": S.your_hand, id: "hand", tabindex: "-1" });
  if (view.hand_hidden || !view.hand) {
    const n = (view.hand_counts && view.hand_counts[F.mySeat]) || 13;
    for (let i = 0; i < n; i++) row.append(cardBack());
    row.setAttribute("aria-label", S.hand_hidden);
    return row;
  }
  const playable = legalCards();
  const myPlay = isMyTurn() && view.phase === "playing" && !flashing();
  if (!myPlay) row.classList.add("is-waiting");
  let firstEnabled = true;
  for (const code of view.hand) {
    const ok = myPlay && playable.has(code) && !pending;
    const btn = cardFace(code, "button", {
      type: "button", disabled: !ok, class: `card suit-${code[1].toLowerCase()}${ok ? " is-legal" : ""}`,
      tabindex: ok && firstEnabled ? "0" : "-1",
    });
    if (ok) firstEnabled = false;
    btn.addEventListener("click", () => send({ type: "play", card: code }));
    row.append(btn);
  }
  row.addEventListener("keydown", onHandKey);
  return row;
}

/** Arrow keys move the focus among the playable cards; Enter and Space play (native buttons). */
function onHandKey(event) {
  const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };
  if (!(event.key in keys)) return;
  const cards = [...event.currentTarget.querySelectorAll("button.card:not([disabled])")];
  if (!cards.length) return;
  event.preventDefault();
  let i = cards.indexOf(document.activeElement); // -1 when the focus is on the hand itself
  const step = keys[event.key];
  if (step === "first") i = 0;
  else if (step === "last") i = cards.length - 1;
  else i = i < 0 ? 0 : (i + step + cards.length) % cards.length;
  cards.forEach((c, k) => (c.tabIndex = k === i ? 0 : -1));
  cards[i].focus();
}

function renderScores() {
  const board = $("#scoreboard");
  if (!board) return;
  const view = state.view || {};
  if (!state.view) {
    board.replaceChildren(h("h2", { text: S.scores_title }), h("p", { class: "target-note", text: S.scores_waiting }));
    return;
  }
  const rules = view.rules || cfg.rules || {};
  const teams = F.mySeat ? [teamOf(F.mySeat), teamOf(F.mySeat) === "NS" ? "EW" : "NS"] : ["NS", "EW"];
  const head = h("tr", {}, h("th", { scope: "col" }, h("span", { class: "visually-hidden", text: S.team })));
  for (const team of teams) {
    const names = teamNames(team);
    head.append(h("th", { scope: "col", class: F.mySeat && teamOf(F.mySeat) === team ? "is-us" : null }, teamLabel(team), h("span", { class: "team-names", text: names })));
  }
  const row = (label, fn, cls) => h("tr", {}, h("th", { scope: "row", text: label }), ...teams.map((t) => h("td", { class: cls || null }, fn(t))));
  const scores = view.scores || {};
  const bagLimit = rules.bag_limit;
  const body = h("tbody", {},
    row(S.score, (t) => h("span", { class: "score-big", text: num((scores[t] || {}).score ?? 0) })),
    row(S.contract, (t) => contractCell(t)),
    row(S.tricks, (t) => String(teamSeats(t).reduce((a, s) => a + ((view.tricks_won || {})[s] || 0), 0))),
    row(S.bags, (t) => {
      const n = (scores[t] || {}).bags ?? 0;
      if (!bagLimit) return String(n);
      // Two bags or fewer from the penalty: in red, the moment to stop taking extra tricks.
      return h("span", { class: n >= bagLimit - 2 ? "bags-near" : null, text: fmt(S.bags_cycle, { n, limit: bagLimit }) });
    }),
  );
  const table = h("table", {}, h("caption", { class: "visually-hidden", text: S.scores_title }), h("thead", {}, head), body);
  const parts = [h("h2", { text: S.scores_title }), table];
  if (rules.target) {
    let note = fmt(S.target_note, { target: rules.target });
    if (rules.loss_floor !== null && rules.loss_floor !== undefined) note += " " + fmt(S.floor_note, { floor: num(rules.loss_floor) });
    parts.push(h("p", { class: "target-note", text: note }));
  }
  const last = (view.history || []).at(-1);
  if (last) parts.push(breakdown(last, teams, "breakdown-side"));
  board.replaceChildren(...parts);
}

function contractCell(team) {
  const view = state.view || {};
  const c = view.contracts && view.contracts[team];
  const nils = teamSeats(team).filter((s) => view.bids && (view.bids[s] === "nil" || view.bids[s] === "blind_nil"));
  const nilText = nils.map((s) => bidLabel(view.bids[s])).join(" + ");
  if (c === null || c === undefined) return nils.length ? `${nilText} + …` : "–";
  return nils.length ? `${c} + ${nilText}` : String(c);
}

/** The scoring of one finished hand, line by line, for both partnerships (history entry). */
function breakdown(entry, teams, id, titled = true) {
  const box = h("div", { class: "breakdown", id, "data-hand": String(entry.hand_number) });
  if (titled) box.append(h("h3", { text: fmt(S.hand_result_title, { n: entry.hand_number }) }));
  for (const team of teams) {
    const d = entry[team];
    if (!d) continue;
    const lines = h("ul");
    const line = (label, pts, cls) => h("li", { class: cls || null }, h("span", { text: label }),
      pts === null ? null : h("span", { class: `pts${pts < 0 ? " neg" : ""}`, text: signed(pts) }));
    if (d.contract > 0) {
      const label = fmt(d.made ? S.line_contract_made : S.line_contract_set, { contract: d.contract, tricks: d.tricks });
      lines.append(line(label, d.contract_points));
      if (d.made && d.overtricks > 0) lines.append(line(fmt(S.line_overtricks, { n: d.overtricks }), d.overtricks));
    } else {
      lines.append(line(fmt(S.line_zero, { tricks: d.tricks }), null));
    }
    for (const nil of d.nil || []) {
      const tmpl = nil.bid === "blind_nil" ? (nil.success ? S.line_blind_ok : S.line_blind_fail) : nil.success ? S.line_nil_ok : S.line_nil_fail;
      lines.append(line(fmt(tmpl, { name: seatName(nil.seat) }), nil.points));
    }
    const nilBags = (d.bags_added || 0) - (d.made && d.contract > 0 ? d.overtricks || 0 : 0);
    if (nilBags > 0) lines.append(line(fmt(S.line_nil_bags, { n: nilBags }), nilBags));
    if (d.bag_penalty) lines.append(line(S.line_bag_penalty, -Math.abs(d.bag_penalty)));
    // The hand's points on the right, like every line; the running score in the label.
    lines.append(line(fmt(S.line_total, { score: num(d.score) }), d.hand, "total"));
    box.append(h("div", { class: "team-block" }, h("div", { class: "team-title", text: fmt(S.team_title, { team: teamLabel(team), names: teamNames(team) }) }), lines));
  }
  return box;
}

function renderOverlay() {
  const layer = $("#felt-overlay");
  if (!layer) return;
  const view = state.view || {};
  if (view.phase === "over" && view.result && overlay !== "last") overlay = "over";
  else if (overlay === "over" && view.phase !== "over") overlay = null; // a rematch has begun
  if (!overlay || (overlay !== "last" && flashing())) { // the hand's last trick is shown first
    layer.hidden = true;
    layer.replaceChildren();
    return;
  }
  const card = h("div", { class: "overlay-card", role: "dialog", "aria-modal": "false", "aria-labelledby": "overlay-title" });
  const teams = F.mySeat ? [teamOf(F.mySeat), teamOf(F.mySeat) === "NS" ? "EW" : "NS"] : ["NS", "EW"];
  const close = () => { if (overlay === "hand") dismissedHand = overlayHand; overlay = null; renderOverlay(); };
  if (overlay === "last") {
    const trick = lastTrick();
    card.append(h("h2", { id: "overlay-title", text: S.last_trick }));
    if (trick) {
      const row = h("ol", { class: "last-trick-row" });
      for (const play of trick.cards) {
        row.append(h("li", { class: `last-play${play.seat === trick.winner ? " is-winner" : ""}` },
          cardFace(play.card), h("span", { class: "last-name", text: seatName(play.seat) })));
      }
      card.append(row, h("p", { text: fmt(S.trick_won_by, { name: seatName(trick.winner) }) }));
    } else card.append(h("p", { text: S.no_last_trick }));
    card.append(h("div", { class: "overlay-actions" }, h("button", { type: "button", class: "btn btn-primary", text: S.close, onclick: close })));
  } else if (overlay === "hand") {
    const entry = (view.history || []).find((e) => e.hand_number === overlayHand);
    if (!entry) { overlay = null; layer.hidden = true; return; }
    card.append(h("h2", { id: "overlay-title", text: fmt(S.hand_over_title, { n: entry.hand_number }) }), breakdown(entry, teams, "breakdown-overlay", false));
    card.append(h("div", { class: "overlay-actions" }, h("button", { type: "button", class: "btn btn-primary", text: S.continue, onclick: close })));
  } else if (overlay === "over") {
    const result = view.result || {};
    const won = F.mySeat ? teamOf(F.mySeat) === result.winner : null;
    card.append(h("h2", { id: "overlay-title", text: S.match_over }));
    card.append(h("p", { class: `winner-line${won === false ? " is-lost" : ""}`, text: won === true ? S.you_won : won === false ? S.you_lost : fmt(S.winner_is, { team: teamLabel(result.winner) }) }));
    const scores = result.scores || {};
    card.append(h("p", { text: teams.map((t) => fmt(S.team_score, { team: teamLabel(t), score: num(scores[t]) })).join(" — ") }));
    const actions = h("div", { class: "overlay-actions" });
    actions.append(h("a", { class: "btn", href: cfg.urls.lobby, text: S.back_to_lobby }));
    if (F.mySeat && cfg.urls.rematch) {
      const form = h("form", { method: "post", action: cfg.urls.rematch, class: "inline-form" },
        h("input", { type: "hidden", name: "csrfmiddlewaretoken", value: csrfToken() }),
        h("button", { type: "submit", class: "btn btn-primary", id: "rematch", text: S.rematch }));
      actions.append(form);
    }
    card.append(actions);
    const lastHand = (view.history || []).at(-1);
    card.append(h("p", { class: "overlay-note final-note", text: S.final_note }));
    // On a phone the sheet covers the scores panel: the last hand's detail goes in the sheet.
    if (lastHand) card.append(breakdown(lastHand, teams, "breakdown-over"));
  }
  layer.replaceChildren(card);
  layer.hidden = false;
}

function lastTrick() {
  const view = state.view || {};
  if (view.tricks && view.tricks.length) return view.tricks.at(-1);
  return view.last_trick || null;
}

function renderChatAccess() {
  const form = $("#chat-form");
  if (form) form.hidden = !F.mySeat || !chatOn() || !F.chatEnabled;
  const phrases = $("#chat-phrases");
  if (phrases) phrases.hidden = !F.mySeat || !chatOn() || !F.chatEnabled;
  const input = $("#chat-input");
  if (input && F.chatMax) input.maxLength = F.chatMax;
  const lastBtn = $("#last-trick-btn");
  if (lastBtn) lastBtn.disabled = !lastTrick();
}

// ---------------------------------------------------------------- clocks and announcements

function tick() {
  const now = Date.now() + clockOffset;
  const view = state.view || {};
  for (const el of document.querySelectorAll("[data-clock]")) {
    if (!F.deadline) { el.textContent = el.dataset.clock === F.mySeat ? S.your_turn_short : S.thinking; continue; }
    const left = Math.max(0, Math.ceil((F.deadline - now) / 1000));
    el.textContent = fmt(S.seconds_left, { n: left });
    const bar = document.querySelector(`[data-timer="${el.dataset.clock}"]`);
    if (bar) {
      const total = (F.turnSeconds || 30) * 1000;
      const frac = Math.max(0, Math.min(1, (F.deadline - now) / total));
      bar.firstElementChild.style.width = `${(frac * 100).toFixed(1)}%`;
      bar.classList.toggle("low", left <= 5);
    }
  }
  const bots = document.querySelector("[data-bots-clock]");
  if (bots && F.botsAt) {
    const left = Math.max(0, Math.ceil((F.botsAt - now) / 1000));
    bots.textContent = fmt(S.bots_in, { n: left });
  }
  if (flash && flash.until <= Date.now()) {
    flash = null;
    render();
  }
  void view;
}

function announceTurn() {
  const view = state.view || {};
  let text = "";
  if (view.phase === "over") text = S.match_over;
  else if (closed()) text = S.table_closed;
  else if (F.status !== "waiting" && view.to_move) {
    text = isMyTurn() ? (view.phase === "bidding" ? S.your_bid : S.your_play)
      : fmt(view.phase === "bidding" ? S.waiting_bid : S.waiting_play, { name: seatName(view.to_move) });
  }
  if (flashing()) text = `${fmt(U.trickFor, { name: seatName(flash.trick.winner) })}. ${text}`;
  if (text && text !== lastAnnounced) {
    lastAnnounced = text;
    const live = $("#turn-announcer");
    if (live) live.textContent = text;
  }
}

let toastTimer = null;
function toast(message) {
  const box = $("#table-toast");
  if (!box) return;
  box.textContent = message;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (box.textContent = ""), TOAST_MS);
}

// ---------------------------------------------------------------- state frames

function applyState(frame) {
  if (typeof frame.version === "number" && typeof state.version === "number" && frame.version < state.version) return;
  const before = state;
  state = frame;
  if (F.mySeat) wasSeated = true;
  F = facts(state);
  if (F.serverNow) clockOffset = F.serverNow - Date.now();
  pending = false;
  noticeChanges(before, state);
  render();
}

/** Keep a completed trick on the felt a moment, and open the hand result when a hand ends. */
function noticeChanges(before, after) {
  const a = (before && before.view) || {};
  const b = (after && after.view) || {};
  const key = (t) => (t ? `${t.hand_number}:${t.cards.map((c) => c.card).join("")}` : "");
  if (b.last_trick && key(b.last_trick) !== key(a.last_trick)) flash = { trick: b.last_trick, until: Date.now() + FLASH_MS };
  const hb = (b.history || []).length;
  if (hb > (a.history || []).length && hb > 0) {
    overlayHand = b.history[hb - 1].hand_number;
    if (overlayHand !== dismissedHand && b.phase !== "over") overlay = "hand";
  }
  if (overlay === "hand" && b.phase === "playing" && (b.tricks || []).length > 0) overlay = null;
}

// ---------------------------------------------------------------- the socket

let socket = null;
let attempts = 0;
let openedOnce = false;
let retryTimer = null;

function socketUrl() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}${cfg.wsPath}?lang=${encodeURIComponent(cfg.lang || "")}`;
}

function connect() {
  clearTimeout(retryTimer);
  retryTimer = null;
  socket = new WebSocket(socketUrl());
  socket.addEventListener("open", () => {
    attempts = 0;
    $("#conn-banner").hidden = true;
    document.body.dataset.socket = "open";
    if (openedOnce) socket.send(JSON.stringify({ type: "sync" }));
    openedOnce = true;
  });
  socket.addEventListener("message", (event) => {
    let frame;
    try {
      frame = JSON.parse(event.data);
    } catch {
      return;
    }
    if (frame.type === "state") applyState(frame);
    else if (frame.type === "chat") addChat(frame.message);
    else if (frame.type === "chat_history" && Array.isArray(frame.messages)) frame.messages.forEach(addChat);
    else if (frame.type === "chat_hidden") removeChat(frame.id);
    else if (frame.type === "error") {
      pending = false;
      toast(frame.message || S.generic_error);
      renderHandArea();
    } else if (frame.type === "redirect" && frame.url) location.assign(frame.url);
  });
  socket.addEventListener("close", (event) => {
    document.body.dataset.socket = "closed";
    socket = null;
    if (event.code === 4403 || event.code === 4404) {
      toast(S.no_access);
      return;
    }
    $("#conn-banner").hidden = false;
    scheduleReconnect();
  });
}

/** Exponential backoff with jitter, so a server restart is not met by every client at once. */
function scheduleReconnect() {
  if (retryTimer) return;
  const base = Math.min(15000, 500 * 2 ** attempts);
  const delay = base / 2 + Math.random() * (base / 2);
  attempts += 1;
  retryTimer = setTimeout(connect, delay);
}

window.addEventListener("online", () => {
  if (!socket) connect();
});

function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    toast(S.not_connected);
    return false;
  }
  const withVersion = ["bid", "play", "look"].includes(message.type) && typeof state.version === "number"
    ? { ...message, version: state.version } : message;
  socket.send(JSON.stringify(withVersion));
  if (["bid", "play", "look"].includes(message.type)) {
    pending = true;
    renderHandArea();
  }
  return true;
}

// ---------------------------------------------------------------- host actions (plain POST forms)

function csrfToken() {
  const input = document.querySelector("input[name=csrfmiddlewaretoken]");
  return input ? input.value : "";
}

async function postForm(url, fields) {
  const body = new URLSearchParams({ csrfmiddlewaretoken: csrfToken(), ...fields });
  try {
    const response = await fetch(url, {
      method: "POST", body, credentials: "same-origin",
      headers: { "X-Requested-With": "fetch", Accept: "application/json" },
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok || data.ok === false) toast(data.error || S.generic_error);
    else if (data.redirect) location.assign(data.redirect);
  } catch {
    toast(S.not_connected);
  }
}

// ---------------------------------------------------------------- bidding hint

async function loadHint() {
  const view = state.view || {};
  if (!cfg.urls.hint || hintLoading || (hint && hint.hand_number === view.hand_number)) return;
  hintLoading = true;
  try {
    const response = await fetch(cfg.urls.hint, { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (response.ok) {
      const data = await response.json();
      // {"bid": null}: bidding ended before the estimate arrived; there is nothing to show.
      if (data && typeof data.bid === "number") {
        hint = { ...data, hand_number: data.hand_number ?? view.hand_number };
        renderHandArea();
      }
    }
  } catch {
    // The hint is a comfort, not a feature the game needs.
  } finally {
    hintLoading = false;
  }
}

// ---------------------------------------------------------------- chat

function chatOn() {
  try {
    return localStorage.getItem(CHAT_PREF_KEY) !== "off";
  } catch {
    return true;
  }
}

function setChat(on) {
  try {
    localStorage.setItem(CHAT_PREF_KEY, on ? "on" : "off");
  } catch {
    // Private browsing: the choice lasts for this page only.
  }
  applyChatPref();
}

function applyChatPref() {
  const on = chatOn();
  const toggle = $("#chat-toggle");
  if (toggle) toggle.checked = on;
  const log = $("#chat-log");
  if (log) log.hidden = !on;
  const note = $("#chat-off-note");
  if (note) note.hidden = on;
  renderChatAccess();
}

function addChat(message) {
  if (!message || (message.id !== undefined && chatSeen.has(message.id))) return;
  if (message.id !== undefined) chatSeen.add(message.id);
  if (message.seat && F.mutes.has(message.seat)) return;
  const log = $("#chat-log");
  if (!log) return;
  const li = h("li", { class: message.system ? "system" : null, dataset: { id: String(message.id ?? ""), seat: message.seat || "" } });
  if (message.name) li.append(h("span", { class: "who", text: fmt(S.chat_author, { name: message.name }) }));
  li.append(document.createTextNode(message.text || ""));
  log.append(li);
  while (log.childElementCount > 200) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
}

function removeChat(id) {
  for (const li of document.querySelectorAll("#chat-log li")) if (li.dataset.id === String(id)) li.remove();
}

function sendChat(text) {
  const clean = String(text || "").trim();
  if (!clean) return;
  if (clean.length > cfg.chatMaxLength) {
    toast(fmt(S.chat_too_long, { n: cfg.chatMaxLength }));
    return;
  }
  if (send({ type: "chat", text: clean })) {
    const input = $("#chat-input");
    if (input) input.value = "";
  }
}

function toggleMute(seat) {
  const muted = F.mutes.has(seat);
  if (send({ type: muted ? "unmute" : "mute", seat })) {
    if (muted) F.mutes.delete(seat);
    else {
      F.mutes.add(seat);
      for (const li of document.querySelectorAll("#chat-log li")) if (li.dataset.seat === seat) li.remove();
    }
    renderSeats();
  }
}

// ---------------------------------------------------------------- start

function init() {
  const toggle = $("#chat-toggle");
  if (toggle) toggle.addEventListener("change", () => setChat(toggle.checked));
  const form = $("#chat-form");
  if (form) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      sendChat($("#chat-input").value);
    });
  }
  for (const btn of document.querySelectorAll("[data-phrase]")) btn.addEventListener("click", () => sendChat(btn.dataset.phrase));
  const leave = $("#leave-form");
  if (leave) {
    leave.addEventListener("submit", (event) => {
      if (F.status === "playing" && !window.confirm(S.leave_confirm)) event.preventDefault();
    });
  }
  const back = $("#standin-back");
  if (back) back.addEventListener("click", () => send({ type: "back" }));
  const lastBtn = $("#last-trick-btn");
  if (lastBtn) lastBtn.addEventListener("click", () => { overlay = overlay === "last" ? null : "last"; renderOverlay(); });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && overlay && overlay !== "over") { overlay = null; renderOverlay(); }
  });
  (cfg.chat || []).forEach(addChat);
  applyChatPref();
  document.body.classList.add("js");
  render();
  setInterval(tick, 250);
  connect();
}

init();
