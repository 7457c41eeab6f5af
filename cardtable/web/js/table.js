// The table page: seats, the game's board, the actions, the log, the move list, and the end of the game.
import { claimSeat, setting } from "./api.js";
import { audienceControls } from "./audience.js";
import { TableConnection } from "./connection.js";
import { dialog, fill, h, notice } from "./dom.js";
import { EndingControls } from "./ending.js";
import { loadBoard } from "./boards.js";
import { movesPanel } from "./moves.js";
import { rulesPanel } from "./rules.js";
import { outcomeSummary } from "./outcome.js";
import { showRematch } from "./rematch.js";
import { noteRounds, roundLogItem } from "./rounds.js";
import { askUndo, closeStaleUndo, showUndoRequest, showUndone } from "./undo.js";

/** Open the table page for `tableId` (as a spectator when `watching`). */
export async function openTable(root, tableId, options = {}) {
  const page = new TablePage(root, tableId, options);
  await page.start();
  return page;
}

class TablePage {
  constructor(root, tableId, options) {
    this.root = root;
    this.tableId = tableId;
    this.options = options;
    this.game = null;
    this.module = null;
    this.seat = null;
    this.seats = [];
    this.frame = null;
    this.previous = null;
    this.log = [];
    this.ui = {};
    this.keep = {};
    this.keys = new Set();
    this.pending = false;
    this.over = null;
    this.showMoves = setting("showMoves", false);
  }

  async start() {
    this.status = h("div.connection-status", { role: "status" });
    this.seatsBar = h("div.seats-bar");
    this.board = h("main.board", { "aria-label": "the table" });
    this.recent = h("div.recent", { "aria-live": "polite" });
    this.prompt = h("div.prompt", { "aria-live": "polite" });
    this.actionBar = h("div.action-bar", { "aria-label": "actions" });
    this.logList = h("ol.log-list");
    this.moves = movesPanel((text) => this.act(text));
    this.chats = [];
    const chatField = h("input", { type: "text", maxlength: 300, placeholder: "Say something to the table", "aria-label": "chat" });
    const chat = h("form.chat", { onsubmit: (event) => {
      event.preventDefault();
      if (chatField.value.trim() && this.connection.chat(chatField.value.trim())) chatField.value = "";
    } }, chatField);
    this.audience = audienceControls(this);
    this.side = h("aside.side", {},
      h("section.log", {}, h("h3", {}, "What happened"), this.logList, chat, this.audience.element),
      this.moves.element);
    this.side.classList.toggle("moves-open", this.showMoves);
    this.ending = new EndingControls(this);
    const header = h("header.table-header", {},
      h("a.home", { href: "/", title: "Back to the lobby" }, "◀ cardtable"),
      this.title = h("h1.table-title", {}, "…"),
      this.seatsBar,
      h("div.header-buttons", {}, this.ending.claimButton, this.ending.resignButton,
        h("button.ghost", { type: "button", onclick: () => this.toggleMoves(), title: "Every legal move as text (keys: m)", dataset: { role: "moves-toggle" } }, "Moves"),
        this.undoButton = h("button.ghost", { type: "button", hidden: true, onclick: () => askUndo(this), title: "Take back your last move", dataset: { role: "undo" } }, "Undo"),
        // The game, and so its rules, is known from the server's "joined" frame: disabled until then.
        this.rulesButton = h("button.ghost", { type: "button", disabled: true, onclick: () => this.openRules() }, "Rules"),
        this.logButton = h("button.ghost.narrow-only", { type: "button", onclick: () => this.root.classList.toggle("show-side") }, "Log")));
    fill(this.root, h("div.table-page", {}, header, this.status, this.audience.banner,
      h("div.table-body", {}, h("div.play-area", {}, this.recent, this.board, this.prompt, this.actionBar), this.side)));
    document.addEventListener("keydown", (event) => this.key(event));
    this.connection = new TableConnection(this.tableId, {
      joined: (frame) => this.joined(frame),
      state: (frame) => this.state(frame),
      game_over: (frame) => this.gameOver(frame),
      error: (frame) => this.error(frame),
      ack: () => {},
      presence: (frame) => this.presence(frame),
      withdrawn: (frame) => this.ending.withdrawn(frame),
      countdown: (frame) => this.ending.countdown(frame),
      chat: (frame) => { this.chats.push({ at: this.log.length, text: `${frame.name}: ${frame.text}`, spectator: frame.spectator }); this.drawLog(); },
      seats: (frame) => { this.seats = frame.seats; this.drawSeats(); this.audience.update(); },
      seat_connections: (frame) => this.audience.elsewhere(frame.connections),
      moderation: (frame) => this.audience.moderation(frame),
      spectator_chat: (frame) => this.audience.shown(frame.shown),
      invitation: (frame) => this.audience.invitation(frame),
      undo_request: (frame) => showUndoRequest(this, frame),
      undone: (frame) => showUndone(this, frame),
      rematch: (frame) => showRematch(this, frame),
      rematch_table: (frame) => { location.href = frame.link; },
      info: (frame) => { this.chats.push({ at: this.log.length, text: frame.text }); this.drawLog(); },
      status: (text) => { this.status.textContent = text; this.status.hidden = !text; },
    });
    this.status.hidden = true;
  }

