// The felt: the status line, the four seats, the trick in the middle (a taken trick held a moment),
// the overlays (last trick, a hand's result, the match result), the turn clocks and the spoken turn.

import { $, SEATS, fmt, fmtn, h, num, teamOf, bidLabel, cardClass, cardFace, cardInfo } from "./util.js";
import { flashMs, positionsFor, slotOf, seatName, teamLabel, teamsOrder, view, closed, flashing,
  isMyTurn, lastTrick, contractsText, pastHands } from "./model.js";
import { breakdown } from "./scores.js";
import { postForm, rematchForm } from "./connection.js";
import { say, sayChanges, sayClock, teamWords } from "./speech.js";
import { focusAction } from "./hand.js";
import { soundChanges } from "./sound.js";

/** A hand just ended (its "hand_result" frame, before the state that follows it): open its result. */
export function noticeHandEnded(app, entry) {
  app.resultToSay = entry;
  app.overlayHand = entry.hand_number;
  app.overlay = app.overlayHand !== app.dismissedHand ? "hand" : app.overlay;
}

/** Between two frames: say what happened, hold a completed trick on the felt, close a hand's
 * result once the cards are played (it sits where the trick goes: it never hides a trick), and
 * the last trick's overlay when my turn to play comes (it covers the trick I play to). */
export function noticeChanges(app, before, after) {
  const a = (before && before.view) || {};
  const b = (after && after.view) || {};
  const key = (t) => (t ? `${t.hand_number}:${t.cards.map((c) => c.card).join("")}` : "");
  if (b.last_trick && key(b.last_trick) !== key(a.last_trick)) app.flash = { trick: b.last_trick, until: Date.now() + flashMs(app) };
  // The match's last hand: its result is in the end-of-match box, not an overlay of its own.
  if (app.overlay === "hand" && b.phase === "over") app.overlay = null;
  if (app.overlay === "hand" && b.phase === "playing") app.overlay = null;
  if (app.overlay === "last" && b.to_move === app.F.mySeat && a.to_move !== b.to_move && b.phase === "playing") app.overlay = null;
  sayChanges(app, before, after);
  soundChanges(app, before, after);
  // My cards were face down and are now turned: note when (see hand.js, bid clicks).
  if (a.hand_hidden && b.hand_hidden === false && a.hand_number === b.hand_number) app.revealedAt = performance.now();
}

export function renderBanner(app) {
  const { F, S } = app;
  $("#standin-banner").hidden = !F.standin;
  $("#pause-banner").hidden = !F.paused;
  renderServerBanner(app);
  const leave = $("#leave-form");
  if (leave) leave.hidden = !F.mySeat || closed(app);
  const v = view(app);
  let text = S.status_waiting;
  if (F.status === "playing" && v.hand_number) text = fmt(S.status_hand, { n: v.hand_number });
  if (F.status === "finished" || v.phase === "over") text = S.status_over;
  if (F.paused && v.phase !== "over") text = S.status_paused;
  if (closed(app)) text = S.status_closed;
  $("#table-status").textContent = text;
  $("#last-trick-btn").disabled = !lastTrick(app);
  renderCommitment(app);
}

/** The hand in progress's deal commitment (view.shuffle, docs/protocol.md): its first digits, the
 * whole of it for screen readers and in the title; the FAQ's answer says how to check it. */
function renderCommitment(app) {
  const line = $("#deal-commit");
  if (!line) return;
  const v = view(app);
  const hash = (v.phase === "bidding" || v.phase === "playing") && !closed(app) && v.shuffle ? v.shuffle.commitment : "";
  line.hidden = !hash;
  if (!hash || line.title === hash) return;
  line.title = hash;
  $("#deal-commit-short").textContent = `${hash.slice(0, 8)}…`;
  $("#deal-commit-full").textContent = hash;
}

/** The game server (its worker, its clock) has not run for a few seconds: nothing moves until it
 * is back. Said by the socket's "server" frames; the last one wins. */
export function renderServerBanner(app) {
  $("#server-banner").hidden = !app.serverDown;
}

/** Who sits there for me: my partner, an opponent (nothing for a spectator or myself). */
function roleOf(app, seat) {
  const mine = app.F.mySeat;
  if (!mine || seat === mine) return null;
  return teamOf(seat) === teamOf(mine) ? app.S.role_partner : app.S.role_opponent;
}

