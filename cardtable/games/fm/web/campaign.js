// The Forbidden Memories campaign: your collection, your deck, the duelists you have met, the shop.
// The campaign is the server's (kept under this browser's campaign cookie); every rule is checked there.
import { ApiError, getJson, postJson, setSetting, setting } from "/js/api.js";
import { fmCard, fmCatalogue } from "./cards.js";
import { dialog, fill, h, notice } from "/js/dom.js";

const SHOP_SHOWN = 60;
/** This page's address. */
export const CAMPAIGN_PAGE = "/?game=fm&page=campaign";

function label(id, catalogue) {
  return `#${String(id).padStart(3, "0")} ${catalogue.cards[String(id)].name}`;
}

/** The campaign of this browser, or null if it has none yet. */
export async function loadCampaign() {
  try {
    return await getJson("/api/campaign");
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** How the last duel ended, in words: the rank, the starchips and the card won, or the loss. */
export function lastDuelLine(last, catalogue) {
  if (!last) return null;
  if (!last.won) {
    return h("p.last-result.lost", { dataset: { role: "last-result", won: "no" } },
      `${last.forfeited ? "Forfeited" : "Lost"} against ${last.name}: it counts as a loss.`);
  }
  return h("p.last-result.won", { dataset: { role: "last-result", won: "yes" } },
    `Won against ${last.name}! Rank ${last.rank} (score ${last.score}): +${last.starchips} starchips, and `,
    h("b", {}, catalogue.cards[String(last.dropped)].name), " joins your collection.");
}

/** Start a campaign duel against a duelist, at a table of its own; the answer's cookie holds your seat. */
async function startDuel(duelist) {
  try {
    const answer = await postJson("/api/campaign/duel", { duelist, pace: Number(setting("botPace", 0.9)) });
    // The table's end goes back here, where the duel is settled (table.js).
    setSetting("tableReturn", { table: answer.table, href: CAMPAIGN_PAGE, label: "Back to the campaign", role: "campaign" });
    location.href = `/?table=${answer.table}`;
  } catch (error) {
    notice(`The duel could not start: ${error.message}`, "error");
  }
}

function startForm(root) {
  const name = h("input", { value: setting("name", "Player") || "Player", maxlength: 30, "aria-label": "your name", dataset: { role: "campaign-name" } });
  const start = async () => {
    try {
      await postJson("/api/campaign", { name: name.value });
      await openCampaign(root);
    } catch (error) {
      notice(`The campaign could not start: ${error.message}`, "error");
    }
  };
  return h("section.panel", {},
    h("h2", {}, "A new campaign"),
    h("p", {}, "You start with a starter deck of 40 cards. Beat the duelists one after another: each win pays ",
      "starchips by your rank and drops a card from the duelist's pool. Starchips buy cards by password."),
    h("label", {}, "Your name ", name), " ",
    h("button.primary", { type: "button", dataset: { role: "campaign-start" }, onclick: start }, "Start the campaign"));
}

function duelPanel(campaign) {
  const duel = campaign.duel;
  if (duel) {
    const forfeit = () => dialog("Forfeit the duel?",
      h("p", {}, `Your duel against ${duel.name} counts as a loss if you forfeit it.`),
      [h("button.primary", { type: "button", dataset: { role: "forfeit-yes" }, onclick: async (event) => {
        event.target.closest(".backdrop").remove();
        try { await postJson("/api/campaign/forfeit", {}); } catch (error) { notice(error.message, "error"); }
        location.reload();
      } }, "Forfeit"),
      h("button", { type: "button", onclick: (event) => event.target.closest(".backdrop").remove() }, "Keep playing")]);
    return h("section.panel.duel-under-way", { dataset: { role: "duel-under-way" } },
      h("h2", {}, "A duel is under way"),
      h("p", {}, `Your duel against ${duel.name} goes on until it ends: leaving the page does not end it. `,
        "Finish it, or forfeit it (a loss), before the shop, the deck or another duel."),
      h("div.tile-buttons", {},
        h("a.button.primary", { href: `/?table=${duel.table}`, dataset: { role: "resume" } }, "Resume the duel"),
        h("button.ghost", { type: "button", dataset: { role: "forfeit" }, onclick: forfeit }, "Forfeit")));
  }
  const next = campaign.next;
  return h("section.panel", { dataset: { role: "duelists" } },
    h("h2", {}, "Duel"),
    next ? h("p", {}, h("button.primary", { type: "button", dataset: { role: "duel-next", duelist: next.number }, onclick: () => startDuel(next.number) }, `Duel ${next.name}`),
      ` — the next duelist of the campaign (${next.number} of 38).`)
      : h("p", {}, "You have beaten every duelist of the campaign. Duel Master K waits below."),
    h("table.duelists", {},
      h("thead", {}, h("tr", {}, h("th", {}, "Duelist"), h("th", {}, "Won"), h("th", {}, "Lost"), h("th", {}, ""))),
      h("tbody", {}, campaign.duelists.map((duelist) => h("tr", { dataset: { duelist: duelist.number } },
        h("td", {}, `${duelist.number}. ${duelist.name}`), h("td", {}, String(duelist.wins)), h("td", {}, String(duelist.losses)),
        h("td", {}, h("button", { type: "button", dataset: { role: "duel", duelist: duelist.number }, onclick: () => startDuel(duelist.number) }, "Duel")))))));
}

function collectionPanel(campaign, catalogue) {
  const inDeck = new Map();
  for (const id of campaign.deck) inDeck.set(id, (inDeck.get(id) || 0) + 1);
  const owned = Object.entries(campaign.collection).map(([id, copies]) => [Number(id), copies]).sort((a, b) => a[0] - b[0]);
  const total = owned.reduce((sum, [, copies]) => sum + copies, 0);
  return h("section.panel", { dataset: { role: "collection" } },
    h("h2", {}, `Collection: ${total} cards, ${owned.length} different`),
    h("div.tile-buttons", {}, h("a.button", { href: "/?game=fm&page=decks&for=campaign", dataset: { role: "edit-deck" } }, "Edit the deck")),
    h("div.collection", {}, owned.map(([id, copies]) => h("div.owned", { dataset: { owned: id } },
      fmCard(label(id, catalogue), catalogue, { title: catalogue.cards[String(id)].name }),
      h("span.copies", {}, `×${copies}`, inDeck.get(id) ? h("span.muted", {}, ` (${inDeck.get(id)} in the deck)`) : null)))));
}

function shopPanel(campaign, catalogue, root) {
  const password = h("input", { inputmode: "numeric", maxlength: 8, placeholder: "8 digits", "aria-label": "password", dataset: { role: "shop-password" } });
  const search = h("input", { type: "search", placeholder: "find a card by name or number", "aria-label": "find a card in the shop", dataset: { role: "shop-search" } });
  const list = h("ul.shop-list");
  const buy = async (text) => {
    try {
      const after = await postJson("/api/campaign/buy", { password: text.trim() });
      const bought = Object.keys(after.collection).find((id) => after.collection[id] !== (campaign.collection[id] || 0));
      notice(`Bought ${bought ? catalogue.cards[bought].name : "the card"}. ${after.starchips} starchips left.`, "success", 4);
      await openCampaign(root);
    } catch (error) {
      notice(`Not bought: ${error.message}`, "error");
    }
  };
  const draw = () => {
    const words = search.value.trim().toLowerCase();
    const found = Object.entries(catalogue.cards)
      .filter(([id, data]) => data.password && (!words || `${id} ${data.name}`.toLowerCase().includes(words)))
      .sort((a, b) => a[1].cost - b[1].cost)
      .slice(0, SHOP_SHOWN);
    fill(list, found.map(([id, data]) => h("li", { dataset: { shop: id } },
      `#${id} ${data.name} — ${data.cost.toLocaleString("en")} starchips, password ${data.password} `,
      h("button", { type: "button", disabled: data.cost > campaign.starchips, dataset: { role: "buy-card", card: id },
        onclick: () => buy(data.password) }, "Buy"))));
  };
  search.addEventListener("input", draw);
  draw();
  return h("section.panel", { dataset: { role: "shop" } },
    h("h2", {}, `Shop: you have ${campaign.starchips.toLocaleString("en")} starchips`),
    h("p", {}, "Type a card's password to buy it, ",
      password, " ", h("button.primary", { type: "button", dataset: { role: "buy" }, onclick: () => buy(password.value) }, "Buy"),
      ", or find it in the list (cheapest first)."),
    search, list);
}

/** The campaign page. */
/** The page `/?game=fm&page=campaign`. */
export function openPage(root) {
  return openCampaign(root);
}

export async function openCampaign(root) {
  document.title = "Campaign — cardtable";
  const [campaign, catalogue] = await Promise.all([loadCampaign(), fmCatalogue()]);
  const header = h("header.page-header", {}, h("a.home", { href: "/" }, "◀ cardtable"), h("h1", {}, "Forbidden Memories campaign"));
  if (!campaign) {
    fill(root, h("div.page.campaign-page", {}, header, startForm(root)));
    return;
  }
  const cards = Object.values(campaign.collection).reduce((sum, copies) => sum + copies, 0);
  fill(root, h("div.page.campaign-page", { dataset: { campaign: campaign.name } }, header,
    h("p.campaign-summary", { dataset: { role: "summary" } },
      h("b", {}, campaign.name), `: ${campaign.starchips.toLocaleString("en")} starchips, ${cards} cards, `,
      campaign.next ? `next: ${campaign.next.name}` : "the campaign is won"),
    lastDuelLine(campaign.last, catalogue),
    duelPanel(campaign),
    campaign.duel ? null : shopPanel(campaign, catalogue, root),
    collectionPanel(campaign, catalogue)));
}
