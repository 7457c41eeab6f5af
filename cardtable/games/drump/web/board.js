// DRUMP's table: hands, both sides' four force stacks, the monster zones, the pile and the deck, a Burst
// under way, and moves made by selecting a card and then where it goes (drump.md).
import { cardBack } from "/js/cards.js";
import {
  PART_ORDER, PART_SUIT, SUITS, drumpWords, playingCard,
} from "./cards.js";
import { h } from "/js/dom.js";
import { choiceButtons, choose, targets as placesOf } from "/js/picks.js";

const PHASE_WORDS = {
  main: "main phase", defend: "defence", ace: "Ace choice", block: "block", counter: "counter",
  draw: "draw", discard: "discard", over: "game over",
};

/** The card in a stack entry: "7h" face up, "7h down" known face down, "hidden". */
function stacked(entry) {
  if (entry === "hidden") return { card: null, up: false };
  const [card, down] = entry.split(" ");
  return { card, up: down !== "down" };
}

/** The card from hand a legal action plays (its fields as the protocol gives them), or null. */
function handCard(action) {
  return action.card ?? action.part ?? action.jack ?? null;
}

function cards(count) {
  return `${count} card${count === 1 ? "" : "s"}`;
}

function short(card) {
  return `${card[0] === "X" ? "10" : card[0]}${SUITS[card[1]]}`;
}

/** A legal action (as data: its kind and fields, docs/protocol.md) in words. */
export function label(action) {
  switch (action.kind) {
    case "set": return `Set ${short(action.card)} on slot ${action.slot}`;
    case "summon": return `Summon ${short(action.part)}, paying with slot ${action.slot}`;
    case "extra": return `Extra Jack: place ${short(action.jack)}, discard ${short(action.ace)}`;
    case "recycle": return action.take ? `Recycle ${short(action.part)}, take ${short(action.take)}` : `Recycle ${short(action.part)}, draw`;
    case "burst": return `Burst slot ${action.slot} with ${short(action.card)}`;
    case "ace": return `Count ${short(action.ace)} as ${action.value}`;
    case "block": return `Block with ${short(action.card)}`;
    case "counter": return `Counter with ${short(action.card)}`;
    case "discard": return `Discard ${short(action.card)}`;
    case "end": return "End the turn";
    case "pass": return "Pass";
    case "receive": return "Receive the attack";
    case "draw": return "Draw a card";
    case "decline": return "Do not draw";
    default: return action.action;
  }
}

/** A stack's value as the view gives it: what the seat knows of it (Aces as 1), and what it cannot see. */
function stackTotal(value, count) {
  if (!count) return "";
  const aceNote = value.aces ? " (Aces as 1)" : "";
  if (value.hidden) return `${value.known} + ${value.hidden} hidden`;
  return `${value.known}${aceNote}`;
}

function stackView(stack, owner, slot, context, targets, attacked) {
  const me = owner === context.me;
  const cards = stack.map((entry, index) => {
    const { card, up } = stacked(entry);
    const key = `stack-${owner}-${slot}-${index}-${card || "hidden"}`;
    if (up) return playingCard(card, { dataset: { key } });
    return cardBack({ dataset: { key } }, me ? card : null, card ? short(card) : null);
  });
  const where = me ? "my" : "their";
  const target = targets.get(`${where}-slot-${slot}`);
  const slotElement = h("div.slot", {
    class: [target ? "target" : "", attacked ? "attacked" : "", context.view.turn?.slots_set?.includes(slot) && owner === context.view.turn_seat ? "set-this-turn" : ""].join(" "),
    dataset: { target: `${where}-slot-${slot}` },
    tabindex: target ? 0 : undefined,
    title: target ? target.map(label).join("; ") : `${me ? "Your" : "Their"} slot ${slot}`,
    onclick: target ? () => choose(context, target) : null,
  },
  h("span.slot-number", {}, slot),
  h("div.stack", { style: { "--count": Math.max(stack.length, 1) } }, cards.length ? cards : h("div.card.empty-slot", {}, "")),
  h("span.stack-total", {}, stackTotal(context.view.stack_values[owner - 1][slot - 1], stack.length)));
  return slotElement;
}

