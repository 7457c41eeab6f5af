// How a game ended, in words: who won, the scores and the reason.
import { h } from "./dom.js";

/** The outcome as a small block: winners, scores, the ending and its reason (seats counted from 1); the
 * scores' column is headed `scoreLabel` (a game's own word: FM's scores are life points, "LP"). */
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
  const said = !ending || reason.toLowerCase().includes(ending.toLowerCase());
  const how = said ? reason : `${ending}: ${reason}`;
  return h("div.outcome", { dataset: { ending: outcome.ending || "" } },
    h("p.headline", {}, headline),
    h("p.reason", {}, how ? `${how[0].toUpperCase()}${how.slice(1)}.` : ""),
    h("table.scores", {},
      h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, scoreLabel))),
      h("tbody", {}, (outcome.scores || []).map((score, index) => h("tr", {
        class: winners.includes(index + 1) ? "winner" : "",
      }, h("td", {}, `${index + 1}. ${name(index + 1)}`), h("td", {}, String(score)))))));
}
