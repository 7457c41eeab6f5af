// The move list: every legal move in the game's notation, for keyboard players (never the only way).
import { fill, h } from "./dom.js";

/** A panel listing the legal moves, with a field to type one; `act(action or text)` sends it. */
export function movesPanel(act) {
  const list = h("ol.moves-list");
  const field = h("input.move-field", {
    type: "text", placeholder: "type a move or its number, then Enter", "aria-label": "move",
    autocomplete: "off", spellcheck: "false", list: "move-options",
  });
  const options = h("datalist", { id: "move-options" });
  let legal = [];
  field.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    const text = field.value.trim();
    if (!text) return;
    const number = Number(text);
    act(Number.isInteger(number) && number >= 1 && number <= legal.length ? legal[number - 1] : text);
    field.value = "";
  });
  const element = h("section.moves", {},
    h("h3", {}, "Moves"),
    h("p.hint", {}, "Click one, or type its text or number. Illegal moves are refused with the rule's reason."),
    field, options, list);
  return {
    element,
    focus: () => field.focus(),
    update(actions, label) {
      legal = actions;
      fill(list, actions.map((action, index) => h("li", {},
        h("button.move", { type: "button", dataset: { move: action.action }, onclick: () => act(action), title: label?.(action) || action.action },
          h("span.number", {}, `${index + 1}`), " ", action.action))));
      fill(options, actions.map((action) => h("option", { value: action.action })));
      if (!actions.length) list.append(h("li.none", {}, "Nothing to do now."));
    },
  };
}
