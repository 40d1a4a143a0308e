// Below the felt: what the table expects of me (the prompt), my hand, the bidding panel with the
// bots' estimate, the waiting room's controls and a closed table's way out.

import { $, fmt, fmtn, h, bidLabel, cardBack, cardClass, cardFace, formatNumber } from "./util.js";
import { view, legalBids, legalCards, canLook, closed, flashing, isMyTurn, canPlayNow, seatName, teamNames } from "./model.js";
import { postForm, rematchForm } from "./connection.js";

// Clicks on the bidding panel are ignored this long after my cards are turned: the "look" button
// and the bid grid never overlap, and a double click on "look" must not bid anyway.
export const REVEAL_GRACE_MS = 600;

export function renderHandArea(app) {
  const { F } = app;
  const v = view(app);
  const area = $("#hand-area");
  const focused = document.activeElement;
  const inside = !!focused && area.contains(focused);
  const focusKey = inside ? focused.dataset.card || focused.dataset.bid || focused.dataset.key || focused.id : null;
  const urgent = v.phase === "playing" ? canPlayNow(app) : isMyTurn(app);
  const parts = [h("p", { class: `hand-prompt${urgent ? " is-you" : ""}`, id: "hand-prompt", text: promptText(app) })];
  if (closed(app)) {
    // Closed for lack of players (docs/protocol.md): nothing to play, only where to go next.
    area.replaceChildren(...parts, closedPanel(app));
    return;
  }
  if (F.status === "waiting" && F.mySeat) parts.push(waitingPanel(app));
  if (F.mySeat && v.phase !== "over" && F.status !== "waiting") parts.push(handRow(app));
  if (F.mySeat && v.phase === "bidding" && (legalBids(app).length || canLook(app))) parts.push(bidPanel(app));
  area.replaceChildren(...parts);
  if (inside) restoreFocus(area, focusKey);
  focusTurn(app);
  // No hint URL at a ranked table: no bot advice there.
  if (app.cfg.urls.hint && isMyTurn(app) && v.phase === "bidding" && v.hand && !v.hand_hidden) loadHint(app);
}

/** Where the player acts now: the first legal bid (or "see my cards"), or the first playable card. */
const actionTarget = () => $("#hand-area .hand button.card:not([disabled])") || $("#hand-area .bid-grid button:not([disabled])")
  || $("#hand-area .look:not([disabled])") || $("#hand-area .bid-panel button:not([disabled])");

/** Give the focus to where the player acts (after a dialog closes); false when there is nothing
 * to act on (then the hand takes it, so Tab goes on from there). */
export function focusAction(app) {
  const target = actionTarget() || $("#hand");
  if (target) target.focus();
  return !!target;
}

/** At the start of my turn the focus goes to what I act on, unless I am typing (the chat), or a
 * dialog holds it (a hand's result gives it back when closed; a report is being written). Once
 * per turn. */
