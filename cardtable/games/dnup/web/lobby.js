// dnup's lobby tile: a few of its cards.
import { pairCard } from "/js/cards.js";

export function tileCards() {
  return [pairCard("5/2"), pairCard("5/9"), pairCard("10/4")];
}
