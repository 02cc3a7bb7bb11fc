// Playing by clicking the drawing. A game module says, for each legal action, the things one
// clicks on its drawing to play it, in order (its "steps": e.g. an animal, then a boat, then a
// card). Drawn elements name what they are with data-pick="KEY". After the player has picked a
// prefix of steps, an element is
//   - a complete move (data-action="NOTATION") when exactly one legal action continues the
//     prefix with its key and ends there;
//   - a further step (class "pickable") when several actions continue with its key;
//   - inert otherwise.
// Choices the drawing cannot tell apart (a card to play or to discard) end in the prompt list.

/** True when `steps` begins with every key of `prefix`. */
export function startsWith(steps, prefix) {
  return prefix.every((key, i) => steps[i] === key);
}

/** Legal actions (with their steps) that continue the picked prefix, each action once. */
export function candidates(legal, picked) {
  const seen = new Set();
  return legal.filter((a) => {
    if (a.steps.length < picked.length || !startsWith(a.steps, picked) || seen.has(a.action)) return false;
    seen.add(a.action);
    return true;
  });
}

/**
 * One entry per way of picking each action: a module's steps() gives a list of keys, or a list
 * of such lists when the parts may be picked in any order (two totems to keep).
 */
export function expand(action, steps) {
  if (!steps.length || !Array.isArray(steps[0])) return [{ ...action, steps }];
  return steps.map((one) => ({ ...action, steps: one }));
}

/** What a click on an element with pick key `key` does now: {action} | {step} | null. */
export function effectOf(key, legal, picked) {
  const ways = legal.filter((a) => a.steps.length > picked.length && startsWith(a.steps, picked) && a.steps[picked.length] === key);
  const next = [...new Map(ways.map((a) => [a.action, a])).values()];
  if (next.length === 1 && next[0].steps.length === picked.length + 1) return { action: next[0] };
  if (next.length > 0) return { step: key, count: next.length };
  return null;
}

function activate(node, label, onChoose) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", label);
  node.addEventListener("click", onChoose);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onChoose(event);
    }
  });
  if (!node.querySelector(":scope > title") && node instanceof SVGElement) {
    const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
    title.textContent = label;
    node.prepend(title);
  } else if (!(node instanceof SVGElement)) node.title = label;
}

/**
 * Make the drawing in `board` playable: every [data-pick] element becomes a move, a step or
 * nothing. `play(action)` sends a move; `pick(key)` extends the prefix.
 */
export function decorate(board, legal, picked, play, pick, words) {
  for (const node of board.querySelectorAll("[data-pick]")) {
    const key = node.dataset.pick;
    if (picked.includes(key)) node.classList.add("picked");
    const effect = effectOf(key, legal, picked);
    const name = node.dataset.name || key;
    if (effect && effect.action) {
      node.dataset.action = effect.action.action;
      node.classList.add("playable");
      activate(node, effect.action.text, () => play(effect.action));
    } else if (effect) {
      node.classList.add("pickable");
      activate(node, `${name}: ${words.choose(effect.count)}`, () => pick(key));
    }
  }
}
