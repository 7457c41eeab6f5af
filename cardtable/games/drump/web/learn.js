// The page `/?game=drump&page=learn` (the tile's "Learn it"): a first game against the patient coach
// bot, with the guide (guide.js) switched on once the table opens.
import { createTable, setting } from "/js/api.js";
import { fill, h } from "/js/dom.js";

export async function openPage(root) {
  fill(root, h("p.loading", {}, "Setting up your first game…"));
  const person = setting("name", "Player") || "Player";
  const pace = Math.max(Number(setting("botPace", 0.9)), 1.2);
  const created = await createTable({ game: "drump", seats: [{ person }, { bot: "coach", name: "Coach bot", pace }] });
  const token = new URL(created.seats[0].link).searchParams.get("token");
  // The invitation keeps the token in a cookie; the guide is switched on once the table opens.
  sessionStorage.setItem(`guide-${created.table}`, "1");
  location.href = `/play/${created.table}?token=${encodeURIComponent(token)}`;
}
