// How a game ended, in words: who won, the scores and the reason.
import { h } from "./dom.js";

/** The outcome as a small block: winners, scores, the ending and its reason (seats counted from 1); the
 * scores' column is headed `scoreLabel` (a game's own word, from its board: life points, say, "LP"). */
export function outcomeSummary(outcome, names, seat, scoreLabel = "Score") {
  const winners = outcome.winners || [];
  const name = (number) => names[number - 1] || `Player ${number}`;
  let headline;
  if (seat && winners.includes(seat)) headline = winners.length > 1 ? "You share the win" : "You win!";
  else if (seat && winners.length) headline = `${winners.map(name).join(" and ")} ${winners.length > 1 ? "win" : "wins"}`;
  else if (winners.length) headline = `${winners.map(name).join(" and ")} ${winners.length > 1 ? "win" : "wins"}`;
  else headline = "Nobody wins";
  // How it ended: the reason in words, after the ending's name when the reason does not say it already.
  const ending = (outcome.ending || "").replaceAll("_", " ");
  const reason = outcome.reason || "";
  // The endings outside the rules (a seat that left, a closed table) say it all in their reason.
  const outside = ["resigned", "timeout", "abandoned", "closed"].includes(outcome.ending);
  const said = !ending || outside || reason.toLowerCase().includes(ending.toLowerCase());
  const how = said ? reason : `${ending}: ${reason}`;
  // Seats that left before the end (resigned, or claimed against) and are not the reason itself.
  const words = { resigned: "resigned", timeout: "ran out of time", abandoned: "stayed away" };
  const person = (number) => name(number).replace(/ \(bot\)$/, "");
  const left = (outcome.withdrawn || []).filter((entry) => !reason.startsWith(person(entry.seat)))
    .map((entry) => `${person(entry.seat)} ${words[entry.why] || entry.why}; a bot played the seat on.`);
  return h("div.outcome", { dataset: { ending: outcome.ending || "" } },
    h("p.headline", {}, headline),
    h("p.reason", {}, how ? `${how[0].toUpperCase()}${how.slice(1)}.` : ""),
    left.map((text) => h("p.withdrawn", {}, text)),
    h("table.scores", {},
      h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, scoreLabel))),
      h("tbody", {}, (outcome.scores || []).map((score, index) => h("tr", {
        class: winners.includes(index + 1) ? "winner" : "",
      }, h("td", {}, `${index + 1}. ${name(index + 1)}`), h("td", {}, String(score)))))));
}
