// DRUMP's lobby tile: a few of its cards.
import { cardBack } from "/js/cards.js";
import { playingCard } from "./cards.js";

export function tileCards() {
  return [playingCard("Kd"), playingCard("7h"), playingCard("As"), cardBack()];
}
