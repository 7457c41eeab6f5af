// Cards drawn by the client with CSS that more than one game uses: double-numbered cards, and card
// backs. Every card carries data-card with its notation; each game draws its own other cards
// (games/<name>/web/).
import { h } from "./dom.js";

/** A card's back; `known` (a card name) marks a face-down card its owner knows. */
export function cardBack(extra = {}, known = null, label = null) {
  const back = h("div.card.back", { title: known ? `Your face-down ${known}` : "A face-down card", ...extra },
    known ? h("span.known", {}, label || known) : null);
  if (known) back.dataset.known = known;
  return back;
}

// -- double-numbered cards -------------------------------------------------------------------------
/** A double-numbered card written top/bottom ("7/3"): the top number counts. */
export function pairCard(code, extra = {}) {
  const [top, bottom] = code.split("/");
  return h(`div.card.pair.n${top}`,
    { title: `${top} (its other end ${bottom})`, ...extra, dataset: { card: code, ...(extra.dataset || {}) } },
    h(`span.top.n${top}`, {}, top),
    h(`span.bottom.n${bottom}`, {}, bottom));
}

/** The same card turned round. */
export function turned(code) {
  const [top, bottom] = code.split("/");
  return `${bottom}/${top}`;
}
