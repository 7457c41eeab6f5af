// The Forbidden Memories duel: both fields, hands, life points, decks and terrain (fm.md). Pick cards in
// the order they combine, play them face up or down, place the result, then attack by picking your
// monster and its target. Hovering a card tells all about it, its ATK/DEF explained.
import { getJson } from "/js/api.js";
import { cardBack } from "/js/cards.js";
import { fmCard, fmCatalogue, fmId, fmStatsExplained, starName } from "./cards.js";
import { fill, h } from "/js/dom.js";
import { actionButton, find, targets as placesOf } from "/js/picks.js";
import { animateDuel } from "./motion.js";

/** The card catalogue, before the first drawing. */
export function prepare() {
  return fmCatalogue();
}

/** A legal action (as data: its kind and fields, docs/protocol.md) in words. */
export function label(action) {
  switch (action.kind) {
    case "pick": return action.hand ? `Pick hand card ${action.hand}` : `Start from your monster ${action.zone}`;
    case "place": return `Place in ${action.position}, guardian star ${action.star}${action.zone ? ` over monster ${action.zone}` : ""}`;
    case "attack": return action.target === null ? `Monster ${action.zone} attacks directly` : `Monster ${action.zone} attacks their monster ${action.target}`;
    case "switch": return `Change the position of monster ${action.zone}`;
    case "activate": return `Activate the magic card in zone ${action.zone}`;
    case "play": return action.face_up ? "Play face up" : "Play face down";
    case "cancel": return "Put the picked cards back";
    case "end": return "End the turn";
    default: return action.action;
  }
}

function name(context, seat) {
  return context.names[seat - 1] || `Player ${seat}`;
}

/** The details of a card: its data, text, and the reasons for the ATK/DEF shown. */
function details(panel, context, cardLabel, seen) {
  const catalogue = context.catalogue;
  const data = catalogue.cards[String(fmId(cardLabel))];
  if (!data) return;
  const lines = [];
  if (data.kind === "monster") {
    lines.push(h("div.line", {}, `${data.type} · ${data.attribute || ""} · level ${data.level}`));
    lines.push(h("div.line", {}, `${data.atk} ATK / ${data.def} DEF`));
    if (data.stars) lines.push(h("div.line", {}, `Guardian stars: ${data.stars.map(starName).join(", ")}`));
    if (seen?.star) lines.push(h("div.line", {}, `Chosen star: ${starName(seen.star)} (beats ${catalogue.beats[seen.star]})`));
  } else {
    lines.push(h("div.line", {}, data.kind));
  }
  if (data.text) lines.push(h("div.line", {}, data.text));
  if (data.printed) lines.push(h("div.line.muted", { dataset: { role: "printed" } }, `“${data.printed}”`));
  const explained = fmStatsExplained(cardLabel, seen, catalogue, context.view.terrain);
  fill(panel, h("h4", {}, `${data.name}`), h("div.line.muted", {}, `card #${fmId(cardLabel)}`), lines,
    explained.length ? h("div.explain", { dataset: { role: "explained" } }, explained.map((line) => h("div", {}, line))) : null);
}

function hoverable(element, context, cardLabel, seen) {
  // Pointing at a card tells about it; so does a tap, where nothing points (a phone).
  for (const event of ["mouseenter", "focus", "click"]) {
    element.addEventListener(event, () => details(context.detailsPanel, context, cardLabel, seen));
  }
  return element;
}

function monsterZone(context, owner, zone, targets) {
  const { view, ui, catalogue } = context;
  const monster = view.monsters[owner - 1][zone - 1];
  const mine = owner === context.me;
  const key = `${mine ? "my" : "their"}-m${zone}`;
  const target = targets.get(key);
  let face = null;
  if (monster) {
    const extra = { dataset: { key: `${key}-${monster.card || "hidden"}-${monster.position}` } };
    face = monster.card
      ? hoverable(fmCard(monster.card, catalogue, { ...extra, class: monster.face_up ? "" : "face-down", title: monster.face_up ? "" : "face down: hidden from your opponent" }, monster), context, monster.card, monster)
      : cardBack({ ...extra, class: "fm", title: `a face-down monster in ${monster.position} position` });
  }
  return h("div.fm-zone", {
    class: [monster?.position === "defence" ? "defence" : "", target ? "target" : "", ui.attacker === zone && mine ? "attacker" : "",
      mine && targets.get(`select-m${zone}`) ? "can-act" : ""].join(" "),
    dataset: { target: key },
    tabindex: target || (mine && targets.get(`select-m${zone}`)) ? 0 : undefined,
    title: target ? target.map(label).join("; ") : undefined,
    onclick: () => {
      if (target) { context.act(target[0]); return; }
      if (mine && targets.get(`select-m${zone}`)) { ui.attacker = ui.attacker === zone ? null : zone; context.update(); }
    },
  }, h("span.zone-label", {}, `m${zone}`), face);
}

