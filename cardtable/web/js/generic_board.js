// The board of a game that brings none of its own: the view's public parts as they come, the player's
// hand as cards to pick, and the legal moves as buttons, grouped by kind. Picking a card of the hand
// lights up the moves that use it (a field of the action names it); every move stays a click away.
import { h } from "./dom.js";
import { actionButton } from "./picks.js";

/** The view's fields the board draws apart, or never: the rest are shown as they are. */
const DRAWN_APART = new Set(["game", "seat", "hand", "log", "outcome", "current_seat"]);

function name(context, seat) {
  return context.names[seat - 1] || `Player ${seat}`;
}

/** A value of the view in words: numbers and text as they are, lists and objects as compact JSON. */
function shown(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Whether a field of the action names this card. */
function uses(action, card) {
  return Object.entries(action).some(([key, value]) => key !== "action" && key !== "kind"
    && (value === card || (Array.isArray(value) && value.includes(card))));
}

/** A legal action in words: its notation (the game describes it no further here). */
export function label(action) {
  return action.action;
}

/** The table as the context's seat sees it. */
export function render(context) {
  const { view, legal, ui } = context;
  const hand = Array.isArray(view.hand) ? view.hand.filter((card) => typeof card === "string") : [];
  if (!hand.includes(ui.card)) ui.card = null;
  const facts = Object.entries(view).filter(([key]) => !DRAWN_APART.has(key));
  const cards = hand.map((card, index) => h("div.card.generic-card", {
    class: [card === ui.card ? "selected" : "", legal.some((action) => uses(action, card)) ? "playable" : ""].join(" "),
    dataset: { card, key: `hand-${index}-${card}`, area: "hand", position: index + 1 },
    role: "button",
    tabindex: 0,
    onclick: () => { ui.card = ui.card === card ? null : card; context.update(); },
  }, card));
  const board = h("div.generic-board", { dataset: { role: "generic-board" } },
    h("dl.view-facts", {}, facts.map(([key, value]) => [h("dt", {}, key.replaceAll("_", " ")), h("dd", { dataset: { fact: key } }, shown(value))])),
    context.seat ? h("div.hand-row.mine", { dataset: { area: "my-hand" } }, h("span.hand-label", {}, "Your hand"), h("div.hand", {}, cards)) : null);
  // The moves by kind; with a card picked, only those that use it.
  const moves = ui.card ? legal.filter((action) => uses(action, ui.card)) : legal;
  const kinds = [...new Set(moves.map((action) => action.kind))];
  const buttons = kinds.map((kind) => h("div.move-kind", { dataset: { kind } },
    h("span.kind-label", {}, kind),
    moves.filter((action) => action.kind === kind).map((action) => actionButton(context, action, action.action, ".chip"))));
  return { board, actions: buttons, covered: new Set(legal), prompt: prompt(context) };
}

function prompt(context) {
  const { view, legal } = context;
  if (view.outcome) return `Game over: ${view.outcome.reason}`;
  const actor = view.current_seat ? name(context, view.current_seat) : "";
  if (!context.seat) return `${actor} to play.`;
  if (!legal.length) return `${actor} is playing…`;
  return context.ui.card ? `The moves with ${context.ui.card}:` : "Your move: pick a card of your hand to see its moves, or click a move.";
}
