// River Wild on the table: the river as laid out, each card at its row and half-column (a card
// spans two half-columns, so each row sits half a card to the side of the one above), with its
// river, mountains, land sections, animals, goals and runestones; Protected Lands outlined and
// numbered; the hand and the face-up next card; the score and the rank thresholds.
// Clicking: a hand card lights the places it may go; a place then plays it (or, when both sides
// fit there, the prompt offers the two sides with what each would score).
// A played card slides from the hand to its place (the shell's stage.js FLIP: cards are keyed,
// data-key, the new one names the hand card it came from, data-from; the river and the hand are
// its zones). Keyboard keys on the drawing are data-keycap (data-key is the pieces' identity).
import { _, el } from "../common.js";

const NS = "http://www.w3.org/2000/svg";
const W = 160; // a card's width; a half-column is W / 2
const H = 104;
const MID = { T0: [W / 4, 0], T1: [3 * W / 4, 0], B0: [W / 4, H], B1: [3 * W / 4, H], S0: [0, H / 2], S1: [W, H / 2] };
const SLOTS = ["T0", "T1", "B0", "B1", "S0", "S1"];
/** Where a card's words go: two columns beside the river's centre, three rows under a strip of
 * marks (runestone, land number) and above the card's name, so no two words ever meet. */
const CELL = { cols: [W * 0.27, W * 0.73], rows: [40, 64, 88], width: W * 0.46, mark: 17, name: H - 4 };
const FONT = 12; // px at full size (the card's words); the svg never shrinks below 80 %

// this drawing's stylesheet, loaded before the first drawing (the module is awaited by table.js)
await new Promise((done) => {
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: new URL("./river-wild.css", import.meta.url).href });
  link.addEventListener("load", done);
  link.addEventListener("error", done);
  document.head.append(link);
});

/** Every sentence this drawing shows, in one place, in the reader's language (see common.js). */
const TEXT = {
  layout: _("The river as laid out (source at the top)"),
  card: (id, side) => _("card {id} ({side})", { id, side: SIDES[side] || side }),
  source: _("source"),
  hand: _("Your hand"),
  next: _("Face-up next card"),
  deck: (n) => _("{n} cards left in the deck", { n }),
  noNext: _("the deck is empty"),
  score: (s) => _("Score: {s}", { s }),
  rank: (r) => _("Rank: {r}", { r }),
  ranks: _("Rank thresholds"),
  lands: _("Protected Lands"),
  noLands: _("none yet: a land is protected once no land edge faces the empty table"),
  land: (i, l) => (l.largest
    ? _("L{i}: {size} cards, {points} points (the largest: its goals score their first numbers)", { i, size: l.size, points: l.points })
    : _("L{i}: {size} cards, {points} points", { i, size: l.size, points: l.points })),
  goalPoints: (l) => _("goals here: {first} as the largest land, {second} otherwise", { first: l.first ?? 0, second: l.second ?? 0 }),
  goals: _("Goals in protected lands score first or second numbers"),
  place: (r, c) => _("place at row {r}, half-column {c}", { r, c }),
  runestone: _("runestone"),
  legendTitle: _("Legend"),
  legendRiver: _("river"),
  legendMountain: _("mountain"),
  legendLand: _("land"),
  legendRune: _("runestone"),
  legendGoal: _("goal: animals, then points as the largest land / otherwise"),
  legendLand2: _("Protected Land, numbered"),
  legendPlace: _("a place your card may go (its key in the corner)"),
  sides: _("Which side?"),
  keys: _("Keys: the number on a card or place picks it; B jumps to the board."),
  placeholder: _("placeholder deck"),
};

/** A card's sides in words. */
const SIDES = { front: _("front"), back: _("back") };

/** A rank as the reader reads it (views name ranks in English; the printed content has both). */
function rankTitle(ranks, name) {
  const found = ranks.find((r) => r.name === name);
  return found && found.title ? found.title : name;
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null) continue;
    // a style through the CSSOM: the site's policy (style-src 'self') refuses a style attribute
    if (k === "style") node.style.cssText = String(v);
    else node.setAttribute(k, String(v));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function faceOf(ctx, id, side) {
  const cards = (ctx.content && ctx.content.cards) || {};
  const card = cards[String(id)];
  return card ? card[side] || card.front : null;
}

