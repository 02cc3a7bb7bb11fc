// Small helpers shared by the lobby and the table page, and the page's language.

/** The reader's language (the server chose it: ?lang=, cookie, Accept-Language). */
export const LANG = document.documentElement.dataset.lang || "en";

/** The scripts' strings in the reader's language, handed over by the server with the page. */
const STRINGS = (() => {
  try {
    return JSON.parse(document.getElementById("strings")?.textContent || "{}");
  } catch {
    return {};
  }
})();

/** A sentence in the reader's language: the English text is the key; `{name}` fields are filled in. */
export function _(text, fields = {}) {
  const said = STRINGS[text] || text;
  return said.replace(/\{(\w+)\}/g, (whole, key) => (key in fields ? String(fields[key]) : whole));
}

// the language switch keeps the link's fragment (a seat's token lives there, never on the server)
for (const link of document.querySelectorAll("nav.languages a[data-lang]")) {
  link.addEventListener("click", () => {
    if (window.location.hash) link.href = link.href.split("#")[0] + window.location.hash;
  });
}

/** Create an element with attributes and children (strings become text, never HTML). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    // through the CSSOM: the site's policy (style-src 'self') refuses a style attribute set as markup
    else if (key === "style") node.style.cssText = String(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Fetch JSON; throws an Error carrying the server's reason. */
export async function api(path, options = {}) {
  const url = new URL(path, window.location.href);
  if (!url.searchParams.has("lang")) url.searchParams.set("lang", LANG);
  const response = await fetch(url, {
    ...options,
    headers: { "content-type": "application/json", ...(options.headers || {}) },
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(typeof body.detail === "string" ? body.detail : `error ${response.status}`);
    error.field = typeof body.field === "string" ? body.field : null; // the request field at fault, for a form
    throw error;
  }
  return body;
}
