// Forbidden Memories decks: build one from the 722 cards, keep it in this browser, and bring it to a
// duel. The deck rules are counted here as you build; the server checks them when a table is made.
import { postJson, setting, setSetting } from "/js/api.js";
import { fmCard, fmCatalogue, starName } from "./cards.js";
import { fill, h, notice } from "/js/dom.js";

const CAMPAIGN_PAGE = "/?game=fm&page=campaign";

const SHOWN = 80;

/** The decks kept in this browser: [{name, cards: [ids]}]. */
export function savedDecks() {
  return setting("fmDecks", []);
}

function saveDecks(decks) {
  setSetting("fmDecks", decks);
}

/** What is wrong with a deck by the rules, in words (empty when it may be played). */
export function deckProblems(cards, rules, catalogue) {
  const problems = [];
  if (cards.length !== rules.size) problems.push(`${cards.length} of ${rules.size} cards`);
  const counts = new Map();
  for (const id of cards) counts.set(id, (counts.get(id) || 0) + 1);
  for (const [id, copies] of counts) {
    const limit = rules.single.includes(id) ? 1 : rules.copies;
    if (copies > limit) problems.push(`${copies} copies of ${catalogue.cards[String(id)].name}; the most is ${limit}`);
  }
  return problems;
}

function matches(data, id, words) {
  if (!words) return true;
  const text = `${id} ${data.name} ${data.type} ${data.attribute || ""} ${data.kind}`.toLowerCase();
  return words.split(/\s+/).every((word) => text.includes(word));
}

/** The page `/?game=fm&page=decks`: this browser's decks, or (`&for=campaign`) the campaign's deck. */
export async function openPage(root, query) {
  if (query.get("for") !== "campaign") return openDecks(root);
  const { loadCampaign } = await import("./campaign.js");
  const campaign = await loadCampaign();
  if (campaign) return openDecks(root, campaign);
  location.href = CAMPAIGN_PAGE;
  return null;
}

