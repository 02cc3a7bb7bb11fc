// Moves that move (FLIP): a drawing marks each piece with data-flip="KEY" and says, for every
// piece of the new picture, the key of the place it came from. Before the new picture replaces
// the old one, `snapshot` measures where the old pieces were; after, `play` slides each moved
// piece from there to where it is now (First, Last, Invert, Play) in at most 400 ms. Nothing
// moves when the reader asked for reduced motion. A small local version that the shared table
// machinery can replace: the drawings only set data-flip and data-from.

export const DURATION = 350;

/** True when the reader's system asks for reduced motion (then nothing slides). */
export function reduced() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Where every keyed piece of the picture now on the page is: key -> DOMRect. */
export function snapshot(root) {
  const rects = new Map();
  if (!root) return rects;
  for (const node of root.querySelectorAll("[data-flip]")) rects.set(node.dataset.flip, node.getBoundingClientRect());
  return rects;
}

/**
 * Slide each piece of `root` that names where it came from (data-from, a key of `before`) from
 * that place to its own; runs once the new picture is on the page (a microtask after drawing).
 */
export function play(root, before) {
  if (reduced() || !before.size) return;
  queueMicrotask(() => {
    if (!root.isConnected) return;
    for (const node of root.querySelectorAll("[data-from]")) {
      const from = before.get(node.dataset.from);
      if (!from) continue;
      const to = node.getBoundingClientRect();
      // inside a scaled drawing (an svg's viewBox) a step of 1 moves the piece `scale` pixels
      const box = node instanceof SVGElement && node.ownerSVGElement;
      const scale = box && box.viewBox.baseVal && box.viewBox.baseVal.width
        ? box.getBoundingClientRect().width / box.viewBox.baseVal.width : 1;
      const dx = (from.left - to.left) / scale;
      const dy = (from.top - to.top) / scale;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      node.classList.add("moving");
      const run = node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
        { duration: DURATION, easing: "cubic-bezier(.2,.7,.3,1)" });
      run.addEventListener("finish", () => node.classList.remove("moving"));
    }
  });
}