export function renderSeats(app) {
  const { F, S } = app;
  const v = view(app);
  const waiting = F.status === "waiting";
  for (const [slot, seat] of Object.entries(positionsFor(F.mySeat))) {
    const box = $(`#seat-${slot}`);
    const info = F.seats[seat];
    const isTurn = !waiting && !closed(app) && v.to_move === seat && !flashing(app);
    const tookTrick = flashing(app) && app.flash.trick.winner === seat;
    box.className = `seat seat-${slot}${isTurn ? " is-turn" : ""}${tookTrick ? " took-trick" : ""}${info.kind === "empty" ? " is-empty" : ""}`;
    box.dataset.seat = seat;
    const role = roleOf(app, seat);
    const parts = [
      h("div", { class: "seat-name", title: info.name }, seatName(app, seat),
        info.isYou ? h("span", { class: "seat-you", text: ` ${S.you}` }) : null),
      h("div", { class: "seat-role" },
        h("span", { class: "seat-letter", title: S.compass[seat] },
          h("span", { "aria-hidden": "true", text: S.seat_letter[seat] }), h("span", { class: "visually-hidden", text: S.compass[seat] })),
        role ? h("span", { class: `seat-rel${role === S.role_partner ? " is-partner" : ""}`, text: role }) : null,
        v.dealer === seat && !waiting ? h("span", { class: "seat-dealer", title: S.dealer },
          h("span", { "aria-hidden": "true", text: S.dealer_short }), h("span", { class: "visually-hidden", text: S.dealer })) : null),
    ];
    const meta = h("div", { class: "seat-meta" });
    if (info.host && F.kind === "private") meta.append(h("span", { text: S.host }));
    // While the match is paused no bot plays for anyone: "away" only.
    if (info.standin) meta.append(h("span", { class: "seat-offline", text: F.paused ? S.away : S.standin }));
    if (!waiting && v.bids) {
      const bid = v.bids[seat];
      meta.append(h("span", {}, `${S.bid_short} `, h("b", { text: bid === null || bid === undefined ? "–" : bidLabel(S, bid) })));
      meta.append(h("span", {}, `${S.tricks_short} `, h("b", { text: String((v.tricks_won || {})[seat] ?? 0) })));
    }
    // "Away: a bot plays" already says it; "disconnected" only while the seat still waits for them.
    if (!info.connected && info.kind === "human" && !info.standin) meta.append(h("span", { class: "seat-offline", text: S.offline }));
    parts.push(meta);
    if (tookTrick) parts.push(h("div", { class: "seat-won", text: S.takes_trick }));
    if (isTurn) {
      parts.push(h("div", { class: "seat-turn" }, h("span", { class: "seat-clock", dataset: { clock: seat } })));
      if (F.deadline) parts.push(h("div", { class: "seat-timer", dataset: { timer: seat } }, h("span")));
    }
    if (slot !== "bottom" && !waiting && v.hand_counts && v.phase !== "over") {
      const n = v.hand_counts[seat];
      parts.push(h("div", { class: "seat-backs", title: fmtn(S.cards_left, { n }) },
        h("span", { class: "mini-back", "aria-hidden": "true" }), h("span", { class: "mini-count", text: fmt(S.cards_count, { n }) })));
    }
    const tools = h("div", { class: "seat-tools" });
    if (info.kind === "human" && !info.isYou && F.mySeat) {
      const muted = F.mutes.has(seat);
      tools.append(h("button", {
        type: "button", "aria-pressed": muted ? "true" : "false",
        "aria-label": fmt(muted ? S.unmute_name : S.mute_name, { name: seatName(app, seat) }),
        text: muted ? S.unmute : S.mute, dataset: { mute: seat },
      }));
    }
    if (info.kind === "human" && !info.isYou) {
      const report = app.reportButton({ seat, name: seatName(app, seat) });
      if (report) {
        report.setAttribute("aria-label", fmt(S.report_name, { name: seatName(app, seat) }));
        tools.append(report);
      }
    }
    if (waiting && F.isHost && info.kind !== "empty" && !info.isYou) {
      tools.append(h("button", {
        type: "button", "aria-label": fmt(S.kick_name, { name: seatName(app, seat) }), text: S.kick,
        onclick: () => postForm(app, app.cfg.urls.kick, { position: seat }),
      }));
    }
    const move = moveControl(app, seat);
    if (move) tools.append(move);
    if (tools.childElementCount) parts.push(tools);
    box.replaceChildren(...parts);
  }
}

