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

/** The zone a piece lies in: the data-zone of its nearest marked ancestor (a boat, a column, the hand). */
function zoneOf(node) {
  const zone = node.parentElement && node.parentElement.closest("[data-zone]");
  return zone ? zone.dataset.zone : "";
}

/** Where every keyed element ([data-key]) of `root` is now, and in which zone, by key (the "First" of FLIP). */
export function measure(root) {
  const where = new Map();
  for (const node of root.querySelectorAll("[data-key]")) {
    if (where.has(node.dataset.key)) continue;
    const rect = node.getBoundingClientRect();
    where.set(node.dataset.key, { left: rect.left, top: rect.top, zone: zoneOf(node) });
  }
  return where;
}

/**
 * Animate every keyed element of `root` from where it was (`before`, from measure()) to where it
 * is now: Last, Invert, Play, in at most `ms` milliseconds. An element that was not there before
 * comes from the element named by its data-from key when that one was. A piece that changed zone
 * ([data-zone] ancestors: a boat, a column) or arrived is the move: it gets the class "last-move"
 * and is returned; pieces pushed aside in their zone only glide. A shift shared by most pieces
 * (something drawn above them) is no motion at all, unless `shared` is false (a scene whose
 * pieces may all move at once). A keyed piece inside another that moves (an animal in a boat)
 * slides only by its own part of the move: the boat's motion already carries it.
 */
export function flip(root, before, { ms = 350, still = stillness(), shared = true } = {}) {
  const pairs = [];
  for (const node of root.querySelectorAll("[data-key]")) {
    const same = before.get(node.dataset.key);
    const was = same || (node.dataset.from && before.get(node.dataset.from));
    if (!was) continue;
    const now = node.getBoundingClientRect();
    const arrived = !same || same.zone !== zoneOf(node);
    pairs.push({ node, dx: was.left - now.left, dy: was.top - now.top, arrived });
  }
  // something drawn above the pieces (a report, a prompt) shifts them all alike: that is no move
  const [sx, sy] = shared ? commonShift(pairs) : [0, 0];
  const moved = [];
  const sliding = new Map(); // node -> the slide it runs (document order: a boat before its animals)
  for (const { node, dx, dy, arrived } of pairs) {
    const mx = dx - sx;
    const my = dy - sy;
    if (Math.abs(mx) < 2 && Math.abs(my) < 2) continue;
    sliding.set(node, [mx, my]);
    if (arrived) {
      node.classList.add("last-move");
      moved.push(node);
    }
  }
  if (still) return moved;
  for (const [node, [mx, my]] of sliding) {
    const holder = node.parentElement && node.parentElement.closest("[data-key]");
    const [px, py] = (holder && root.contains(holder) && sliding.get(holder)) || [0, 0];
    const scale = svgScale(node);
    const ox = (mx - px) / scale;
    const oy = (my - py) / scale;
    if ((Math.abs(ox) < 1 && Math.abs(oy) < 1) || !node.animate) continue;
    node.classList.add("moving");
    const run = node.animate([{ transform: `translate(${ox}px, ${oy}px)` }, { transform: "none" }],
      { duration: ms, easing: "cubic-bezier(.2,.7,.3,1)" });
    run.addEventListener("finish", () => node.classList.remove("moving"));
    run.addEventListener("cancel", () => node.classList.remove("moving"));
  }
  return moved;
}

/** Screen pixels per user unit for a piece drawn inside a scaled svg (its viewBox), else 1. */
function svgScale(node) {
  const box = node instanceof SVGElement && node.ownerSVGElement;
  const view = box && box.viewBox && box.viewBox.baseVal;
  if (!view || !view.width) return 1;
  return box.getBoundingClientRect().width / view.width || 1;
}

/** The shift most pieces share (rounded to whole pixels), or none when no shift is shared by most. */
function commonShift(pairs) {
  const counts = new Map();
  for (const { dx, dy } of pairs) {
    const key = `${Math.round(dx)},${Math.round(dy)}`;
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  let best = "0,0";
  for (const [key, n] of counts) if (n > (counts.get(best) || 0)) best = key;
  return (counts.get(best) || 0) * 2 > pairs.length ? best.split(",").map(Number) : [0, 0];
}
