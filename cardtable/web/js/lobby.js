// The lobby: play against bots in a click, make a table for friends, resume, watch, and browse finished games.
// Each game's tile is drawn from what /api/games says of it: its lobby entry (text, the quick game's
// opponents, seat kinds and choices of its own, links to its pages), its bots, and its tile's cards
// and choices from the module its folder may bring (lobby.js).
import {
  createTable, forget, games, getJson, postJson, rememberedTables, setSetting, setting,
} from "./api.js";
import { copyText, dialog, fill, h, notice, pageLeaving } from "./dom.js";

const PACES = [["instant", 0], ["quick", 0.4], ["normal", 0.9], ["slow", 1.8]];
const BOT_NAMES = ["Robin", "Sasha", "Kim", "Alex"];

function playerName() {
  return setting("name", "Player") || "Player";
}

function botPace() {
  return Number(setting("botPace", 0.9));
}

/** Create a table and sit at your own seat (its link keeps the seat's token in a cookie). */
async function sitAt(request) {
  const created = await createTable(request);
  const mine = created.seats.find((seat) => seat.yours);
  location.href = mine.link;
}

/** A game's lobby tile module (its cards, the options of its choices), or an empty one. */
async function tileModule(game) {
  if (!game.lobby_module) return {};
  try {
    return await import(game.lobby_module);
  } catch (error) {
    if (!pageLeaving()) console.error(error);
    return {};
  }
}

/** Every choice the game's lobby entry declares (its seat kinds' and its seats'). */
function declaredChoices(game) {
  return [...(game.lobby.seat_kinds || []).map((kind) => kind.choice).filter(Boolean), ...(game.lobby.seat_choices || [])];
}

/** The options of each declared choice, [{label, value}] by its `from`, asked of the game's tile module. */
async function loadChoices(game) {
  const options = {};
  for (const choice of declaredChoices(game)) {
    try {
      options[choice.from] = (await game.tile.choices?.(choice.from)) || [];
    } catch (error) {
      if (!pageLeaving()) console.error(error);
    }
  }
  return options;
}

/** A select for one choice (a seat kind's, or a seat's), its options as the game's module gave them. */
function choiceSelect(game, choice, label) {
  const options = game.choices[choice.from] || [];
  const select = h("select.seat-choice", { "aria-label": label, dataset: { role: choice.field, field: choice.field } },
    choice.none ? h("option", { value: "" }, choice.none) : null,
    options.map((option, index) => h("option", { value: index }, option.label)));
  select.choiceValues = options.map((option) => option.value);
  return select;
}

/** The seat's fields a choice select gives: {field: value}, or none when left at its "none". */
function chosen(select) {
  if (!select || select.hidden || select.value === "" || !select.choiceValues) return {};
  return { [select.dataset.field]: select.choiceValues[Number(select.value)] };
}

/** The lobby entry's seat kinds open to seat `index` (from 0). */
function seatKinds(game, index) {
  return (game.lobby.seat_kinds || []).filter((kind) => !kind.seats || kind.seats.includes(index + 1));
}

/** The choices a seat of this kind ("person", "bot") may make. */
function seatChoices(game, kind) {
  return (game.lobby.seat_choices || []).filter((choice) => !choice.kinds || choice.kinds.includes(kind));
}

/** The quick game's opponents: the lobby entry's, or as many of the game's first bot as its fewest seats need. */
function quickOpponents(game) {
  if (game.lobby.quick?.opponents) return game.lobby.quick.opponents;
  const bot = game.bots.includes("heuristic") ? "heuristic" : game.bots[0];
  return Array.from({ length: Math.max(game.seats[0] - 1, 1) }, () => ({ bot }));
}

async function quickGame(game, mine, theirs) {
  const seats = [{ person: playerName(), ...mine() }];
  quickOpponents(game).forEach((opponent, index) => {
    if (opponent.kind) seats.push({ [opponent.kind]: true, ...theirs[index](), pace: botPace() });
    else seats.push({ bot: opponent.bot, name: `${BOT_NAMES[index]} (bot)`, pace: botPace() });
  });
  try {
    await sitAt({ game: game.game, seats });
  } catch (error) {
    notice(`The table could not be made: ${error.message}`, "error");
  }
}