/** Before the start of a private table: a person moves to a free seat, the host moves anyone
 * (or swaps two people) so that the partnerships are the ones wanted (POST games:seat). A select
 * of where to go: the free seats, and for the host the other people (a swap). */
function moveControl(app, seat) {
  const { F, S } = app;
  const info = F.seats[seat];
  if (F.status !== "waiting" || F.kind !== "private" || !F.mySeat || !app.cfg.urls.seat) return null;
  if (info.kind !== "human" || !(info.isYou || F.isHost)) return null;
  const options = [];
  for (const target of SEATS) {
    const other = F.seats[target];
    if (target === seat) continue;
    if (other.kind === "empty") options.push([target, fmt(S.move_to, { seat: S.compass[target] })]);
    else if (other.kind === "human" && F.isHost) {
      options.push([target, fmt(S.swap_with, { name: seatName(app, target), seat: S.compass[target] })]);
    }
  }
  if (!options.length) return null;
  const select = h("select", {
    class: "seat-move", dataset: { move: seat }, "aria-label": fmt(S.move_name, { name: seatName(app, seat) }),
  }, h("option", { value: "", text: S.move }), options.map(([value, text]) => h("option", { value, text })));
  select.addEventListener("change", () => {
    const position = select.value;
    if (!position) return;
    select.disabled = true;
    postForm(app, app.cfg.urls.seat, info.isYou ? { position } : { position, who: seat });
  });
  return select;
}

export function renderTrick(app) {
  const { F, S } = app;
  const area = $("#trick-area");
  const v = view(app);
  const cards = (v.trick && v.trick.cards) || [];
  const nodes = [];
  let shown = null;
  let winner = null;
  if (flashing(app)) {
    shown = app.flash.trick.cards;
    winner = app.flash.trick.winner;
  } else if (cards.length && !closed(app)) shown = cards;
  // A card not on the felt at the last drawing comes in from its seat; a taken trick goes to its
  // winner just before it leaves the felt (table.css; neither moves under prefers-reduced-motion).
  const seen = app.trickSeen;
  app.trickSeen = new Set((shown || []).map((play) => `${v.hand_number}:${play.card}`));
  if (shown) {
    for (const play of shown) {
      const name = seatName(app, play.seat);
      const label = `${cardInfo(S, play.card).name} — ${play.seat === winner ? fmt(S.trick_for, { name }) : name}`;
      const fresh = seen && !seen.has(`${v.hand_number}:${play.card}`) ? " is-new" : "";
      nodes.push(h("div", { class: `trick-slot slot-${slotOf(app, play.seat)}${play.seat === winner ? " is-winner" : ""}` },
        cardFace(S, play.card, "span", { title: label, "aria-label": label, class: `${cardClass(play.card)}${fresh}` })));
    }
  } else if (closed(app)) {
    nodes.push(h("div", { class: "trick-note" }, h("strong", { text: S.status_closed })));
  } else if (F.status === "waiting") {
    const free = SEATS.filter((s) => F.seats[s].kind === "empty").length;
    const note = h("div", { class: "trick-note" }, h("strong", { text: S.waiting_title }), h("span", { text: fmtn(S.free_seats, { n: free }) }));
    if (F.kind === "quick") note.append(h("br"), h("span", { dataset: { botsClock: "1" }, text: S.bots_soon }));
    else if (!F.isHost) note.append(h("br"), h("span", { text: S.host_will_start }));
    nodes.push(note);
  } else if (v.phase === "bidding") {
    const line = fmt(F.mySeat ? S.contracts_line : S.contracts_teams, contractsText(app));
    nodes.push(h("div", { class: "trick-note" }, h("strong", { text: S.bidding_title }), h("span", { text: line })));
  }
  area.classList.toggle("is-complete", !!(shown && winner));
  area.className = area.className.replace(/ ?gather-\w+/g, "");
  if (shown && winner) {
    area.classList.add(`gather-${slotOf(app, winner)}`);
    area.style.setProperty("--gather-delay", `${Math.max(0, app.flash.until - Date.now() - 280)}ms`);
  }
  area.classList.toggle("is-bidding", !shown && v.phase === "bidding");
  area.replaceChildren(...nodes);
  $("#spades-broken").hidden = !(v.spades_broken && v.phase === "playing");
}

