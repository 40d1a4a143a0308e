// What the page knows, in one object passed to every module (no state anywhere else):
// the last state frame applied, the facts read from it, and the page's own memory (the trick held
// on the felt, the open overlay, the hint...). See createApp().

import { SEATS, fmt, nextSeat, partnerOf, teamOf, otherTeam, teamSeats } from "./util.js";

// A completed trick stays on the felt this long, even when the next trick has begun: the server's
// TRICK_PAUSE_SECONDS before the next lead or turn clock, which the page embeds (cfg.trickPauseMs).
// Meanwhile the next trick's cards wait, and so do my cards (I could not see what was led).
export const flashMs = (app) => app.cfg.trickPauseMs;

export function createApp(cfg, S, first, history) {
  const app = {
    cfg, S,
    state: first || {},
    // The match's finished hands ({match, hands}): the "history" frame (on connect, on resync)
    // and each "hand_result" since; state frames carry only the hand in progress.
    history: history && Array.isArray(history.hands) ? history : { match: null, hands: [] },
    F: null, // facts(state), refreshed with every frame
    flash: null, // {trick, until}: the trick just completed, shown a moment before it is cleared
    overlay: null, // "hand" | "last" | "over" | null
    overlayHand: null, // hand_number of the result shown
    dismissedHand: 0,
    pending: false, // an action was sent and its state has not come back yet
    pendingVersion: null, // the state version the pending action was decided on
    serverDown: false, // the last "server" frame said the game server is not running
    revealedAt: 0, // when my face-down cards were turned (bid clicks just after are ignored)
    lastAnnounced: "",
    resultToSay: null, // a hand's result, said after the cards of the state that ended it
    clockSaid: {}, // {10: deadline, 5: deadline}: my clock's last seconds already said
    turnFocused: null, // the turn whose action already got the focus
    wasSeated: false, // a seated viewer who loses the seat before the start was removed by the host
    // The estimate of hand `hand`; `asked`: the hand asked for (in flight); `failed*`: an empty
    // answer for that hand at that version (asked again with the next frame only).
    hint: { hand: null, data: null, asked: null, failedHand: null, failedVersion: null },
    chatSeen: new Set(),
    net: { socket: null, attempts: 0, openedOnce: false, retryTimer: null },
    // Wired by the entry module (table.js): modules act through these, never import each other.
    send: () => false,
    render: () => {},
    // A "Report" button for {message, name, text} or {seat, name} (static/js/report.js), or null.
    reportButton: () => null,
    silenceTimer: null,
  };
  app.F = facts(app, app.state);
  app.wasSeated = !!app.F.mySeat;
  return app;
}

/** The finished hands of the match on the table, oldest first (none for another match's). */
export function pastHands(app) {
  const h = app.history;
  return h && h.match === app.F.matchId ? h.hands : [];
}

/** A "history" frame replaces what the page knew; a "hand_result" adds the hand just ended and
 * returns its entry (null when it does not follow on: the next resync brings the whole). */
export function applyHistory(app, frame) {
  if (frame.type === "history" && Array.isArray(frame.hands)) {
    app.history = { match: frame.match ?? null, hands: frame.hands };
    return null;
  }
  if (frame.type !== "hand_result" || !frame.hand) return null;
  const h = app.history;
  if (h.match !== frame.match) app.history = { match: frame.match, hands: [] };
  const hands = app.history.hands;
  if (hands.some((e) => e.hand_number === frame.hand.hand_number)) return null;
  hands.push(frame.hand);
  return frame.hand;
}

/** The table part of a state frame (table facts plus the viewer's "me" part), checked. */
export function facts(app, st) {
  const { S, cfg } = app;
  const table = (st && st.table) || {};
  const view = (st && st.view) || {};
  const me = table.me || {};
  const seats = {};
  for (const pos of SEATS) seats[pos] = { position: pos, kind: "empty", name: S.empty_seat };
  for (const raw of table.seats || []) {
    if (!SEATS.includes(raw.position)) continue;
    const kind = ["human", "bot"].includes(raw.kind) ? raw.kind : "empty";
    seats[raw.position] = {
      position: raw.position, kind,
      name: raw.name || (kind === "empty" ? S.empty_seat : "?"),
      connected: raw.connected !== false, standin: !!raw.standin, host: !!raw.host, isYou: false,
    };
  }
  const mySeat = SEATS.includes(me.seat) ? me.seat : SEATS.includes(view.seat) ? view.seat : null;
  if (mySeat) seats[mySeat].isYou = true;
  distinctNames(S, seats, mySeat);
  return {
    kind: table.kind || "quick",
    status: table.status || "waiting",
    seats, mySeat,
    isHost: me.host === true,
    standin: me.standin === true,
    mutes: new Set(me.mutes || []),
    deadline: parseTime(table.deadline),
    turnSeconds: table.turn_seconds ?? null,
    botsAt: parseTime(table.bots_at),
    chatEnabled: table.chat_enabled !== false,
    // Nobody seated is connected: nothing moves (bots included) until one comes back.
    paused: table.paused === true && (table.status || "waiting") === "playing",
    chatMax: table.chat_max_length || cfg.chatMaxLength,
    matchId: (table.match && table.match.id) || null,
    // Reports come from an identified viewer: a registered player or a guest with a nickname.
    canReport: !!me.name,
    // A moderator turned my chat off: until when (null: until lifted) and why.
    silenced: me.silenced === true,
    silencedUntil: parseTime(me.silenced_until),
    silenceReason: me.silence_reason || "",
  };
}

