// The lobby: play against bots in a click, make a table for friends, resume, watch, and browse finished games.
import {
  createTable, fmCatalogue, forget, games, getJson, postJson, rememberedTables, setSetting, setting,
} from "./api.js";
import { copyText, dialog, fill, h, notice } from "./dom.js";
import { savedDecks } from "./decks.js";
import { cardBack, fmCard, pairCard, playingCard } from "./cards.js";

const BLURBS = {
  drump: "Two players race to build a four-part monster, paying for each part with stacks of cards.",
  scout: "Climb the ladder with double-numbered cards you may never reorder. 2 to 5 players.",
  dnup: "Be first to empty your hand of double-numbered cards. 2 to 5 players.",
  fm: "The Forbidden Memories duel: fusions, guardian stars and 722 cards, against its 39 duelists.",
};
/** Who sits at a quick game: you, then bots (FM: a duelist). */
const QUICK_OPPONENTS = { drump: 1, scout: 2, dnup: 2, fm: 1 };
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

/** A choice of deck for an FM seat: a new starter deck, or one kept in this browser. */
function deckSelect(label) {
  return h("select.deck-choice", { "aria-label": label, dataset: { role: "deck" } },
    h("option", { value: "" }, "a new starter deck"),
    savedDecks().map((deck, index) => h("option", { value: index }, `deck: ${deck.name}`)));
}

function chosenDeck(select) {
  const deck = select && select.value !== "" ? savedDecks()[Number(select.value)] : null;
  return deck ? { deck: deck.cards } : {};
}

async function quickGame(game, duelist, deck) {
  const seats = [{ person: playerName(), ...chosenDeck(deck) }];
  if (game === "fm") seats.push({ duelist: duelist || 1, pace: botPace() });
  else {
    for (let index = 0; index < QUICK_OPPONENTS[game]; index += 1) {
      seats.push({ bot: "heuristic", name: `${BOT_NAMES[index]} (bot)`, pace: botPace() });
    }
  }
  try {
    await sitAt({ game, seats });
  } catch (error) {
    notice(`The table could not be made: ${error.message}`, "error");
  }
}

/** The guided first game of DRUMP: a table against a patient bot, with the guide switched on. */
export async function startGuide(root) {
  fill(root, h("p.loading", {}, "Setting up your first game…"));
  const created = await createTable({ game: "drump", seats: [{ person: playerName() }, { bot: "coach", name: "Coach bot", pace: Math.max(botPace(), 1.2) }] });
  const token = new URL(created.seats[0].link).searchParams.get("token");
  // The invitation keeps the token in a cookie; the guide is switched on once the table opens.
  sessionStorage.setItem(`guide-${created.table}`, "1");
  location.href = `/play/${created.table}?token=${encodeURIComponent(token)}`;
}

/** A few cards of the game, drawn for its tile. */
function tileCards(name, catalogue) {
  if (name === "drump") return [playingCard("Kd"), playingCard("7h"), playingCard("As"), cardBack()];
  if (name === "scout") return [pairCard("7/3"), pairCard("8/2"), pairCard("9/1")];
  if (name === "dnup") return [pairCard("5/2"), pairCard("5/9"), pairCard("10/4")];
  if (name === "fm" && catalogue) return [fmCard("#001 Blue-eyes White Dragon", catalogue), fmCard("#336 Dark Hole", catalogue)];
  return [];
}

