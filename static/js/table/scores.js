// The score board (side panel): both partnerships' score, contract, tricks and bags, the match's
// target, and the last hand's scoring line by line (also shown in the felt's overlays).

import { $, fmt, fmtn, h, num, signed, teamOf, teamSeats, bidLabel } from "./util.js";
import { pastHands, teamLabel, teamNames, teamsOrder, view, seatName } from "./model.js";

export function renderScores(app) {
  const { F, S } = app;
  const body = $("#scores-body");
  if (!app.state.view) {
    body.replaceChildren(h("p", { class: "target-note", text: S.scores_waiting }));
    return;
  }
  const v = view(app);
  const rules = v.rules || {};
  const teams = teamsOrder(app);
  const head = h("tr", {}, h("th", { scope: "col" }, h("span", { class: "visually-hidden", text: S.team })));
  for (const team of teams) {
    head.append(h("th", { scope: "col", class: F.mySeat && teamOf(F.mySeat) === team ? "is-us" : null },
      teamLabel(app, team), h("span", { class: "team-names", text: teamNames(app, team) })));
  }
  const row = (label, fn) => h("tr", {}, h("th", { scope: "row", text: label }), ...teams.map((t) => h("td", {}, fn(t))));
  const scores = v.scores || {};
  const bagLimit = rules.bag_limit;
  const tbody = h("tbody", {},
    row(S.score, (t) => h("span", { class: "score-big", text: num((scores[t] || {}).score ?? 0) })),
    row(S.contract, (t) => contractCell(app, t)),
    row(S.tricks, (t) => String(teamSeats(t).reduce((a, s) => a + ((v.tricks_won || {})[s] || 0), 0))),
    row(S.bags, (t) => {
      const n = (scores[t] || {}).bags ?? 0;
      if (!bagLimit) return String(n);
      // Two bags or fewer from the penalty: in red, the moment to stop taking extra tricks.
      return h("span", { class: n >= bagLimit - 2 ? "bags-near" : null, text: fmt(S.bags_cycle, { n, limit: bagLimit }) });
    }),
  );
  const parts = [h("table", {}, h("caption", { class: "visually-hidden", text: S.scores_title }), h("thead", {}, head), tbody)];
  if (rules.target) {
    let note = fmtn(S.target_note, { target: rules.target }, "target");
    if (rules.loss_floor !== null && rules.loss_floor !== undefined) note += " " + fmtn(S.floor_note, { floor: num(rules.loss_floor), n: Math.abs(rules.loss_floor) });
    parts.push(h("p", { class: "target-note", text: note }));
  }
  const last = pastHands(app).at(-1);
  if (last) parts.push(breakdown(app, last, teams, "breakdown-side"));
  body.replaceChildren(...parts);
}

function contractCell(app, team) {
  const v = view(app);
  const c = v.contracts && v.contracts[team];
  const nils = teamSeats(team).filter((s) => v.bids && (v.bids[s] === "nil" || v.bids[s] === "blind_nil"));
  const nilText = nils.map((s) => bidLabel(app.S, v.bids[s])).join(" + ");
  if (c === null || c === undefined) return nils.length ? `${nilText} + …` : "–";
  return nils.length ? `${c} + ${nilText}` : String(c);
}

/** The scoring of one finished hand, line by line, for both partnerships (history entry). */
export function breakdown(app, entry, teams, id, titled = true) {
  const S = app.S;
  const box = h("div", { class: "breakdown", id, "data-hand": String(entry.hand_number) });
  if (titled) box.append(h("h3", { text: fmt(S.hand_result_title, { n: entry.hand_number }) }));
  for (const team of teams) {
    const d = entry[team];
    if (!d) continue;
    const lines = h("ul");
    const line = (label, pts, cls) => h("li", { class: cls || null }, h("span", { text: label }),
      pts === null ? null : h("span", { class: `pts${pts < 0 ? " neg" : ""}`, text: signed(pts) }));
    if (d.contract > 0) {
      const label = fmtn(d.made ? S.line_contract_made : S.line_contract_set, { contract: d.contract, tricks: d.tricks }, "tricks");
      lines.append(line(label, d.contract_points));
      if (d.made && d.overtricks > 0) lines.append(line(fmtn(S.line_overtricks, { n: d.overtricks }), d.overtricks));
    } else {
      lines.append(line(fmtn(S.line_zero, { tricks: d.tricks }, "tricks"), null));
    }
    for (const nil of d.nil || []) {
      const tmpl = nil.bid === "blind_nil" ? (nil.success ? S.line_blind_ok : S.line_blind_fail) : nil.success ? S.line_nil_ok : S.line_nil_fail;
      lines.append(line(fmt(tmpl, { name: seatName(app, nil.seat) }), nil.points));
    }
    const nilBags = (d.bags_added || 0) - (d.made && d.contract > 0 ? d.overtricks || 0 : 0);
    if (nilBags > 0) lines.append(line(fmtn(S.line_nil_bags, { n: nilBags }), nilBags));
    if (d.bag_penalty) lines.append(line(S.line_bag_penalty, -Math.abs(d.bag_penalty)));
    // The hand's points on the right, like every line; the running score in the label.
    lines.append(line(fmt(S.line_total, { score: num(d.score) }), d.hand, "total"));
    box.append(h("div", { class: "team-block" },
      h("div", { class: "team-title", text: fmt(S.team_title, { team: teamLabel(app, team), names: teamNames(app, team) }) }), lines));
  }
  return box;
}
