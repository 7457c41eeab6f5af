// What a player would see wrong at the table, measured from the page's boxes (tests/web/layout.py).
(boxes) => {
  const problems = [];
  const seen = (element) => {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return style.display !== "none" && style.visibility !== "hidden" && box.width > 0.5 && box.height > 0.5;
  };
  const name = (element) => {
    const classes = [...element.classList].join(".");
    const data = Object.entries(element.dataset).slice(0, 2)
      .map(([key, value]) => `[${key}=${value}]`).join("");
    return `${element.tagName.toLowerCase()}${classes ? "." + classes : ""}${data}`;
  };
  // The hand: one row, wholly in view, within the board's own visible box.
  const hand = [...document.querySelectorAll('[data-area="hand"]')].filter(seen);
  if (hand.length) {
    const rows = hand.map((card) => card.getBoundingClientRect());
    const top = Math.max(...rows.map((box) => box.top));
    const bottom = Math.min(...rows.map((box) => box.bottom));
    if (top >= bottom) problems.push(`the hand of ${hand.length} cards is in more than one row`);
    const board = document.querySelector(".board").getBoundingClientRect();
    for (const [index, box] of rows.entries()) {
      const inside = box.left >= board.left - 1 && box.right <= board.right + 1
        && box.top >= board.top - 1 && box.bottom <= board.bottom + 1
        && box.right <= innerWidth + 1 && box.bottom <= innerHeight + 1;
      if (!inside) { problems.push(`hand card ${index + 1} of ${hand.length} is not wholly in view`); break; }
    }
  }
  // No two boxes overlap, unless one holds the other.
  const elements = [...document.querySelectorAll(boxes)]
    .filter((element) => !element.closest(".card") && seen(element));
  // What the board holds is seen through its scrolled box: a part scrolled out of it is hidden, not on top.
  const clip = document.querySelector(".board").getBoundingClientRect();
  const rects = elements.map((element) => {
    const box = element.getBoundingClientRect();
    if (!element.closest(".board") || element.matches(".board")) return box;
    const left = Math.max(box.left, clip.left), right = Math.min(box.right, clip.right);
    const top = Math.max(box.top, clip.top), bottom = Math.min(box.bottom, clip.bottom);
    return { left, right, top, bottom };
  });
  for (let i = 0; i < elements.length; i += 1) {
    for (let j = i + 1; j < elements.length; j += 1) {
      const a = elements[i], b = elements[j];
      if (a.contains(b) || b.contains(a)) continue;
      const x = Math.min(rects[i].right, rects[j].right) - Math.max(rects[i].left, rects[j].left);
      const y = Math.min(rects[i].bottom, rects[j].bottom) - Math.max(rects[i].top, rects[j].top);
      if (x > 1 && y > 1) {
        problems.push(`${name(a)} overlaps ${name(b)} (${Math.round(x)}x${Math.round(y)} px)`);
      }
    }
  }
  // The log's numbers: the list's left padding holds the widest one ("123.").
  const list = document.querySelector(".log-list");
  const items = list ? [...list.children].filter((item) => item.tagName === "LI") : [];
  if (items.length && seen(list)) {
    const probe = document.createElement("span");
    probe.textContent = `${items.length}.`;
    probe.style.cssText = "position: absolute; visibility: hidden; white-space: nowrap;";
    items[items.length - 1].append(probe);
    const needed = probe.getBoundingClientRect().width;
    probe.remove();
    const room = items[items.length - 1].getBoundingClientRect().left - list.getBoundingClientRect().left;
    if (needed > room) {
      problems.push(`log number ${items.length} needs ${Math.round(needed)} px, the list leaves ${Math.round(room)}`);
    }
  }
  return problems;
}
