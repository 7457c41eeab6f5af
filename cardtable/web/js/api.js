// The server's HTTP routes, and what this browser remembers (your name, your tables, settings).

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function answer(response) {
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!response.ok) {
    const error = data && data.error ? data.error : { code: String(response.status), message: text || response.statusText };
    throw new ApiError(response.status, error.code, error.message);
  }
  return data ?? text;
}

/** GET a JSON route. */
export async function getJson(path) {
  return answer(await fetch(path, { headers: { Accept: "application/json" }, credentials: "same-origin" }));
}

/** GET a text route. */
export async function getText(path) {
  const response = await fetch(path, { credentials: "same-origin" });
  if (!response.ok) return answer(response);
  return response.text();
}

/** POST JSON, answering JSON. */
export async function postJson(path, body) {
  return answer(await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  }));
}

let gamesPromise = null;
/** The games the server plays (GET /api/games), fetched once. */
export function games() {
  gamesPromise ??= getJson("/api/games").then((data) => data.games);
  return gamesPromise;
}

/** Create a table; returns the server's answer (your seat's link, the others' invitations, the watch link). */
export async function createTable(request) {
  const created = await postJson("/api/tables", { protocol: 1, ...request });
  remember(created);
  return created;
}

/** Claim a seat's invitation: the server keeps its token in this browser's cookie; returns the seat. */
export async function claimInvitation(tableId, invite) {
  const claimed = await postJson(`/api/tables/${encodeURIComponent(tableId)}/claim`, { invite });
  const summary = await getJson(`/api/tables/${encodeURIComponent(tableId)}`);
  remember({ table: tableId, game: summary.game, seats: summary.seats, watch: null, mine: claimed.seat });
  return claimed.seat;
}

// -- what this browser remembers -----------------------------------------------------------------
const KEY = "cardtable";

function load() {
  let data;
  try { data = JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; }
  // An older client kept every seat's token link of the tables it made: only this browser's own is kept.
  if ((data.tables || []).some((entry) => entry.privacy === undefined)) {
    data.tables = data.tables.map((entry) => entry.privacy !== undefined ? entry : {
      ...entry,
      privacy: "public",
      seats: entry.seats.map((seat) => (seat.seat === (entry.mine ?? entry.seats.find((first) => first.link)?.seat)
        ? { ...seat, yours: !!seat.link } : { ...seat, link: null, yours: false })),
    });
    store(data);
  }
  return data;
}

function store(data) {
  try { localStorage.setItem(KEY, JSON.stringify(data)); } catch { /* private mode: nothing kept */ }
}

/** A remembered setting (name, botPace, ...). */
export function setting(name, fallback) {
  const value = load().settings?.[name];
  return value === undefined ? fallback : value;
}

/** Remember a setting. */
export function setSetting(name, value) {
  const data = load();
  data.settings = { ...(data.settings || {}), [name]: value };
  store(data);
}

/**
 * Remember a table this browser made or joined: its own seats' links, to resume them, and the invitations
 * it may still share. No other seat's token is ever here: the server gives none.
 */
export function remember(created) {
  const data = load();
  const tables = (data.tables || []).filter((entry) => entry.table !== created.table);
  tables.unshift({
    table: created.table,
    game: created.game,
    created: Date.now(),
    seats: created.seats.map((seat) => ({ seat: seat.seat, name: seat.name, kind: seat.kind, link: seat.link || null, yours: !!seat.yours })),
    watch: created.watch,
    privacy: created.privacy || "public",
    hotSeat: !!created.hot_seat,
    mine: created.mine ?? created.seats.find((seat) => seat.yours)?.seat ?? null,
  });
  data.tables = tables.slice(0, 50);
  store(data);
}

/** Mark which seat of a remembered table is this browser's own. */
export function claimSeat(tableId, seat) {
  const data = load();
  const entry = (data.tables || []).find((item) => item.table === tableId);
  if (entry && entry.mine !== seat) {
    entry.mine = seat;
    store(data);
  }
}

/** Forget a remembered table. */
export function forget(tableId) {
  const data = load();
  data.tables = (data.tables || []).filter((entry) => entry.table !== tableId);
  store(data);
}

/** The tables this browser remembers, newest first. */
export function rememberedTables() {
  return load().tables || [];
}

