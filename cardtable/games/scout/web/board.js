// Scout's table: the hand in order, the active set, everyone's tokens and scores (scout.md). A show is
// chosen by selecting adjacent cards; a scout by dragging (or clicking) an end of the active set to the
// gap where it goes, turned or not.
import { cardBack, pairCard, turned } from "/js/cards.js";
import { h } from "/js/dom.js";
import { actionButton, any, find } from "/js/picks.js";

/** A legal action (as data: its kind and fields, docs/protocol.md) in words. */
export function label(action) {
  if (action.kind === "show") {
    return action.first === action.last ? `Show card ${action.first}` : `Show cards ${action.first} to ${action.last}`;
  }
  if (action.kind === "scout") {
    return `${action.with_show ? "Scout & Show" : "Scout"}: the ${action.end} end${action.turned ? ", turned," : ""} to place ${action.position}`;
  }
  return { keep: "Keep the hand", turn: "Turn the hand round", decline: "Neither show nor scout" }[action.kind] || action.action;
}

/** The legal scout of the picked end (turned or not) to hand place `position`, or null. */
function scoutTo(context, picked, position) {
  return find(context.legal, { kind: "scout", end: picked.end, turned: picked.turned, position, with_show: !!context.ui.chip });
}

function name(context, seat) {
  return context.names[seat - 1] || `Player ${seat}`;
}

function playerBox(context, seat) {
  const { view } = context;
  const index = seat - 1;
  const facts = [
    h("span", { title: "cards in hand" }, `${view.hand_sizes[index]} in hand`),
    h("span", { title: "captured cards (a point each)" }, `${view.captured[index].length} captured`),
    h("span", { title: "Scout tokens (a point each)" }, `${view.tokens[index]} token${view.tokens[index] === 1 ? "" : "s"}`),
    view.chips[index] ? h("span.chip-mark", { title: "the Scout & Show chip, still to use" }, "S&S chip") : null,
    h("span", { title: "score so far" }, `score ${view.scores[index]}`),
  ];
  const known = view.known_in_hand[index] || [];
  return h("div.player-box", {
    class: [view.current_seat === seat ? "to-act" : "", view.owner === seat ? "owner" : ""].join(" "),
    dataset: { seat },
  },
  h("h4", {}, h("span", {}, name(context, seat), seat === context.seat ? " (you)" : ""), view.owner === seat ? h("span", {}, "owns the set") : null),
  h("div.facts", {}, facts),
  seat === context.seat ? null : h("div.backs", {}, h("div.back-fan", {}, Array.from({ length: Math.min(view.hand_sizes[index], 12) }, (_, i) => cardBack({ dataset: { key: `back-${seat}-${i}` } })))),
  known.length ? h("div.facts", {}, `known in hand: ${known.join(" ")}`) : null);
}

/** Where a click on hand card `position` leaves the selection {anchor, first, last}. */
function select(selection, position) {
  if (!selection) return { anchor: position, first: position, last: position };
  if (position === selection.anchor) {
    return selection.first === selection.last ? null : { anchor: position, first: position, last: position };
  }
  return { anchor: selection.anchor, first: Math.min(selection.anchor, position), last: Math.max(selection.anchor, position) };
}

function startDrag(event, context, end) {
  const source = event.currentTarget;
  const ghost = source.cloneNode(true);
  ghost.classList.add("drag-ghost");
  let moved = false;
  const startX = event.clientX;
  const startY = event.clientY;
  const move = (moving) => {
    if (!moved && Math.hypot(moving.clientX - startX, moving.clientY - startY) < 6) return;
    if (!moved) {
      moved = true;
      document.body.append(ghost);
      context.ui.picked = { end, turned: context.ui.picked?.turned || false };
      for (const gap of document.querySelectorAll(".my-hand .gap")) gap.classList.add("open");
    }
    ghost.style.left = `${moving.clientX}px`;
    ghost.style.top = `${moving.clientY}px`;
    for (const gap of document.querySelectorAll(".gap.hover")) gap.classList.remove("hover");
    document.elementFromPoint(moving.clientX, moving.clientY)?.closest(".gap")?.classList.add("hover");
  };
  const up = (released) => {
    document.removeEventListener("pointermove", move);
    document.removeEventListener("pointerup", up);
    ghost.remove();
    if (!moved) return;
    const gap = document.elementFromPoint(released.clientX, released.clientY)?.closest(".gap");
    const scout = gap ? scoutTo(context, context.ui.picked, Number(gap.dataset.position)) : null;
    if (scout) context.act(scout);
    else context.update();
  };
  document.addEventListener("pointermove", move);
  document.addEventListener("pointerup", up);
}

