// A guided first game of DRUMP: short tips, each shown once, when the game reaches what it explains
// (the rules page, docs/rules/drump.md, says it all at length).
import { h } from "../dom.js";

const has = (context, word) => context.legal.some((text) => text.startsWith(word));

const TIPS = [
  {
    key: "welcome",
    title: "Welcome to DRUMP",
    text: ["Race to place the four body parts of a monster — head, wings, body and tail — in your monster zone (the four dashed boxes).",
      "Parts are the 10, J, Q and K; their suit says which part (♠ head, ♥ wings, ♦ body, ♣ tail). You pay for a part with a stack of force cards (A to 9) worth exactly its value: 10, 11, 12 or 13."],
    spot: ".drump-side.mine .zone",
    when: () => true,
  },
  {
    key: "set",
    title: "Build your stacks",
    text: ["Click a force card in your hand, then one of your glowing slots. One card per slot each turn; a stack may never pass 13 (Aces count 1).",
      "The first card of a stack lies face up, the next ones face down: you still see yours (a yellow tag names them), your opponent does not."],
    spot: ".hand-row.mine",
    when: (context) => has(context, "set "),
  },
  {
    key: "summon",
    title: "You can summon a part!",
    text: ["Click the part in your hand, then the glowing stack of yours whose total pays for it exactly. The stack goes to the pile and the part to your zone. One summon a turn."],
    spot: ".hand-row.mine",
    when: (context) => has(context, "summon "),
  },
  {
    key: "burst",
    title: "Burst: attack a stack",
    text: ["Once a turn you may attack one of your opponent's stacks with a force card: select it, then click their glowing stack. The stack is turned face up.",
      "If attack plus stack is 13 or less the attack fails and your card joins their stack. Otherwise they may block with a higher card, you may counter, and so on; an Ace wins at once. Win and the stack goes to the pile."],
    spot: ".drump-side.theirs .slots",
    when: (context) => has(context, "burst "),
  },
  {
    key: "recycle",
    title: "Recycle a part",
    text: ["A part you cannot pay for yet may be recycled (twice a turn): select it, then take a card from the deck or a different part from the pile."],
    spot: ".middle",
    when: (context) => has(context, "recycle "),
  },
  {
    key: "end",
    title: "End your turn",
    text: ["When you have done what you want, click “End the turn”. Every turn starts with a draw, and at its end a hand over five cards is cut back to five."],
    spot: "button.end",
    when: (context) => has(context, "end") && (context.view.turn?.slots_set?.length || context.view.turn?.burst_used),
  },
  {
    key: "block",
    title: "You are attacked!",
    text: ["Block with a card from your hand higher than the attacking card (click it, then “Block”), or pass and let the attack win. Parts count 10 to 13 here."],
    spot: ".exchange",
    when: (context) => has(context, "block "),
  },
  {
    key: "counter",
    title: "Your attack was blocked",
    text: ["Counter with a card higher than the block, or pass and let the block stand."],
    spot: ".exchange",
    when: (context) => has(context, "counter "),
  },
  {
    key: "ace",
    title: "Count your Ace",
    text: ["Your attacked stack holds an Ace: choose whether it counts 1 or 11 in this Burst."],
    spot: ".action-bar",
    when: (context) => has(context, "ace "),
  },
  {
    key: "discard",
    title: "Down to five",
    text: ["You hold too many cards: click one to discard, then “Discard”."],
    spot: ".hand-row.mine",
    when: (context) => has(context, "discard "),
  },
  {
    key: "keys",
    title: "Keyboard and rules",
    text: ["Press m (or “Moves”) for every legal move as text; “Rules” opens the whole rules page. Illegal tries are refused with the rule's reason."],
    spot: ".header-buttons",
    when: (context) => context.view.turn_number >= 3,
  },
  {
    key: "over",
    title: "The game is over",
    text: ["The result says why. Play again, or watch the replay: step through it as either player, every card in the open."],
    spot: null,
    when: (context) => !!context.view.outcome,
  },
];

export class DrumpGuide {
  constructor() {
    this.shown = new Set();
    this.off = false;
    this.bubble = null;
  }

  /** Show the first tip the game has reached and not yet shown. */
  update(context, page) {
    for (const element of document.querySelectorAll(".guide-spot")) element.classList.remove("guide-spot");
    if (this.off) return;
    const tip = TIPS.find((candidate) => !this.shown.has(candidate.key) && candidate.when(context));
    this.bubble?.remove();
    this.bubble = null;
    if (!tip) return;
    if (tip.spot) for (const element of document.querySelectorAll(tip.spot)) element.classList.add("guide-spot");
    this.bubble = h("div.guide", { role: "note", dataset: { tip: tip.key } },
      h("h4", {}, tip.title),
      tip.text.map((paragraph) => h("p", {}, paragraph)),
      h("div.guide-buttons", {},
        h("button.ghost", { type: "button", onclick: () => { this.off = true; this.update(context, page); } }, "Stop the guide"),
        h("button.primary", { type: "button", dataset: { role: "guide-next" }, onclick: () => { this.shown.add(tip.key); this.update(context, page); } }, "Got it")));
    // Beside the board on a wide screen (over the log, hiding no card); over the board on a phone.
    if (window.matchMedia("(max-width: 760px)").matches) page.board.parentElement.append(this.bubble);
    else page.side.prepend(this.bubble);
  }
}
