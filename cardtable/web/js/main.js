// The client's entry: the address says which page to show.
import { h, fill, pageLeaving } from "./dom.js";

const root = document.getElementById("app");

async function route() {
  const query = new URLSearchParams(location.search);
  try {
    const { linkGameStyles } = await import("./boards.js");
    await linkGameStyles();
    if (query.has("table") && query.has("invite")) {
      await claimAndOpen(query.get("table"), query.get("invite"));
    } else if (query.has("table")) {
      const { openTable } = await import("./table.js");
      const table = query.get("table");
      const guide = query.has("guide") || sessionStorage.getItem(`guide-${table}`) === "1";
      await openTable(root, table, { watching: query.has("watch"), guide });
    } else if (query.has("replay")) {
      const { openReplay } = await import("./replay.js");
      await openReplay(root, query.get("replay"), query.get("as"), Number(query.get("step") || 0));
    } else if (query.has("game") && query.has("page")) {
      const { openGamePage } = await import("./boards.js");
      await openGamePage(root, query.get("game"), query.get("page"), query);
    } else if (query.has("rules")) {
      const { rulesPage } = await import("./rules.js");
      await rulesPage(root, query.get("rules"));
    } else {
      const { openLobby } = await import("./lobby.js");
      await openLobby(root);
    }
  } catch (error) {
    if (pageLeaving()) return;
    console.error(error);
    fill(root, h("div.page", {}, h("h1", {}, "Something went wrong"), h("p", {}, String(error.message || error)),
      h("p", {}, h("a", { href: "/" }, "Back to the lobby"))));
  }
}

/** An invitation link: claim the seat (its token goes into this browser's cookie), then open the table. */
async function claimAndOpen(table, invite) {
  const [{ claimInvitation }, { openTable }] = await Promise.all([import("./api.js"), import("./table.js")]);
  try {
    await claimInvitation(table, invite);
  } catch (error) {
    fill(root, h("div.page.invitation-refused", {}, h("h1", {}, "This invitation cannot be used"),
      h("p", { dataset: { role: "refusal" } }, String(error.message || error)),
      h("p", {}, "Ask whoever made the table for a new one. ", h("a", { href: "/" }, "Back to the lobby"))));
    return;
  }
  // The code has done its work: the address no longer holds it.
  history.replaceState(null, "", `/?table=${encodeURIComponent(table)}`);
  await openTable(root, table, {});
}

route();
