// How a table ends other than by its last move (docs/protocol.md, "Tables that end"): the resign button with its
// confirmation, the clocks on the seats, and the claim button once the seat to act is out of time or away too long.
// The server decides every one of these; the page only shows its countdowns and sends what the person chose.
import { dialog, h, notice } from "./dom.js";

const WORDS = { resigned: "resigned", timeout: "ran out of time", abandoned: "left and did not come back in time" };

/** The controls of one table page: `page` has connection, seat, seats, frame, over, drawSeats() and render(). */
export class EndingControls {
  constructor(page) {
    this.page = page;
    this.received = 0;
    this.away = null;
    this.resignButton = h("button.ghost", { type: "button", dataset: { role: "resign" }, hidden: true, onclick: () => this.confirmResign() }, "Resign");
    this.claimButton = h("button.primary", { type: "button", dataset: { role: "claim" }, hidden: true, onclick: () => this.page.connection.send({ type: "claim" }) }, "Claim");
    this.timer = setInterval(() => this.tick(), 500);
  }

  /** Whether the page's person still plays a seat of a game that goes on. */
  playing() {
    const { seat, seats, over } = this.page;
    const mine = seats.find((entry) => entry.seat === seat);
    return Boolean(seat && mine && !mine.left && !over);
  }

  confirmResign() {
    const twoSeats = this.page.seats.length === 2;
    const box = dialog("Resign?", [
      h("p", {}, twoSeats ? "The game ends, and the other player wins." : "The game goes on without you: a bot plays your seat."),
    ], [
      h("button.primary", { type: "button", dataset: { role: "confirm-resign" }, onclick: () => { this.page.connection.send({ type: "resign" }); box.close(); } }, "Resign"),
      h("button.ghost", { type: "button", onclick: () => box.close() }, "Keep playing"),
    ]);
  }

  /** A seat left the game: the seats are named again (a bot may have taken it). */
  withdrawn(frame) {
    this.page.seats = frame.seats;
    const you = frame.seat === this.page.seat;
    const who = you ? "You" : frame.name;
    const taken = frame.seats[frame.seat - 1];
    const rest = taken?.kind === "bot" && taken.name !== frame.name ? `; ${taken.name} plays the seat now` : "";
    notice(`${who} ${WORDS[frame.why] || frame.why}${rest}`, "info", 8);
    this.update();
    this.page.drawSeats();
    this.page.render();
  }

  /** The seat to act has lost its last connection: the others may claim once the grace period is over. */
  countdown(frame) {
    this.away = { seat: frame.seat, until: Date.now() + frame.seconds * 1000 };
    this.update();
  }

  state(frame) {
    this.received = Date.now();
    if (frame.countdown) this.countdown(frame.countdown);
    else if (this.away && frame.to_act !== this.away.seat) this.away = null;
    this.update();
  }

  presence(frame) {
    if (frame.connected && this.away?.seat === frame.seat) this.away = null;
    this.update();
  }

  /** Seconds left on a seat's clock now, as the last state said and counted down since; null without one. */
  left(seat) {
    const clock = this.page.frame?.clock;
    const left = clock?.left?.[seat - 1];
    if (left === null || left === undefined) return null;
    const running = clock.running === seat && !this.page.over;
    return running ? left - (Date.now() - this.received) / 1000 : left;
  }

  clockText(seat) {
    const left = this.left(seat);
    if (left === null) return "";
    const seconds = Math.max(0, Math.ceil(left));
    return ` ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  }

  update() {
    const page = this.page;
    const playing = this.playing();
    this.resignButton.hidden = !playing;
    const toAct = page.frame?.to_act;
    const target = page.seats.find((entry) => entry.seat === toAct);
    const claimable = playing && target && target.kind !== "bot" && toAct !== page.seat && (
      (this.left(toAct) !== null && this.left(toAct) <= 0)
      || (this.away?.seat === toAct && Date.now() >= this.away.until && !target.connected));
    this.claimButton.hidden = !claimable;
    if (claimable) this.claimButton.textContent = `Claim: ${target.name} ${this.left(toAct) !== null && this.left(toAct) <= 0 ? "is out of time" : "is away"}`;
  }

  tick() {
    if (this.page.frame?.clock) this.page.drawSeats();
    this.update();
  }
}