function zoneView(zone, owner, context) {
  const parts = PART_ORDER.map((part) => {
    const card = zone[part];
    return h("div.zone-part", { dataset: { part, owner } },
      card ? playingCard(card, { dataset: { key: `zone-${owner}-${part}-${card}` } })
        : h("div.card.empty-part", {}, h("span", {}, part), h("span.suit-hint", {}, SUITS[PART_SUIT[part]])));
  });
  const count = PART_ORDER.filter((part) => zone[part]).length;
  return h("div.zone", { title: `Monster zone: ${count} of 4 parts` },
    h("div.zone-parts", {}, parts),
    h("span.zone-count", { class: count === 4 ? "drump" : "" }, count === 4 ? "DRUMP!" : `${count}/4 parts`));
}

function exchangeView(exchange, context) {
  if (!exchange) return null;
  const attacker = context.view.turn_seat;
  const defender = 3 - attacker;
  const names = context.names;
  const roles = ["attack", "block", "counter"];
  const played = exchange.cards.map((card, index) => h("div.exchange-card", {},
    h("span.role", {}, index === 0 ? "attack" : roles[1 + ((index - 1) % 2)]),
    playingCard(card, { dataset: { key: `exchange-${index}-${card}` } })));
  // The sum that decides whether the attack may be blocked (drump.md, "Burst"); with block_adds the
  // blocks and counters add up on each side, and those running totals are shown too.
  const totals = [];
  const attack = exchange.attack_value;
  if (exchange.stack_total !== null && exchange.stack_total !== undefined) {
    totals.push(`stack ${exchange.stack_total} + attack ${attack} = ${exchange.attack_sum}${exchange.attack_fails ? " (too low: the attack fails)" : ""}`);
  } else {
    totals.push("the stack is not yet revealed");
  }
  if (exchange.cards.length > 1 && exchange.attack_total > attack) {
    totals.push(`attack side ${exchange.attack_total} · defence side ${exchange.defense_total}`);
  }
  return h("div.exchange", { dataset: { role: "exchange" } },
    h("div.exchange-title", {}, `Burst: ${names[attacker - 1] || `Player ${attacker}`} attacks ${names[defender - 1] || `Player ${defender}`}'s slot ${exchange.slot}`),
    h("div.exchange-cards", {}, played),
    totals.length ? h("div.exchange-totals", {}, totals.join(" · ")) : null,
    exchange.pending_aces?.length ? h("div.exchange-aces", {}, `Aces to count: ${exchange.pending_aces.map(short).join(" ")}`) : null);
}

function turnInfo(view, names) {
  const turn = view.turn || {};
  const who = names[view.turn_seat - 1] || `Player ${view.turn_seat}`;
  const facts = [`Turn ${view.turn_number}: ${who}`];
  if (turn.slots_set?.length) facts.push(`set on ${turn.slots_set.join(", ")}`);
  if (turn.summoned) facts.push("summoned");
  if (turn.extra_jack_used || turn.extra_jacks) facts.push("Extra Jack used");
  if (turn.recycles) facts.push(`${turn.recycles} recycled`);
  if (turn.burst_used) facts.push("burst used");
  if (view.last_turn) facts.push(`last turn for ${names[view.last_turn - 1] || `Player ${view.last_turn}`}`);
  return facts.join(" · ");
}

