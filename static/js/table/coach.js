// The coach ("Conseil"): on my turn at a quick or private table, ask the server for a suggested
// bid or card from my own seat's view; show its sentence and mark the suggested card or bid.
// Never at ranked tables (the server refuses it there too). The button and the sentence live in
// #coach, outside the hand area that is redrawn on every state: after each redraw the mark is put
// back while the advice is for the current version.

import { $ } from "./util.js";
import { isMyTurn, view } from "./model.js";

/** Wire the button once; `app.advice` holds the last answer ({version, action, reason}). */
export function initCoach(app) {
  app.advice = null;
  const button = $("#coach-ask");
  if (!button) return;
  button.addEventListener("click", () => {
    if (app.send({ type: "advice" })) button.disabled = true;
  });
}

/** An "advice" frame from the server (docs/protocol.md). */
export function showAdvice(app, frame) {
  if (!frame || typeof frame.reason !== "string" || !frame.action) return;
  app.advice = { version: frame.version, action: frame.action, reason: frame.reason };
  renderCoach(app);
}

/** Show the button on my turn (not at ranked tables), the sentence and the mark while current. */
export function renderCoach(app) {
  const box = $("#coach");
  if (!box) return;
  const { F } = app;
  const v = view(app);
  const offered = F.kind !== "ranked" && F.kind !== "daily" && isMyTurn(app) && (v.phase === "bidding" || v.phase === "playing");
  const current = offered && app.advice && app.advice.version === app.state.version ? app.advice : null;
  box.hidden = !offered;
  $("#coach-ask").disabled = !!current || app.pending;
  const text = $("#coach-text");
  text.textContent = current ? current.reason : "";
  text.hidden = !current;
  document.querySelectorAll(".is-advised").forEach((el) => el.classList.remove("is-advised"));
  if (!current) return;
  const { action } = current;
  const selector = action.type === "play" ? `#hand [data-card="${action.card}"]`
    : action.type === "look" ? '[data-bid="look"]' : `.bid-panel [data-bid="${action.bid}"]`;
  const target = document.querySelector(selector);
  if (target) target.classList.add("is-advised");
}