function gameTile(game) {
  const name = game.game;
  const opponents = quickOpponents(game);
  // The quick game's choices: the opponents' of their seat kind (which duelist), and your seat's (which deck).
  const theirs = opponents.map((opponent, index) => {
    const kind = opponent.kind && seatKinds(game, index + 1).find((entry) => entry.kind === opponent.kind);
    const select = kind?.choice ? choiceSelect(game, kind.choice, kind.choice.label) : null;
    return { select, read: () => chosen(select) };
  });
  const mine = seatChoices(game, "person").map((choice) => choiceSelect(game, choice, `your ${choice.label}`));
  const versus = game.lobby.quick?.label || (opponents.length > 1 ? "Play vs bots" : "Play vs bot");
  const cards = h("div.tile-cards", { "aria-hidden": "true" });
  Promise.resolve(game.tile.tileCards?.()).then((drawn) => fill(cards, drawn || []));
  return h("section.game-tile", { dataset: { game: name } },
    h("div.tile-head", {}, h("h3", {}, game.title), cards),
    h("p", {}, game.lobby.text || ""),
    theirs.map((entry) => entry.select),
    mine,
    h("div.tile-buttons", {},
      h("button.primary", { type: "button", dataset: { role: "quick" }, onclick: () => quickGame(game, () => Object.assign({}, ...mine.map(chosen)), theirs.map((entry) => entry.read)) }, versus),
      h("button", { type: "button", dataset: { role: "friends" }, onclick: () => newTableDialog(game) }, "Table for friends"),
      h("a.button.ghost", { href: `/?rules=${name}` }, "Rules"),
      (game.lobby.links || []).map((link) => h("a.button.ghost", { href: `/?game=${name}&page=${link.page}`, dataset: { role: link.role || link.page } }, link.label))));
}

const PRIVACY_WORDS = {
  public: "anyone may watch (listed on this server)",
  unlisted: "only those with the watch link may watch",
  closed: "nobody may watch",
};

/** The seats of a new table: your own to sit at, an invitation for each friend, and the spectators' link. */
export function invitations(created) {
  const rows = created.seats.map((seat) => h("li", { dataset: { seat: seat.seat } },
    h("b", {}, `Seat ${seat.seat}: ${seat.name}`),
    seat.yours
      ? [" ", h("a.button.primary", { href: seat.link, dataset: { role: "sit" } }, "Sit here")]
      : seat.invite
        ? [" ", h("input.link", { readonly: true, value: seat.link, "aria-label": `seat ${seat.seat}'s invitation` }),
          h("button", { type: "button", onclick: () => copyText(seat.link) }, "Copy")]
        : h("span.muted", {}, ` (${seat.bot === "duelist" ? "duelist" : `bot: ${seat.bot}`})`)));
  const words = created.hot_seat
    ? "A hot-seat table: every seat is yours, on this machine, and every seat is told so."
    : "Send each friend their invitation: the first to open it takes the seat, and only that browser holds it. "
      + "You see at the table when each is claimed, and may withdraw one or make a new one there.";
  return h("div.invitations", {},
    h("p", {}, words),
    h("ol", {}, rows),
    created.watch
      ? h("p", {}, "To watch: ", h("input.link", { readonly: true, value: created.watch, dataset: { role: "watch-link" } }),
        h("button", { type: "button", onclick: () => copyText(created.watch) }, "Copy"),
        h("span.muted", {}, ` (${PRIVACY_WORDS[created.privacy] || ""})`))
      : h("p.muted", { dataset: { role: "closed" } }, "Closed to spectators: nobody may watch."));
}