const SHAPES = {
  rune: "M2 7Q2 1 8 1Q14 1 14 7Q14 14 8 15Q2 14 2 7z",
  runeMark: "M8 3.5V12.5M8 5.5L11 8M8 9.5L5 7",
  goal: "M8 .8L10.1 5.6L15.2 6.1L11.3 9.5L12.5 14.6L8 11.9L3.5 14.6L4.7 9.5L.8 6.1L5.9 5.6z",
};

/** A small picture at (x, y), `size` across (runestone or goal), always beside words. */
function mark(kind, x, y, size) {
  const g = svg("g", { transform: `translate(${x},${y}) scale(${size / 16})`, class: `rw-icon rw-${kind}`, "aria-hidden": "true" });
  if (kind === "rune") g.append(svg("path", { d: SHAPES.rune }), svg("path", { d: SHAPES.runeMark, class: "rw-rune-mark" }));
  else g.append(svg("path", { d: SHAPES[kind] }));
  return g;
}

/** About how wide `text` is at `px` (for fitting words into a cell; glyphs wider than Latin count double). */
function textWidth(text, px) {
  let w = 0;
  for (const ch of String(text)) w += ch.charCodeAt(0) > 0x2e80 ? 1 : /[A-Z0-9+/]/.test(ch) ? 0.68 : 0.56;
  return w * px;
}

/** Text that fits `room` px: squeezed (never cut) when it would be wider. */
function fitted(text, attrs, room, px = FONT) {
  const wide = textWidth(text, px);
  const fit = wide > room ? { textLength: Math.floor(room), lengthAdjust: "spacingAndGlyphs" } : {};
  return svg("text", { ...attrs, ...fit }, text);
}

/**
 * The cells a face's words go to: each labelled section takes the free cell nearest to the
 * middle of its land (left or right of the river, upper, middle or lower row).
 */
export function labelCells(sections) {
  const taken = new Set();
  const out = [];
  for (const sec of sections) {
    const pts = (sec.slots || []).map((s) => MID[s]).filter(Boolean);
    if (!pts.length || !(sec.animal || sec.goal)) continue;
    const cx = pts.reduce((a, p) => a + p[0], 0) / pts.length;
    const cy = pts.reduce((a, p) => a + p[1], 0) / pts.length;
    const want = [cx < W / 2 ? 0 : 1, cy < H / 3 ? 0 : cy < 2 * H / 3 ? 1 : 2];
    const free = [];
    for (let c = 0; c < 2; c += 1) for (let r = 0; r < 3; r += 1) if (!taken.has(`${c},${r}`)) free.push([c, r]);
    free.sort((a, b) => (a[0] !== want[0]) - (b[0] !== want[0]) || Math.abs(a[1] - want[1]) - Math.abs(b[1] - want[1]));
    if (!free.length) break;
    taken.add(`${free[0][0]},${free[0][1]}`);
    out.push({ sec, col: free[0][0], row: free[0][1] });
  }
  return out;
}

/** One card face at (x, y) as SVG: land ground, mountains, the river through the centre, words. */
function drawFace(face, x, y, label, extra = {}) {
  const g = svg("g", { transform: `translate(${x},${y})`, class: "rw-card", ...extra },
    svg("rect", { width: W, height: H, rx: 5, class: "rw-land" }));
  if (!face) return g;
  const slots = face.slots || [];
  const river = SLOTS.filter((_, i) => slots[i] === "R");
  for (const name of river) {
    const [mx, my] = MID[name];
    g.append(svg("line", { x1: W / 2, y1: H / 2, x2: mx, y2: my, class: "rw-river" }));
  }
  if (river.length) g.append(svg("circle", { cx: W / 2, cy: H / 2, r: 8, class: "rw-river-dot" }));
  SLOTS.forEach((name, i) => {
    if (slots[i] !== "M") return;
    const [mx, my] = MID[name];
    const dx = name.startsWith("S") ? (mx ? -14 : 14) : 0;
    const dy = name.startsWith("T") ? 14 : name.startsWith("B") ? -14 : 0;
    g.append(svg("path", { d: `M${mx - 14 + dx},${my + dy + 7} L${mx + dx},${my + dy - 9} L${mx + 14 + dx},${my + dy + 7} Z`, class: "rw-mountain" }));
  });
  for (const { sec, col, row } of labelCells(face.sections || [])) {
    const cx = CELL.cols[col];
    const cy = CELL.rows[row];
    if (sec.animal) {
      g.append(fitted(sec.animal, { x: cx, y: cy, class: "rw-animal", "text-anchor": "middle" }, CELL.width));
    } else {
      const text = `${sec.goal.label} ${sec.goal.first}/${sec.goal.second}`;
      const left = cx - CELL.width / 2;
      g.append(mark("goal", left + 1, cy - 12, 13),
        fitted(text, { x: left + 16, y: cy, class: "rw-goal" }, CELL.width - 16));
    }
  }
  if (face.runestone) g.append(mark("rune", 5, 4, 15));
  if (label) g.append(svg("text", { x: W - 6, y: CELL.name, class: "rw-label", "text-anchor": "end" }, label));
  return g;
}

