// The stage every drawing shares (the live table and the replay viewer): pictures from the
// vendored art set and FLIP motion between two drawings of a table. Plain functions, no state
// beyond what they are handed.

/** Where the vendored pictures live (static/art/NAME.svg, see scripts/art.json). */
const ART = new URL("./art/", import.meta.url);

/** True when the reader asked for less motion: nothing animates then. */
export function stillness() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * A picture of `name` (a key of scripts/art.json) with its text alternative `alt`. The picture is
 * decoration beside words that say the same, never the only carrier of meaning; when the file is
 * missing (art not vendored) the image removes itself and the words remain.
 */
export function art(el, name, alt, extra = {}) {
  const image = el("img", { src: new URL(`${name}.svg`, ART).href, alt, class: "art", draggable: "false", loading: "lazy", ...extra });
  image.addEventListener("error", () => image.remove(), { once: true });
  return image;
}

/** Where every keyed element ([data-key]) of `root` is now, by key (the "First" of FLIP). */
export function measure(root) {
  const where = new Map();
  for (const node of root.querySelectorAll("[data-key]")) {
    if (!where.has(node.dataset.key)) where.set(node.dataset.key, node.getBoundingClientRect());
  }
  return where;
}

/**
 * Animate every keyed element of `root` from where it was (`before`, from measure()) to where it
 * is now: Last, Invert, Play, in at most `ms` milliseconds. An element that was not there before
 * comes from the element named by its data-from key when that one was. Elements that moved or
 * arrived get the class "last-move" (until the next drawing). Returns the elements animated.
 */
export function flip(root, before, { ms = 350, still = stillness() } = {}) {
  const moved = [];
  for (const node of root.querySelectorAll("[data-key]")) {
    const was = before.get(node.dataset.key) || (node.dataset.from && before.get(node.dataset.from));
    if (!was) continue;
    const now = node.getBoundingClientRect();
    const dx = was.left - now.left;
    const dy = was.top - now.top;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
    node.classList.add("last-move");
    moved.push(node);
    if (still || !node.animate) continue;
    node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
      { duration: ms, easing: "cubic-bezier(.2,.7,.3,1)" });
  }
  return moved;
}
