// Checking a hand's deal in the browser, from the page's own data and nothing else: scheme
// sha256-fy-v1 (shared/spec/fair-deals.md), with Web Crypto's SHA-256. The commitment must be the
// SHA-256 of "<context>|<seed>", and the seed must deal exactly the cards the replay shows.
// The same steps as spades/engine/shuffle.py, written again here so that the page checks the
// server instead of trusting it.

const RANKS = "23456789TJQKA";
const ORDER = ["N", "E", "S", "W"];
const TWO_32 = 2 ** 32;

/** The deck before shuffling: 2S 3S … AS 2H … AC; Joker: without 2C and 2D, then LJ, BJ. */
export function deck(variant) {
  const cards = [];
  for (const suit of "SHDC") for (const rank of RANKS) cards.push(rank + suit);
  if (variant !== "joker") return cards;
  return [...cards.filter((card) => card !== "2C" && card !== "2D"), "LJ", "BJ"];
}

/** Can this page compute SHA-256? (Web Crypto exists only on HTTPS pages and on localhost.) */
export const canVerify = () => Boolean(globalThis.crypto && globalThis.crypto.subtle);

const toHex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

function fromHex(text) {
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** SHA-256 of a text's UTF-8 bytes, as 64 lowercase hex. */
export async function sha256Hex(text) {
  return toHex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** The random stream: block i = SHA-256(seed || i as 4 bytes big-endian), 8 integers a block. */
async function* randomStream(seed) {
  for (let i = 0; ; i += 1) {
    const input = new Uint8Array(seed.length + 4);
    input.set(seed);
    new DataView(input.buffer).setUint32(seed.length, i, false);
    const block = new DataView(await crypto.subtle.digest("SHA-256", input));
    for (let k = 0; k < 32; k += 4) yield block.getUint32(k, false);
  }
}

/** Each seat's cards, in the order dealt, from a seed (hex) and the dealer. */
export async function dealFromSeed(seedHex, dealer, variant) {
  const cards = deck(variant);
  const stream = randomStream(fromHex(seedHex));
  for (let k = cards.length - 1; k > 0; k -= 1) {
    const limit = TWO_32 - (TWO_32 % (k + 1));
    let u = (await stream.next()).value;
    while (u >= limit) u = (await stream.next()).value;
    const j = u % (k + 1);
    [cards[k], cards[j]] = [cards[j], cards[k]];
  }
  const first = ORDER.indexOf(dealer) + 1;
  const hands = { N: [], E: [], S: [], W: [] };
  cards.forEach((card, i) => hands[ORDER[(first + i) % 4]].push(card));
  return hands;
}

/**
 * Check one hand: ``shuffle`` {context, seed, commitment}, its ``dealer`` and ``deal`` (seat ->
 * cards, as the replay shows them). Returns {ok: true}, or {ok: false, computed} when the
 * commitment disagrees, or {ok: false, card, dealtTo, shownAt} for the first card out of place.
 */
export async function verifyHand(shuffle, dealer, deal, variant) {
  const computed = await sha256Hex(`${shuffle.context}|${shuffle.seed}`);
  if (computed !== shuffle.commitment) return { ok: false, computed };
  const dealt = await dealFromSeed(shuffle.seed, dealer, variant);
  for (const seat of ORDER) {
    for (const card of dealt[seat]) {
      if (!deal[seat].includes(card)) {
        const shownAt = ORDER.find((other) => deal[other].includes(card)) || null;
        return { ok: false, card, dealtTo: seat, shownAt };
      }
    }
    if (deal[seat].length !== dealt[seat].length) {
      const extra = deal[seat].find((card) => !dealt[seat].includes(card));
      return { ok: false, card: extra, dealtTo: ORDER.find((o) => dealt[o].includes(extra)) || null, shownAt: seat };
    }
  }
  return { ok: true };
}
