// DRUMP's playing cards, drawn with CSS; each carries data-card with its notation.
import { h } from "/js/dom.js";

export const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
const RANK_NAMES = { A: "Ace", X: "10", J: "Jack", Q: "Queen", K: "King" };
// DRUMP: the rank gives the creature, the suit the body part (drump.md, "Cards"; part_by_suit shdc).
export const CREATURES = { X: "Chimera", J: "Hydra", Q: "Pegasus", K: "Dragon" };
export const PARTS = { s: "head", h: "wings", d: "body", c: "tail" };
export const PART_ORDER = ["head", "wings", "body", "tail"];
export const PART_SUIT = { head: "s", wings: "h", body: "d", tail: "c" };

/** The value of a DRUMP card: A 1, 2-9, X 10, J 11, Q 12, K 13. */
export function drumpValue(name) {
  const rank = name[0];
  return { A: 1, X: 10, J: 11, Q: 12, K: 13 }[rank] ?? Number(rank);
}

/** Whether a DRUMP card is a monster part (X, J, Q, K). */
export function isPart(name) {
  return "XJQK".includes(name[0]);
}

/** A DRUMP card in words: "7 of hearts", "King of diamonds: Dragon body (13)". */
export function drumpWords(name) {
  const rank = name[0];
  const suit = name[1];
  const base = `${RANK_NAMES[rank] || rank} of ${SUIT_NAMES[suit]}`;
  if (isPart(name)) return `${base}: ${CREATURES[rank]} ${PARTS[suit]} (${drumpValue(name)})`;
  return rank === "A" ? `${base} (1 or 11)` : base;
}

/** A playing card face (DRUMP notation: rank then suit, X for ten). */
export function playingCard(name, extra = {}) {
  const rank = name[0];
  const suit = name[1];
  const shown = rank === "X" ? "10" : rank;
  const red = suit === "h" || suit === "d";
  const centre = isPart(name)
    ? h("span.part", {}, h("b", {}, CREATURES[rank]), h("i", {}, PARTS[suit]), h("span.suit-big", {}, SUITS[suit]))
    : h("span.pip", {}, SUITS[suit]);
  return h(`div.card.playing${red ? ".red" : ""}${isPart(name) ? ".monster-part" : ""}`,
    { title: drumpWords(name), ...extra, dataset: { card: name, ...(extra.dataset || {}) } },
    h("span.corner.top", {}, shown, isPart(name) ? null : [h("br"), SUITS[suit]]),
    centre,
    h("span.corner.bottom", {}, shown, isPart(name) ? null : [h("br"), SUITS[suit]]));
}