  async joined(frame) {
    this.game = frame.game;
    this.seat = frame.seat;
    this.seats = frame.seats;
    this.maker = frame.maker ?? null;
    this.hotSeat = !!frame.hot_seat;
    this.privacy = frame.privacy || "public";
    this.title.textContent = frame.title;
    document.title = `${frame.title} — cardtable`;
    this.root.dataset.game = frame.game;
    this.rulesButton.disabled = false;
    this.root.dataset.seat = frame.seat ?? "spectator";
    this.undoButton.hidden = !frame.seat || frame.seats.some((entry) => entry.bot === "duelist");
    if (frame.seat) claimSeat(this.tableId, frame.seat);
    // The board is drawn once its module, and what it needs, are all here (states may come meanwhile).
    const module = await loadBoard(frame.game);
    this.catalogue = module.prepare ? await module.prepare() : null;
    if (this.options.guide && module.guide) this.guide = await module.guide();
    this.module = module;
    this.drawSeats();
    this.ending.update();
    this.audience.update();
    if (this.frame) this.render();
  }

  presence(frame) {
    const seat = this.seats.find((entry) => entry.seat === frame.seat);
    if (seat) seat.connected = frame.connected;
    this.drawSeats();
    this.ending.presence(frame);
  }

  state(frame) {
    const fresh = frame.log.from === 0;
    if (fresh) this.log = [];
    const entries = frame.log.entries;
    if (frame.log.from <= this.log.length) {
      this.log = this.log.slice(0, frame.log.from).concat(entries);
    }
    if (!fresh || !this.frame) this.showRecent(entries, frame);
    if (!this.frame || frame.version !== this.frame.version) {
      this.previous = this.frame?.view || null;
      this.ui = {};
    }
    this.frame = frame;
    this.pending = false;
    this.root.classList.remove("pending");
    document.body.dataset.version = frame.version;
    document.body.dataset.toAct = frame.to_act ?? "";
    this.ending.state(frame);
    this.drawLog();
    this.drawSeats();
    if (this.module) this.render();
    noteRounds(this, frame);
    closeStaleUndo(frame);
  }

  showRecent(entries, frame) {
    if (!entries.length || (this.frame && frame.log.from === 0)) return;
    const shown = entries.slice(-3);
    fill(this.recent, shown.map((entry) => h("div.recent-entry", {}, this.named(entry))));
    this.recent.classList.remove("flash");
    void this.recent.offsetWidth;
    this.recent.classList.add("flash");
  }