/** The table as the context's seat sees it. */
export function render(context) {
  const { view, legal, ui } = context;
  const canScout = any(legal, { kind: "scout", with_show: false });
  const canChip = any(legal, { kind: "scout", with_show: true });
  const canShow = any(legal, { kind: "show" });
  const keep = find(legal, { kind: "keep" });
  const orienting = keep !== null;
  if (!canChip) ui.chip = false;
  if (!canScout && !canChip) ui.picked = null;
  const others = [];
  for (let seat = 1; seat <= view.hand_sizes.length; seat += 1) others.push(playerBox(context, seat));

  // The active set: its ends may be scouted.
  const active = view.active.map((code, index) => {
    const end = index === 0 ? "left" : index === view.active.length - 1 ? "right" : null;
    const scoutable = end && (canScout || canChip) && context.myTurn;
    const picked = scoutable && ui.picked?.end === end && view.active.length > 1 ? true : scoutable && ui.picked?.end === end;
    return pairCard(code, {
      class: [scoutable ? "end" : "", picked ? "picked" : ""].join(" "),
      dataset: { key: `active-${index}-${code}`, end: scoutable ? end : "" },
      role: scoutable ? "button" : undefined,
      tabindex: scoutable ? 0 : undefined,
      title: scoutable ? `Scout the ${end} end: drag it into your hand, or click it then a gap` : undefined,
      onclick: scoutable ? () => { ui.picked = ui.picked?.end === end ? null : { end, turned: false }; ui.selection = null; context.update(); } : null,
      onpointerdown: scoutable ? (event) => startDrag(event, context, end) : null,
    });
  });
  const ownerName = view.owner ? name(context, view.owner) : null;
  const centre = h("div.centre", { dataset: { role: "active-set" } },
    h("div.centre-label", {}, view.active.length ? `Active set of ${ownerName}` : "No active set: any show will do"),
    h("div.active-set", {}, active),
    ui.picked ? h("div.picked-card", {},
      h("span.centre-label", {}, "Taking:"),
      pairCard(ui.picked.turned ? turned(view.active[ui.picked.end === "left" ? 0 : view.active.length - 1]) : view.active[ui.picked.end === "left" ? 0 : view.active.length - 1]),
      h("button", { type: "button", dataset: { role: "turn-card" }, onclick: () => { ui.picked.turned = !ui.picked.turned; context.update(); } }, "↻ Turn it"),
      h("span.centre-label", {}, "then click a gap in your hand")) : null);

  // My hand, with the gaps where a scouted card may go.
  const hand = ui.preview && orienting ? [...view.hand].reverse().map(turned) : view.hand;
  const selection = ui.selection;
  const items = [];
  const gap = (position) => {
    const scout = ui.picked ? scoutTo(context, ui.picked, position) : null;
    return h("div.gap", {
      class: scout ? "open" : "",
      dataset: { position, target: `gap-${position}` },
      tabindex: scout ? 0 : undefined,
      title: scout ? `Put it here (place ${position})` : undefined,
      onclick: scout ? () => context.act(scout) : null,
    });
  };
  hand.forEach((code, index) => {
    const position = index + 1;
    items.push(gap(position));
    const chosen = selection && position >= selection.first && position <= selection.last;
    items.push(pairCard(code, {
      class: chosen ? "selected" : "",
      dataset: { key: `hand-${code}-${index}`, position, area: "hand" },
      role: "button",
      tabindex: 0,
      onclick: () => {
        if (!context.seat || orienting) return;
        ui.selection = select(ui.selection, position);
        ui.picked = null;
        context.update();
      },
    }));
  });
  if (context.seat) items.push(gap(hand.length + 1));

  const buttons = [];
  const covered = new Set(legal.filter((action) => ["show", "scout", "keep", "turn"].includes(action.kind)));
  if (orienting) {
    buttons.push(h("button.action.primary", { type: "button", dataset: { action: keep.action }, onclick: () => context.act(keep) }, "Keep the hand"));
    const turn = find(legal, { kind: "turn" });
    if (turn) buttons.push(actionButton(context, turn, "Turn the hand round"));
    buttons.push(h("button.ghost", { type: "button", onclick: () => { ui.preview = !ui.preview; context.update(); } }, ui.preview ? "Show it as dealt" : "Preview it turned"));
  }
  if (selection && context.myTurn && canShow) {
    const show = find(legal, { kind: "show", first: selection.first, last: selection.last });
    const words = selection.first === selection.last ? "Show this card" : `Show these ${selection.last - selection.first + 1} cards`;
    buttons.push(show
      ? h("button.action.primary", { type: "button", dataset: { action: show.action, role: "show" }, onclick: () => context.act(show) }, words)
      : h("button.action.primary", { type: "button", disabled: true, dataset: { role: "show" }, title: "these cards do not make a show that may be played now" }, words));
  }
  if (canChip) {
    const box = h("input", { type: "checkbox", checked: ui.chip || undefined, onchange: () => { ui.chip = box.checked; context.update(); } });
    buttons.push(h("label.chip-toggle", { dataset: { role: "chip" } }, box, " Scout & Show (then show at once)"));
  }
  const board = h("div.pairs-board.scout-board", { dataset: { phase: view.phase } },
    h("div.players", {}, others),
    centre,
    h("div.scores-line", {}, `Round ${view.round} of ${view.rounds}`, view.aside_size ? ` · ${view.aside_size} cards set aside` : ""),
    context.seat ? h("div.my-hand", { dataset: { area: "my-hand" }, style: { "--hand-n": hand.length } }, items) : null);
  return { board, actions: buttons, covered, prompt: prompt(context, orienting, canScout || canChip) };
}

function prompt(context, orienting, canScout) {
  const { view, legal } = context;
  if (view.outcome) return `Game over: ${view.outcome.reason}`;
  const actor = view.current_seat ? name(context, view.current_seat) : "";
  if (!context.seat) return `${actor} to play.`;
  if (!legal.length) return `${actor} is playing…`;
  if (orienting) return "A new round: keep your hand as dealt, or turn the whole hand round (every card shows its other number).";
  if (view.phase === "show") return "Scout & Show: now show a set from your hand that beats the active set.";
  const parts = ["Select adjacent cards (click the first, then the last) and show them"];
  if (canScout) parts.push("or drag an end card of the active set into a gap of your hand (click it, turn it if you like, then click a gap)");
  return `Your turn: ${parts.join(", ")}.`;
}