function magicZone(context, owner, zone, targets) {
  const { view, catalogue } = context;
  const entry = view.magic[owner - 1][zone - 1];
  const mine = owner === context.me;
  const key = `${mine ? "my" : "their"}-s${zone}`;
  const target = targets.get(key);
  let face = null;
  if (entry === "set") face = cardBack({ class: "fm", dataset: { key: `${key}-set` } });
  else if (entry) face = hoverable(fmCard(entry, catalogue, { dataset: { key: `${key}-${entry}` }, title: "set face down" }), context, entry, null);
  return h("div.fm-zone.magic-zone", { class: target ? "target" : "", dataset: { target: key }, tabindex: target ? 0 : undefined, title: target ? label(target[0]) : undefined, onclick: target ? () => context.act(target[0]) : null },
    h("span.zone-label", {}, `s${zone}`), face);
}

function sideInfo(context, seat, targets) {
  const { view } = context;
  const index = seat - 1;
  const direct = seat !== context.me ? targets.get("direct") : null;
  return h("div.fm-side-info", { class: direct ? "target" : "", dataset: { seat, target: seat !== context.me ? "direct" : "" }, onclick: direct ? () => context.act(direct[0]) : null, title: direct ? label(direct[0]) : undefined },
    h("b", {}, name(context, seat), seat === context.seat ? " (you)" : ""),
    h("span.lp", { title: "life points" }, `${view.lp[index]} LP`),
    h("span", {}, `deck ${view.deck_sizes[index]}`),
    h("span", {}, `hand ${view.hand_sizes[index]}`),
    seat !== context.seat ? h("span.mini-hand", {}, Array.from({ length: view.hand_sizes[index] }, () => cardBack({ class: "fm" }))) : null,
    h("span", {}, `used ${view.graveyard_sizes[index]}`),
    view.locks?.[index] ? h("span", { title: "may not attack (Swords of Revealing Light)" }, `locked ${view.locks[index]}`) : null,
    direct ? h("button.action", { type: "button", dataset: { action: direct[0].action } }, "Attack directly") : null);
}

function placePanel(context, places) {
  const { view, ui, catalogue } = context;
  const pending = view.pending;
  if (!pending || !places.length) return null;
  const data = catalogue.cards[String(fmId(pending.card))];
  ui.position ??= "attack";
  ui.star ??= 1;
  const choice = (key, value, words) => h("button", { type: "button", class: ui[key] === value ? "on" : "", dataset: { role: `${key}-${value}` }, onclick: () => { ui[key] = value; context.update(); } }, words);
  const free = find(places, { position: ui.position, star: ui.star, zone: null });
  return h("div.fm-place", { dataset: { role: "place" } },
    hoverable(fmCard(pending.card, catalogue, {}), context, pending.card, null),
    h("div", {},
      h("div.choices", {}, "Position: ", choice("position", "attack", "Attack"), choice("position", "defence", "Defence")),
      h("div.choices", {}, "Guardian star: ", (data?.stars || ["1", "2"]).map((star, index) => choice("star", index + 1, `${starName(star)} (beats ${catalogue.beats[star] || "?"})`))),
      free ? actionButton(context, free, "Place it", ".primary")
        : h("p", {}, "No zone is free: click one of your monsters to place it over.")));
}

/** A hint's pick in words: the hand card's name, or the monster of one's own it starts from. */
function pickedCard(view, pick) {
  if (pick.hand) return view.window?.[pick.hand - 1] || `hand card ${pick.hand}`;
  return `your monster in zone ${pick.zone}`;
}

async function askHint(context) {
  const panel = context.hintsPanel;
  fill(panel, "Looking for combinations…");
  try {
    const answer = await getJson(`/api/tables/${context.table}/hint`);
    const hints = Array.isArray(answer.hints) ? answer.hints : [];
    if (!hints.length) { fill(panel, "No combination found in your hand."); return; }
    fill(panel, h("b", {}, "Combinations in your hand:"), h("ul", {}, hints.slice(0, 6).map((hint) => {
      const picks = Array.isArray(hint.picks) ? hint.picks : [];
      return h("li", { dataset: { picks: JSON.stringify(picks) } },
        `${picks.map((pick) => pickedCard(context.view, pick)).join(" + ")} → ${hint.result || "?"}${hint.atk !== undefined ? ` (${hint.atk}/${hint.def})` : ""} `,
        picks.length ? h("button", { type: "button", dataset: { role: "pick-these" }, onclick: () => { context.keep.queue = picks.map((pick) => ({ ...pick })); context.update(); } }, "Pick these") : null);
    })));
  } catch (error) {
    fill(panel, error.status === 501 ? "The fusion finder is not connected on this server yet." : `No hint: ${error.message}`);
  }
}