function prompt(context, selected) {
  const { view, legal, names } = context;
  const actor = view.current_seat;
  const name = actor ? names[actor - 1] || `Player ${actor}` : "";
  if (view.outcome) return `Game over: ${view.outcome.reason}`;
  if (context.seat === null) return `${name} to play (${PHASE_WORDS[view.phase] || view.phase}).`;
  if (!legal.length) {
    if (view.phase === "block" || view.phase === "defend") return `${name} may block your attack…`;
    return `${name} is playing (${PHASE_WORDS[view.phase] || view.phase})…`;
  }
  if (selected) {
    const kinds = new Set(legal.filter((action) => handCard(action) === selected).map((action) => action.kind));
    const hints = [];
    if (kinds.has("set")) hints.push("a glowing slot of yours to set it");
    if (kinds.has("summon")) hints.push("a glowing stack of yours to pay for it");
    if (kinds.has("burst")) hints.push("a glowing enemy stack to burst it");
    if (kinds.has("extra") || kinds.has("recycle") || kinds.has("block") || kinds.has("counter") || kinds.has("discard")) hints.push("a button below");
    return hints.length ? `${drumpWords(selected)}: click ${hints.join(", or ")}.` : `${drumpWords(selected)} cannot be played now.`;
  }
  switch (view.phase) {
    case "main": return "Your turn: select a card to see where it can go — set force cards on your slots, summon a part, burst an enemy stack — or end the turn.";
    case "defend": return "Your stack is attacked: block before it is summed, or receive the attack.";
    case "ace": return "Your attacked stack holds an Ace: count it as 1 or 11.";
    case "block": return "Your stack is attacked: block with a higher card, or pass.";
    case "counter": return "Your attack was blocked: counter with a higher card, or pass.";
    case "draw": return "You won the exchange: draw a card, or not.";
    case "discard": return `Too many cards: select one to discard (down to the hand limit).`;
    default: return "Your move.";
  }
}

