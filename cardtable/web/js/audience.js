// At the table: the spectators' chat (hidden by a player, moderated by the maker), the maker's invitations,
// and the warning that a seat is open somewhere else too.
import { copyText, dialog, fill, h } from "./dom.js";

/** The audience's controls of a table page (`page`: its seat, seats, maker, connection). */
export function audienceControls(page) {
  const banner = h("div.seat-elsewhere", { role: "alert", hidden: true, dataset: { role: "elsewhere" } });
  const element = h("div.audience-controls");
  let hiding = false;
  let moderation = { spectator_chat: true, muted: [] };
  const send = (message) => page.connection.send(message);
  const isMaker = () => page.seat !== null && page.seat === page.maker;

  function checkbox(role, checked, words, changed) {
    return h("div", {}, h("label", {}, h("input", { type: "checkbox", checked, dataset: { role }, onchange: (event) => changed(event.target.checked) }), ` ${words}`));
  }

  function update() {
    const items = [];
    if (page.seat !== null && page.privacy !== "closed") {
      items.push(checkbox("hide-spectators", hiding, "Hide spectators' chat", (checked) => send({ type: "spectator_chat", show: !checked })));
    }
    if (isMaker() && page.privacy !== "closed") {
      items.push(checkbox("spectator-chat", moderation.spectator_chat, "Spectators may chat", (checked) => send({ type: "moderate", spectator_chat: checked })));
    }
    if (isMaker() && !page.hotSeat && page.seats.some((seat) => seat.kind === "person" && seat.claimed === false)) {
      items.push(h("button.ghost", { type: "button", dataset: { role: "invitations" }, onclick: openInvitations }, "Invitations"));
    }
    fill(element, items);
  }

  /** The maker's list of unclaimed seats: withdraw an invitation, or make a new link. */
  function openInvitations() {
    const rows = page.seats.filter((seat) => seat.kind === "person" && seat.claimed === false).map((seat) =>
      h("li", { dataset: { seat: seat.seat } }, h("b", {}, `Seat ${seat.seat}: ${seat.name}`),
        h("span.muted", {}, seat.invited ? " (invitation open)" : " (no invitation open)"), " ",
        h("button", { type: "button", dataset: { role: "new-invitation" }, onclick: () => { send({ type: "invite", seat: seat.seat }); box.close(); } }, "New link"),
        seat.invited ? h("button.ghost", { type: "button", dataset: { role: "withdraw" }, onclick: () => { send({ type: "withdraw", seat: seat.seat }); box.close(); } }, "Withdraw") : null));
    const box = dialog("Invitations", [h("p", {}, "A new link makes the old one claim nothing."), h("ol", {}, rows)],
      [h("button.ghost", { type: "button", onclick: () => box.close() }, "Close")]);
  }

  return {
    banner,
    element,
    update,
    /** How many connections hold this seat: more than one means it is open elsewhere too. */
    elsewhere(count) {
      banner.hidden = count <= 1;
      banner.textContent = count > 1
        ? `Your seat is also open elsewhere (${count} connections). If that is not you in another tab, someone else has your seat's link.`
        : "";
    },
    moderation(frame) {
      moderation = frame;
      update();
      page.drawLog();
    },
    shown(shown) {
      hiding = !shown;
      update();
    },
    invitation(frame) {
      if (!frame.invite) {
        dialog("Invitation withdrawn", h("p", {}, `Seat ${frame.seat}'s link claims nothing now.`), [h("button", { type: "button", onclick: (event) => event.target.closest(".backdrop").remove() }, "Close")]);
        return;
      }
      const link = `${location.origin}/play/${page.tableId}?invite=${encodeURIComponent(frame.invite)}`;
      dialog(`A new link for seat ${frame.seat}`, [h("p", {}, "Send it to the person the seat is for; the first to open it takes the seat."),
        h("input.link", { readonly: true, value: link, dataset: { role: "invitation-link" } }),
        h("button", { type: "button", onclick: () => copyText(link) }, "Copy")],
      [h("button", { type: "button", onclick: (event) => event.target.closest(".backdrop").remove() }, "Close")]);
    },
    /** A chat line in the log; a spectator's has the maker's mute button. */
    line(said) {
      const muted = said.spectator !== undefined && said.spectator !== null && moderation.muted.includes(said.spectator);
      return h("li.chat", { class: said.spectator ? "spectator" : "" }, said.text,
        said.spectator && isMaker() && !muted
          ? h("button.ghost.mute", { type: "button", title: "Mute this spectator at this table", dataset: { role: "mute" }, onclick: () => send({ type: "moderate", mute: said.spectator }) }, "mute")
          : null);
    },
  };
}