/** The duel as the context's seat sees it. */
export function render(context) {
  const { view, legal, ui, keep } = context;
  const me = view.seat || 1;
  const them = 3 - me;
  context.me = me;
  // Picks queued by a hint go one at a time, each on the state the last one made (the hint gives each
  // as the fields of its legal action: the queue holds them in order, each found among the legal ones).
  if (keep.queue?.length && context.myTurn) {
    const next = find(legal, keep.queue[0]);
    keep.queue.shift();
    if (next) setTimeout(() => context.act(next), 0);
    else keep.queue = [];
  }
  const places = legal.filter((action) => action.kind === "place");
  const targets = new Map();
  const add = (found) => { for (const [key, list] of found) targets.set(key, [...(targets.get(key) || []), ...list]); };
  add(placesOf(legal, (action) => {
    if (action.kind === "pick" && action.zone) return `my-m${action.zone}`;
    if (action.kind === "place" && action.zone && action.position === (ui.position || "attack") && action.star === (ui.star || 1)) return `my-m${action.zone}`;
    if (action.kind === "activate") return `my-s${action.zone}`;
    return null;
  }));
  add(placesOf(legal, (action) => (action.kind === "attack" || action.kind === "switch" ? `select-m${action.zone}` : null)));
  add(placesOf(legal, (action) => {
    if (action.kind !== "attack" || action.zone !== ui.attacker) return null;
    return action.target === null ? "direct" : `their-m${action.target}`;
  }));
  if (ui.attacker && !targets.get(`select-m${ui.attacker}`)) ui.attacker = null;

  context.detailsPanel = h("div.fm-details", { dataset: { role: "details" } }, h("p.muted", {}, "Point at (or tap) a card to read it."));
  context.hintsPanel = h("div.hints", { hidden: view.phase !== "pick" || !context.myTurn || undefined });
  const row = (owner, kind) => h("div.fm-row", {}, [1, 2, 3, 4, 5].map((zone) => (kind === "m" ? monsterZone : magicZone)(context, owner, zone, targets)));
  const picks = Array.isArray(view.picks) ? view.picks : [];
  const handCount = view.hand_sizes[me - 1];
  const hand = view.seat ? view.window.map((cardLabel, index) => {
    const pick = find(legal, { kind: "pick", hand: index + 1 });
    const order = picks.indexOf(index + 1);
    const element = fmCard(cardLabel, context.catalogue, {
      class: [order >= 0 ? "picked" : "", index >= handCount ? "from-deck" : "", pick ? "playable" : ""].join(" "),
      dataset: { key: `window-${index}-${cardLabel}`, area: "hand", position: index + 1 },
      role: "button",
      tabindex: 0,
      title: index >= handCount ? "the top of your deck, within your hand window" : undefined,
      onclick: () => { if (pick) context.act(pick); },
    });
    if (order >= 0) element.append(h("span.pick-number", {}, order + 1));
    return hoverable(element, context, cardLabel, null);
  }) : Array.from({ length: handCount }, (_, index) => cardBack({ class: "fm", dataset: { key: `hand-${index}` } }));

  const field = h("div.fm-field", {},
    sideInfo(context, them, targets),
    row(them, "s"), row(them, "m"),
    h("div.fm-terrain", { dataset: { role: "terrain" } }, `terrain: ${view.terrain}`),
    row(me, "m"), row(me, "s"),
    sideInfo(context, me, targets),
    placePanel(context, places),
    h("div.fm-hand", { dataset: { area: "my-hand" } }, hand),
    context.hintsPanel);
  const board = h("div.fm-board", { dataset: { phase: view.phase } }, field, context.detailsPanel);
  // What happened since the last drawing plays on this board once it is in the page.
  setTimeout(() => animateDuel(context, board), 0);

  const buttons = [];
  const covered = new Set();
  const button = (action, extra = "") => actionButton(context, action, label(action), extra);
  for (const action of legal) {
    if (["pick", "place", "attack", "activate"].includes(action.kind)) covered.add(action);
    if (["play", "cancel", "end"].includes(action.kind)) {
      covered.add(action);
      buttons.push(button(action, action.kind === "play" && action.face_up ? ".primary" : action.kind === "end" ? ".end" : ""));
    }
    if (action.kind === "switch") {
      covered.add(action);
      if (ui.attacker === action.zone) buttons.push(button(action, ".chip"));
    }
  }
  if (ui.attacker) {
    for (const action of targets.get(`select-m${ui.attacker}`) || []) {
      if (action.kind === "attack") buttons.push(button(action, ".chip"));
    }
  }
  if (view.phase === "pick" && context.myTurn) {
    buttons.push(h("button.ghost", { type: "button", dataset: { role: "hint" }, onclick: () => askHint(context) }, "Fusion hint"));
  }
  return { board, actions: buttons, covered, prompt: prompt(context, picks) };
}

