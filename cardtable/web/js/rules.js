// Each game's rules page, from the server (`cardtable rules GAME`), drawn simply.
import { getText } from "./api.js";
import { fill, h } from "./dom.js";
import { markdown } from "./markdown.js";

async function rulesArticle(game) {
  const article = h("article.rules-text", { dataset: { game } }, "Loading the rules…");
  try {
    article.innerHTML = markdown(await getText(`/api/games/${encodeURIComponent(game)}/rules`));
  } catch (error) {
    fill(article, `The rules could not be loaded: ${error.message}`);
  }
  return article;
}

/** The rules of a game in a panel over the table. */
export async function rulesPanel(game) {
  document.querySelector(".rules-panel")?.remove();
  const panel = h("div.rules-panel", { role: "dialog", "aria-label": "rules" },
    h("button.close", { type: "button", onclick: () => panel.remove(), "aria-label": "close" }, "✕"));
  document.body.append(panel);
  panel.append(await rulesArticle(game));
  panel.querySelector("button.close").focus();
}

/** The rules of a game as a page of its own. */
export async function rulesPage(root, game) {
  document.title = `Rules — cardtable`;
  fill(root, h("div.page.rules-page", {},
    h("header.page-header", {}, h("a.home", { href: "/" }, "◀ cardtable"), h("h1", {}, "Rules")),
    await rulesArticle(game)));
}
