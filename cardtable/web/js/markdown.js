// A small Markdown reader for the rules pages: headings, paragraphs, lists, tables, code; text escaped first.
import { escapeHtml } from "./dom.js";

function inline(text) {
  let html = escapeHtml(text);
  html = html.replace(/`([^`]+)`/g, "<code>$1</code>");
  html = html.replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>");
  html = html.replace(/(^|[^*\w])\*([^*\s][^*]*)\*(?!\w)/g, "$1<em>$2</em>");
  // Links to other pages of the project are not served here: keep their words.
  html = html.replace(/\[([^\]]+)\]\(([^)]+)\)/g, "$1");
  return html;
}

function cells(line) {
  return line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((cell) => cell.trim());
}

/** Markdown text to HTML (a safe subset: every character of the text is escaped). */
export function markdown(text) {
  const lines = text.replace(/\r/g, "").split("\n");
  const out = [];
  let index = 0;
  const isBlank = (line) => !line.trim();
  while (index < lines.length) {
    const line = lines[index];
    if (isBlank(line)) { index += 1; continue; }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      const level = heading[1].length;
      out.push(`<h${level}>${inline(heading[2])}</h${level}>`);
      index += 1;
      continue;
    }
    if (/^( {4}|\t)/.test(line)) {
      const code = [];
      while (index < lines.length && (/^( {4}|\t)/.test(lines[index]) || (isBlank(lines[index]) && /^( {4}|\t)/.test(lines[index + 1] || "")))) {
        code.push(lines[index].replace(/^( {4}|\t)/, ""));
        index += 1;
      }
      out.push(`<pre><code>${escapeHtml(code.join("\n"))}</code></pre>`);
      continue;
    }
    if (line.trim().startsWith("|") && /^\s*\|?[\s:-]+\|/.test(lines[index + 1] || "")) {
      const head = cells(line);
      index += 2;
      const rows = [];
      while (index < lines.length && lines[index].trim().startsWith("|")) {
        rows.push(cells(lines[index]));
        index += 1;
      }
      out.push(`<div class="table-scroll"><table><thead><tr>${head.map((cell) => `<th>${inline(cell)}</th>`).join("")}</tr></thead>`
        + `<tbody>${rows.map((row) => `<tr>${row.map((cell) => `<td>${inline(cell)}</td>`).join("")}</tr>`).join("")}</tbody></table></div>`);
      continue;
    }
    const bullet = /^(\s*)([-*]|\d+\.)\s+(.*)$/;
    if (bullet.test(line)) {
      const ordered = /\d+\./.test(bullet.exec(line)[2]);
      const items = [];
      while (index < lines.length && !isBlank(lines[index])) {
        const found = bullet.exec(lines[index]);
        if (found) items.push(found[3]);
        else items[items.length - 1] += ` ${lines[index].trim()}`;
        index += 1;
      }
      const tag = ordered ? "ol" : "ul";
      out.push(`<${tag}>${items.map((item) => `<li>${inline(item)}</li>`).join("")}</${tag}>`);
      continue;
    }
    const paragraph = [];
    while (index < lines.length && !isBlank(lines[index]) && !/^#{1,4}\s/.test(lines[index]) && !bullet.test(lines[index])) {
      paragraph.push(lines[index].trim());
      index += 1;
    }
    out.push(`<p>${inline(paragraph.join(" "))}</p>`);
  }
  return out.join("\n");
}
