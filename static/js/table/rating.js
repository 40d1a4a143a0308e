// A ranked table's end-of-match box: each person's rating before and after the match. The rating
// task runs just after the match's end, so the page asks (cfg.ranked.resultUrl) until it has run.
// Loaded by felt.js when the end-of-match box shows at a ranked table, not with the page.

import { fmt, h } from "./util.js";

const TRIES = 20;
const PAUSE_MS = 1500;

/** Put the rating box in the end-of-match box `card` (drawn again at each render). */
export function showRatings(app, card) {
  const id = app.F.matchId;
  if (!id) return;
  const node = h("div", { id: "rating-change", class: "rating-change", role: "status" });
  card.querySelector(".winner-line")?.after(node);
  const memo = (app.rating ||= { id: null, changes: null });
  if (memo.id !== id) {
    memo.id = id;
    memo.changes = null;
    poll(app, memo, id);
  }
  draw(app, node, memo);
}

async function poll(app, memo, id) {
  const url = fmt(app.cfg.ranked.resultUrl, { id });
  for (let i = 0; i < TRIES && memo.id === id && !memo.changes; i++) {
    try {
      const response = await fetch(url, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } });
      const data = response.ok ? await response.json() : null;
      if (data && data.rated && Array.isArray(data.changes)) memo.changes = data.changes;
    } catch {
      // Asked again below; the profile shows the rating anyway.
    }
    if (!memo.changes) await new Promise((done) => setTimeout(done, PAUSE_MS));
  }
  const node = document.getElementById("rating-change");
  if (node && memo.id === id) draw(app, node, memo);
}

function draw(app, node, memo) {
  const S = app.cfg.ranked.strings;
  if (!memo.changes) {
    node.replaceChildren(h("p", { class: "overlay-note", text: S.pending }));
    return;
  }
  const sign = (d) => (d >= 0 ? `+${d}` : `−${-d}`);
  const items = memo.changes.map((c) => h("li", { class: c.you ? "is-you" : null, dataset: { seat: c.position } },
    fmt(S.line, { name: c.name, before: c.before, after: c.after, delta: sign(c.delta) }) + (c.abandoned ? ` — ${S.abandoned}` : "")));
  node.replaceChildren(h("h3", { text: S.title }), h("ul", {}, items));
}