/** The table as the context's seat sees it. */
export function render(context) {
  const { view, legal, ui } = context;
  const me = view.seat || 1;
  const them = 3 - me;
  context.me = me;
  const fromHand = legal.filter((action) => handCard(action) !== null && action.kind !== "ace");
  const playable = new Set(fromHand.map(handCard));
  const selected = ui.card && playable.has(ui.card) ? ui.card : null;
  // Where the selected card may go: my slots, their slots, the pile, the deck, the Ace in hand it discards.
  const targets = placesOf(fromHand.filter((action) => handCard(action) === selected), (action) => {
    if (action.kind === "set" || action.kind === "summon") return `my-slot-${action.slot}`;
    if (action.kind === "burst") return `their-slot-${action.slot}`;
    if (action.kind === "recycle") return action.take ? `pile-${action.take}` : "deck";
    if (action.kind === "extra") return `hand-${action.ace}`;
    return null;
  });
  const attackedSlot = view.exchange ? view.exchange.slot : null;
  const defender = view.exchange ? 3 - view.turn_seat : null;
  const side = (owner) => h(`div.drump-side.${owner === me ? "mine" : "theirs"}`, {},
    zoneView(view.zones[owner - 1], owner, context),
    h("div.slots", {}, view.stacks[owner - 1].map((stack, index) =>
      stackView(stack, owner, index + 1, context, targets, defender === owner && attackedSlot === index + 1))));

  const theirKnown = [...(view.known_in_hand[them - 1] || [])];
  const theirHand = Array.from({ length: view.hand_sizes[them - 1] }, (_, index) =>
    index < theirKnown.length ? playingCard(theirKnown[index], { dataset: { key: `their-hand-known-${theirKnown[index]}` }, title: `${drumpWords(theirKnown[index])}: known to both` })
      : cardBack({ dataset: { key: `their-hand-${index}` } }));
  const myHand = view.seat ? view.hand.map((card) => {
    const handTarget = targets.get(`hand-${card}`);
    return playingCard(card, {
      class: [playable.has(card) ? "playable" : "", card === selected ? "selected" : "", handTarget ? "target" : "",
        (view.known_in_hand[me - 1] || []).includes(card) ? "known" : ""].join(" "),
      dataset: { key: `hand-${card}`, area: "hand" },
      role: "button",
      tabindex: playable.has(card) || handTarget ? 0 : -1,
      onclick: () => {
        if (handTarget) { choose(context, handTarget); return; }
        ui.card = ui.card === card ? null : card;
        ui.choices = null;
        context.update();
      },
    });
  }) : Array.from({ length: view.hand_sizes[me - 1] }, (_, index) => cardBack({ dataset: { key: `my-hand-${index}` } }));

  const pileTop = view.pile.length ? view.pile[view.pile.length - 1] : null;
  const pileTargets = [...targets.keys()].filter((key) => key.startsWith("pile-"));
  const showPile = ui.showPile && view.pile.length && !pileTargets.length;
  const pile = h("div.pile", {
    title: `Discard pile: ${cards(view.pile.length)}, every one public (click to see them)`,
    dataset: { role: "pile" },
    onclick: pileTargets.length ? null : () => { ui.showPile = !ui.showPile; context.update(); },
  },
    pileTop ? playingCard(pileTop, { dataset: { key: `pile-${view.pile.length}-${pileTop}` } }) : h("div.card.empty-slot", {}, "pile"),
    h("span.count", {}, `pile ${view.pile.length}`));
  // The pile's cards, to look at or to take back, come beside the pile in the row, over nothing.
  const pileCards = showPile ? h("div.pile-choices.pile-all", { dataset: { role: "pile-all" } }, view.pile.map((card, index) => playingCard(card, { dataset: { key: `pile-all-${index}-${card}` } })))
    : pileTargets.length ? h("div.pile-choices", {}, pileTargets.map((key) => {
      const card = key.slice(5);
      return playingCard(card, { class: "target", dataset: { target: key }, tabindex: 0, title: label(targets.get(key)[0]), onclick: () => choose(context, targets.get(key)) });
    })) : null;
  const deckTarget = targets.get("deck");
  const deck = h("div.deck", { class: deckTarget ? "target" : "", dataset: { target: "deck" }, tabindex: deckTarget ? 0 : undefined, title: deckTarget ? label(deckTarget[0]) : `Deck: ${view.deck_size} cards`, onclick: deckTarget ? () => choose(context, deckTarget) : null },
    view.deck_size ? cardBack() : h("div.card.empty-slot", {}, "empty"), h("span.count", {}, `deck ${view.deck_size}`));

  const board = h("div.drump-board", { dataset: { phase: view.phase } },
    h("div.hand-row.theirs", { dataset: { area: "their-hand" } },
      h("span.hand-label", {}, `${context.names[them - 1] || `Player ${them}`}: ${cards(view.hand_sizes[them - 1])}`),
      h("div.hand", {}, theirHand)),
    side(them),
    h("div.middle", {}, deck, pile, pileCards, exchangeView(view.exchange, context),
      h("div.turn-info", {}, h("span.phase-badge", { dataset: { role: "phase" } }, PHASE_WORDS[view.phase] || view.phase), " ", turnInfo(view, context.names))),
    side(me),
    h("div.hand-row.mine", { dataset: { area: "my-hand" } },
      h("span.hand-label", {}, view.seat ? "Your hand" : `${context.names[me - 1] || "Player 1"}: ${cards(view.hand_sizes[me - 1])}`),
      h("div.hand", {}, myHand)));

  // The buttons: the selected card's other moves, then the moves that need no card.
  const buttons = [];
  const covered = new Set();
  const button = (action, extra = "") => h(`button.action${extra}`, { type: "button", dataset: { action: action.action }, onclick: () => context.act(action) }, label(action));
  for (const action of legal) {
    if (handCard(action) !== null && action.kind !== "ace") {
      covered.add(action);
      if (handCard(action) === selected) buttons.push(button(action, ".chip"));
    } else if (["ace", "end", "pass", "receive", "draw", "decline"].includes(action.kind)) {
      covered.add(action);
      buttons.push(button(action, action.kind === "end" ? ".end" : ""));
    }
  }
  buttons.unshift(...choiceButtons(context, label));
  return { board, actions: buttons, covered, prompt: prompt(context, selected) };
}

/** The guided first game. */
export async function guide() {
  const { DrumpGuide } = await import("./guide.js");
  return new DrumpGuide();
}
