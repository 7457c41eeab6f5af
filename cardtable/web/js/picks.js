// The boards' shared interaction: the player picks cards, slots or zones, and the legal actions whose
// fields match the picks light up. Every legal action comes from the server as data (docs/protocol.md,
// "The state": its `kind` and its fields), so a board never reads the notation, and never decides
// what is legal: it only finds, among the legal actions, those that match what was picked.
import { h } from "./dom.js";

function same(value, wanted) {
  if (Array.isArray(wanted)) {
    if (!Array.isArray(value) || value.length !== wanted.length) return false;
    const sorted = (list) => list.map(String).sort().join("\u0000");
    return sorted(value) === sorted(wanted);
  }
  return value === wanted;
}

/** The legal actions whose fields are those of `fields` (lists compared as sets, in any order). */
export function matching(legal, fields) {
  return legal.filter((action) => Object.entries(fields).every(([key, value]) => same(action[key], value)));
}

/** The one legal action with these fields, or null. */
export function find(legal, fields) {
  return matching(legal, fields)[0] || null;
}

/** Whether any legal action has these fields. */
export function any(legal, fields) {
  return matching(legal, fields).length > 0;
}

/** The legal actions grouped by where they go: `keyOf(action)` names a place (or null: none). */
export function targets(legal, keyOf) {
  const found = new Map();
  for (const action of legal) {
    const key = keyOf(action);
    if (key === null || key === undefined) continue;
    found.set(key, [...(found.get(key) || []), action]);
  }
  return found;
}

/** Send the action, or, when a pick stands for several, ask which (the board shows `ui.choices`). */
export function choose(context, actions) {
  if (actions.length === 1) context.act(actions[0]);
  else {
    context.ui.choices = actions;
    context.update();
  }
}

/** A button that sends one legal action; `data-action` is its notation, its text the board's label. */
export function actionButton(context, action, words, style = "") {
  return h(`button.action${style}`, { type: "button", dataset: { action: action.action }, onclick: () => context.act(action) }, words);
}

/** The "Which?" buttons for a pick that stands for several actions, or nothing. */
export function choiceButtons(context, label) {
  const choices = context.ui.choices;
  if (!choices?.length) return [];
  return [h("span.choose", {}, "Which?"), ...choices.map((action) => actionButton(context, action, label(action), ".chip"))];
}