function prompt(context, picks) {
  const { view, legal } = context;
  if (view.outcome) return `Duel over: ${view.outcome.reason}`;
  const actor = view.current_seat ? name(context, view.current_seat) : "";
  if (!context.seat) return `${actor}'s turn (${view.phase}).`;
  if (!legal.length) return `${actor} is playing (${view.phase})…`;
  if (view.phase === "pick") {
    return picks.length
      ? `Picked ${picks.length}: pick more to combine them in this order, then play face up or face down.`
      : "Your turn: pick the cards to play, in the order they combine (a fusion, an equip), or one of your monsters first; then play them.";
  }
  if (view.phase === "place") return "Place the card that came out: choose its position and guardian star.";
  if (view.phase === "battle") {
    return context.ui.attacker ? "Now click the monster to attack (or attack directly), or change its position."
      : "Battle: click one of your monsters to attack with it, activate a set magic card, or end the turn.";
  }
  return "Your move.";
}

/** What the end-of-duel table calls the scores: they are life points. */
export const scoreLabel = "LP";

/** The end of a won duel against a duelist, as on the PS1: the rank with its score by criterion, the
 * starchips and the card dropped (the server's, drawn from the table's seed). Only a campaign keeps them
 * (`kept`: this is the campaign's duel); a Free Duel table says they are not kept. */
export async function endOfGame(element, { table, seat, kept }) {
  if (seat !== 1) return;
  if (kept) {
    // A campaign duel: the campaign settles it, and says what it won.
    const [{ loadCampaign, lastDuelLine }, catalogue] = await Promise.all([import("./campaign.js"), fmCatalogue()]);
    const result = h("div.campaign-result");
    element.before(result);
    try {
      const campaign = await loadCampaign();
      if (campaign?.last?.table === table) fill(result, lastDuelLine(campaign.last, catalogue));
    } catch (error) {
      fill(result, `The campaign could not be read: ${error.message}`);
    }
  }
  let answer;
  try {
    answer = await getJson(`/api/tables/${table}/reward`);
  } catch (error) {
    fill(element, h("p.muted", {}, `The duel's rank could not be read: ${error.message}`));
    return;
  }
  const reward = answer.reward;
  if (!reward) return;
  const rows = [["start", "", String(reward.start)],
    ...reward.criteria.map((row) => [row.criterion, String(row.value), `${row.points >= 0 ? "+" : ""}${row.points}`]),
    [reward.ending.how, "", `${reward.ending.points >= 0 ? "+" : ""}${reward.ending.points}`]];
  fill(element, h("div.fm-reward", { dataset: { role: "reward", rank: reward.rank } },
    h("p.headline", {}, `Rank ${reward.rank} (score ${reward.score}) against ${reward.duelist_name}`),
    h("table.scores.fm-rank", { dataset: { role: "rank-criteria" } },
      h("thead", {}, h("tr", {}, h("th", {}, "Criterion"), h("th", {}, "Count"), h("th", {}, "Points"))),
      h("tbody", {}, rows.map((cells) => h("tr", {}, cells.map((cell) => h("td", {}, cell))))),
      h("tfoot", {}, h("tr", {}, h("th", {}, "Score"), h("th", {}, ""), h("th", {}, String(reward.score))))),
    h("p", { dataset: { role: "winnings" } }, `${reward.starchips} starchips, and the card dropped (${reward.pool} pool): `,
      h("b", { dataset: { role: "dropped" } }, reward.dropped)),
    kept ? h("p.muted", { dataset: { role: "kept" } }, "Kept in your campaign's collection.")
      : h("p.muted", { dataset: { role: "not-kept" } }, "Not kept: only a campaign has a collection. Duel from the campaign (the FM tile's Campaign button) to keep the card and the starchips.")));
}
