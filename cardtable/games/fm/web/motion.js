// Duels that move: each new log entry of a Forbidden Memories table plays as a short CSS animation on the
// board just drawn (a fusion's steps, an attack and its damage, a destroyed card, a changed terrain), and
// its line in the log is highlighted while it plays. Everything animated comes from the frames: the log's
// words (a hidden card stays "a hidden card") and the difference between the previous view and this one,
// both the seat's own; no animation shows a card its view hides. Nothing moves for a person who has asked
// for reduced motion (and style/fm.css stops any animation then too).

/** How long one entry plays, in milliseconds; every animation is shorter (style/fm.css: at most 0.45 s). */
export const STEP = 450;
/** The most entries played at once. */
const MOST_PLAYED = 12;

function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Add `name` to an element for one step: the CSS animation plays, then the class goes. */
function flash(element, name) {
  if (!element) return;
  element.classList.remove(name);
  void element.offsetWidth;
  element.classList.add(name);
  setTimeout(() => element.classList.remove(name), STEP);
}

function zone(board, side, kind, number) {
  return board.querySelector(`[data-target="${side}-${kind}${number}"]`);
}

function sideOf(context, seat) {
  return seat === context.me ? "my" : "their";
}

/** A fusion's steps, shown from the log's words: first, second, and what they made, one after the other. */
function fusionStrip(board, first, second, result) {
  const chip = (text, order) => {
    const element = document.createElement("span");
    element.className = `fm-chip${text === "a hidden card" ? " hidden" : ""}`;
    element.textContent = text === "a hidden card" ? "?" : text.replace(/^#\d+ /, "");
    element.style.animationDelay = `${order * 0.1}s`;
    return element;
  };
  const strip = document.createElement("div");
  strip.className = "fm-motion fm-fusion";
  strip.dataset.role = "motion";
  const plus = document.createElement("span");
  plus.textContent = "+";
  const arrow = document.createElement("span");
  arrow.textContent = "→";
  strip.append(chip(first, 0), plus, chip(second, 1), arrow, chip(result, 2));
  floatOver(board.querySelector(".fm-field") || board, strip);
}

/** Show `node` over the middle of `element` for one step, in the page's own layer: a board drawn anew
 * meanwhile (the next frame) does not cut it short. */
function floatOver(element, node) {
  const box = element.getBoundingClientRect();
  node.style.left = `${box.left + box.width / 2}px`;
  node.style.top = `${box.top + box.height / 2}px`;
  document.body.append(node);
  setTimeout(() => node.remove(), STEP);
}

function damage(board, seat, amount) {
  const side = board.querySelector(`.fm-side-info[data-seat="${seat}"]`);
  if (!side) return;
  const shown = document.createElement("span");
  shown.className = "fm-motion fm-damage";
  shown.dataset.role = "motion";
  shown.textContent = `−${amount}`;
  floatOver(side.querySelector(".lp") || side, shown);
  flash(side.querySelector(".lp"), "fm-lp-hit");
}

/** The zones of a seat whose monster is gone since the previous view (destroyed, or used up). */
function emptied(context, seat) {
  const before = context.previous?.monsters?.[seat - 1] || [];
  const now = context.view.monsters[seat - 1];
  return before.map((monster, index) => (monster && !now[index] ? index + 1 : null)).filter(Boolean);
}

/** The animation of one log entry, played on the board shown when its turn comes, or null. */
function stepFor(entry, context) {
  let found;
  if ((found = /^Player (\d) fuses (.+) and (.+) into (.+)$/.exec(entry))) {
    return (board) => fusionStrip(board, found[2], found[3], found[4]);
  }
  if ((found = /^Player (\d) attacks (?:directly|zone (\d)) with zone (\d)$/.exec(entry))) {
    const seat = Number(found[1]);
    const lunge = seat === context.me ? "fm-attacking-up" : "fm-attacking-down";
    return (board) => {
      flash(zone(board, sideOf(context, seat), "m", found[3]), lunge);
      const target = found[2] ? zone(board, sideOf(context, 3 - seat), "m", found[2]) : board.querySelector(`.fm-side-info[data-seat="${3 - seat}"]`);
      flash(target, "fm-hit");
    };
  }
  if ((found = /^Player (\d) loses (\d+) LP/.exec(entry))) {
    return (board) => damage(board, Number(found[1]), found[2]);
  }
  if ((found = /^(?:Player (\d)'s .+|a hidden card of Player (\d)) is destroyed$/.exec(entry))) {
    const seat = Number(found[1] || found[2]);
    const zones = emptied(context, seat);
    return (board) => zones.forEach((number) => flash(zone(board, sideOf(context, seat), "m", number), "fm-destroyed"));
  }
  if (/^Player \d activates /.test(entry) && context.previous && context.previous.terrain !== context.view.terrain) {
    return (board) => flash(board.querySelector('[data-role="terrain"]'), "fm-terrain-changed");
  }
  return null;
}

/** Play the log entries that are new since the board was last drawn, one after the other, after any
 * still playing; the first drawing plays none. Each plays on the board in the page when its turn comes. */
export function animateDuel(context, board) {
  const { keep, log } = context;
  // A board drawn over before it was shown plays nothing: the next drawing plays its entries.
  if (!Array.isArray(log) || !board.isConnected) return;
  const start = keep.seenLog;
  keep.seenLog = log.length;
  if (start === undefined || start >= log.length || reducedMotion()) return;
  const steps = [];
  // After a long absence (a rejoin), only the last few entries play.
  for (let index = Math.max(start, log.length - MOST_PLAYED); index < log.length; index++) {
    const step = stepFor(log[index], context);
    if (step) steps.push({ index, step });
  }
  const now = Date.now();
  const begin = Math.max(now, keep.playingUntil || 0);
  keep.playingUntil = begin + steps.length * STEP;
  steps.forEach(({ index, step }, order) => setTimeout(() => {
    const shown = document.querySelector(".fm-board");
    if (!shown) return;
    step(shown);
    flash(document.querySelector(`.log-list li[data-log="${index}"]`), "fm-playing");
  }, begin - now + order * STEP));
}