function seatRow(game, index) {
  const kinds = [["person", "a person"], ...game.bot_choices.map((bot) => [`bot:${bot.bot}`, `bot: ${bot.label}`, bot.about])];
  for (const kind of seatKinds(game, index)) kinds.push([kind.kind, kind.label]);
  const kind = h("select", { name: `kind-${index}`, "aria-label": `seat ${index + 1}` },
    kinds.map(([value, words, about]) => h("option", { value, title: about || undefined }, words)));
  kind.value = "person";
  const name = h("input", { name: `name-${index}`, value: index === 0 ? playerName() : `Friend ${index}`, maxlength: 40, "aria-label": `seat ${index + 1} name` });
  const about = h("span.muted.bot-about", { dataset: { role: "bot-about" } });
  // Each seat kind's choice (which duelist), and the choices of a person's or a bot's seat (which deck).
  const kindChoices = seatKinds(game, index).filter((entry) => entry.choice).map((entry) => {
    const select = choiceSelect(game, entry.choice, entry.choice.label);
    select.dataset.kind = entry.kind;
    select.hidden = true;
    return select;
  });
  const seatFields = (game.lobby.seat_choices || []).map((choice) => {
    const select = choiceSelect(game, choice, `seat ${index + 1} ${choice.label}`);
    select.dataset.kinds = (choice.kinds || ["person", "bot"]).join(" ");
    return select;
  });
  const shown = () => {
    const base = kind.value.startsWith("bot:") ? "bot" : kind.value;
    for (const select of kindChoices) select.hidden = select.dataset.kind !== kind.value;
    for (const select of seatFields) select.hidden = !select.dataset.kinds.split(" ").includes(base);
    name.hidden = base !== "person" && base !== "bot";
    about.textContent = kinds.find(([value]) => value === kind.value)?.[2] || "";
  };
  kind.addEventListener("change", () => {
    shown();
    // A bot left unnamed is named apart from the other seats by the server (Robin (bot), Sasha (bot), ...).
    if (kind.value.startsWith("bot:")) { name.value = ""; name.placeholder = "a bot name (optional)"; }
  });
  shown();
  const row = h("li.seat-row", {}, h("span", {}, `Seat ${index + 1}`), kind, name, kindChoices, seatFields, about);
  /** The seat as the table request writes it. */
  row.seat = () => {
    const fields = Object.assign({}, ...[...kindChoices, ...seatFields].map(chosen));
    if (kind.value === "person") return { person: name.value.trim() || "Player", ...fields };
    if (kind.value.startsWith("bot:")) return { bot: kind.value.slice(4), name: name.value.trim(), pace: botPace(), ...fields };
    // A seat kind of the game's own: its choice names what sits there (a duelist's number, say).
    return { [kind.value]: true, ...fields, pace: botPace() };
  };
  return row;
}

