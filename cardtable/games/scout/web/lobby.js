// Scout's lobby tile: a few of its cards.
import { pairCard } from "/js/cards.js";

export function tileCards() {
  return [pairCard("7/3"), pairCard("8/2"), pairCard("9/1")];
}
