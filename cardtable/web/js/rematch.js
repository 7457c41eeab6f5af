// A rematch everyone joins (docs/protocol.md, "Rematch"): the proposal shown to every seat, and answered.
import { dialog, h, notice } from "./dom.js";

/** Show a rematch frame to this page's seat: who proposed and who answered how, with the buttons it may use. */
export function showRematch(page, frame) {
  document.querySelector(".rematch-dialog")?.remove();
  const name = (seat) => (seat === page.seat ? "you" : page.seats[seat - 1]?.name || `Player ${seat}`);
  const send = (accept) => page.connection.send({ type: "rematch", accept });
  if (frame.withdrawn) {
    notice(frame.by === page.seat ? "Nobody else came: no rematch." : `${name(frame.by)}'s rematch is off.`);
    return;
  }
  if (frame.new_table) {
    // An accepting seat is taken there by its own rematch_table frame; the others may watch.
    if (!frame.accepted.includes(page.seat)) notice(`The rematch is on at a new table: /watch/${frame.new_table}`);
    return;
  }
  const list = (seats) => seats.map(name).join(", ");
  const lines = [
    h("p", {}, frame.by === page.seat ? "You propose a rematch." : `${name(frame.by)} proposes a rematch.`),
    h("p", { dataset: { role: "rematch-accepted" } }, `Accepted: ${list(frame.accepted)}`),
    frame.declined.length ? h("p", {}, `Declined: ${list(frame.declined)}`) : null,
    frame.waiting.length ? h("p", {}, `Waiting for: ${list(frame.waiting)}`) : null,
  ];
  let buttons = [];
  if (frame.by === page.seat) {
    buttons = [
      h("button.primary", { type: "button", dataset: { role: "rematch-start" }, onclick: () => send(true) }, "Start with those who accepted"),
      h("button.ghost", { type: "button", onclick: () => send(false) }, "Call it off"),
    ];
  } else if (frame.waiting.includes(page.seat)) {
    buttons = [
      h("button.primary", { type: "button", dataset: { role: "rematch-accept" }, onclick: () => send(true) }, "Accept"),
      h("button", { type: "button", dataset: { role: "rematch-decline" }, onclick: () => send(false) }, "Decline"),
    ];
  }
  dialog("Rematch", lines, buttons, { className: "rematch-dialog" });
}
