// A finished game's replay, step by step, as any seat saw it, as a spectator, or with every card face up
// (every seat's view at once; the server builds each step's views: GET /api/tables/ID/steps/STEP?seat=N|all).
// A replay opens only once the game is over, so the face-up view never shows a game still being played.
import { getJson } from "./api.js";
import { fill, h, notice } from "./dom.js";
import { loadBoard } from "./boards.js";
import { outcomeSummary } from "./outcome.js";

/** Open the replay of table `tableId` as seat `as` ("all": every card face up; none: a spectator), at `step`. */
export async function openReplay(root, tableId, as, step) {
  const viewer = new ReplayViewer(root, tableId, seatAsked(as));
  await viewer.start(step);
  return viewer;
}

/** The seat a replay is seen as: a number, "all" (every card face up), or null (a spectator). */
function seatAsked(as) {
  if (as === "all") return "all";
  return as ? Number(as) : null;
}

class ReplayViewer {
  constructor(root, tableId, seat) {
    this.root = root;
    this.tableId = tableId;
    this.seat = seat;
    this.step = 0;
    this.steps = 0;
    this.timer = null;
    this.cache = new Map();
    this.ui = {};
    this.keep = {};
  }

  async start(step) {
    const first = await this.fetch(0);
    this.module = await loadBoard(first.game);
    this.catalogue = this.module.prepare ? await this.module.prepare() : null;
    this.steps = first.steps;
    this.seats = first.seats;
    document.title = `Replay of ${first.title} — cardtable`;
    this.board = h("main.board");
    this.actionLine = h("div.replay-action", { "aria-live": "polite" });
    this.counter = h("span.step-count");
    this.slider = h("input", { type: "range", min: 0, max: this.steps, value: 0, "aria-label": "step" });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    this.playButton = h("button", { type: "button", dataset: { role: "play" }, onclick: () => this.toggle() }, "▶ Play");
    const as = h("select", { "aria-label": "view as", dataset: { role: "as" } },
      h("option", { value: "" }, "as a spectator"),
      this.seats.map((seat) => h("option", { value: seat.seat }, `as ${seat.seat}. ${seat.name}`)),
      h("option", { value: "all" }, "every card face up"));
    as.value = this.seat ? String(this.seat) : "";
    as.addEventListener("change", () => { this.seat = seatAsked(as.value); this.cache.clear(); this.go(this.step); });
    this.logList = h("ol.log-list");
    const controls = h("div.replay-controls", {},
      h("button", { type: "button", dataset: { role: "first" }, onclick: () => this.go(0), title: "the start (Home)" }, "« Start"),
      h("button", { type: "button", dataset: { role: "back" }, onclick: () => this.go(this.step - 1), title: "one step back (←)" }, "◀ Back"),
      this.playButton,
      h("button", { type: "button", dataset: { role: "forward" }, onclick: () => this.go(this.step + 1), title: "one step forward (→)" }, "Forward ▶"),
      h("button", { type: "button", dataset: { role: "last" }, onclick: () => this.go(this.steps), title: "the end (End)" }, "End »"),
      this.slider, this.counter, as,
      h("a.button.ghost", { href: `/api/tables/${this.tableId}/replay`, download: `${first.game}-${this.tableId}.jsonl`, title: "the replay file (seed included), for `cardtable replay`" }, "Download"));
    fill(this.root, h("div.table-page.replay-page", {},
      h("header.table-header", {}, h("a.home", { href: "/" }, "◀ cardtable"), h("h1.table-title", {}, `Replay: ${first.title}`),
        h("div.seats-bar", {}, this.seats.map((seat) => h("span.seat-tag", {}, `${seat.seat}. ${seat.name}`)))),
      h("div.table-body", {},
        h("div.play-area", {}, this.actionLine, this.board, controls),
        h("aside.side", {}, h("section.log", {}, h("h3", {}, "What happened"), this.logList)))));
    document.addEventListener("keydown", (event) => {
      if (event.target.closest("input, select, textarea")) return;
      if (event.key === "ArrowLeft") this.go(this.step - 1);
      else if (event.key === "ArrowRight") this.go(this.step + 1);
      else if (event.key === "Home") this.go(0);
      else if (event.key === "End") this.go(this.steps);
      else if (event.key === " ") { this.toggle(); event.preventDefault(); }
    });
    await this.go(Math.min(Math.max(step, 0), this.steps));
  }

  async fetch(step) {
    const key = `${step}:${this.seat ?? ""}`;
    if (!this.cache.has(key)) {
      this.cache.set(key, getJson(`/api/tables/${this.tableId}/steps/${step}${this.seat ? `?seat=${this.seat}` : ""}`));
    }
    return this.cache.get(key);
  }

  async go(step) {
    if (step < 0 || step > this.steps) return;
    this.step = step;
    let data;
    try {
      data = await this.fetch(step);
    } catch (error) {
      notice(`That step could not be loaded: ${error.message}`, "error");
      return;
    }
    if (this.step !== step) return;
    this.slider.value = String(step);
    this.counter.textContent = `step ${step} of ${this.steps}`;
    document.body.dataset.step = String(step);
    const names = this.seats.map((seat) => seat.name);
    const named = (entry) => entry.replace(/\bPlayer (\d)\b/g, (words, number) => names[Number(number) - 1] || words);
    this.actionLine.textContent = data.action
      ? `Step ${step}: ${names[data.action.seat - 1]} — ${data.action.action}`
      : "The start of the game";
    const board = (view, seat) => this.module.render({
      table: this.tableId, view, previous: null, legal: [], seat, names, myTurn: false, readOnly: true,
      ui: this.ui, keep: this.keep, catalogue: this.catalogue, act: () => {}, update: () => this.go(this.step),
    }).board;
    // Every card face up: each seat's board as that seat saw it, one after the other.
    const boards = data.views
      ? data.views.map((view, index) => h("section.replay-seat", { dataset: { seat: index + 1 } },
        h("h3.replay-seat-name", {}, `As ${index + 1}. ${names[index]} saw it`), board(view, index + 1)))
      : [board(data.view, data.seat)];
    const outcome = step === this.steps && data.outcome ? outcomeSummary(data.outcome, names, data.views ? null : data.seat, this.module.scoreLabel) : null;
    fill(this.board, ...boards, outcome);
    fill(this.logList, data.log.map((entry, index) => h("li", { class: index >= data.log.length - 2 ? "latest" : "" }, named(entry))));
    this.logList.scrollTop = this.logList.scrollHeight;
  }

  toggle() {
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
      this.playButton.textContent = "▶ Play";
      return;
    }
    this.playButton.textContent = "⏸ Pause";
    this.timer = setInterval(() => {
      if (this.step >= this.steps) this.toggle();
      else this.go(this.step + 1);
    }, 900);
  }
}
