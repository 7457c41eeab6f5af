// Forbidden Memories cards, drawn with CSS, and the catalogue of their data (fetched once); each card
// carries data-card with its label.
import { getJson } from "/js/api.js";
import { h } from "/js/dom.js";

let cardsPromise = null;
/** The Forbidden Memories catalogue (cards, terrains, stars, duelists), fetched once. */
export function fmCatalogue() {
  cardsPromise ??= getJson("/api/games/fm/cards");
  return cardsPromise;
}

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

/** The explanation of a monster's ATK/DEF on the field: its card's, the terrain's (as the view says) and
 * the rest (equips, magic). */
export function fmStatsExplained(label, seen, catalogue, terrain) {
  const data = catalogue?.cards?.[String(fmId(label))];
  if (!data || data.kind !== "monster" || !seen) return [];
  const boost = seen.terrain_bonus || 0;
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