  gameOver(frame) {
    this.over = frame;
    document.body.dataset.over = "1";
    this.ending.update();
    this.undoButton.hidden = true;
    if (this.module) this.render();
    setTimeout(() => this.showOutcome(), this.options.quickEnd ? 0 : 600);
  }

  error(frame) {
    this.pending = false;
    this.root.classList.remove("pending");
    const tried = frame.action ? `“${frame.action}”: ` : "";
    const words = { illegal: "Not allowed", parse: "Not a move", not_your_turn: "Not your turn", stale: "Too late", spectator: "Watching only", withdrawn: "You left this game", no_claim: "Not yet" };
    notice(`${words[frame.code] || "Refused"} — ${tried}${frame.message}`, "error", 8);
    if (["unknown_table", "unknown_token"].includes(frame.code)) {
      fill(this.board, h("div.empty", {}, frame.message, " ", h("a", { href: "/" }, "Back to the lobby")));
    }
    if (this.module && this.frame) this.render();
  }

  /** Send a legal action (as the frame's legal list gives it), or a move typed in the game's notation
   * (refused by the server with the rule's reason if illegal). */
  act(action) {
    if (!this.frame || this.pending) return;
    const text = typeof action === "string" ? action : action.action;
    if (this.connection.act(text, this.frame.version) !== null) {
      this.pending = true;
      this.root.classList.add("pending");
    }
  }

  context() {
    const frame = this.frame;
    // Each legal action as data: {id, action (its notation), kind, and the fields of its kind}.
    const legal = frame.legal;
    return {
      table: this.tableId,
      view: frame.view,
      previous: this.previous,
      log: this.log,
      legal,
      seat: this.seat,
      names: this.seats.map((entry) => entry.name),
      myTurn: legal.length > 0,
      readOnly: this.seat === null || !!this.over,
      ui: this.ui,
      keep: this.keep,
      catalogue: this.catalogue,
      act: (action) => this.act(action),
      update: () => this.render(),
    };
  }

  render() {
    if (!this.frame || !this.module) return;
    const context = this.context();
    const drawn = this.module.render(context);
    fill(this.board, drawn.board);
    this.animateNew();
    const covered = drawn.covered || new Set();
    const rest = context.legal.filter((action) => !covered.has(action));
    const buttons = [...(drawn.actions || [])];
    for (const action of rest) {
      buttons.push(h("button.action", { type: "button", dataset: { action: action.action }, onclick: () => this.act(action) }, this.module.label?.(action) || action.action));
    }
    fill(this.actionBar, buttons);
    this.prompt.textContent = drawn.prompt || "";
    this.moves.update(context.legal, this.module.label);
    this.root.classList.toggle("my-turn", context.myTurn);
    document.title = `${context.myTurn ? "● Your move — " : ""}${this.title.textContent} — cardtable`;
    this.guide?.update(context, this);
  }

  /** Cards that were not on the table a moment ago arrive with a short animation. */
  animateNew() {
    const now = new Set();
    for (const element of this.board.querySelectorAll("[data-key]")) {
      const key = element.dataset.key;
      now.add(key);
      if (this.keys.size && !this.keys.has(key)) element.classList.add("arrive");
    }
    this.keys = now;
  }

  drawSeats() {
    const frame = this.frame;
    const winners = this.over?.outcome?.winners || [];
    fill(this.seatsBar, this.seats.map((entry) => h("span.seat-tag", {
      class: [frame && frame.to_act === entry.seat ? "to-act" : "", entry.connected ? "" : "away",
        entry.seat === this.seat ? "me" : "", winners.includes(entry.seat) ? "winner" : ""].join(" "),
      dataset: { seat: entry.seat },
      title: `${entry.kind === "bot" ? `bot (${entry.bot})` : "person"}${entry.connected ? "" : ", not connected"}${entry.claimed === false ? ", invitation not claimed yet" : ""}`,
      "data-claimed": entry.claimed === null || entry.claimed === undefined ? null : String(entry.claimed),
    }, `${entry.seat}. ${entry.name}${entry.seat === this.seat ? " (you)" : ""}`,
    frame?.clock ? h("span.seat-clock", { dataset: { clock: entry.seat } }, this.ending.clockText(entry.seat)) : null)),
    this.seat === null ? h("span.badge.watching", {}, "watching") : null,
    this.hotSeat ? h("span.badge.hot-seat", { title: "One person holds every person's seat, on one machine" }, "hot-seat table") : null,
    this.privacy !== "public" ? h("span.badge.privacy", {}, this.privacy === "closed" ? "closed to spectators" : "unlisted") : null);
  }