/** The deck editor page; with `campaign` (the campaign's data), the campaign's deck from its collection. */
export async function openDecks(root, campaign = null) {
  document.title = "Decks — cardtable";
  const catalogue = await fmCatalogue();
  const rules = catalogue.deck_rules;
  const decks = savedDecks();
  let current = decks[0] ? { ...decks[0], cards: [...decks[0].cards] } : { name: "My deck", cards: [] };
  // The campaign's deck is built from the cards owned, no more copies of each than the collection holds.
  const owned = campaign ? new Map(Object.entries(campaign.collection).map(([id, copies]) => [Number(id), copies])) : null;
  if (campaign) current = { name: "Campaign deck", cards: [...campaign.deck] };
  const add = (id) => {
    const copies = current.cards.filter((card) => card === id).length;
    if (owned && copies >= (owned.get(id) || 0)) {
      notice(`You own ${owned.get(id) || 0} of ${catalogue.cards[String(id)].name}, all in the deck already.`, "error", 4);
      return;
    }
    current.cards.push(id);
    drawDeck();
  };
  const search = h("input", { type: "search", placeholder: "search: a name, a number, a type (dragon), magic…", "aria-label": "search cards", dataset: { role: "search" } });
  const results = h("div.deck-results");
  const deckList = h("ol.deck-list");
  const status = h("p.deck-status", { "aria-live": "polite" });
  const nameField = h("input", { value: current.name, maxlength: 40, "aria-label": "deck name", dataset: { role: "deck-name" } });
  const details = h("div.fm-details.deck-details", {}, h("p.muted", {}, "Point at a card to read it."));
  const picker = h("select", { "aria-label": "saved decks", dataset: { role: "saved" } });

  const describe = (id) => {
    const data = catalogue.cards[String(id)];
    fill(details, h("h4", {}, data.name), h("div.line.muted", {}, `card #${id}`),
      data.kind === "monster"
        ? [h("div.line", {}, `${data.type} · ${data.attribute || ""} · level ${data.level}`), h("div.line", {}, `${data.atk} ATK / ${data.def} DEF`),
          data.stars ? h("div.line", {}, `Guardian stars: ${data.stars.map(starName).join(", ")}`) : null]
        : h("div.line", {}, data.kind),
      data.text ? h("div.line", {}, data.text) : null,
      data.printed ? h("div.line.muted", {}, `“${data.printed}”`) : null);
  };
  const drawResults = () => {
    const words = search.value.trim().toLowerCase();
    const found = Object.entries(catalogue.cards)
      .filter(([id, data]) => (!owned || owned.has(Number(id))) && matches(data, id, words)).slice(0, SHOWN);
    fill(results, found.map(([id, data]) => {
      const element = fmCard(`#${String(id).padStart(3, "0")} ${data.name}`, catalogue, {
        role: "button", tabindex: 0, title: owned ? `Add ${data.name} (you own ${owned.get(Number(id))})` : `Add ${data.name}`, dataset: { add: id },
        onclick: () => add(Number(id)),
      });
      element.addEventListener("mouseenter", () => describe(id));
      return element;
    }));
  };
  const drawDeck = () => {
    const counts = new Map();
    for (const id of current.cards) counts.set(id, (counts.get(id) || 0) + 1);
    const rows = [...counts].sort((a, b) => a[0] - b[0]);
    fill(deckList, rows.map(([id, copies]) => h("li", { dataset: { card: id } },
      h("button.ghost", { type: "button", title: "take one out", onclick: () => { current.cards.splice(current.cards.indexOf(id), 1); drawDeck(); } }, "−"),
      h("span", { onmouseenter: () => describe(id) }, `${copies} × #${id} ${catalogue.cards[String(id)].name}`))));
    const problems = deckProblems(current.cards, rules, catalogue);
    if (owned) {
      for (const [id, copies] of counts) {
        if (copies > (owned.get(id) || 0)) problems.push(`${copies} of ${catalogue.cards[String(id)].name}, ${owned.get(id) || 0} owned`);
      }
    }
    status.textContent = problems.length ? `Not ready: ${problems.join("; ")}.` : `Ready: ${rules.size} cards.`;
    status.dataset.ready = problems.length ? "no" : "yes";
  };
  const drawPicker = () => {
    fill(picker, savedDecks().map((deck, index) => h("option", { value: index }, `${deck.name} (${deck.cards.length})`)));
  };
  search.addEventListener("input", drawResults);
  picker.addEventListener("change", () => {
    const chosen = savedDecks()[Number(picker.value)];
    if (chosen) current = { ...chosen, cards: [...chosen.cards] };
    nameField.value = current.name;
    drawDeck();
  });
  const save = () => {
    current.name = nameField.value.trim() || "My deck";
    const kept = savedDecks().filter((deck) => deck.name !== current.name);
    kept.unshift({ name: current.name, cards: [...current.cards] });
    saveDecks(kept);
    drawPicker();
    notice(`Deck “${current.name}” kept in this browser`, "success", 3);
  };
  const importDeck = () => {
    const text = prompt("Paste 40 card numbers (separated by spaces, commas or lines):", current.cards.join(" "));
    if (text === null) return;
    const numbers = text.split(/[\s,;]+/).filter(Boolean).map(Number);
    if (numbers.some((value) => !catalogue.cards[String(value)])) { notice("Those are not all card numbers (1 to 722).", "error"); return; }
    current.cards = numbers;
    drawDeck();
  };
  const useForCampaign = async () => {
    try {
      await postJson("/api/campaign/deck", { deck: current.cards });
      notice("Your campaign deck is saved.", "success", 3);
    } catch (error) {
      notice(`Not saved: ${error.message}`, "error");
    }
  };
  if (campaign) {
    fill(root, h("div.page.decks-page", { dataset: { mode: "campaign" } },
      h("header.page-header", {}, h("a.home", { href: CAMPAIGN_PAGE }, "◀ campaign"), h("h1", {}, `${campaign.name}'s campaign deck`)),
      h("p", {}, "Build your deck from your collection: only the cards you own are listed (point at one to see how many)."),
      h("div.deck-editor", {},
        h("section.deck-search", {}, search, results),
        h("section.deck-current", {},
          status,
          h("div.tile-buttons", {},
            h("button.primary", { type: "button", dataset: { role: "save" }, onclick: useForCampaign }, "Use this deck"),
            h("a.button", { href: CAMPAIGN_PAGE }, "Back to the campaign")),
          deckList, details))));
    drawResults();
    drawDeck();
    return;
  }
  fill(root, h("div.page.decks-page", {},
    h("header.page-header", {}, h("a.home", { href: "/" }, "◀ cardtable"), h("h1", {}, "Forbidden Memories decks")),
    h("p", {}, "Build a deck of 40 cards (at most three copies of a card, one of each Exodia piece) and bring it to a duel from the lobby."),
    h("div.deck-editor", {},
      h("section.deck-search", {}, search, results),
      h("section.deck-current", {},
        h("div.deck-head", {}, nameField, picker),
        status,
        h("div.tile-buttons", {},
          h("button.primary", { type: "button", dataset: { role: "save" }, onclick: save }, "Keep this deck"),
          h("button", { type: "button", onclick: () => { current = { name: "New deck", cards: [] }; nameField.value = current.name; drawDeck(); } }, "New"),
          h("button", { type: "button", onclick: importDeck }, "Paste numbers"),
          h("button.ghost", { type: "button", onclick: () => { saveDecks(savedDecks().filter((deck) => deck.name !== current.name)); drawPicker(); } }, "Forget it")),
        deckList, details))));
  drawPicker();
  drawResults();
  drawDeck();
}