/** Places the legal moves name: "place c14 back at 5,2" -> "5,2". */
function places(legal) {
  const out = new Set();
  for (const a of legal || []) {
    const m = /at (-?\d+),(-?\d+)/.exec(a.action);
    if (m) out.add(`${m[1]},${m[2]}`);
  }
  return [...out].map((p) => p.split(",").map(Number));
}

/** The key that picks the n-th highlighted thing (1-9, then a-z skipping b, the board's key). */
export function keyFor(n) {
  if (n < 9) return String(n + 1);
  const letters = "acdefghijklmnopqrstuvwxyz";
  return letters[n - 9] || "";
}

/** What the last move added, remembered between drawings (it stays ringed until the next). */
const memory = { size: null, last: null };

function drawLayout(view, ctx) {
  const layout = Array.isArray(view.layout) ? view.layout : [];
  const picked = ctx.picked || [];
  // places are offered once a hand card is chosen; with one card in hand, at once
  const ghosts = places(ctx.legal);
  const cells = [...layout.map((c) => [c.row, c.col]), ...ghosts];
  const cols = cells.map((p) => p[1]);
  const rows = cells.map((p) => p[0]);
  const minC = Math.min(0, ...cols);
  const maxC = Math.max(0, ...cols);
  const maxR = Math.max(0, ...rows);
  const pad = 8;
  const width = (maxC - minC + 2) * (W / 2) + 2 * pad;
  const height = (maxR + 1) * H + 2 * pad;
  const at = (row, col) => [(col - minC) * (W / 2) + pad, row * H + pad];
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "rw-layout", role: "group", "aria-label": TEXT.layout, "data-zone": "river",
    style: `width:${width}px;max-width:max(100%, ${Math.round(width * 0.8)}px)` });
  if (memory.size !== null && layout.length === memory.size + 1) memory.last = layout.length - 1;
  else if (layout.length !== memory.size) memory.last = null;
  memory.size = layout.length;
  const lands = Array.isArray(view.lands) ? view.lands : [];
  const landOf = new Map();
  lands.forEach((land, i) => (land.cards || []).forEach((p) => landOf.set(p, i + 1)));
  layout.forEach((c, p) => {
    const [x, y] = at(c.row, c.col);
    // the card slides from the hand (an outer group: the face's own transform places it)
    const moved = p === memory.last ? { "data-from": `hand:${c.card}` } : {};
    root.append(svg("g", { "data-key": `card:${c.card}`, ...moved },
      drawFace(faceOf(ctx, c.card, c.side), x, y, c.card === 0 ? TEXT.source : `c${c.card}${c.side === "back" ? "b" : ""}`)));
  });
  layout.forEach((c, p) => {
    const land = landOf.get(p);
    if (!land) return;
    const [x, y] = at(c.row, c.col);
    root.append(svg("rect", { x: x + 3, y: y + 3, width: W - 6, height: H - 6, rx: 6, class: "rw-protected" }),
      svg("text", { x: x + W - 8, y: y + CELL.mark, class: "rw-landno", "text-anchor": "end" }, `L${land}`));
  });
  if (memory.last !== null && layout[memory.last]) {
    const [x, y] = at(layout[memory.last].row, layout[memory.last].col);
    root.append(svg("rect", { x: x - 2, y: y - 2, width: W + 4, height: H + 4, rx: 7, class: "rw-last-ring" }));
  }
  const showPlaces = picked.length > 0 || (Array.isArray(view.hand) && view.hand.length <= 1);
  ghosts.forEach(([row, col], n) => {
    const [x, y] = at(row, col);
    const key = showPlaces ? keyFor(n) : "";
    root.append(svg("g", { class: "rw-ghost", "data-pick": `pos:${row},${col}`, "data-name": TEXT.place(row, col), "data-keycap": key || null },
      svg("rect", { x: x + 24, y: y + 16, width: W - 48, height: H - 32, rx: 8 }),
      key ? svg("text", { x: x + W / 2, y: y + H / 2 + 6, "text-anchor": "middle", class: "rw-key" }, key) : null));
  });
  return el("div", { class: "rw-scroll", tabindex: "0", role: "region", "aria-label": TEXT.layout }, root);
}

