// Each game's board and pages come from the game's own browser folder, as /api/games names them; a
// game with no board of its own is drawn by the generic board.
import { games } from "./api.js";

/** What /api/games says of one game (Error if the server plays no such game). */
export async function gameEntry(name) {
  const entry = (await games()).find((game) => game.game === name);
  if (!entry) throw new Error(`this server plays no game ${name}`);
  return entry;
}

/** The module that draws a game's table: render(context), label(action), and maybe prepare(), guide(). */
export async function loadBoard(name) {
  const entry = await gameEntry(name);
  return entry.board ? import(entry.board) : import("./generic_board.js");
}

/** A page of a game's own (`/?game=NAME&page=PAGE`): its module's openPage(root, query). */
export async function openGamePage(root, name, page, query) {
  await gameEntry(name);
  if (!/^[a-z_]{1,40}$/.test(page)) throw new Error(`no page ${page}`);
  const module = await import(`/games/${name}/${page}.js`);
  await module.openPage(root, query);
}

/** Every game's own stylesheet, linked once into the page; resolved once they have loaded (or failed). */
export async function linkGameStyles() {
  const loading = [];
  for (const entry of await games()) {
    if (!entry.style || document.querySelector(`link[href="${entry.style}"]`)) continue;
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: entry.style });
    loading.push(new Promise((resolve) => { link.onload = resolve; link.onerror = resolve; }));
    document.head.append(link);
  }
  await Promise.all(loading);
}