function focusTurn(app) {
  const target = isMyTurn(app) ? actionTarget() : null;
  if (!target) return;
  const turn = app.state.version; // a new turn is a new version (presence changes keep it)
  // The shortcut list would hide my controls while my clock runs: it closes.
  const shortcuts = $("#shortcuts");
  const closing = turn !== app.turnFocused && shortcuts && shortcuts.open;
  if (closing) shortcuts.close();
  const active = document.activeElement;
  if (turn === app.turnFocused || (!closing && active && active.closest("input, textarea, select, dialog, [role=dialog]"))) return;
  app.turnFocused = turn;
  target.focus();
  if (closing) setTimeout(() => target.isConnected && target.focus()); // after the dialog's own focus restore
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

function promptText(app) {
  const { F, S } = app;
  const v = view(app);
  if (closed(app)) return S.table_closed;
  if (F.paused) return S.paused;
  if (!F.mySeat) {
    if (F.status !== "waiting") return S.spectating;
    return app.wasSeated ? S.kicked : S.watching_waiting;
  }
  if (F.status === "waiting" || v.phase === "over") return "";
  if (flashing(app) && v.phase === "playing") return fmt(S.trick_for, { name: seatName(app, app.flash.trick.winner) });
  if (isMyTurn(app)) return v.phase === "bidding" ? S.your_bid : S.your_play;
  if (v.to_move) return fmt(v.phase === "bidding" ? S.waiting_bid : S.waiting_play, { name: seatName(app, v.to_move) });
  return "";
}

/** What a closed table offers: play again (a seated player) and the way back to the lobby. */
function closedPanel(app) {
  const actions = h("div", { class: "closed-actions" }, app.F.mySeat && app.F.kind !== "ranked" && app.F.kind !== "daily" ? [rematchForm(app), " "] : null,
    h("a", { class: "btn", href: app.cfg.urls.lobby, id: "back-to-lobby", text: app.S.back_to_lobby }));
  return h("section", { class: "closed-panel", id: "closed-panel" }, actions);
}

function waitingPanel(app) {
  const { F, S, cfg } = app;
  const panel = h("section", { class: "waiting-panel", "aria-labelledby": "waiting-title" },
    h("h2", { id: "waiting-title", text: F.kind === "private" ? S.private_waiting : S.quick_waiting }));
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
  if (F.kind === "private") panel.append(partnerships(app));
  if (F.isHost) {
    panel.append(h("p", {}, h("button", {
      type: "button", class: "btn btn-primary", "data-key": "start", text: S.start_now,
      onclick: () => postForm(app, cfg.urls.start, {}),
    }), " ", h("small", { text: S.start_help })));
  } else if (F.kind === "quick") {
    panel.append(h("p", { text: S.quick_help }));
  }
  return panel;
}

/** Who plays with whom: North–South against East–West (seats are chosen before the start). */
function partnerships(app) {
  const { S } = app;
  const line = (team) => h("li", { dataset: { team } },
    fmt(S.partnership_line, { team: team === "NS" ? S.team_ns : S.team_ew, names: teamNames(app, team) }));
  return h("ul", { class: "partnerships", "aria-label": S.partnerships }, line("NS"), line("EW"));
}

/** A bid, unless my cards were turned a moment ago (a double click on "look"). */
function bid(app, value) {
  if (performance.now() - app.revealedAt < REVEAL_GRACE_MS) return;
  if (value === "blind_nil" && !window.confirm(app.S.blind_nil_confirm)) return;
  app.send({ type: "bid", bid: value });
}

function bidPanel(app) {
  const { S } = app;
  const v = view(app);
  const bids = legalBids(app);
  const mine = isMyTurn(app);
  const hint = app.hint.hand === v.hand_number ? app.hint.data : null;
  // Just after my cards were turned the bid buttons wait a moment (disabled), then come alive.
  const wait = app.revealedAt + REVEAL_GRACE_MS - performance.now();
  if (wait > 0) setTimeout(() => app.redrawHand(), wait + 20);
  const off = app.pending || wait > 0;
  const panel = h("section", { class: "bid-panel", "aria-labelledby": "bid-title" });
  // When it is my turn the prompt above already says so: the title is for screen readers only.
  panel.append(h("h2", { id: "bid-title", class: mine ? "visually-hidden" : null, text: mine ? S.bid_title : S.bid_wait }));
  // Only the bids the rules offer now (view.legal): a variant may offer a few, or force one.
  const single = bids.length === 1 && !v.hand_hidden ? bids[0] : null;
  if (mine && !v.hand_hidden) {
    const grid = h("div", { class: `bid-grid${single !== null ? " is-single" : ""}`, role: "group", "aria-label": S.bid_title });
    if (single !== null) {
      grid.append(h("button", {
        type: "button", dataset: { bid: String(single) }, disabled: off, class: "bid-forced",
        text: fmt(S.bid_n, { n: bidLabel(S, single) }), onclick: () => bid(app, single),
      }));
    } else {
      for (const n of bids.filter((b) => typeof b === "number").sort((a, b) => a - b)) {
        grid.append(h("button", {
          type: "button", dataset: { bid: String(n) }, disabled: off,
          class: hint && hint.bid === n ? "is-hint" : null, "aria-label": fmt(S.bid_n, { n }), text: String(n),
          onclick: () => bid(app, n),
        }));
      }
    }
    panel.append(grid);
  }
  const special = h("div", { class: "bid-special" });
  for (const value of ["nil", "blind_nil"]) {
    if (mine && bids.includes(value) && value !== single) {
      special.append(h("button", { type: "button", dataset: { bid: value }, disabled: off, text: S[value], onclick: () => bid(app, value) }));
    }
  }
  if (special.childElementCount) panel.append(special);
  if (v.hand_hidden && canLook(app)) panel.append(h("p", { class: "bid-hint", text: S.blind_help }));
  if (mine && hint && !v.hand_hidden && single === null) {
    panel.append(h("p", { class: "bid-hint", id: "bid-estimate", text: fmtn(S.hint_line, { bid: hint.bid, total: formatNumber(hint.total), n: hint.total }) }));
  }
  return panel;
}

function handRow(app) {
  const { F, S } = app;
  const v = view(app);
  const row = h("div", { class: "hand", role: "group", "aria-label": S.your_hand, id: "hand", tabindex: "-1" });
  if (v.hand_hidden || !v.hand) {
    const n = (v.hand_counts && v.hand_counts[F.mySeat]) || 13;
    for (let i = 0; i < n; i++) row.append(cardBack());
    row.setAttribute("aria-label", S.hand_hidden);
    if (!canLook(app)) return row;
    // "See my cards" sits on the face-down cards, where my cards then appear (disabled while
    // bidding): never where a bid button appears.
    return h("div", { class: "hand-wrap" }, row, h("button", {
      type: "button", class: "btn look", dataset: { bid: "look" }, disabled: app.pending, text: S.look,
      onclick: () => app.send({ type: "look" }),
    }));
  }
  const playable = legalCards(app);
  const myPlay = canPlayNow(app);
  if (!myPlay) row.classList.add("is-waiting");
  if (v.phase === "bidding") row.classList.add("is-bidding"); // small on a phone, above the bid grid
  let firstEnabled = true;
  for (const code of v.hand) {
    const ok = myPlay && playable.has(code) && !app.pending;
    const btn = cardFace(S, code, "button", {
      type: "button", disabled: !ok, class: `${cardClass(code)}${ok ? " is-legal" : ""}`,
      tabindex: ok && firstEnabled ? "0" : "-1",
    });
    if (ok) firstEnabled = false;
    btn.addEventListener("click", () => app.send({ type: "play", card: code }));
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

/** The bots' estimate of my hand (GET games:hint), asked once per hand and kept per hand number.
 * An answer for another hand, or an empty one while I am still bidding this hand (the request
 * crossed the end of the previous hand), is not kept: the next state frame asks again. */
async function loadHint(app) {
  const hint = app.hint;
  const n = view(app).hand_number;
  const version = app.state.version;
  if (hint.hand === n || hint.asked === n || (hint.failedHand === n && hint.failedVersion === version)) return;
  hint.asked = n;
  let data = null;
  try {
    const response = await fetch(app.cfg.urls.hint, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } });
    if (response.ok) data = await response.json();
  } catch {
    // The hint is a comfort, not a feature the game needs.
  }
  if (hint.asked === n) hint.asked = null;
  if (data && typeof data.bid === "number" && data.hand_number === n) {
    hint.hand = n;
    hint.data = data;
    if (view(app).hand_number === n) app.redrawHand();
  } else {
    hint.failedHand = n;
    hint.failedVersion = version;
  }
}
