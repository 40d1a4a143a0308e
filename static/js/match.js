// The replay of a finished match (games/templates/games/match.html): every hand's deal, its bids,
// then its tricks one by one, the four hands face up. The server embeds the whole match as JSON
// ("replay-data", games.match_record.replay_data) and the strings ("replay-strings"); this module
// only steps through them: Previous/Next buttons, the arrow keys, and a jump to a hand. Each hand's
// "Check" button recomputes its commitment and its deal from the seed shown (./fair_deal.js).

import { canVerify, verifyHand } from "./fair_deal.js";
import { $, SEATS, bidLabel, cardFace, fmt, h, num, signed } from "./table/util.js";

const data = JSON.parse($("#replay-data").textContent);
const S = JSON.parse($("#replay-strings").textContent);
const PLACES = { N: "top", E: "right", S: "bottom", W: "left" };

/** The steps of the whole match, in order: per hand the deal, the bids, each trick, the result. */
function buildSteps() {
  const steps = [];
  data.hands.forEach((hand, index) => {
    steps.push({ hand: index, kind: "deal", tricks: 0 });
    steps.push({ hand: index, kind: "bids", tricks: 0 });
    hand.tricks.forEach((_, k) => steps.push({ hand: index, kind: "trick", tricks: k + 1 }));
    steps.push({ hand: index, kind: "result", tricks: hand.tricks.length });
  });
  return steps;
}

const steps = buildSteps();
let at = 0;

/** A seat's player as the page names them (a bot's name already says where it sits). */
const name = (seat) => data.players[seat] || S.compass[seat];

/** What each seat still holds after ``done`` tricks, and the tricks each has won by then. */
function handsAfter(hand, done) {
  const played = new Set();
  const won = { N: 0, E: 0, S: 0, W: 0 };
  for (const trick of hand.tricks.slice(0, done)) {
    for (const play of trick.cards) played.add(play.card);
    won[trick.winner] += 1;
  }
  const held = {};
  for (const seat of SEATS) held[seat] = hand.deal[seat].filter((card) => !played.has(card));
  return { held, won };
}

function caption(step, hand) {
  const n = hand.number;
  if (step.kind === "deal") return fmt(S.deal, { n, dealer: name(hand.dealer) });
  if (step.kind === "bids") return fmt(S.bidding, { n });
  if (step.kind === "trick") {
    const trick = hand.tricks[step.tricks - 1];
    return fmt(S.trick, { n, k: step.tricks, of: hand.tricks.length, name: name(trick.winner) });
  }
  const line = (team) => `${signed(hand.scoring[team].hand)} (${num(hand.scoring[team].score)})`;
  return fmt(S.result, { n, ns: line("NS"), ew: line("EW") });
}

function seatBox(seat, hand, step, held, won) {
  const bid = hand.bids.find((b) => b.seat === seat);
  const showBid = step.kind !== "deal" && bid;
  const facts = h("div", { class: "replay-facts" },
    h("span", { text: showBid ? fmt(S.bid, { bid: bidLabel(S, bid.bid) }) : S.no_bid }),
    h("span", { text: fmt(S.tricks_won, { n: won[seat] }) }));
  const cards = h("div", { class: "card-row replay-cards" }, held[seat].map((card) => cardFace(S, card)));
  const heading = h("h3", { class: "replay-name" }, h("span", { class: "replay-compass", text: `${S.compass[seat]} · ` }), name(seat),
    seat === hand.dealer ? h("span", { class: "replay-dealer", text: S.dealer }) : null);
  return h("div", { class: `replay-seat seat-${PLACES[seat]}`, dataset: { seat } }, heading, facts, cards);
}

function trickBox(step, hand) {
  const box = h("div", { class: "replay-trick", id: "replay-trick" });
  if (step.kind !== "trick") return box;
  const trick = hand.tricks[step.tricks - 1];
  for (const play of trick.cards) {
    const winner = play.seat === trick.winner ? " is-winner" : "";
    box.append(h("div", { class: `replay-play play-${PLACES[play.seat]}${winner}`, dataset: { seat: play.seat } },
      cardFace(S, play.card)));
  }
  return box;
}

function render() {
  const step = steps[at];
  const hand = data.hands[step.hand];
  const { held, won } = handsAfter(hand, step.tricks);
  const board = $("#replay-board");
  board.dataset.step = String(at);
  board.dataset.kind = step.kind;
  board.replaceChildren(...SEATS.map((seat) => seatBox(seat, hand, step, held, won)), trickBox(step, hand));
  $("#replay-caption").textContent = caption(step, hand);
  $("#replay-step").textContent = fmt(S.step_of, { i: at + 1, n: steps.length });
  $("#replay-prev").disabled = at === 0;
  $("#replay-next").disabled = at === steps.length - 1;
  $("#replay-hand").value = String(step.hand);
}

function go(index) {
  at = Math.max(0, Math.min(steps.length - 1, index));
  render();
}

function setUp() {
  if (!steps.length) {
    $("#replay").hidden = true;
    return;
  }
  const select = $("#replay-hand");
  data.hands.forEach((hand, index) => select.append(h("option", { value: String(index), text: fmt(S.hand_option, { n: hand.number }) })));
  select.addEventListener("change", () => go(steps.findIndex((s) => s.hand === Number(select.value))));
  $("#replay-prev").addEventListener("click", () => go(at - 1));
  $("#replay-next").addEventListener("click", () => go(at + 1));
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const tag = (event.target && event.target.tagName) || "";
    if (["INPUT", "SELECT", "TEXTAREA"].includes(tag)) return;
    if (event.key === "ArrowRight") go(at + 1);
    else if (event.key === "ArrowLeft") go(at - 1);
    else return;
    event.preventDefault();
  });
  render();
}

/** The verdict on one hand, in words: they agree, or what disagrees. */
async function verdict(item) {
  const number = Number(item.dataset.hand);
  const hand = data.hands.find((one) => one.number === number);
  if (!canVerify()) return S.verify_unavailable;
  const shown = (selector) => item.querySelector(selector).textContent.trim();
  const shuffle = { context: shown(".fair-deal-facts code"), commitment: shown(".fair-deal-commitment"), seed: shown(".fair-deal-seed") };
  const found = await verifyHand(shuffle, hand.dealer, hand.deal, data.variant);
  if (found.ok) return S.verify_ok;
  if (found.computed) return fmt(S.verify_commitment, { computed: found.computed });
  const where = found.shownAt ? S.compass[found.shownAt] : S.verify_nowhere;
  return fmt(S.verify_card, { card: found.card, seat: S.compass[found.dealtTo], shown: where });
}

function setUpChecks() {
  for (const item of document.querySelectorAll(".fair-deal")) {
    const button = item.querySelector(".fair-deal-check");
    const out = item.querySelector(".fair-deal-verdict");
    button.hidden = false;
    button.addEventListener("click", async () => {
      button.disabled = true;
      out.textContent = S.verify_busy;
      out.classList.remove("is-ok", "is-bad");
      try {
        const text = await verdict(item);
        out.textContent = text;
        out.classList.add(text === S.verify_ok ? "is-ok" : "is-bad");
      } finally {
        button.disabled = false;
      }
    });
  }
}

setUp();
setUpChecks();