function gameTile(game, catalogue) {
  const name = game.game;
  const duelistSelect = name === "fm" && catalogue
    ? h("select.duelist", { "aria-label": "duelist", dataset: { role: "duelist" } },
      catalogue.duelists.map((duelist) => h("option", { value: duelist.number }, `${duelist.number}. ${duelist.name}`)))
    : null;
  const deck = name === "fm" ? deckSelect("your deck") : null;
  const versus = name === "fm" ? "Duel" : QUICK_OPPONENTS[name] > 1 ? "Play vs bots" : "Play vs bot";
  return h("section.game-tile", { dataset: { game: name } },
    h("div.tile-head", {}, h("h3", {}, game.title), h("div.tile-cards", { "aria-hidden": "true" }, tileCards(name, catalogue))),
    h("p", {}, BLURBS[name] || ""),
    duelistSelect,
    deck,
    h("div.tile-buttons", {},
      h("button.primary", { type: "button", dataset: { role: "quick" }, onclick: () => quickGame(name, duelistSelect?.value, deck) }, versus),
      h("button", { type: "button", dataset: { role: "friends" }, onclick: () => newTableDialog(game, catalogue) }, "Table for friends"),
      h("a.button.ghost", { href: `/?rules=${name}` }, "Rules"),
      name === "drump" ? h("a.button.ghost", { href: "/?guide=drump", dataset: { role: "guide" } }, "Learn it") : null,
      name === "fm" ? h("a.button.ghost", { href: "/?decks", dataset: { role: "decks" } }, "Decks") : null,
      name === "fm" ? h("a.button.ghost", { href: "/?campaign", dataset: { role: "campaign" } }, "Campaign") : null,
      name === "fm" ? h("a.button.ghost", { href: "/?farm", dataset: { role: "farm" } }, "Farm planner") : null));
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

function seatRow(game, index, catalogue) {
  // A level is offered with its label and its rating (docs/bots.md, "Levels").
  const levels = Object.fromEntries((game.levels || []).map((level) => [level.name, level]));
  const botWords = (bot) => (levels[bot] ? `bot: ${levels[bot].label} (${levels[bot].rating})` : `bot: ${bot}`);
  const kinds = [["person", "a person"], ...game.bots.map((bot) => [`bot:${bot}`, botWords(bot)])];
  if (game.game === "fm" && index === 1) kinds.push(["duelist", "a duelist (Free Duel)"]);
  const kind = h("select", { name: `kind-${index}`, "aria-label": `seat ${index + 1}` },
    kinds.map(([value, words]) => h("option", { value }, words)));
  kind.value = index === 0 ? "person" : "person";
  const name = h("input", { name: `name-${index}`, value: index === 0 ? playerName() : `Friend ${index}`, maxlength: 40, "aria-label": `seat ${index + 1} name` });
  const duelist = catalogue ? h("select", { name: `duelist-${index}`, hidden: true, "aria-label": "duelist" },
    catalogue.duelists.map((entry) => h("option", { value: entry.number }, entry.name))) : null;
  const deck = game.game === "fm" ? deckSelect(`seat ${index + 1} deck`) : null;
  kind.addEventListener("change", () => {
    if (duelist) duelist.hidden = kind.value !== "duelist";
    if (deck) deck.hidden = kind.value === "duelist";
    name.hidden = kind.value === "duelist";
    // A bot left unnamed is named apart from the other seats by the server (Robin (bot), Sasha (bot), ...).
    if (kind.value.startsWith("bot:")) { name.value = ""; name.placeholder = "a bot name (optional)"; }
  });
  return h("li.seat-row", {}, h("span", {}, `Seat ${index + 1}`), kind, name, duelist, deck);
}

function newTableDialog(game, catalogue) {
  const seatList = h("ol.seat-rows");
  let count = Math.max(game.seats[0], 2);
  const drawSeats = () => fill(seatList, Array.from({ length: count }, (_, index) => seatRow(game, index, catalogue)));
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
    const seats = [];
    for (const row of seatList.children) {
      const [kind, name] = row.querySelectorAll("select, input");
      const duelist = row.querySelector(`select[name^="duelist"]`);
      const deck = game.game === "fm" ? chosenDeck(row.querySelector(".deck-choice")) : {};
      if (kind.value === "person") seats.push({ person: name.value.trim() || "Player", ...deck });
      else if (kind.value === "duelist") seats.push({ duelist: Number(duelist.value), pace: botPace() });
      else seats.push({ bot: kind.value.slice(4), name: name.value.trim(), pace: botPace(), ...deck });
    }
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
  const [found, catalogue] = await Promise.all([games(), fmCatalogue().catch(() => null)]);
  const order = ["drump", "scout", "dnup", "fm"];
  const list = [...found].sort((a, b) => (order.indexOf(a.game) + 1 || 99) - (order.indexOf(b.game) + 1 || 99));
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
    h("section.games", { "aria-label": "games" }, list.map((game) => gameTile(game, catalogue))),
    h("section.panel", {}, h("h2", {}, "Your games"), yours),
    h("section.panel", {}, h("h2", {}, "Tables on this server"), server)));
  drawYourGames(yours, titles);
  drawServerTables(server, titles);
}
