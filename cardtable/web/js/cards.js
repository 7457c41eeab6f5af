// Cards drawn by the client with CSS: playing cards (DRUMP), double-numbered cards (Scout, dnup),
// Forbidden Memories cards, and card backs. Every card carries data-card with its notation.
import { h } from "./dom.js";

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

/** A card's back; `known` (a card name) marks a face-down card its owner knows. */
export function cardBack(extra = {}, known = null, label = null) {
  const back = h("div.card.back", { title: known ? `Your face-down ${known}` : "A face-down card", ...extra },
    known ? h("span.known", {}, label || known) : null);
  if (known) back.dataset.known = known;
  return back;
}

// -- double-numbered cards -------------------------------------------------------------------------
/** A double-numbered card written top/bottom ("7/3"): the top number counts. */
export function pairCard(code, extra = {}) {
  const [top, bottom] = code.split("/");
  return h(`div.card.pair.n${top}`,
    { title: `${top} (its other end ${bottom})`, ...extra, dataset: { card: code, ...(extra.dataset || {}) } },
    h(`span.top.n${top}`, {}, top),
    h(`span.bottom.n${bottom}`, {}, bottom));
}

/** The same card turned round. */
export function turned(code) {
  const [top, bottom] = code.split("/");
  return `${bottom}/${top}`;
}

// -- Forbidden Memories ----------------------------------------------------------------------------
/** The card number of a view's label "#001 Blue-eyes White Dragon". */
export function fmId(label) {
  const match = /^#(\d+)/.exec(label || "");
  return match ? Number(match[1]) : null;
}

const STAR_SIGNS = { Sun: "☉", Moon: "☾", Venus: "♀", Mercury: "☿", Mars: "♂", Jupiter: "♃", Saturn: "♄", Uranus: "♅", Pluto: "♇", Neptune: "♆" };

/** A guardian star with its sign. */
export function starName(star) {
  return star ? `${STAR_SIGNS[star] || ""} ${star}` : "";
}

/**
 * A Forbidden Memories card face. `seen` (a monster on the field) gives the ATK/DEF shown, with
 * bonuses applied; `catalogue` gives the card's data.
 */
export function fmCard(label, catalogue, extra = {}, seen = null) {
  const id = fmId(label);
  const data = catalogue?.cards?.[String(id)] || { name: label, kind: "monster" };
  const kind = data.kind || "monster";
  const atk = seen?.atk ?? data.atk;
  const def = seen?.def ?? data.def;
  const stats = kind === "monster"
    ? h("span.fm-stats", {},
      h("span", { class: seen && seen.atk !== data.atk ? "changed" : "" }, atk),
      " / ",
      h("span", { class: seen && seen.def !== data.def ? "changed" : "" }, def))
    : h("span.fm-kind", {}, kind);
  return h(`div.card.fm.kind-${kind}`,
    { ...extra, dataset: { card: label, id: String(id), ...(extra.dataset || {}) } },
    h("span.fm-name", {}, data.name),
    kind === "monster" ? h("span.fm-level", {}, "★".repeat(Math.min(data.level || 0, 12))) : null,
    kind === "monster" ? h("span.fm-type", {}, data.type) : null,
    seen?.star ? h("span.fm-star", { title: `Guardian star: ${seen.star}` }, STAR_SIGNS[seen.star] || seen.star) : null,
    stats);
}

/** The explanation of a monster's ATK/DEF on the field: its card's, the terrain's and other changes. */
export function fmStatsExplained(label, seen, catalogue, terrain) {
  const data = catalogue?.cards?.[String(fmId(label))];
  if (!data || data.kind !== "monster" || !seen) return [];
  const index = catalogue.terrains.indexOf(terrain);
  const boost = index > 0 ? (catalogue.terrain_boost[data.type]?.[index - 1] || 0) : 0;
  const lines = [`Card: ${data.atk} ATK / ${data.def} DEF`];
  if (boost) lines.push(`Terrain ${terrain}: ${boost > 0 ? "+" : ""}${boost} (${data.type})`);
  const restAtk = seen.atk - data.atk - boost;
  const restDef = seen.def - data.def - boost;
  if (restAtk || restDef) {
    const sign = (value) => (value > 0 ? `+${value}` : String(value));
    lines.push(`Equips and magic: ${sign(restAtk)} ATK, ${sign(restDef)} DEF (never below 0)`);
  }
  lines.push(`Shown: ${seen.atk} ATK / ${seen.def} DEF`);
  return lines;
}