function miniCard(ctx, id, key, side = "front", number = "") {
  const face = faceOf(ctx, id, side);
  const attrs = key ? { "data-pick": key, "data-name": TEXT.card(id, side), "data-key": key.startsWith("hand:") ? key : null, "data-keycap": number || null } : {};
  return el("figure", { class: "rw-hand-card", ...attrs },
    svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W * 0.8, height: H * 0.8, "aria-hidden": "true" }, drawFace(face, 0, 0, `c${id}${side === "back" ? "b" : ""}`)),
    el("figcaption", {}, number ? el("span", { class: "rw-keycap", "aria-hidden": "true" }, number) : null,
      side === "back" ? TEXT.card(id, side) : `c${id}`, face && face.runestone ? ` · ${TEXT.runestone}` : ""));
}

/** The legend: each mark of the drawing beside its words. */
function legend() {
  const pic = (...children) => svg("svg", { viewBox: "0 0 24 16", width: 24, height: 16, "aria-hidden": "true" }, ...children);
  const item = (picture, words) => el("li", {}, picture, " ", words);
  return el("details", { class: "rw-legend" }, el("summary", {}, TEXT.legendTitle),
    el("ul", {},
      item(pic(svg("line", { x1: 2, y1: 8, x2: 22, y2: 8, class: "rw-river", "stroke-width": 6 })), TEXT.legendRiver),
      item(pic(svg("path", { d: "M4,14 L12,3 L20,14 Z", class: "rw-mountain" })), TEXT.legendMountain),
      item(pic(svg("rect", { x: 2, y: 2, width: 20, height: 12, rx: 2, class: "rw-land" })), TEXT.legendLand),
      item(pic(mark("rune", 4, 0, 16)), TEXT.legendRune),
      item(pic(mark("goal", 4, 0, 16)), TEXT.legendGoal),
      item(pic(svg("rect", { x: 2, y: 2, width: 20, height: 12, rx: 2, class: "rw-protected" })), TEXT.legendLand2),
      item(pic(svg("rect", { x: 3, y: 3, width: 18, height: 10, rx: 3, class: "rw-ghost-pic" })), TEXT.legendPlace)),
    el("p", { class: "muted" }, TEXT.goals), el("p", { class: "muted" }, TEXT.keys));
}