function newTableDialog(game) {
  const seatList = h("ol.seat-rows");
  let count = Math.max(game.seats[0], 2);
  const drawSeats = () => fill(seatList, Array.from({ length: count }, (_, index) => seatRow(game, index)));
  drawSeats();
  const preset = h("select", { name: "preset", "aria-label": "rules" },
    h("option", { value: "" }, "default rules"),
    Object.keys(game.presets || {}).map((name) => h("option", { value: name }, `${name}: ${game.presets[name]}`)));
  // The clock the server counts (docs/protocol.md, "Clocks and claims"): none, as friends mostly play.
  const clocks = [["", "no clock"], ['{"bank":180,"increment":2}', "3 min + 2 s a move"],
    ['{"bank":600,"increment":5}', "10 min + 5 s a move"], ['{"move":60}', "1 minute a move"], ['{"move":86400}', "1 day a move"]];
  const clock = h("select", { name: "clock", "aria-label": "clock" }, clocks.map(([value, words]) => h("option", { value }, words)));
  const more = h("button", { type: "button", onclick: () => { if (count < game.seats[1]) { count += 1; drawSeats(); } } }, "+ seat");
  const fewer = h("button", { type: "button", onclick: () => { if (count > game.seats[0]) { count -= 1; drawSeats(); } } }, "− seat");
  const privacy = h("select", { name: "privacy", "aria-label": "who may watch" },
    Object.entries(PRIVACY_WORDS).map(([value, words]) => h("option", { value }, words)));
  const hotSeat = h("input", { type: "checkbox", name: "hot_seat" });
  const form = h("form.new-table", {},
    Object.keys(game.presets || {}).length ? h("label", {}, "Rules ", preset) : null,
    h("label", {}, "Clock ", clock),
    seatList,
    game.seats[0] !== game.seats[1] ? h("div", {}, fewer, more) : null,
    h("label", {}, "Watching: ", privacy),
    h("label", {}, hotSeat, " Hot-seat: I play every person's seat on this machine"));
  const create = h("button.primary", { type: "submit", dataset: { role: "create" } }, "Create the table");
  const box = dialog(`A table of ${game.title}`, form, [create, h("button.ghost", { type: "button", onclick: () => box.close() }, "Cancel")]);
  const submit = async (event) => {
    event.preventDefault();
    const seats = [...seatList.children].map((row) => row.seat());
    if (seats[0].person) setSetting("name", seats[0].person);
    const request = { game: game.game, seats, privacy: privacy.value };
    if (hotSeat.checked) request.hot_seat = true;
    if (preset.value) request.preset = preset.value;
    if (clock.value) request.clock = JSON.parse(clock.value);
    try {
      const created = await createTable(request);
      box.close();
      dialog("Your table is ready", invitations(created), [h("a.button.ghost", { href: "/" }, "Lobby")]);
    } catch (error) {
      notice(error.message, "error", 10);
    }
  };
  form.addEventListener("submit", submit);
  create.addEventListener("click", submit);
}

async function tableStatus(entry) {
  try {
    return await getJson(`/api/tables/${entry.table}`);
  } catch {
    return null;
  }
}

/** Who won a finished game, in a few words: "you won", "Simon Muran won", "a draw". */
function whoWon(summary, mine) {
  const winners = summary.outcome?.winners || [];
  if (!winners.length) return "a draw";
  if (winners.includes(mine)) return winners.length > 1 ? "you share the win" : "you won";
  return `${winners.map((seat) => summary.seats[seat - 1]?.name || `Player ${seat}`).join(" and ")} won`;
}

async function drawYourGames(list, titles) {
  const remembered = rememberedTables();
  if (!remembered.length) {
    fill(list, h("p.muted", {}, "Games you start in this browser are kept here, to resume them."));
    return;
  }
  const rows = [];
  for (const entry of remembered.slice(0, 12)) {
    const summary = await tableStatus(entry);
    if (!summary) continue;
    const mine = entry.mine ?? entry.seats.find((seat) => seat.yours)?.seat;
    // The seat's token is in this browser's cookie: the table's address opens it.
    const link = entry.seats.find((seat) => seat.seat === mine && seat.yours)?.link;
    const players = summary.seats.map((seat) => seat.name).join(", ");
    let state;
    if (summary.outcome?.ending === "closed") state = "closed";
    else if (summary.finished) state = whoWon(summary, mine);
    else state = summary.to_act === mine ? "your turn" : "in play";
    rows.push(h("li.game-row", { dataset: { table: entry.table, state } },
      h("span.game-name", {}, titles[entry.game] || entry.game),
      h("span.players", {}, players),
      h("span.state", {}, state),
      summary.privacy && summary.privacy !== "public" ? h("span.badge.privacy", {}, summary.privacy) : null,
      summary.hot_seat ? h("span.badge.hot-seat", {}, "hot-seat") : null,
      summary.finished
        ? h("a.button", { href: `/?replay=${entry.table}${mine ? `&as=${mine}` : ""}` }, "Replay")
        : h("a.button.primary", { href: link || `/?table=${entry.table}`, dataset: { role: "resume" } }, "Resume"),
      summary.finished ? null : closeButton(entry, () => drawYourGames(list, titles)),
      h("button.ghost", { type: "button", title: "Forget this game here", onclick: () => { forget(entry.table); drawYourGames(list, titles); } }, "✕")));
  }
  fill(list, rows.length ? h("ul.game-rows", {}, rows) : h("p.muted", {}, "No games yet."));
}

