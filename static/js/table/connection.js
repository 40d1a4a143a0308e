// The socket to /ws/tables/<id>/ (docs/protocol.md): connect, back off and reconnect, ask for the
// full state again after a reconnection, and apply only the newest state (never an older version).
// Host actions that are plain POST forms go through postForm().

import { $, h, toast } from "./util.js";

const ACTIONS = ["bid", "play", "look"];

/** Newest version wins: a frame older than the one applied is dropped (same version: presence,
 * deadlines, chat mutes may have changed; it is applied). */
export function isNewer(current, frame) {
  return !(typeof frame.version === "number" && typeof current.version === "number" && frame.version < current.version);
}

/** An action is pending until a state newer than the one it was decided on comes back (a frame
 * of the same version, e.g. a presence change sent before the server applied the action, is not
 * its answer: clearing then would enable the bid grid again and let a second click bid twice). */
export function answersPending(app, frame) {
  if (!app.pending) return false;
  const sent = app.pendingVersion;
  return typeof sent !== "number" || typeof frame.version !== "number" || frame.version > sent;
}

/** Open the socket; `handlers.state(frame)`, `.history(frame)` (the "history" and "hand_result"
 * frames), `.chat(message)`, `.chatHidden(id)`,
 * `.chatShown(message)`, `.error(frame)`, `.server(frame)` (the game server's health,
 * docs/protocol.md), `.advice(frame)` (the coach); `handlers.first(frame)` sees every frame
 * before them and returns true for those it took (the answers to a report). */
export function connect(app, handlers) {
  const net = app.net;
  clearTimeout(net.retryTimer);
  net.retryTimer = null;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}${app.cfg.wsPath}?lang=${encodeURIComponent(app.cfg.lang || "")}`);
  net.socket = socket;
  socket.addEventListener("open", () => {
    net.attempts = 0;
    $("#conn-banner").hidden = true;
    document.body.dataset.socket = "open";
    if (net.openedOnce) socket.send(JSON.stringify({ type: "sync" }));
    net.openedOnce = true;
    net.lastFrameAt = Date.now();
  });
  socket.addEventListener("message", (event) => {
    net.lastFrameAt = Date.now();
    let frame;
    try {
      frame = JSON.parse(event.data);
    } catch {
      return;
    }
    if (handlers.first && handlers.first(frame)) return;
    if (frame.type === "state") handlers.state(frame);
    else if (frame.type === "history" || frame.type === "hand_result") handlers.history(frame);
    else if (frame.type === "chat") handlers.chat(frame.message);
    else if (frame.type === "chat_history" && Array.isArray(frame.messages)) frame.messages.forEach(handlers.chat);
    else if (frame.type === "chat_hidden") handlers.chatHidden(frame.id);
    else if (frame.type === "chat_shown") handlers.chatShown(frame.message);
    else if (frame.type === "error") handlers.error(frame);
    else if (frame.type === "server") handlers.server(frame);
    else if (frame.type === "advice" && handlers.advice) handlers.advice(frame);
    else if (frame.type === "redirect" && frame.url) location.assign(frame.url);
  });
  socket.addEventListener("close", (event) => {
    document.body.dataset.socket = "closed";
    net.socket = null;
    // An action in flight went with the socket: the state asked for after reconnecting says
    // whether it was applied; meanwhile the controls come back.
    if (app.pending) {
      app.pending = false;
      app.render();
    }
    if (event.code === 4403 || event.code === 4404) {
      toast(app.S.no_access);
      return;
    }
    if (event.code === 4409) {
      // This viewer opened the table in more tabs than the server keeps: this one, the oldest,
      // stays closed (reconnecting would close the next one).
      toast(app.S.open_elsewhere);
      return;
    }
    $("#conn-banner").hidden = false;
    if (net.retryTimer) return;
    // Exponential backoff with jitter, so a server restart is not met by every client at once.
    const base = Math.min(15000, 500 * 2 ** net.attempts);
    net.attempts += 1;
    net.retryTimer = setTimeout(() => connect(app, handlers), base / 2 + Math.random() * (base / 2));
  });
  window.addEventListener("online", () => net.socket || connect(app, handlers), { once: true });
}

/** A table in play that has been quiet for QUIET_RESYNC_MS asks whether it missed a state: a
 * server process that died between a move's commit and its broadcast would otherwise leave this
 * page behind until the next move. The server answers only when the version differs. */
export const QUIET_RESYNC_MS = 15000;

export function resyncIfQuiet(app, now = Date.now()) {
  const net = app.net;
  const socket = net.socket;
  if (!socket || socket.readyState !== WebSocket.OPEN || app.F.status !== "playing") return false;
  if (now - (net.lastFrameAt || now) < QUIET_RESYNC_MS) return false;
  net.lastFrameAt = now;
  const version = app.state.version;
  socket.send(JSON.stringify(typeof version === "number" ? { type: "sync", version } : { type: "sync" }));
  return true;
}

/** Send a message; an action carries the version it was decided on. False if not connected. */
export function send(app, message) {
  const socket = app.net.socket;
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    toast(app.S.not_connected);
    return false;
  }
  const isAction = ACTIONS.includes(message.type);
  if (isAction && app.pending) return false; // one action at a time: its answer comes first
  const version = app.state.version;
  socket.send(JSON.stringify(isAction && typeof version === "number" ? { ...message, version } : message));
  if (isAction) {
    app.pending = true;
    app.pendingVersion = typeof version === "number" ? version : null;
  }
  return true;
}

function csrfToken() {
  const input = document.querySelector("input[name=csrfmiddlewaretoken]");
  return input ? input.value : "";
}

/** A host action (start, kick): the plain form's POST, answered in JSON (games/views.py). */
export async function postForm(app, url, fields) {
  const body = new URLSearchParams({ csrfmiddlewaretoken: csrfToken(), ...fields });
  try {
    const response = await fetch(url, {
      method: "POST", body, credentials: "same-origin",
      headers: { "X-Requested-With": "fetch", Accept: "application/json" },
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok || data.ok === false) toast(data.error || app.S.generic_error);
    else if (data.redirect) location.assign(data.redirect);
  } catch {
    toast(app.S.not_connected);
  }
}

/** "Play again": a plain POST form (the server answers with a redirect to the new table). */
export function rematchForm(app) {
  return h("form", { method: "post", action: app.cfg.urls.rematch, class: "inline-form" },
    h("input", { type: "hidden", name: "csrfmiddlewaretoken", value: csrfToken() }),
    h("button", { type: "submit", class: "btn btn-primary", id: "rematch", text: app.S.rematch }));
}