export function renderOverlay(app) {
  const { F, S, cfg } = app;
  const layer = $("#felt-overlay");
  const v = view(app);
  if (v.phase === "over" && v.result && app.overlay !== "last") app.overlay = "over";
  else if (app.overlay === "over" && v.phase !== "over") app.overlay = null; // a rematch has begun
  // Whoever closes a dialog that held the focus gives it back to where the player acts.
  const hadFocus = layer.contains(document.activeElement);
  const focused = hadFocus ? document.activeElement : null;
  if (!app.overlay || (app.overlay !== "last" && flashing(app))) { // the hand's last trick is shown first
    layer.hidden = true;
    layer.replaceChildren();
    layer.dataset.key = "";
    if (hadFocus) focusAction(app) || $("#last-trick-btn").focus();
    return;
  }
  // The same dialog is not drawn again (the focus stays on its button); the match's box is.
  const key = `${app.overlay}:${app.overlay === "hand" ? app.overlayHand : app.overlay === "last" ? (lastTrick(app) || {}).winner + v.hand_number + (v.tricks || []).length : ""}`;
  if (key === layer.dataset.key && app.overlay !== "over") return;
  const opening = key !== layer.dataset.key;
  layer.dataset.key = key;
  layer.classList.toggle("is-hand", app.overlay === "hand");
  const card = h("div", { class: "overlay-card", role: "dialog", "aria-modal": "false", "aria-labelledby": "overlay-title", tabindex: "-1" });
  const teams = teamsOrder(app);
  const close = () => {
    if (app.overlay === "hand") app.dismissedHand = app.overlayHand;
    app.overlay = null;
    renderOverlay(app);
  };
  const closeRow = (text) => h("div", { class: "overlay-actions" }, h("button", { type: "button", class: "btn btn-primary", text, onclick: close }));
  if (app.overlay === "last") {
    const trick = lastTrick(app);
    card.append(h("h2", { id: "overlay-title", text: S.last_trick }));
    if (trick) {
      const row = h("ol", { class: "last-trick-row" });
      for (const play of trick.cards) {
        row.append(h("li", { class: `last-play${play.seat === trick.winner ? " is-winner" : ""}` },
          cardFace(S, play.card), h("span", { class: "last-name", text: seatName(app, play.seat) })));
      }
      card.append(row, h("p", { text: fmt(S.trick_won_by, { name: seatName(app, trick.winner) }) }));
    } else card.append(h("p", { text: S.no_last_trick }));
    card.append(closeRow(S.close));
  } else if (app.overlay === "hand") {
    const entry = pastHands(app).find((e) => e.hand_number === app.overlayHand);
    if (!entry) {
      app.overlay = null;
      layer.hidden = true;
      layer.dataset.key = "";
      return;
    }
    // Small, in the middle of the felt where the trick goes: the seats, the bid grid and the hand
    // stay in view; the detail is in the scores panel.
    card.setAttribute("aria-describedby", "overlay-escape");
    card.append(h("h2", { id: "overlay-title", text: fmt(S.hand_over_title, { n: entry.hand_number }) }),
      h("ul", { class: "hand-lines" }, teams.map((t) => h("li", { text: teamWords(app, entry, t) }))),
      closeRow(S.continue), h("p", { class: "overlay-note", id: "overlay-escape", text: S.escape_closes }));
  } else {
    const result = v.result || {};
    const won = F.mySeat && result.winner ? teamOf(F.mySeat) === result.winner : null;
    card.append(h("h2", { id: "overlay-title", text: S.match_over }));
    card.append(h("p", { class: `winner-line${won === false ? " is-lost" : ""}`,
      text: !result.winner ? S.match_drawn : won === true ? S.you_won : won === false ? S.you_lost : fmt(S.winner_is, { team: teamLabel(app, result.winner) }) }));
    if (cfg.ranked) import("./rating.js").then((m) => m.showRatings(app, card)); // ranked only
    const scores = result.scores || {};
    card.append(h("p", { text: teams.map((t) => fmt(S.team_score, { team: teamLabel(app, t), score: num(scores[t]) })).join(" — ") }));
    const actions = h("div", { class: "overlay-actions" }, h("a", { class: "btn", href: cfg.urls.lobby, text: S.back_to_lobby }));
    // A ranked table has no rematch: the next ranked match comes from the queue (the lobby); the
    // deal of the day is played once.
    if (F.mySeat && F.kind !== "ranked" && F.kind !== "daily") actions.append(rematchForm(app));
    // The finished match's own page: its score hand by hand and the replay of every deal.
    if (F.matchId && cfg.urls.match && (F.mySeat || F.kind !== "private")) actions.append(h("a", { class: "btn", id: "see-match", href: fmt(cfg.urls.match, { id: F.matchId }), text: S.see_match }));
    card.append(actions, h("p", { class: "overlay-note final-note", text: S.final_note }));
    // On a phone the sheet covers the scores panel: the last hand's detail goes in the sheet.
    const lastHand = pastHands(app).at(-1);
    if (lastHand) card.append(breakdown(app, lastHand, teams, "breakdown-over"));
  }
  layer.replaceChildren(card);
  layer.hidden = false;
  // A dialog takes the focus when it opens (unless the player is typing in the chat); the match's
  // box, drawn again, keeps it on the same control.
  const active = document.activeElement;
  const typing = active && active.matches("input, textarea, select") && !layer.contains(active);
  const same = focused && [...card.querySelectorAll("a, button")].find((el) => el.id === focused.id && el.textContent === focused.textContent);
  if (same) same.focus();
  else if ((opening && !typing) || hadFocus) (app.overlay === "over" ? card : card.querySelector("button") || card).focus();
}