  /** A log entry with the players' names for the engine's "Player N". */
  named(entry) {
    return entry.replace(/\bPlayer (\d)\b/g, (words, number) => this.seats[Number(number) - 1]?.name || words);
  }

  drawLog() {
    const items = [];
    this.log.forEach((entry, index) => {
      for (const said of this.chats) if (said.at === index) items.push(this.audience.line(said));
      const item = h("li", { class: index >= this.log.length - 3 ? "latest" : "", dataset: { log: index } }, this.named(entry));
      roundLogItem(this, entry, item);
      items.push(item);
    });
    for (const said of this.chats) if (said.at >= this.log.length) items.push(this.audience.line(said));
    fill(this.logList, items);
    this.logList.scrollTop = this.logList.scrollHeight;
  }

  toggleMoves() {
    this.showMoves = !this.showMoves;
    this.side.classList.toggle("moves-open", this.showMoves);
    this.root.classList.add("show-side");
    if (this.showMoves) this.moves.focus();
  }

  openRules() {
    if (this.game) rulesPanel(this.game);
  }

  key(event) {
    if (event.target.closest("input, textarea, select")) return;
    // Cards and zones that act when clicked act on Enter and Space too.
    if ((event.key === "Enter" || event.key === " ") && event.target.matches?.("[role=button], [data-target]") && event.target.tagName !== "BUTTON") {
      event.target.click();
      event.preventDefault();
      return;
    }
    if (event.key === "m") { this.toggleMoves(); event.preventDefault(); }
    if (event.key === "Escape" && Object.keys(this.ui).length) { this.ui = {}; this.render(); }
  }

  showOutcome() {
    const frame = this.over;
    if (!frame || document.querySelector(".outcome-dialog")) return;
    const names = this.seats.map((entry) => entry.name);
    const replayHref = `/?replay=${this.tableId}${this.seat ? `&as=${this.seat}` : ""}`;
    // A table opened from a game's page (a campaign, say) goes back to that page, which settles it.
    const back = setting("tableReturn", null);
    const from = this.seat === 1 && back?.table === this.tableId ? back : null;
    const more = h("div.game-result");
    if (this.seat && this.module?.endOfGame) this.module.endOfGame(more, { table: this.tableId, seat: this.seat, seats: this.seats, kept: !!from });
    const buttons = [
      from ? h("a.button.primary", { href: from.href, dataset: { role: from.role } }, from.label) : null,
      this.seat && !from ? h("button.primary", { type: "button", dataset: { role: "play-again" }, onclick: () => this.playAgain() }, "Play again") : null,
      h("a.button", { href: replayHref, dataset: { role: "replay" } }, "Watch the replay"),
      h("a.button", { href: "/" }, "Lobby"),
      h("button.ghost", { type: "button", onclick: (event) => event.target.closest(".backdrop").remove() }, "See the table"),
    ];
    dialog("Game over", [outcomeSummary(frame.outcome, names, this.seat, this.module?.scoreLabel), more], buttons, { className: "outcome-dialog" });
  }

  /** A rematch: proposed to every seat (the bots accept at once); those who accept go to one new table. */
  playAgain() {
    document.querySelector(".outcome-dialog")?.remove();
    if (!this.connection.send({ type: "rematch" })) notice("Not connected: try again in a moment.", "error");
  }
}

