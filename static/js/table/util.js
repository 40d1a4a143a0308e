// Pure helpers of the table page: string formatting, plurals, element building, card faces.
// No state here: every function works on its arguments only.

export const SEATS = ["N", "E", "S", "W"];
const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** Fill "%(name)s" placeholders (Django's style, so translators see one syntax). */
export function fmt(template, values = {}) {
  return String(template ?? "").replace(/%\((\w+)\)[sd]/g, (_, key) => (key in values ? String(values[key]) : ""));
}

const RULES = new Intl.PluralRules(document.documentElement.lang || undefined);
/** Pick the form of a plural message for n: the server sends one form per CLDR category
 * ("one", "other"; views.plural_forms), the browser knows the language's rule. */
export function plural(forms, n) {
  if (typeof forms === "string") return forms;
  return (forms && (forms[RULES.select(Number(n))] ?? forms.other)) || "";
}

/** fmt() of the right plural form, n being values[key]. */
export function fmtn(forms, values, key = "n") {
  return fmt(plural(forms, values[key]), values);
}

/** Build an element; strings become text nodes (never HTML). */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export const $ = (selector, root = document) => root.querySelector(selector);
export const nextSeat = (seat) => SEATS[(SEATS.indexOf(seat) + 1) % 4];
export const partnerOf = (seat) => SEATS[(SEATS.indexOf(seat) + 2) % 4];
export const teamOf = (seat) => (seat === "N" || seat === "S" ? "NS" : "EW");
export const otherTeam = (team) => (team === "NS" ? "EW" : "NS");
export const teamSeats = (team) => (team === "NS" ? ["N", "S"] : ["E", "W"]);

/** A number as printed: negative numbers take the typographic minus "−", like the rules pages. */
export const num = (n) => (typeof n === "number" && n < 0 ? `−${Math.abs(n)}` : String(n ?? ""));
export const signed = (p) => (p > 0 ? `+${p}` : p < 0 ? `−${Math.abs(p)}` : "0");

export function formatNumber(x) {
  return new Intl.NumberFormat(document.documentElement.lang || undefined, { maximumFractionDigits: 1 }).format(x);
}

export function bidLabel(S, bid) {
  if (bid === null || bid === undefined) return "";
  if (bid === "nil") return S.nil;
  if (bid === "blind_nil") return S.blind_nil;
  return String(bid);
}

export function cardInfo(S, code) {
  const known = S.cards && S.cards[code];
  return { rank: known ? known[0] : code[0], name: known ? known[1] : code, suit: code[1] };
}

/** The Joker variant's two jokers ("LJ", "BJ"): cards of their own, not spades. */
export const isJoker = (code) => code === "LJ" || code === "BJ";

/** The classes of a face-up card: its suit's colour, or a joker's face. */
export function cardClass(code) {
  if (isJoker(code)) return `card card-joker ${code === "BJ" ? "joker-big" : "joker-little"}`;
  return `card suit-${String(code[1]).toLowerCase()}`;
}

/** A face-up card (cards.css). A picture (span) is named by aria-label; a button's name is its
 * text: the printed rank, then the spoken name for screen readers, so "V" is part of the name.
 * A joker shows the word "JOKER" and a star (red for the big one), never a spade. */
export function cardFace(S, code, tag = "span", extra = {}) {
  const info = cardInfo(S, code);
  const joker = isJoker(code);
  // data-rank: the second corner and a court card's letter (cards.css), never read out.
  const props = { class: cardClass(code), dataset: joker ? { card: code } : { card: code, rank: info.rank }, ...extra };
  if (tag === "span") {
    props.role = "img";
    props["aria-label"] = props["aria-label"] || info.name;
  }
  return h(tag, props, h("span", { class: "card-rank", text: joker ? S.joker_word : info.rank }),
    h("span", { class: "card-suit", "aria-hidden": "true", text: joker ? "✶" : SUIT_SYMBOLS[info.suit] }),
    tag === "span" ? null : h("span", { class: "visually-hidden", text: ` ${info.name}` }));
}

export const cardBack = () => h("span", { class: "card card-back", "aria-hidden": "true" });

/** A short message at the bottom of the screen (errors), read out by screen readers. */
export function toast(message) {
  const box = $("#table-toast");
  if (!box) return;
  box.textContent = message;
  clearTimeout(Number(box.dataset.timer));
  box.dataset.timer = String(setTimeout(() => (box.textContent = ""), 4500));
}
