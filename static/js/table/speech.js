// What a sighted player sees, said in words (issue 31): the bids and cards of the others, who took
// each trick, a hand's result by partnership, the match's end, the last seconds of my clock, and
// the answers to the shortcut keys (#shortcuts). One polite log (#table-log): each message is a
// line added to it, so screen readers queue them rather than one overwriting the next. The moves
// come from comparing two consecutive state frames (a state holds the whole hand in progress).

import { $, fmt, fmtn, h, num, signed, teamOf, isJoker, cardInfo } from "./util.js";
import { view, seatName, teamLabel, teamsOrder, isMyTurn, contractsText } from "./model.js";

const KEEP = 300; // lines kept in the log (a hand says about 75)

export function say(text) {
  const log = $("#table-log");
  if (!text || !log) return;
  log.append(h("p", { text }));
  while (log.childElementCount > KEEP) log.firstElementChild.remove();
}

/** A seat as said: a bot by its seat ("Ouest"), a person by their name. */
function who(app, seat) {
  return app.F.seats[seat] && app.F.seats[seat].kind === "bot" ? app.S.compass[seat] : seatName(app, seat);
}

const bidWords = (S, bid) => (bid === "nil" ? S.said_nil : bid === "blind_nil" ? S.said_blind_nil : String(bid));
/** A card inside a sentence ("la dame de pique"); a joker by its name. */
function cardWords(S, code) {
  if (isJoker(code)) return cardInfo(S, code).name;
  const p = S.card_phrases;
  return fmt(p[code[0]] || p.n, { rank: code[0] === "T" ? "10" : code[0], suit: S.suits[code[1]] });
}
const tricksOf = (v) => [...(v.tricks || []), ...(v.trick ? [v.trick] : [])];
const playCount = (v) => tricksOf(v).reduce((n, t) => n + ((t && t.cards) || []).length, 0);

/** The bids, cards and taken tricks that are in `b` and not yet in `a` (the same hand). */
function sayMoves(app, a, b) {
  const { S, F } = app;
  const bids = a.bids || {};
  for (const seat of b.bid_order || []) {
    const bid = (b.bids || {})[seat];
    if (seat !== F.mySeat && (bids[seat] === null || bids[seat] === undefined) && bid !== null && bid !== undefined) {
      say(fmt(S.said_bid, { name: who(app, seat), bid: bidWords(S, bid) }));
    }
  }
  const seen = playCount(a);
  let k = 0;
  for (const trick of tricksOf(b)) {
    const cards = (trick && trick.cards) || [];
    cards.forEach((play, i) => {
      if (k++ < seen) return;
      if (play.seat !== F.mySeat) say(fmt(S.said_play, { name: who(app, play.seat), card: cardWords(S, play.card) }));
      if (trick.winner && i === cards.length - 1) {
        say(trick.winner === F.mySeat ? S.said_you_took : fmt(S.said_took, { name: who(app, trick.winner) }));
      }
    });
  }
}

/** A hand's result by partnership, mine first. */
export function resultWords(app, entry) {
  return [fmt(app.S.hand_over_title, { n: entry.hand_number }), ...teamsOrder(app).map((t) => teamWords(app, entry, t))].join(". ");
}
export const teamWords = (app, entry, team) =>
  fmt(app.S.said_team, { team: teamLabel(app, team), points: signed((entry[team] || {}).hand ?? 0), score: num((entry[team] || {}).score ?? 0) });

/** Between two frames: say what happened, in the order it happened. */
export function sayChanges(app, before, after) {
  const a = (before && before.view) || null;
  const b = (after && after.view) || null;
  if (!a || !b || !a.hand_number || !b.hand_number) return;
  if (a.hand_number === b.hand_number) sayMoves(app, a, b);
  else if (b.hand_number === a.hand_number + 1) {
    // The hand just ended: its last trick is the new frame's last_trick; then the new deal.
    const last = b.last_trick && b.last_trick.hand_number === a.hand_number ? [b.last_trick] : [];
    sayMoves(app, a, { ...a, tricks: [...(a.tricks || []), ...last], trick: null });
    sayResult(app);
    sayMoves(app, { bids: {} }, { ...b, tricks: [], trick: null });
  }
  sayResult(app);
  if (b.phase === "over" && a.phase !== "over" && b.result) {
    const { S, F } = app;
    const won = F.mySeat && b.result.winner ? teamOf(F.mySeat) === b.result.winner : null;
    const scores = b.result.scores || {};
    say([S.match_over, !b.result.winner ? S.match_drawn : won === true ? S.you_won : won === false ? S.you_lost : fmt(S.winner_is, { team: teamLabel(app, b.result.winner) }),
      teamsOrder(app).map((t) => fmt(S.team_score, { team: teamLabel(app, t), score: num(scores[t]) })).join(", ")].join(". "));
  }
}

