// Undo at the table (docs/protocol.md, "Undo"): against bots at once; against people, asked and answered.
import { dialog, h, notice } from "./dom.js";

/** Ask to take back this seat's last move. */
export function askUndo(page) {
  if (!page.connection.send({ type: "undo" })) notice("Not connected: try again in a moment.", "error");
}

/** A request to undo: the seats still to answer are asked; a refusal is told to everyone. */
export function showUndoRequest(page, frame) {
  document.querySelector(".undo-dialog")?.remove();
  const name = (seat) => (seat === page.seat ? "you" : page.seats[seat - 1]?.name || `Player ${seat}`);
  if (frame.refused_by) {
    notice(`${name(frame.refused_by)} refused to undo ${frame.seat === page.seat ? "your" : `${name(frame.seat)}'s`} last move.`);
    return;
  }
  if (!frame.waiting.includes(page.seat)) {
    if (frame.seat === page.seat) notice(`Asked to undo your last move; waiting for ${frame.waiting.map(name).join(", ")}.`);
    return;
  }
  const answer = (accept) => { page.connection.send({ type: "undo", accept }); box.close(); };
  const box = dialog("Undo?", h("p", {}, `${name(frame.seat)} asks to take back their last move (and what followed it).`), [
    h("button.primary", { type: "button", dataset: { role: "undo-accept" }, onclick: () => answer(true) }, "Allow"),
    h("button", { type: "button", dataset: { role: "undo-refuse" }, onclick: () => answer(false) }, "Refuse"),
  ], { className: "undo-dialog" });
  box.dataset.version = frame.version;
}

/** A request lapses once anyone moves: its question is taken away. */
export function closeStaleUndo(frame) {
  const box = document.querySelector(".undo-dialog");
  if (box && Number(box.dataset.version) !== frame.version) box.remove();
}

/** Moves were taken back: say so (the state frame that follows redraws the table). */
export function showUndone(page, frame) {
  document.querySelector(".undo-dialog")?.remove();
  const who = frame.seat === page.seat ? "Your" : `${page.seats[frame.seat - 1]?.name || `Player ${frame.seat}`}'s`;
  notice(`${who} last move was taken back (${frame.count} action${frame.count === 1 ? "" : "s"}).`);
}