function drawSide(view, ctx) {
  const ranks = (ctx.content && ctx.content.ranks) || [];
  const lands = Array.isArray(view.lands) ? view.lands : [];
  const hand = Array.isArray(view.hand) ? view.hand : [];
  const picked = ctx.picked || [];
  const chosen = picked.length >= 2 ? /^hand:(\d+)$/.exec(picked[0]) : null;
  const sideKeys = new Set((ctx.legal || []).filter((a) => chosen && a.steps[0] === picked[0] && a.steps[1] === picked[1]).map((a) => a.steps[2]));
  return el("div", { class: "rw-side" },
    el("div", { class: "rw-hand", "data-zone": "hand" }, el("h3", {}, TEXT.hand), el("div", { class: "cards" },
      picked.length === 0 ? hand.map((id, n) => miniCard(ctx, id, `hand:${id}`, "front", keyFor(n))) : hand.map((id) => miniCard(ctx, id, `hand:${id}`))),
    chosen && sideKeys.size ? el("div", { class: "rw-sides" }, el("h4", {}, TEXT.sides), el("div", { class: "cards" },
      ["front", "back"].filter((side) => sideKeys.has(`side:${side}`)).map((side, n) => miniCard(ctx, +chosen[1], `side:${side}`, side, keyFor(n))))) : null),
    el("div", { class: "rw-next" }, el("h3", {}, TEXT.next), view.top !== null && view.top !== undefined ? miniCard(ctx, view.top, null) : el("p", { class: "muted" }, TEXT.noNext),
      el("p", { class: "muted" }, TEXT.deck(view.deck_size ?? "?"))),
    el("div", {}, el("h3", {}, TEXT.score(view.score ?? 0)), el("p", {}, TEXT.rank(rankTitle(ranks, view.rank || ""))),
      el("details", {}, el("summary", {}, TEXT.ranks), el("ul", { class: "rw-ranks" }, [...ranks].reverse().map((r) =>
        el("li", { class: r.name === view.rank ? "current" : "" }, `${r.at}+ ${r.title || r.name}${r.name === view.rank ? " ◀" : ""}`))))),
    el("div", { class: "rw-lands" }, el("h3", {}, TEXT.lands), lands.length
      ? el("ul", {}, lands.map((l, i) => el("li", {}, TEXT.land(i + 1, l), el("br"), el("small", {}, TEXT.goalPoints(l)))))
      : el("p", { class: "muted" }, TEXT.noLands)));
}

/**
 * Keys on the drawing: a highlighted thing with a key (hand cards, then places, then sides)
 * is picked by that key once B has jumped to the board (and turned the page's board keys on).
 * Runs before the page's own number keys, which stay for the move list until B, and for the
 * page's board numbering when the drawing has nothing under that key.
 */
function onKey(event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement || event.target instanceof HTMLTextAreaElement) return;
  const board = document.getElementById("board");
  if (!board || !board.querySelector(".rw")) return;
  const key = event.key.toLowerCase();
  if (key === "b") {
    const first = board.querySelector(".rw [data-keycap].pickable, .rw [data-keycap][data-action], .rw .pickable, .rw [data-action]");
    if (first) {
      event.preventDefault();
      first.focus();
    }
    return;
  }
  if (!/^[1-9a-z]$/.test(key)) return;
  // only once B has turned the board keys on (the page then numbers the board's targets): before
  // that 1-9 play the move list's numbered moves, as the list's key marks say
  if (!document.querySelector("[data-num]")) return;
  const node = [...board.querySelectorAll(`.rw [data-keycap="${CSS.escape(key)}"]`)].find((n) => n.classList.contains("pickable") || n.dataset.action);
  if (!node) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
}
window.addEventListener("keydown", onKey, true);

/** The drawing of one view (`ctx`: content, seat, names, legal, picked). */
export function draw(view, ctx) {
  const root = el("div", { class: "rw" }, drawLayout(view, ctx),
    view.placeholder ? el("p", { class: "muted small" }, TEXT.placeholder) : null, drawSide(view, ctx), legend());
  queueMicrotask(() => follow(root));
  return root;
}

/** Keep the newest part of the river in view inside the board's own scroll box (not the page). */
function follow(root) {
  const box = root.querySelector(".rw-scroll");
  const target = root.querySelector(".rw-ghost.pickable, .rw-ghost[data-action], .rw-last-ring");
  if (!box || !target || !root.isConnected) return;
  const b = box.getBoundingClientRect();
  const t = target.getBoundingClientRect();
  if (t.top < b.top || t.bottom > b.bottom) box.scrollTop += t.top - b.top - (b.height - t.height) / 2;
}

/** What one clicks on the drawing to play `notation`, in order. */
export function steps(notation) {
  const m = /^place c(\d+) (\w+) at (-?\d+),(-?\d+)$/.exec(notation);
  return m ? [`hand:${m[1]}`, `pos:${m[3]},${m[4]}`, `side:${m[2]}`] : [];
}
