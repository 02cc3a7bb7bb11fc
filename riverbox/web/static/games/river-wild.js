// River Wild on the table: the river as laid out, each card at its row and half-column (a card
// spans two half-columns, so each row sits half a card to the side of the one above), with its
// river, mountains, land sections, animals, goals and runestones; Protected Lands outlined and
// numbered; the hand and the face-up next card; the score and the rank thresholds.
// Clicking: a hand card lights the places it may go; a place then plays it (or, when both sides
// fit there, the prompt offers the two sides with what each would score).
import { _, el } from "../common.js";

const NS = "http://www.w3.org/2000/svg";
const W = 120; // a card's width; a half-column is W / 2
const H = 80;
const MID = { T0: [30, 0], T1: [90, 0], B0: [30, H], B1: [90, H], S0: [0, H / 2], S1: [W, H / 2] };
const SLOTS = ["T0", "T1", "B0", "B1", "S0", "S1"];

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
  legend: _("Legend: blue band = river, grey peak = mountain, green = land, ◆ = runestone, dashed outline and L1, L2… = Protected Lands."),
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
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, String(v));
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

/** One card face at (x, y) as SVG: land ground, mountains, the river through the centre, sections. */
function drawFace(face, x, y, label) {
  const g = svg("g", { transform: `translate(${x},${y})`, class: "rw-card" },
    svg("rect", { width: W, height: H, rx: 4, class: "rw-land" }));
  if (!face) return g;
  const slots = face.slots || [];
  const river = SLOTS.filter((_, i) => slots[i] === "R");
  for (const name of river) {
    const [mx, my] = MID[name];
    g.append(svg("line", { x1: W / 2, y1: H / 2, x2: mx, y2: my, class: "rw-river" }));
  }
  if (river.length) g.append(svg("circle", { cx: W / 2, cy: H / 2, r: 7, class: "rw-river-dot" }));
  SLOTS.forEach((name, i) => {
    if (slots[i] !== "M") return;
    const [mx, my] = MID[name];
    const dx = name.startsWith("S") ? (mx ? -10 : 10) : 0;
    const dy = name.startsWith("T") ? 12 : name.startsWith("B") ? -12 : 0;
    g.append(svg("path", { d: `M${mx - 12 + dx},${my + dy + 6} L${mx + dx},${my + dy - 8} L${mx + 12 + dx},${my + dy + 6} Z`, class: "rw-mountain" }));
  });
  for (const sec of face.sections || []) {
    const pts = (sec.slots || []).map((s) => MID[s]).filter(Boolean);
    if (!pts.length) continue;
    const cx = pts.reduce((a, p) => a + p[0], 0) / pts.length * 0.6 + W / 2 * 0.4;
    const cy = pts.reduce((a, p) => a + p[1], 0) / pts.length * 0.6 + H / 2 * 0.4;
    const text = sec.animal ? sec.animal : sec.goal ? `${sec.goal.label} ${sec.goal.first}/${sec.goal.second}` : "";
    if (text) g.append(svg("text", { x: cx, y: cy + 4, class: sec.goal ? "rw-goal" : "rw-animal", "text-anchor": "middle" }, text));
  }
  if (face.runestone) g.append(svg("text", { x: 8, y: 16, class: "rw-rune" }, "◆"));
  if (label) g.append(svg("text", { x: W - 4, y: H - 5, class: "rw-label", "text-anchor": "end" }, label));
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

function drawLayout(view, ctx) {
  const layout = Array.isArray(view.layout) ? view.layout : [];
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
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "rw-layout", role: "group", "aria-label": TEXT.layout,
    style: `max-width:${width}px` });
  const lands = Array.isArray(view.lands) ? view.lands : [];
  const landOf = new Map();
  lands.forEach((land, i) => (land.cards || []).forEach((p) => landOf.set(p, i + 1)));
  layout.forEach((c, p) => {
    const [x, y] = at(c.row, c.col);
    root.append(drawFace(faceOf(ctx, c.card, c.side), x, y, c.card === 0 ? TEXT.source : `c${c.card}${c.side === "back" ? "b" : ""}`));
  });
  layout.forEach((c, p) => {
    const land = landOf.get(p);
    if (!land) return;
    const [x, y] = at(c.row, c.col);
    root.append(svg("rect", { x: x + 3, y: y + 3, width: W - 6, height: H - 6, rx: 6, class: "rw-protected" }),
      svg("text", { x: x + W - 8, y: y + 18, class: "rw-landno", "text-anchor": "end" }, `L${land}`));
  });
  for (const [row, col] of ghosts) {
    const [x, y] = at(row, col);
    root.append(svg("g", { class: "rw-ghost", "data-pick": `pos:${row},${col}`, "data-name": TEXT.place(row, col) },
      svg("rect", { x: x + 30, y: y + 15, width: W / 2, height: H - 30, rx: 6 }),
      svg("text", { x: x + W / 2, y: y + H / 2 + 5, "text-anchor": "middle" }, `${row},${col}`)));
  }
  return el("div", { class: "rw-scroll" }, root);
}

