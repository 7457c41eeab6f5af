// Each game's board, loaded when a table of that game is opened.
const LOADERS = {
  drump: () => import("./drump.js"),
  scout: () => import("./scout.js"),
  dnup: () => import("./dnup.js"),
  fm: () => import("./fm.js"),
};

/** The module that draws a game's table: render(context), label(action), and maybe prepare(), guide(). */
export async function loadGame(name) {
  const loader = LOADERS[name];
  if (!loader) throw new Error(`this client has no board for the game ${name}`);
  return loader();
}
