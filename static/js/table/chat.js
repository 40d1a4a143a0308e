// The chat panel: messages (text only, never HTML) in the order they were written, the show/hide
// preference kept in the browser, the ready-made phrases, muting a seat, a "Report" button by each
// message of another player, and what a player whose chat a moderator turned off is told.

import { $, fmt, fmtn, h, toast } from "./util.js";

const CHAT_PREF_KEY = "atout-pique.chat";

export function chatOn() {
  try {
    return localStorage.getItem(CHAT_PREF_KEY) !== "off";
  } catch {
    return true;
  }
}

/** The form and phrases: for a seated player, while the chat is shown and allowed, unless a
 * moderator turned this player's chat off (then the reason and the end are shown instead). */
export function renderChatAccess(app) {
  const { F } = app;
  const silenced = silencedNow(app);
  const off = !F.mySeat || !chatOn() || !F.chatEnabled || silenced;
  $("#chat-form").hidden = off;
  $("#chat-phrases").hidden = off;
  const note = $("#chat-silenced");
  const told = silenced ? silenceText(app) : app.chatRefusal || "";
  note.hidden = !told || !chatOn();
  note.textContent = told;
  if (F.chatMax) $("#chat-input").maxLength = F.chatMax;
}

/** A ban in force; one that ends while the page is open gives the form back then. */
function silencedNow(app) {
  const { F } = app;
  clearTimeout(app.silenceTimer);
  if (!F.silenced) return false;
  if (F.silencedUntil === null) return true;
  const left = F.silencedUntil - Date.now();
  if (left <= 0) return false;
  // setTimeout's longest wait is about 24 days; a longer ban is read again with a later frame.
  if (left < 2 ** 31 - 1) app.silenceTimer = setTimeout(() => renderChatAccess(app), left + 500);
  return true;
}

function silenceText(app) {
  const { F, S } = app;
  const reason = F.silenceReason || S.silence_no_reason;
  if (F.silencedUntil === null) return fmt(S.silenced_for_good, { reason });
  // In the browser's time zone, named ("UTC+1"), as the server's messages name theirs.
  const until = new Intl.DateTimeFormat(app.cfg.lang || undefined, {
    year: "numeric", month: "long", day: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short",
  })
    .format(new Date(F.silencedUntil));
  return fmt(S.silenced_until, { until, reason });
}

function applyChatPref(app) {
  const on = chatOn();
  $("#chat-toggle").checked = on;
  $("#chat-log").hidden = !on;
  $("#chat-off-note").hidden = on;
  renderChatAccess(app);
}

/** Where a message goes in the log: after every message written before it (by `at`, then `id`). */
function laterThan(li, message) {
  const at = li.dataset.at || "";
  const mine = message.at || "";
  if (at !== mine) return at > mine;
  return Number(li.dataset.id) > Number(message.id ?? Infinity);
}

export function addChat(app, message) {
  if (!message || (message.id !== undefined && app.chatSeen.has(message.id))) return;
  if (message.seat === app.F.mySeat && message.text === app.chatDraft) app.chatDraft = null;
  if (message.id !== undefined) app.chatSeen.add(message.id);
  if (message.seat && app.F.mutes.has(message.seat)) return;
  const list = $("#chat-list");
  const li = h("li", {
    class: message.system ? "system" : null,
    dataset: { id: String(message.id ?? ""), seat: message.seat || "", at: message.at || "" },
  });
  if (message.name) li.append(h("span", { class: "who", text: fmt(app.S.chat_author, { name: message.name }) }));
  li.append(document.createTextNode(message.text || ""));
  if (!message.system && message.id !== undefined && message.seat !== app.F.mySeat) {
    const report = app.reportButton({ message: message.id, name: message.name, text: message.text });
    if (report) {
      report.setAttribute("aria-label", fmt(app.S.report_message_name, { name: message.name || "" }));
      li.append(" ", report);
    }
  }
  // Usually the newest: appended. A message shown again by a moderator goes back in its place.
  let next = list.lastElementChild;
  if (next && laterThan(next, message)) {
    while (next.previousElementSibling && laterThan(next.previousElementSibling, message)) next = next.previousElementSibling;
    list.insertBefore(li, next);
  } else {
    list.append(li);
    $("#chat-log").scrollTop = $("#chat-log").scrollHeight;
  }
  while (list.childElementCount > 200) list.firstElementChild.remove();
}

/** A moderator hid a message: it leaves the log (and may come back with chat_shown). */
export function removeChat(app, id) {
  app.chatSeen.delete(id);
  for (const li of document.querySelectorAll("#chat-list li")) if (li.dataset.id === String(id)) li.remove();
}

/** A moderator showed a hidden message again: back in its place. */
export function showChat(app, message) {
  if (!message || message.id === undefined) return;
  removeChat(app, message.id);
  addChat(app, message);
}

function sendChat(app, text) {
  const clean = String(text || "").trim();
  const max = app.F.chatMax;
  if (!clean) return;
  if (clean.length > max) {
    toast(fmtn(app.S.chat_too_long, { n: max }));
    return;
  }
  if (app.send({ type: "chat", text: clean })) {
    $("#chat-input").value = "";
    app.chatDraft = clean;
    app.chatRefusal = "";
  }
}

/** A refused message goes back in the field, and why stays by the chat (not only a toast). */
export function chatRefused(app, frame) {
  if (!app.chatDraft || !/^(silenced|address_blocked|filtered|message_too_long|chat_disabled|too_fast)$/.test(frame.code)) return;
  $("#chat-input").value ||= app.chatDraft;
  app.chatDraft = null;
  app.chatRefusal = frame.message;
  renderChatAccess(app);
}

function toggleMute(app, seat) {
  const muted = app.F.mutes.has(seat);
  if (!app.send({ type: muted ? "unmute" : "mute", seat })) return;
  if (muted) app.F.mutes.delete(seat);
  else {
    app.F.mutes.add(seat);
    for (const li of document.querySelectorAll("#chat-list li")) if (li.dataset.seat === seat) li.remove();
  }
  app.render();
}

/** Wire the panel once; `messages`: the history the page was rendered with. */
export function initChat(app, messages) {
  // The chat folds away (a disclosure), folded at first on a phone: the table needs the screen.
  const fold = $("#chat-fold");
  const unfold = (open) => {
    fold.setAttribute("aria-expanded", String(open));
    $("#chat-body").hidden = !open;
  };
  unfold(!matchMedia("(max-width: 36rem)").matches);
  fold.addEventListener("click", () => unfold(fold.getAttribute("aria-expanded") !== "true"));
  const toggle = $("#chat-toggle");
  toggle.addEventListener("change", () => {
    try {
      localStorage.setItem(CHAT_PREF_KEY, toggle.checked ? "on" : "off");
    } catch {
      // Private browsing: the choice lasts for this page only.
    }
    applyChatPref(app);
  });
  $("#chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    sendChat(app, $("#chat-input").value);
  });
  $("#chat-phrases").replaceChildren(...app.S.chat_phrases.map((text) =>
    h("button", { type: "button", class: "btn btn-small", text, onclick: () => sendChat(app, text) })));
  // The mute buttons are drawn with the seats (felt.js); one listener for all of them.
  $("#felt").addEventListener("click", (event) => {
    const btn = event.target.closest("[data-mute]");
    if (btn) toggleMute(app, btn.dataset.mute);
  });
  (messages || []).forEach((m) => addChat(app, m));
  applyChatPref(app);
}
