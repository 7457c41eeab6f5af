// Round summaries (for a game dealt again each round): each seat's points for the round and the totals, and why the round ended,
// shown before the next deal, dismissed by a click or a key, and shown again from the log.
import { dialog, h } from "./dom.js";

/** A log entry that ends a round: its number (from 1) and the reason in the words of the log. */
export function roundEnd(entry) {
  const found = /^Round (\d+) ends(.*?): /.exec(entry);
  if (!found) return null;
  const reason = found[2].trim().replace(/^\((.*)\)$/, "$1");
  return { round: Number(found[1]), reason };
}

/** On each state: a round the page has not shown yet, ended while the game goes on, is summed up. */
export function noteRounds(page, frame) {
  const rounds = frame.view.round_scores;
  if (!Array.isArray(rounds)) return;
  const seen = page.roundsSeen;
  page.roundsSeen = rounds.length;
  // A page opened (or reloaded) mid-game shows no summary of the rounds before it came.
  if (seen === undefined || rounds.length <= seen || frame.view.outcome) return;
  const entry = [...page.log].reverse().find((text) => roundEnd(text)?.round === rounds.length);
  showRound(page, rounds.length, entry ? roundEnd(page.named(entry)).reason : "");
}

/** A log line that ends a round: a click shows that round's summary again. */
export function roundLogItem(page, entry, item) {
  const ended = roundEnd(entry);
  if (!ended) return;
  item.classList.add("round-end");
  item.title = "Show the round's summary";
  item.addEventListener("click", () => showRound(page, ended.round, roundEnd(page.named(entry)).reason));
}

/** The summary of round `number` (from 1): each seat's points then and its total after it. */
export function showRound(page, number, reason) {
  const rounds = page.frame?.view?.round_scores || [];
  const points = rounds[number - 1];
  if (!points) return;
  document.querySelector(".round-dialog")?.remove();
  const totals = points.map((_, seat) => rounds.slice(0, number).reduce((sum, round) => sum + round[seat], 0));
  const signed = (value) => (value > 0 ? `+${value}` : String(value));
  const rows = points.map((value, seat) => h("tr", { class: seat + 1 === page.seat ? "me" : "" },
    h("td", {}, `${seat + 1}. ${page.seats[seat]?.name || `Player ${seat + 1}`}`),
    h("td", { dataset: { role: "round-points" } }, signed(value)),
    h("td", { dataset: { role: "round-total" } }, String(totals[seat]))));
  const body = [
    reason ? h("p.reason", { dataset: { role: "round-reason" } }, `${reason[0].toUpperCase()}${reason.slice(1)}.`) : null,
    h("table.scores", {},
      h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, "This round"), h("th", {}, "Total"))),
      h("tbody", {}, rows)),
  ];
  const close = () => { box.close(); document.removeEventListener("keydown", onKey, true); };
  const onKey = (event) => { event.preventDefault(); event.stopPropagation(); close(); };
  const box = dialog(`Round ${number}`, body,
    [h("button.primary", { type: "button", dataset: { role: "round-close" }, onclick: close }, "Continue")],
    { className: "round-dialog" });
  box.addEventListener("click", (event) => { if (event.target === box) close(); });
  document.addEventListener("keydown", onKey, true);
}
