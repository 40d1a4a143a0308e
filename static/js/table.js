// The live table page (entry module). The server renders only the page's frame and embeds, as
// JSON, the first state frame ("table-state"), every string this script shows ("table-strings",
// translated, "%(name)s" placeholders, plurals by CLDR category) and its settings
// ("table-config"). Everything on the table is drawn here, from state frames: first the embedded
// one, then those of the socket (docs/protocol.md). No build step: ES modules loaded as they are.
// Names and chat texts are inserted with textContent, never as HTML.

import { $, toast } from "./table/util.js";
import { applyHistory, createApp, facts } from "./table/model.js";
import { answersPending, connect, isNewer, resyncIfQuiet, send } from "./table/connection.js";
import { announceTurn, noticeChanges, noticeHandEnded, renderBanner, renderServerBanner, renderOverlay, renderSeats, renderTrick, tick } from "./table/felt.js";
import { renderHandArea } from "./table/hand.js";
import { renderScores } from "./table/scores.js";
import { addChat, chatRefused, initChat, removeChat, renderChatAccess, showChat } from "./table/chat.js";
import { initCoach, renderCoach, showAdvice } from "./table/coach.js";
import { initShortcuts } from "./table/speech.js";
import { initSound } from "./table/sound.js";

const readJSON = (id) => JSON.parse(document.getElementById(id).textContent);
const cfg = readJSON("table-config");
const app = createApp(cfg, readJSON("table-strings"), readJSON("table-state"), readJSON("table-history"));

app.render = () => {
  renderBanner(app);
  renderSeats(app);
  renderTrick(app);
  renderHandArea(app);
  renderCoach(app);
  renderScores(app);
  renderOverlay(app);
  renderChatAccess(app);
  announceTurn(app);
  tick(app);
};

// The hand area alone, redrawn (a pending action, an error, the estimate arriving): the coach's
// mark lives on its buttons and cards, so it is put back each time.
app.redrawHand = () => {
  renderHandArea(app);
  renderCoach(app);
};

app.send = (message) => {
  const sent = send(app, message);
  if (sent && app.pending) app.redrawHand();
  return sent;
};

function applyState(frame) {
  if (!isNewer(app.state, frame)) return;
  const before = app.state;
  app.state = frame;
  if (app.F.mySeat) app.wasSeated = true;
  app.F = facts(app, frame);
  if (answersPending(app, frame)) app.pending = false;
  noticeChanges(app, before, frame);
  app.render();
}

// The match's history: replaced by a "history" frame, grown by a "hand_result". The server sends
// a hand's result just before the state frame of the move that ended it: its overlay opens with
// that state's drawing.
function applyHands(frame) {
  const ended = applyHistory(app, frame);
  if (ended) noticeHandEnded(app, ended);
  else app.render();
}

function setOverlay(which) {
  app.overlay = which;
  renderOverlay(app);
}

// Reporting a message or a player (games/report_dialog.html): only an identified viewer may. The
// dialog's module (report.js) is fetched the first time someone opens it, not with the page.
let reporting = null;
const loadReporting = () => import("./report.js").then(({ setupReporting }) => {
  reporting ||= setupReporting({ send: (message) => app.send(message) });
  return reporting;
});
const reportTemplate = document.getElementById("report-button");
app.reportButton = (what) => {
  if (!app.F.canReport) return null;
  const node = reportTemplate.content.firstElementChild.cloneNode(true);
  node.addEventListener("click", () => loadReporting().then((r) => r.open(what)).catch(() => toast(app.S.generic_error)));
  return node;
};
initChat(app, cfg.chat);
initCoach(app);
initShortcuts(app);
initSound();
// A ranked table's form carries its warning.
$("#leave-form")?.addEventListener("submit", (event) => {
  if (app.F.status === "playing" && !window.confirm(event.target.dataset.confirm || app.S.leave_confirm)) event.preventDefault();
});
$("#standin-back").addEventListener("click", () => app.send({ type: "back" }));
$("#last-trick-btn").addEventListener("click", () => setOverlay(app.overlay === "last" ? null : "last"));
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && app.overlay && app.overlay !== "over") setOverlay(null);
});
document.body.classList.add("js");
app.render();
setInterval(() => tick(app), 250);
setInterval(() => resyncIfQuiet(app), 5000);
connect(app, {
  first: (frame) => !!reporting && reporting.handleFrame(frame),
  state: applyState,
  history: applyHands,
  chat: (message) => addChat(app, message),
  chatHidden: (id) => removeChat(app, id),
  chatShown: (message) => showChat(app, message),
  advice: (frame) => showAdvice(app, frame),
  server: (frame) => {
    if (typeof frame.ok !== "boolean") return;
    app.serverDown = !frame.ok;
    renderServerBanner(app);
  },
  error: (frame) => {
    app.pending = false;
    chatRefused(app, frame);
    toast(frame.message || app.S.generic_error);
    app.redrawHand();
  },
});