/** Give every seat a name no other seat shares. Bots are named by seat ("West bot (Normal)"), so
 * this is for people with the same nickname (or a person who took a bot's name): a bot among them
 * becomes "Bot (on the left)", a person "Léa (partner)": where they sit as this viewer sees the
 * felt. A spectator, who sees South at the bottom, gets compass points. */
function distinctNames(S, seats, mySeat) {
  const count = {};
  for (const pos of SEATS) count[seats[pos].name] = (count[seats[pos].name] || 0) + 1;
  const around = positionsFor(mySeat);
  for (const pos of SEATS) {
    const seat = seats[pos];
    seat.display = seat.name;
    if (seat.kind === "empty" || seat.isYou || count[seat.name] < 2) continue;
    const slot = Object.keys(around).find((k) => around[k] === pos);
    const where = mySeat ? S.relative[slot] : S.compass[pos];
    seat.display = fmt(S.name_at, { name: seat.kind === "bot" ? S.bot : seat.name, seat: where });
  }
}

/** A time from the state (ISO 8601); null if absent. */
function parseTime(value) {
  if (value === null || value === undefined || value === "") return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

/** Which seat sits where around the felt: the viewer at the bottom (South for spectators). */
export function positionsFor(mySeat) {
  const bottom = mySeat || "S";
  const left = nextSeat(bottom);
  return { bottom, left, top: partnerOf(bottom), right: partnerOf(left) };
}

export function slotOf(app, seat) {
  const pos = positionsFor(app.F.mySeat);
  return Object.keys(pos).find((k) => pos[k] === seat);
}

export function seatName(app, seat) {
  const s = app.F.seats[seat];
  return s ? s.display || s.name : seat;
}

export function teamNames(app, team) {
  const [a, b] = teamSeats(team);
  return fmt(app.S.partners, { a: seatName(app, a), b: seatName(app, b) });
}

export function teamLabel(app, team) {
  const { F, S } = app;
  if (F.mySeat) return teamOf(F.mySeat) === team ? S.team_us : S.team_them;
  return team === "NS" ? S.team_ns : S.team_ew;
}

/** The two partnerships in display order: mine first. */
export function teamsOrder(app) {
  const mine = app.F.mySeat ? teamOf(app.F.mySeat) : "NS";
  return [mine, otherTeam(mine)];
}

export const view = (app) => app.state.view || {};
const legal = (app) => view(app).legal || [];
export const legalBids = (app) => legal(app).filter((a) => a.type === "bid").map((a) => a.bid);
export const legalCards = (app) => new Set(legal(app).filter((a) => a.type === "play").map((a) => a.card));
export const canLook = (app) => legal(app).some((a) => a.type === "look");

/** The table was closed by the server because no seated person was connected for a long time. */
export const closed = (app) => app.F.status === "abandoned";

/** True while a just-completed trick is held on the felt. */
export const flashing = (app) => !!app.flash && app.flash.until > Date.now();

export function isMyTurn(app) {
  const { F } = app;
  return !!F.mySeat && view(app).to_move === F.mySeat && F.status !== "waiting" && !closed(app);
}

/** My turn to play, and the felt shows the trick I play to (not the one just taken). */
export const canPlayNow = (app) => isMyTurn(app) && view(app).phase === "playing" && !flashing(app);

export function lastTrick(app) {
  const v = view(app);
  if (v.tricks && v.tricks.length) return v.tricks.at(-1);
  return v.last_trick || null;
}

export function contractsText(app) {
  const v = view(app);
  const out = {};
  for (const team of ["NS", "EW"]) {
    const c = v.contracts && v.contracts[team];
    out[team] = c === null || c === undefined ? "…" : String(c);
  }
  const [us, them] = teamsOrder(app);
  return { us: out[us], them: out[them], ns: out.NS, ew: out.EW };
}