/** The "hand_result" frame arrives before the state of the move that ended the hand: its words
 * wait for that state's cards and trick (noticeHandEnded). */
function sayResult(app) {
  if (!app.resultToSay) return;
  say(resultWords(app, app.resultToSay));
  app.resultToSay = null;
}

/** My clock: said at 10 s and at 5 s left (once each per turn). */
export function sayClock(app, now) {
  const { F, S } = app;
  if (!F.deadline || F.paused || !isMyTurn(app)) return;
  const left = Math.ceil((F.deadline - now) / 1000);
  for (const [mark, above] of [[10, 5], [5, 0]]) {
    if (left <= mark && left > above && (F.turnSeconds || 30) > mark && app.clockSaid[mark] !== F.deadline) {
      app.clockSaid[mark] = F.deadline;
      say(fmtn(S.said_seconds, { n: mark }));
    }
  }
}

/** The answers of the shortcut keys (#shortcuts lists them, with their letters). */
const ANSWERS = {
  trick(app, v) {
    const cards = (v.trick && v.trick.cards) || [];
    if (!cards.length) return app.S.no_cards;
    return fmt(app.S.said_table, { cards: cards.map((p) => fmt(app.S.said_play, { name: who(app, p.seat), card: cardWords(app.S, p.card) })).join(", ") });
  },
  score(app, v) {
    const { S, F } = app;
    const teams = teamsOrder(app).map((t) => fmt(S.said_bags, { team: teamLabel(app, t), score: num(((v.scores || {})[t] || {}).score ?? 0), bags: ((v.scores || {})[t] || {}).bags ?? 0 }));
    return `${teams.join(". ")}. ${fmt(F.mySeat ? S.contracts_line : S.contracts_teams, contractsText(app))}`;
  },
  bids(app, v) {
    return (v.bid_order || []).map((s) => {
      const bid = (v.bids || {})[s];
      return bid === null || bid === undefined ? fmt(app.S.said_no_bid, { name: who(app, s) }) : fmt(app.S.said_bid, { name: who(app, s), bid: bidWords(app.S, bid) });
    }).join(". ");
  },
  tricks(app, v) {
    return (v.bid_order || []).map((s) => fmtn(app.S.said_tricks_of, { name: who(app, s), n: (v.tricks_won || {})[s] || 0 })).join(". ");
  },
  voids(app, v) {
    const out = {};
    const suit = (code) => (isJoker(code) ? "S" : code[1]);
    for (const trick of tricksOf(v)) {
      const cards = (trick && trick.cards) || [];
      if (!cards.length) continue;
      const led = suit(cards[0].card);
      for (const p of cards.slice(1)) if (suit(p.card) !== led) (out[p.seat] ||= new Set()).add(led);
    }
    const lines = (v.bid_order || []).filter((s) => out[s]).map((s) =>
      fmt(app.S.said_void, { name: who(app, s), suits: [...out[s]].map((c) => app.S.suits[c]).join(", ") }));
    return lines.length ? lines.join(". ") : app.S.no_voids;
  },
};

/** The shortcut keys: a letter said in #shortcuts (translated) says one thing; "?" opens the list. */
export function initShortcuts(app) {
  const dialog = $("#shortcuts");
  const open = () => dialog.open || dialog.showModal();
  $("#shortcuts-btn").addEventListener("click", open);
  document.addEventListener("keydown", (event) => {
    const t = event.target;
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (t && t.closest && t.closest("input, textarea, select, [contenteditable], dialog")) return;
    if (event.key === "?") {
      event.preventDefault();
      open();
      return;
    }
    const key = event.key.toLowerCase();
    for (const row of dialog.querySelectorAll("[data-shortcut]")) {
      if (row.querySelector("kbd").textContent.trim().toLowerCase() !== key) continue;
      const v = view(app);
      if (!v.hand_number) return;
      event.preventDefault();
      say(ANSWERS[row.dataset.shortcut](app, v));
      return;
    }
  });
}
