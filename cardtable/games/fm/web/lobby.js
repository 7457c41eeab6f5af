// The duel's lobby tile: two of its cards, and the options of the choices its lobby entry declares
// (the game's __init__.py): the duelists who may sit at seat 2, and the decks kept in this browser.
import { fmCard, fmCatalogue } from "./cards.js";
import { savedDecks } from "./decks.js";

export async function tileCards() {
  const catalogue = await fmCatalogue();
  return [fmCard("#001 Blue-eyes White Dragon", catalogue), fmCard("#336 Dark Hole", catalogue)];
}

/** The options of the choice `name`: [{label, value}], the value what the table request's seat carries. */
export async function choices(name) {
  if (name === "duelists") {
    const catalogue = await fmCatalogue();
    return catalogue.duelists.map((duelist) => ({ label: `${duelist.number}. ${duelist.name}`, value: duelist.number }));
  }
  if (name === "decks") return savedDecks().map((deck) => ({ label: `deck: ${deck.name}`, value: deck.cards }));
  return [];
}
