// The chat panel: messages (text only, never HTML), the show/hide preference kept in the browser,
// the ready-made phrases, and muting a seat.

import { $, fmt, fmtn, h, toast } from "./util.js";

const CHAT_PREF_KEY = "atout-pique.chat";

export function chatOn() {
  try {
    return localStorage.getItem(CHAT_PREF_KEY) !== "off";
  } catch {
    return true;
  }
}

/** The form and phrases: for a seated player, while the chat is shown and allowed. */
export function renderChatAccess(app) {
  const { F } = app;
  const off = !F.mySeat || !chatOn() || !F.chatEnabled;
  $("#chat-form").hidden = off;
  $("#chat-phrases").hidden = off;
  if (F.chatMax) $("#chat-input").maxLength = F.chatMax;
}

function applyChatPref(app) {
  const on = chatOn();
  $("#chat-toggle").checked = on;
  $("#chat-log").hidden = !on;
  $("#chat-off-note").hidden = on;
  renderChatAccess(app);
}

export function addChat(app, message) {
  if (!message || (message.id !== undefined && app.chatSeen.has(message.id))) return;
  if (message.id !== undefined) app.chatSeen.add(message.id);
  if (message.seat && app.F.mutes.has(message.seat)) return;
  const list = $("#chat-list");
  const li = h("li", { class: message.system ? "system" : null, dataset: { id: String(message.id ?? ""), seat: message.seat || "" } });
  if (message.name) li.append(h("span", { class: "who", text: fmt(app.S.chat_author, { name: message.name }) }));
  li.append(document.createTextNode(message.text || ""));
  list.append(li);
  while (list.childElementCount > 200) list.firstElementChild.remove();
  $("#chat-log").scrollTop = $("#chat-log").scrollHeight;
}

export function removeChat(id) {
  for (const li of document.querySelectorAll("#chat-list li")) if (li.dataset.id === String(id)) li.remove();
}

function sendChat(app, text) {
  const clean = String(text || "").trim();
  const max = app.F.chatMax;
  if (!clean) return;
  if (clean.length > max) {
    toast(fmtn(app.S.chat_too_long, { n: max }));
    return;
  }
  if (app.send({ type: "chat", text: clean })) $("#chat-input").value = "";
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
