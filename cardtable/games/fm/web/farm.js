// The Forbidden Memories farm planner: which duelist, at which rank, drops a card, and how many won duels
// to expect; starchips per duel as the second key. The figures are the server's (games/fm/farm.py, the
// same as `cardtable fm farm`); this page only asks and draws them.
import { getJson } from "/js/api.js";
import { fmCatalogue } from "./cards.js";
import { fill, h } from "/js/dom.js";

const RANKS = ["S-POW", "A-POW", "B-POW", "C-POW", "D-POW", "D-TEC", "C-TEC", "B-TEC", "A-TEC", "S-TEC"];

function percent(chance) {
  return `${(100 * chance).toFixed(2)}%`;
}

function planTable(plan) {
  if (!plan.rows.length) return h("p.muted", { dataset: { role: "farm-none" } }, `${plan.card} drops from no duelist${plan.rank ? ` at rank ${plan.rank}` : ""}.`);
  return h("table.scores.farm", { dataset: { role: "farm-rows" } },
    h("thead", {}, h("tr", {}, ["Duelist", "Rank", "Pool", "Chance a won duel drops it", "Expected duels", "Starchips a duel"].map((title) => h("th", {}, title)))),
    h("tbody", {}, plan.rows.map((row) => h("tr", { dataset: { duelist: String(row.duelist), rank: row.rank } },
      h("td", {}, `${row.duelist}. ${row.name}`), h("td", {}, row.rank), h("td", {}, row.pool),
      h("td", {}, `${percent(row.chance)} (${row.weight}/2048)`), h("td", {}, row.expected_duels.toFixed(1)),
      h("td", {}, String(row.starchips))))));
}

/** The planner page: `/?game=fm&page=farm`, with `card` and `rank` in the address once asked. */
export function openPage(root, query) {
  return openFarm(root, query.get("card") || "", query.get("rank") || "");
}

export async function openFarm(root, card = "", rank = "") {
  document.title = "Farm planner — cardtable";
  const catalogue = await fmCatalogue();
  const names = h("datalist", { id: "fm-card-names" },
    Object.entries(catalogue.cards).map(([id, data]) => h("option", { value: data.name }, `#${id}`)));
  const cardField = h("input", { type: "search", list: "fm-card-names", value: card, placeholder: "a card: its name or number", "aria-label": "card", dataset: { role: "farm-card" } });
  const rankField = h("select", { "aria-label": "rank", dataset: { role: "farm-rank" } },
    h("option", { value: "" }, "any rank"), RANKS.map((letter) => h("option", { value: letter, selected: letter === rank }, letter)));
  const result = h("div.farm-result", { "aria-live": "polite" });
  const ask = async () => {
    const wanted = cardField.value.trim();
    if (!wanted) { fill(result, h("p.muted", {}, "Name a card to see who drops it.")); return; }
    const query = new URLSearchParams({ card: wanted });
    if (rankField.value) query.set("rank", rankField.value);
    history.replaceState(null, "", `/?game=fm&page=farm&${query}`);
    try {
      const plan = await getJson(`/api/games/fm/farm?${query}`);
      fill(result, h("p", { dataset: { role: "farm-card-found" } }, `${plan.card}: ${plan.rows.length} way${plan.rows.length === 1 ? "" : "s"} to farm it${plan.rank ? ` at rank ${plan.rank}` : ""}, best first.`),
        planTable(plan));
    } catch (error) {
      fill(result, h("p.error", { dataset: { role: "farm-error" } }, error.message));
    }
  };
  const form = h("form.farm-form", { onsubmit: (event) => { event.preventDefault(); ask(); } },
    cardField, rankField, h("button.primary", { type: "submit" }, "Plan"));
  fill(root, h("div.page", {},
    h("div.page-header", {}, h("a", { href: "/" }, "← Lobby"), h("h1", {}, "Farm planner")),
    h("p.muted", {}, "A won duel drops one card from the beaten duelist's pool for the duel's rank. ",
      "For a card: every duelist and rank that can drop it, the chance one won duel at that rank drops it, ",
      "the expected number of such duels, and the starchips each pays."),
    names, form, result));
  if (card) await ask();
  else fill(result, h("p.muted", {}, "Name a card to see who drops it."));
}