function miniCard(ctx, id, key) {
  const face = faceOf(ctx, id, "front");
  const attrs = key ? { "data-pick": key, "data-name": TEXT.card(id, "front") } : {};
  return el("figure", { class: "rw-hand-card", ...attrs },
    svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, "aria-hidden": "true" }, drawFace(face, 0, 0, `c${id}`)),
    el("figcaption", {}, `c${id}`, face && face.runestone ? ` · ${TEXT.runestone}` : ""));
}

function drawSide(view, ctx) {
  const ranks = (ctx.content && ctx.content.ranks) || [];
  const lands = Array.isArray(view.lands) ? view.lands : [];
  const hand = Array.isArray(view.hand) ? view.hand : [];
  return el("div", { class: "rw-side" },
    el("div", {}, el("h3", {}, TEXT.hand), el("div", { class: "cards" }, hand.map((id) => miniCard(ctx, id, `hand:${id}`)))),
    el("div", {}, el("h3", {}, TEXT.next), view.top !== null && view.top !== undefined ? miniCard(ctx, view.top, null) : el("p", { class: "muted" }, TEXT.noNext),
      el("p", { class: "muted" }, TEXT.deck(view.deck_size ?? "?"))),
    el("div", {}, el("h3", {}, TEXT.score(view.score ?? 0)), el("p", {}, TEXT.rank(rankTitle(ranks, view.rank || ""))),
      el("h4", {}, TEXT.ranks), el("ul", { class: "rw-ranks" }, [...ranks].reverse().map((r) =>
        el("li", { class: r.name === view.rank ? "current" : "" }, `${r.at}+ ${r.title || r.name}${r.name === view.rank ? " ◀" : ""}`)))),
    el("div", {}, el("h3", {}, TEXT.lands), lands.length
      ? el("ul", {}, lands.map((l, i) => el("li", {}, TEXT.land(i + 1, l), el("br"), el("small", {}, TEXT.goalPoints(l)))))
      : el("p", { class: "muted" }, TEXT.noLands),
    el("p", { class: "muted" }, TEXT.goals)));
}

/** The drawing of one view (`ctx`: content, seat, names, legal). */
export function draw(view, ctx) {
  return el("div", { class: "rw" }, drawLayout(view, ctx), el("p", { class: "muted small" }, TEXT.legend,
    view.placeholder ? ` (${TEXT.placeholder})` : ""), drawSide(view, ctx));
}

/** What one clicks on the drawing to play `notation`, in order. */
export function steps(notation) {
  const m = /^place c(\d+) (\w+) at (-?\d+),(-?\d+)$/.exec(notation);
  return m ? [`hand:${m[1]}`, `pos:${m[3]},${m[4]}`, `side:${m[2]}`] : [];
}
