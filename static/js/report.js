// Reporting a chat message or a seat's player to the moderators: the dialog of
// games/templates/games/report_dialog.html, the "report" socket message (docs/protocol.md) and
// its answers. Standalone: the table page gives it a way to send and hands it the frames.
//
// Use (once): reporting = setupReporting({ send }) where send(message) sends a socket message;
// reporting.open({ message: 12, name: "Hugo", text: "…" }) or reporting.open({ seat: "E", name:
// "Hugo" }) opens the dialog; reporting.button(same) makes a button that opens it; each socket
// frame goes first to reporting.handleFrame(frame), which returns true for the answers to a
// report (report_received, and its refusals). The table page (table.js) fetches this module the
// first time a player opens the dialog, and makes its buttons from the same #report-button.

const REPORT_ERRORS = new Set([
  "bad_report_reason", "bad_report_target", "no_such_message", "not_reportable", "too_fast",
  "bad_field", "no_identity",
]);

function fill(template, name) {
  return String(template || "").replace("{name}", name || "");
}

export function setupReporting({ send, root = document }) {
  const dialog = root.querySelector("#report-dialog");
  const buttonTemplate = root.querySelector("#report-button");
  if (!dialog || !buttonTemplate) throw new Error("report_dialog.html is not on the page");
  const form = dialog.querySelector("form");
  const title = dialog.querySelector("#report-title");
  const quote = dialog.querySelector(".report-quote");
  const status = dialog.querySelector(".report-status");
  const submit = form.querySelector('button[type="submit"]');
  let target = null; // {message} or {seat}
  let pending = false;

  function open({ message = null, seat = null, name = "", text = "" }) {
    target = message !== null && message !== undefined ? { message } : { seat };
    form.reset();
    status.textContent = "";
    submit.disabled = false;
    pending = false;
    title.textContent = fill(target.message !== undefined ? dialog.dataset.titleMessage : dialog.dataset.titleSeat, name);
    quote.textContent = text || "";
    quote.hidden = !text;
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
  }

  function close() {
    pending = false;
    if (typeof dialog.close === "function") dialog.close();
    else dialog.removeAttribute("open");
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!target || pending) return;
    const data = new FormData(form);
    const reason = data.get("reason");
    if (!reason) return;
    const comment = String(data.get("comment") || "").trim();
    const message = { type: "report", ...target, reason };
    if (comment) message.comment = comment;
    if (send(message) === false) return;
    pending = true;
    submit.disabled = true;
  });
  dialog.querySelector(".report-cancel").addEventListener("click", close);

  /** A socket frame: true when it was the answer to a report (the caller stops there). */
  function handleFrame(frame) {
    if (!pending || !frame) return false;
    if (frame.type === "report_received") {
      status.textContent = dialog.dataset.thanks;
      pending = false;
      setTimeout(close, 1500);
      return true;
    }
    if (frame.type === "error" && REPORT_ERRORS.has(frame.code)) {
      status.textContent = frame.message;
      pending = false;
      submit.disabled = false;
      return true;
    }
    return false;
  }

  /** A "Report" button that opens the dialog for this message or seat. */
  function button(what) {
    const node = buttonTemplate.content.firstElementChild.cloneNode(true);
    node.addEventListener("click", () => open(what));
    return node;
  }

  return { open, close, handleFrame, button, dialog };
}
