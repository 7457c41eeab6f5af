// A guided first game of DRUMP: short tips, each shown once, when the game reaches what it explains
// (the rules page, docs/rules/drump.md, says it all at length). One note a moment: once a note is put
// away, the next waits until the game moves on (only the welcome is followed at once by the note for the
// move at hand). The coach (the `coach` bot) makes every kind of move early, and its moves have notes too.
import { h } from "/js/dom.js";

const has = (context, kind) => context.legal.some((action) => action.kind === kind);
/** Whether the other player has done `verb` ("Player 2 summons ..."): its note comes at the next free moment. */
const theyDid = (context, log, verb) => log.some((line) => {
  const found = /^Player (\d+) (\w+) /.exec(line);
  return found !== null && Number(found[1]) !== context.seat && found[2] === verb;
});

export const TIPS = [
  {
    key: "welcome",
    title: "Welcome to DRUMP",
    text: ["Race to place the four body parts of a monster — head, wings, body and tail — in your monster zone (the four dashed boxes).",
      "Parts are the 10, J, Q and K; their suit says which part (♠ head, ♥ wings, ♦ body, ♣ tail). You pay for a part with a stack of force cards (A to 9) worth exactly its value: 10, 11, 12 or 13.",
      "Every turn, the first one too, starts with a draw. Then, in any order: set force cards, summon a part, place a J by Extra Jack, recycle parts, burst an enemy stack; then end the turn. A note comes as each becomes possible."],
    spot: ".drump-side.mine .zone",
    when: () => true,
  },
  {
    key: "set",
    title: "Build your stacks",
    text: ["Click a force card in your hand, then one of your glowing slots. One card per slot each turn; a stack may never pass 13 (Aces count 1).",
      "The first card of a stack lies face up, the next ones face down: you still see yours (a yellow tag names them), your opponent does not."],
    spot: ".hand-row.mine",
    when: (context) => has(context, "set"),
  },
  {
    key: "summon",
    title: "You can summon a part!",
    text: ["Click the part in your hand, then the glowing stack of yours whose total pays for it exactly. The stack goes to the pile and the part to your zone. One summon a turn."],
    spot: ".hand-row.mine",
    when: (context) => has(context, "summon"),
  },
  {
    key: "extra",
    title: "Extra Jack: a J without a stack",
    text: ["You hold a J and an Ace: once a turn (even after a summon, and on your very first turn) you may discard the Ace to place the J in its zone, no stack needed. Click the J, then the glowing Ace."],
    spot: ".hand-row.mine",
    when: (context) => has(context, "extra"),
  },
  {
    key: "burst",
    title: "Burst: attack a stack",
    text: ["Once a turn you may attack one of your opponent's stacks with a force card: select it, then click their glowing stack. The stack is turned face up.",
      "If attack plus stack is 13 or less the attack fails and your card joins their stack. Otherwise they may block with a higher card, you may counter, and so on; an Ace wins at once. Win and the stack goes to the pile."],
    spot: ".drump-side.theirs .slots",
    when: (context) => has(context, "burst"),
  },
  {
    key: "recycle",
    title: "Recycle a part",
    text: ["A part you cannot pay for yet may be recycled (twice a turn): select it, then take a card from the deck or a different part from the pile."],
    spot: ".middle",
    when: (context) => has(context, "recycle"),
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
    when: (context) => has(context, "block"),
  },
  {
    key: "counter",
    title: "Your attack was blocked",
    text: ["Counter with a card higher than the block, or pass and let the block stand."],
    spot: ".exchange",
    when: (context) => has(context, "counter"),
  },
  {
    key: "ace",
    title: "Count your Ace",
    text: ["Your attacked stack holds an Ace: choose whether it counts 1 or 11 in this Burst."],
    spot: ".action-bar",
    when: (context) => has(context, "ace"),
  },
  {
    key: "discard",
    title: "Down to five",
    text: ["You hold too many cards: click one to discard, then “Discard”."],
    spot: ".hand-row.mine",
    when: (context) => has(context, "discard"),
  },
  {
    key: "their-summon",
    title: "The coach summoned a part",
    text: ["A stack of theirs that paid a part's value exactly went to the pile, and the part to their zone. Four parts make DRUMP: watch their stacks, and burst one that comes close to paying."],
    spot: ".drump-side.theirs .zone",
    when: (context, log) => theyDid(context, log, "summons"),
  },
  {
    key: "their-extra",
    title: "The coach played an Extra Jack",
    text: ["They discarded an Ace to place a J with no stack at all. You may do the same once a turn."],
    spot: ".drump-side.theirs .zone",
    when: (context, log) => theyDid(context, log, "places"),
  },
  {
    key: "their-recycle",
    title: "The coach recycled a part",
    text: ["They discarded a part for a new card (or a part from the pile, which you then know they hold). Parts in the pile are public: click the pile to see them all."],
    spot: ".middle",
    when: (context, log) => theyDid(context, log, "recycles"),
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
    // The moment (the table's version) a note was last put away at: no other note comes until the game
    // moves on from it (a move is made), so that notes never come back to back.
    this.restingAt = null;
  }

  /** Show the first tip the game has reached and not yet shown, one a moment. */
  update(context, page) {
    for (const element of document.querySelectorAll(".guide-spot")) element.classList.remove("guide-spot");
    if (this.off) return;
    const moment = page.frame?.version ?? 0;
    const log = page.log || [];
    const tip = this.restingAt === moment ? null
      : TIPS.find((candidate) => !this.shown.has(candidate.key) && candidate.when(context, log));
    this.bubble?.remove();
    this.bubble = null;
    if (!tip) return;
    if (tip.spot) for (const element of document.querySelectorAll(tip.spot)) element.classList.add("guide-spot");
    this.bubble = h("div.guide", { role: "note", dataset: { tip: tip.key } },
      h("h4", {}, tip.title),
      tip.text.map((paragraph) => h("p", {}, paragraph)),
      h("div.guide-buttons", {},
        h("button.ghost", { type: "button", onclick: () => { this.off = true; this.update(context, page); } }, "Stop the guide"),
        h("button.primary", { type: "button", dataset: { role: "guide-next" }, onclick: () => {
          this.shown.add(tip.key);
          if (tip.key !== "welcome") this.restingAt = page.frame?.version ?? 0;
          this.update(context, page);
        } }, "Got it")));
    // Beside the board on a wide screen (over the log, hiding no card); over the board on a phone.
    if (window.matchMedia("(max-width: 760px)").matches) page.board.parentElement.append(this.bubble);
    else page.side.prepend(this.bubble);
  }
}
