// Small DOM helpers: building elements, notices, and dialogs.

// Firefox fails the requests of a page being left (Chromium drops them): no error to show or log then.
let leaving = false;
addEventListener("beforeunload", () => { leaving = true; });
addEventListener("pageshow", () => { leaving = false; });

/** Whether the page is being left, so that a request failing now is no error. */
export function pageLeaving() {
  return leaving;
}

/** An element: h("button.primary", {onclick}, "Play") — tag with optional .classes, attributes, children. */
export function h(spec, attributes = {}, ...children) {
  const [tag, ...classes] = spec.split(".");
  const element = document.createElement(tag || "div");
  if (classes.length) element.className = classes.join(" ");
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2), value);
    } else if (name === "dataset") {
      Object.assign(element.dataset, value);
    } else if (name === "style" && typeof value === "object") {
      for (const [property, setting] of Object.entries(value)) {
        if (property.startsWith("--")) element.style.setProperty(property, String(setting));
        else element.style[property] = setting;
      }
    } else if (name === "class") {
      element.className += (element.className ? " " : "") + value;
    } else if (value === true) {
      element.setAttribute(name, "");
    } else {
      element.setAttribute(name, String(value));
    }
  }
  append(element, children);
  return element;
}

/** Append children (nodes, text, arrays, or nothing) to an element. */
export function append(element, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** An SVG element with attributes and children. */
export function svg(tag, attributes = {}, ...children) {
  const element = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) element.setAttribute(name, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** Replace everything inside an element. */
export function fill(element, ...children) {
  element.replaceChildren();
  return append(element, children);
}

let noticeArea = null;

/** A notice at the foot of the screen for a few seconds; kind: info, error or success. */
export function notice(message, kind = "info", seconds = 6) {
  if (!noticeArea) {
    noticeArea = h("div.notices", { role: "status", "aria-live": "polite" });
    document.body.append(noticeArea);
  }
  const item = h(`div.notice.${kind}`, { dataset: { kind } }, message);
  item.addEventListener("click", () => item.remove());
  noticeArea.append(item);
  setTimeout(() => item.remove(), seconds * 1000);
  return item;
}

/** A modal dialog with a title, a body and buttons; returns the dialog element (close() removes it). */
export function dialog(title, body, buttons = [], options = {}) {
  const box = h("div.dialog", { role: "dialog", "aria-modal": "true", "aria-label": title },
    h("h2", {}, title), h("div.dialog-body", {}, body), h("div.dialog-buttons", {}, buttons));
  const backdrop = h("div.backdrop", { class: options.className || "" }, box);
  backdrop.close = () => backdrop.remove();
  if (options.dismissable !== false) {
    backdrop.addEventListener("click", (event) => { if (event.target === backdrop) backdrop.close(); });
  }
  document.body.append(backdrop);
  const first = box.querySelector("button");
  if (first) first.focus();
  return backdrop;
}

/** Copy text to the clipboard (falls back to selecting it in a prompt-like field). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    notice("Copied to the clipboard", "success", 3);
  } catch {
    const field = h("textarea.copy-field", { readonly: true }, text);
    dialog("Copy this", field, [h("button", { onclick: (e) => e.target.closest(".backdrop").remove() }, "Done")]);
    field.select();
  }
}

/** Escape text for HTML. */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
