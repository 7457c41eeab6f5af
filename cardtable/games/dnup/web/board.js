// dnup's table: your hand (sort it as you like), the cards in front of everyone, the discards and the
// scores (dnup.md). Play cards of one value, add one to another player's cards, take them, or rotate.
import { cardBack, pairCard } from "/js/cards.js";
import { h } from "/js/dom.js";
import { actionButton, find, targets } from "/js/picks.js";

/** A legal action (as data: its kind and fields, docs/protocol.md) in words. */
export function label(action) {
  if (action.kind === "play") return `Play ${action.cards.join(" ")}`;
  if (action.kind === "add") return `Add ${action.card} to seat ${action.target}'s cards`;
  if (action.kind === "take") return `Take seat ${action.target}'s cards`;
  if (action.kind === "rotate") return "Turn the hand round";
  return action.action;
}

function name(context, seat) {
  return context.names[seat - 1] || `Player ${seat}`;
}

const top = (code) => Number(code.split("/")[0]);

function playerBox(context, seat, addTargets, takes) {
  const { view, ui } = context;
  const index = seat - 1;
  const out = view.out.indexOf(seat);
  const adds = addTargets.get(seat);
  const take = takes.get(seat);
  const known = view.known_in_hand[index] || [];
  const hidden = Math.max(0, view.hand_sizes[index] - known.length);
  return h("div.player-box", {
    class: [view.current_seat === seat ? "to-act" : "", out >= 0 ? "out" : "", adds ? "target" : ""].join(" "),
    dataset: { seat, target: `seat-${seat}` },
    tabindex: adds ? 0 : undefined,
    title: adds ? label(adds[0]) : undefined,
    onclick: adds ? () => context.act(adds[0]) : null,
  },
  h("h4", {}, h("span", {}, name(context, seat), seat === context.seat ? " (you)" : ""),
    h("span", {}, out >= 0 ? (out === 0 ? "out first" : "out") : `score ${view.scores[index]}`)),
  h("div.facts", {}, h("span", {}, `${view.hand_sizes[index]} in hand`), out >= 0 ? h("span", {}, `score ${view.scores[index]}`) : null),
  seat === context.seat ? null : h("div.backs", {},
    h("div.back-fan", {}, Array.from({ length: Math.min(hidden, 12) }, (_, i) => cardBack({ dataset: { key: `back-${seat}-${i}` } }))),
    known.length ? h("div.known-cards", { title: "known to everyone: seen going into this hand" }, h("span.area-label", {}, "known:"), known.map((code) => pairCard(code))) : null),
  h("div.table-cards", { title: "the cards in front of this player" },
    h("span.area-label", {}, "in front:"),
    view.tables[index].map((code, i) => pairCard(code, { dataset: { key: `table-${seat}-${i}-${code}` } })),
    take && !ui.selected?.length
      ? h("button.action", { type: "button", dataset: { action: take[0].action }, onclick: (event) => { event.stopPropagation(); context.act(take[0]); } }, "Take them")
      : null));
}

/** The table as the context's seat sees it. */
export function render(context) {
  const { view, legal, ui, keep } = context;
  const selected = (ui.selected || []).filter((code) => view.hand.includes(code));
  ui.selected = selected;
  // One card picked: the seats it may be added to light up; the seats whose cards may be taken, always.
  const addTargets = selected.length === 1
    ? targets(legal, (action) => (action.kind === "add" && action.card === selected[0] ? action.target : null)) : new Map();
  const takes = targets(legal, (action) => (action.kind === "take" ? action.target : null));

  const boxes = [];
  for (let seat = 1; seat <= view.hand_sizes.length; seat += 1) boxes.push(playerBox(context, seat, addTargets, takes));
  // dnup lets you hold your hand in any order (dnup.md): sorted by the number on top unless asked not to.
  const sorted = keep.order !== "dealt";
  const hand = sorted ? [...view.hand].sort((a, b) => top(a) - top(b) || a.localeCompare(b)) : view.hand;
  const cards = hand.map((code, index) => pairCard(code, {
    class: selected.includes(code) ? "selected" : "",
    dataset: { key: `hand-${code}`, area: "hand", position: index + 1 },
    role: "button",
    tabindex: 0,
    onclick: () => {
      if (!context.seat) return;
      ui.selected = selected.includes(code) ? selected.filter((card) => card !== code) : [...selected, code];
      context.update();
    },
  }));
  const buttons = [];
  const covered = new Set(legal);
  if (selected.length) {
    const play = find(legal, { kind: "play", cards: selected });
    const words = `Play ${selected.length === 1 ? "this card" : `these ${selected.length} cards`}`;
    buttons.push(play
      ? h("button.action.primary", { type: "button", dataset: { action: play.action, role: "play" }, onclick: () => context.act(play) }, words)
      : h("button.action.primary", { type: "button", disabled: true, dataset: { role: "play" }, title: "no legal play of these cards now" }, words));
    buttons.push(h("button.ghost", { type: "button", onclick: () => { ui.selected = []; context.update(); } }, "Clear"));
  }
  const rotate = find(legal, { kind: "rotate" });
  if (rotate) buttons.push(actionButton(context, rotate, "Turn the hand round"));
  for (const [seat, [take]] of takes) {
    if (selected.length) buttons.push(actionButton(context, take, `Take ${name(context, seat)}'s cards`));
  }
  if (context.seat) {
    buttons.push(h("button.ghost", { type: "button", onclick: () => { keep.order = sorted ? "dealt" : "sorted"; context.update(); } },
      sorted ? "Hold as dealt" : "Sort by number"));
  }
  const board = h("div.pairs-board.dnup-board", { dataset: { phase: view.phase } },
    h("div.players", {}, boxes),
    h("div.centre", {},
      h("div.centre-label", {}, `Round ${view.round} · discards ${view.discards.length}`),
      h("div.table-cards", {}, view.discards.slice(-6).map((code, i) => pairCard(code, { dataset: { key: `discard-${view.discards.length - 6 + i}-${code}` } }))),
      view.aside_size ? h("div.centre-label", {}, `${view.aside_size} cards not dealt`) : null),
    context.seat ? h("div.my-hand", { dataset: { area: "my-hand" }, style: { "--hand-n": cards.length } }, cards) : null);
  return { board, actions: buttons, covered, prompt: prompt(context, selected, addTargets) };
}

function prompt(context, selected, addTargets) {
  const { view, legal } = context;
  if (view.outcome) return `Game over: ${view.outcome.reason}`;
  const actor = view.current_seat ? name(context, view.current_seat) : "";
  if (!context.seat) return `${actor} to play.`;
  if (!legal.length) return `${actor} is playing…`;
  if (selected.length === 1 && addTargets.size) return "Play it in front of you, or click a glowing player to add it to their cards.";
  if (selected.length) return "Play the selected cards (one value, and higher than any pile of as many cards).";
  return "Your turn: select cards of one value to play, one card to add to another player's cards, take a player's cards, or turn your hand round.";
}