/** The turn clocks, the bots' countdown, and the end of a held trick (every 250 ms). */
export function tick(app) {
  const { F, S } = app;
  const now = Date.now();
  for (const el of document.querySelectorAll("[data-clock]")) {
    if (F.paused) {
      el.textContent = S.paused_short; // nobody thinks while the match waits
      continue;
    }
    if (!F.deadline) {
      el.textContent = el.dataset.clock === F.mySeat ? S.your_turn_short : S.thinking;
      continue;
    }
    const left = Math.max(0, Math.ceil((F.deadline - now) / 1000));
    el.textContent = fmt(S.seconds_left, { n: left });
    const bar = document.querySelector(`[data-timer="${el.dataset.clock}"]`);
    if (bar) {
      const frac = Math.max(0, Math.min(1, (F.deadline - now) / ((F.turnSeconds || 30) * 1000)));
      bar.firstElementChild.style.width = `${(frac * 100).toFixed(1)}%`;
      bar.classList.toggle("low", left <= 5);
    }
  }
  const bots = document.querySelector("[data-bots-clock]");
  sayClock(app, now);
  if (bots && F.botsAt) bots.textContent = fmt(S.bots_in, { n: Math.max(0, Math.ceil((F.botsAt - now) / 1000)) });
  if (app.flash && app.flash.until <= now) {
    app.flash = null;
    app.render();
  }
}

/** Say whose turn it is (once per change) in the table's log (speech.js). */
export function announceTurn(app) {
  const { F, S } = app;
  const v = view(app);
  let text = "";
  if (v.phase === "over") text = S.match_over;
  else if (closed(app)) text = S.table_closed;
  else if (F.paused) text = S.paused;
  else if (F.status !== "waiting" && v.to_move) {
    text = isMyTurn(app) ? (v.phase === "bidding" ? S.your_bid : S.your_play)
      : fmt(v.phase === "bidding" ? S.waiting_bid : S.waiting_play, { name: seatName(app, v.to_move) });
  }
  // Who took the trick is said with the cards (speech.js), the match's end with its result; a
  // bot's turn is not said (its move follows at once).
  if (text && text !== app.lastAnnounced) {
    app.lastAnnounced = text;
    const bot = v.to_move && (F.seats[v.to_move] || {}).kind === "bot";
    if (v.phase !== "over" && !(bot && !F.paused && !closed(app))) say(text);
  }
}