/** Close a table this browser made (the server checks the maker's token: its first person's seat). */
function closeButton(entry, redraw) {
  const maker = entry.seats.find((seat) => seat.link);
  if (!maker) return null;
  const close = async (box) => {
    box.close();
    try {
      await postJson(`/api/tables/${entry.table}/close`, { token: new URL(maker.link).searchParams.get("token") });
      notice("The table is closed; its replay is kept", "success", 4);
    } catch (error) {
      notice(`The table could not be closed: ${error.message}`, "error");
    }
    redraw();
  };
  return h("button", { type: "button", title: "Close this table for everyone", dataset: { role: "close" }, onclick: () => {
    const box = dialog("Close this table?", h("p", {}, "The game ends for everyone at it, without a result."), [
      h("button.primary", { type: "button", dataset: { role: "confirm-close" }, onclick: () => close(box) }, "Close it"),
      h("button.ghost", { type: "button", onclick: () => box.close() }, "Keep it"),
    ]);
  } }, "Close");
}

async function drawServerTables(list, titles) {
  let tables = [];
  try {
    tables = (await getJson("/api/tables")).tables;
  } catch (error) {
    fill(list, h("p.muted", {}, `The tables could not be listed: ${error.message}`));
    return;
  }
  const playing = tables.filter((table) => !table.finished).slice(0, 15);
  const finished = tables.filter((table) => table.finished).slice(0, 15);
  const row = (table) => h("li.game-row", { dataset: { table: table.table } },
    h("span.game-name", {}, titles[table.game] || table.game),
    h("span.players", {}, table.players.join(", ")),
    h("span.state", {}, table.finished ? `${table.version} moves` : `move ${table.version}`),
    table.finished
      ? h("a.button", { href: `/?replay=${table.table}`, dataset: { role: "replay" } }, "Replay")
      : h("a.button", { href: `/?table=${table.table}&watch=1`, dataset: { role: "watch" } }, "Watch"));
  fill(list,
    h("h3", {}, "Playing now"),
    playing.length ? h("ul.game-rows", {}, playing.map(row)) : h("p.muted", {}, "No table is playing."),
    h("h3", {}, "Finished games"),
    finished.length ? h("ul.game-rows", { dataset: { role: "finished" } }, finished.map(row)) : h("p.muted", {}, "None yet."));
}

/** The lobby page. */
export async function openLobby(root) {
  document.title = "cardtable";
  const found = await games();
  const list = [...found].sort((a, b) => (a.lobby.order ?? 99) - (b.lobby.order ?? 99) || a.game.localeCompare(b.game));
  await Promise.all(list.map(async (game) => {
    game.tile = await tileModule(game);
    game.choices = await loadChoices(game);
  }));
  const titles = Object.fromEntries(list.map((game) => [game.game, game.title]));
  const name = h("input", { value: playerName(), maxlength: 40, "aria-label": "your name", dataset: { role: "name" } });
  name.addEventListener("change", () => setSetting("name", name.value.trim() || "Player"));
  const pace = h("select", { "aria-label": "bot speed", dataset: { role: "pace" } },
    PACES.map(([words, seconds]) => h("option", { value: seconds }, words)));
  pace.value = String(botPace());
  pace.addEventListener("change", () => setSetting("botPace", Number(pace.value)));
  const yours = h("div.your-games");
  const server = h("div.server-tables");
  fill(root, h("div.page.lobby", {},
    h("header.lobby-header", {},
      h("h1", {}, "cardtable"),
      h("p.tagline", {}, "Card games at your table: against bots or friends, in the browser."),
      h("div.settings", {}, h("label", {}, "Your name ", name), h("label", {}, "Bots play ", pace))),
    h("section.games", { "aria-label": "games" }, list.map((game) => gameTile(game))),
    h("section.panel", {}, h("h2", {}, "Your games"), yours),
    h("section.panel", {}, h("h2", {}, "Tables on this server"), server)));
  drawYourGames(yours, titles);
  drawServerTables(server, titles);
}
