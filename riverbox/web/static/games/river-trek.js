// River Trek on the table: the path drawn as a winding trail beside its river, stop by stop in
// the boards' order from the Dock to the clearing (the river runs on one side of the trail and
// crosses it at each river crossing); each trading-post area lies on the land side beside the
// spaces it pays, its posts on it; caravans stand as stacks of explorer pieces, the top piece
// at the top, each piece its colour's plate, picture and letter; the Dock, Base camp, Bridge and Scout
// are tokens on their stops; one panel per colour holds its money, pieces and animals.
// The trail is a grid placed twice (12 stops a row on a wide board, 6 on a narrow one): every
// piece carries both places and a container query picks one, so one DOM serves both screens.
// Clicking: a caravan's stop (move or place); an area (twice to post, or then another to move a
// post); an animal in your panel, then the stops it acts on; the bar's buttons for the rest.
// Every move slides its pieces from where they were (the shell's stage.js FLIP: each piece is
// keyed by its place and colour, data-key, and names where it came from, data-from; stops, areas
// and panels are its zones); the stops and areas the last move changed stay ringed until the next.
import { _, el } from "../common.js";

// this drawing's stylesheet, loaded before the first drawing (the module is awaited by table.js)
await new Promise((done) => {
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: new URL("./river-trek.css", import.meta.url).href });
  link.addEventListener("load", done);
  link.addEventListener("error", done);
  document.head.append(link);
});

/** Every sentence this drawing shows, in one place, in the reader's language (see common.js). */
const TEXT = {
  trail: _("The trail from the Dock (start) to the clearing, beside the river"),
  space: (i) => _("Space {i}", { i }),
  spaceKind: { crossing: _("river crossing"), number: _("number space"), star: _("star space") },
  caravan: (n, list) => _("caravan of {n}, top first: {list}", { n, list }),
  dock: _("Dock"),
  bridge: _("Bridge"),
  basecamp: _("Base camp"),
  scout: _("Scout"),
  clearing: _("Clearing"),
  inClearing: (n) => _("{n} in the clearing", { n }),
  faceDown: _("face down"),
  area: (letter, size) => _("area {letter} · {size}", { letter, size }),
  areaLong: (a, size, list) => _("trading-post area {name} ({size}), posts: {list}", { name: areaWords(a), size, list }),
  noPosts: _("none"),
  closed: _("closed"),
  closedLong: _("closed by the Bridge"),
  money: (m) => (m === null || m === undefined ? _("money hidden") : `$${m}`),
  reserve: (n) => _("reserve {n}", { n }),
  handPosts: (n) => _("posts {n}", { n }),
  clearingCount: (n) => _("clearing {n}", { n }),
  stanley: _("Stanley (neutral)"),
  you: _("you"),
  toMove: _("to move"),
  spend: _("spend"),
  hold: _("hold"),
  event: _("Civilization Event"),
  eventState: [_("the Scout is still on the trail"), _("coming: the Scout was taken"), _("done")],
  phase: (p, t) => _("{p} · turn {t}", { p: PHASES[p] || p, t }),
  finalRound: _("final round"),
  placeholder: _("placeholder boards"),
  colour: (i) => _("colour {i}", { i }),
  board: { START: _("Start board"), FINAL: _("Final board") },
  middle: (n, side) => _("board {n}, side {side}", { n, side }),
  inHand: (list) => _("being moved: {list}", { list }),
  players: _("Players"),
  legend: _("Stops: the number is the space; ≈ a river crossing; ⌂ posts in an area; pieces are stacked top first; a ring marks what the last move changed."),
  actions: _("Other moves"),
  lastMove: _("changed by the last move"),
  unusable: _("unusable: behind the Bridge"),
};

/** The buttons of the action bar: notation word -> words. */
const BAR = {
  skip: _("Skip the trading post"),
  end: _("End my turn"),
  done: _("Done with the Monkey"),
  drop: _("Drop one explorer"),
  dropall: _("Drop all, no powers"),
  up: _("Upstream (forward)"),
  down: _("Downstream (back)"),
};

/** An area's size in words. */
const SIZES = { small: _("small"), large: _("large"), smallPlus: _("small, +2"), largePlus: _("large, +2") };

/** The colours (and Stanley) as views name them, in words. */
const COLOURS = { green: _("green"), orange: _("orange"), purple: _("purple"), blue: _("blue"), Stanley: _("Stanley") };

/** The steps of a turn as views name them, in words. */
const PHASES = {
  "setup-explorer": _("setup: starting explorers"),
  "setup-post": _("setup: starting trading posts"),
  "setup-tile": _("setup: animal tiles"),
  post: _("trading post"),
  move: _("move a caravan"),
  drop: _("drops of a move"),
  place: _("new explorer"),
  end: _("end of the turn"),
  monkey: _("Monkey"),
  restack: _("Capybara restack"),
  over: _("game over"),
};

const WIDE = 12; // stops per trail row on a wide board
const NARROW = 6; // ... and on a narrow one (the container query in river-trek.css picks)
const SVGNS = "http://www.w3.org/2000/svg";

function areaSize(a) {
  if (a.plus2) return a.small ? SIZES.smallPlus : SIZES.largePlus;
  return a.small ? SIZES.small : SIZES.large;
}

/** An area's name in words: "START-a" -> "Start board a" (board ids never reach the reader). */
function areaWords(a) {
  const name = String(a.name || "");
  const cut = name.lastIndexOf("-");
  return cut > 0 ? `${boardName(name.slice(0, cut))} ${name.slice(cut + 1)}` : name;
}

function animalTitle(ctx, name) {
  const data = (ctx.content && ctx.content.animals) || {};
  return (data[name] && data[name].title) || name;
}

function colourName(view, i) {
  const name = (Array.isArray(view.colours) ? view.colours : [])[i];
  return name === undefined ? TEXT.colour(i) : COLOURS[name] || name;
}

/** A board's name in words (never its id): "Start board", "board M3, side A". */
export function boardName(id) {
  if (TEXT.board[id]) return TEXT.board[id];
  const m = /^M(\d+)([AB])$/.exec(String(id));
  return m ? TEXT.middle(m[1], m[2]) : String(id);
}

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
}

/** Small pictures drawn here (a shape each, always beside a word or a letter). */
const SHAPES = {
  explorer: "M8 1.5a3 3 0 1 1 0 6a3 3 0 1 1 0-6zM3 15l1.2-5.5Q8 7.5 11.8 9.5L13 15z",
  post: "M2 8L8 2.5L14 8V15H2z",
  tent: "M8 1.5L15 14.5H1z M8 6L11 14.5H5z",
  dock: "M1 9h14v2.5H1z M3 11.5v4M8 11.5v4M13 11.5v4 M5 2.5h6l-3 5z",
  bridge: "M1 6h14v2.5H1z M2 8.5q6 7 12 0",
  flag: "M3 1v14.5 M3 1.5h10l-3 3l3 3H3",
  paw: "M8 9c3 0 4.5 3 3.5 4.6S9.5 14 8 14s-2.5 1.2-3.5-.4S5 9 8 9z M3.2 6.3a1.5 2 0 1 1 0 .1z M6.2 3.4a1.5 2 0 1 1 0 .1z M9.8 3.4a1.5 2 0 1 1 0 .1z M12.8 6.3a1.5 2 0 1 1 0 .1z",
};

function icon(shape, cls = "") {
  return svg("svg", { viewBox: "0 0 16 16", class: `rt-icon ${cls}`, "aria-hidden": "true", focusable: "false" },
    svg("path", { d: SHAPES[shape] }));
}

/** The vendored picture of each colour's explorers (scripts/art.json): a different figure each. */
const EXPLORERS = { green: "explorer-green", orange: "explorer-orange", purple: "explorer-purple", blue: "explorer-blue", Stanley: "explorer-stanley" };

/** The pictures of a head and shoulders: drawn closer, so the head fills the piece's disc. */
const BUSTS = new Set(["explorer-purple", "explorer-blue"]);

/** An explorer's face: its colour's picture, or the drawn figure when there is no art. */
function face(view, ctx, c) {
  const name = EXPLORERS[(Array.isArray(view.colours) ? view.colours : [])[c]];
  const box = el("span", { class: `rt-face${BUSTS.has(name) ? " rt-bust" : ""}`, "aria-hidden": "true" });
  const image = name && ctx && ctx.art ? ctx.art(name, "", { loading: "eager" }) : null;
  if (!image) box.append(icon("explorer"));
  else {
    image.addEventListener("error", () => box.append(icon("explorer")), { once: true });
    box.append(image);
  }
  return box;
}

/**
 * One explorer piece: its colour's plate, its colour's own figure and its colour's letter, so
 * neither the colour nor the picture is ever the only way to tell two colours apart.
 */
function piece(view, ctx, c, attrs = {}) {
  const name = colourName(view, c);
  return el("span", { class: `rt-piece rt-c${c}`, title: name, ...attrs },
    face(view, ctx, c), el("span", { class: "rt-letter", "aria-hidden": "true" }, String(name).slice(0, 1).toUpperCase()));
}

/** One trading post: a coloured house with its colour's letter. */
function post(view, c, attrs = {}) {
  const name = colourName(view, c);
  return el("span", { class: `rt-post rt-c${c}`, title: name, ...attrs },
    icon("post"), el("span", { class: "rt-letter", "aria-hidden": "true" }, String(name).slice(0, 1).toUpperCase()));
}

/** A token on a stop: picture and word. */
function token(shape, word, cls) {
  return el("span", { class: `rt-token ${cls}` }, icon(shape), el("span", {}, word));
}

/** Where stop `i` goes with `cols` stops a row: the trail runs left to right, then back. */
export function stopAt(i, cols) {
  const row = Math.floor(i / cols);
  const k = i % cols;
  return { row, col: row % 2 === 0 ? k : cols - 1 - k, reversed: row % 2 === 1 };
}

/**
 * Which side of the trail the river runs on at each space, "L" or "R" looking upstream: it
 * starts on the Start board's left (placeholder boards, data/boards.json) and crosses the trail
 * at every river crossing (the river-side rule of the board layout; the Dock is no crossing).
 */
export function riverSides(spaces) {
  let side = "L";
  return spaces.map((s) => {
    if (s && s.kind === "crossing") {
      side = side === "L" ? "R" : "L";
      return "X";
    }
    return side;
  });
}

/** Grid places of a thing at stop row `row`, band `band` (0 above, 1 the stop, 2 below). */
function gridVars(prefix, row, band, col, span = 1) {
  return `--${prefix}r:${row * 3 + band + 1};--${prefix}c:${col + 1} / span ${span};`;
}

/** Both places of a band item beside stop `i` (above or below, by the river side there). */
function bandStyle(i, side, water) {
  let style = "";
  for (const [prefix, cols] of [["w", WIDE], ["n", NARROW]]) {
    const at = stopAt(i, cols);
    // looking upstream, left is up on a left-to-right row and down on a reversed one
    const riverUp = (side === "L") !== at.reversed;
    const band = water === riverUp ? 0 : 2;
    style += gridVars(prefix, at.row, band, at.col);
  }
  return style;
}

/** Where an area lies: on the row holding most of its spaces, spanning them, on the land side. */
function areaStyle(spaces, sides) {
  let style = "";
  for (const [prefix, cols] of [["w", WIDE], ["n", NARROW]]) {
    const rows = new Map();
    for (const s of spaces) {
      const at = stopAt(s, cols);
      rows.set(at.row, [...(rows.get(at.row) || []), at]);
    }
    const [row, ats] = [...rows.entries()].sort((a, b) => b[1].length - a[1].length)[0];
    const lo = Math.min(...ats.map((a) => a.col));
    const hi = Math.max(...ats.map((a) => a.col));
    const riverUp = (sides[spaces[0]] === "L") !== ats[0].reversed;
    style += gridVars(prefix, row, riverUp ? 2 : 0, lo, hi - lo + 1);
  }
  return style;
}

/** What the last move changed, remembered between drawings of one page. */
const memory = { view: null, changed: new Set(), from: new Map() };

/** Each space's pieces as "colour@space:level" place keys. */
function placesOf(view) {
  const out = [];
  (Array.isArray(view.stacks) ? view.stacks : []).forEach((stack, s) => {
    (stack || []).forEach((c, level) => out.push({ c, key: `m:${s}:${level}`, s, level }));
  });
  return out;
}

/**
 * Compare the new view with the last one drawn: the stops and areas that changed (ringed), and
 * for each moved piece the place it came from (the same colour's nearest piece that left a
 * place, else that colour's reserve in its panel).
 */
function remember(view) {
  const old = memory.view;
  const same = old && JSON.stringify(old.stacks) === JSON.stringify(view.stacks)
    && JSON.stringify((old.areas || []).map((a) => a.posts)) === JSON.stringify((view.areas || []).map((a) => a.posts));
  if (same || !old) {
    if (!old) memory.view = view;
    return;
  }
  const changed = new Set();
  const stacks = Array.isArray(view.stacks) ? view.stacks : [];
  stacks.forEach((stack, s) => {
    if (JSON.stringify(stack) !== JSON.stringify((old.stacks || [])[s] || [])) changed.add(`space:${s}`);
  });
  (view.areas || []).forEach((a, k) => {
    if (JSON.stringify(a.posts) !== JSON.stringify(((old.areas || [])[k] || {}).posts)) changed.add(`area:${a.id ?? k}`);
  });
  const before = placesOf(old);
  const now = placesOf(view);
  const stay = new Set(now.filter((p) => before.some((q) => q.key === p.key && q.c === p.c)).map((p) => p.key));
  const left = before.filter((q) => !now.some((p) => p.key === q.key && p.c === q.c));
  const from = new Map();
  for (const p of now) {
    if (stay.has(p.key)) continue;
    const mates = left.filter((q) => q.c === p.c);
    mates.sort((a, b) => Math.abs(a.s - p.s) - Math.abs(b.s - p.s) || a.level - b.level);
    const src = mates[0];
    if (src) left.splice(left.indexOf(src), 1);
    from.set(p.key, src ? src.key : `reserve:${p.c}`);
  }
  (view.areas || []).forEach((a, k) => {
    const was = ((old.areas || [])[k] || {}).posts || [];
    (a.posts || []).forEach((n, c) => {
      for (let j = was[c] || 0; j < n; j += 1) from.set(`p:${a.id ?? k}:${c}:${j}`, `reserve:${c}`);
    });
  });
  memory.view = view;
  memory.changed = changed;
  memory.from = from;
}

/** The key of the piece a moved piece of colour `c` at place `key` was in the last drawing (data-from). */
function from(key, c) {
  const was = memory.from.get(key);
  if (!was) return null;
  return was.startsWith("reserve:") ? was : `${was}:${c}`;
}

function drawStop(view, i, space, ctx, side, tiles) {
  const stack = (Array.isArray(view.stacks) ? view.stacks : [])[i] || [];
  const kind = space.kind || "normal";
  const tokens = [];
  if (i === view.dock || kind === "dock") tokens.push(token("dock", TEXT.dock, "rt-tok-dock"));
  if (i === view.bridge) tokens.push(token("bridge", TEXT.bridge, "rt-tok-bridge"));
  if (i === view.basecamp) tokens.push(token("tent", TEXT.basecamp, "rt-tok-camp"));
  if (view.scout && view.scout.space === i && view.scout.state === 0) tokens.push(token("flag", TEXT.scout, "rt-tok-scout"));
  const mark = kind === "number" ? `${space.value}` : kind === "star" ? "★" : kind === "crossing" ? "≈" : "";
  const start = Array.isArray(view.board_start) ? view.board_start.indexOf(i) : -1;
  const unusable = typeof view.bridge === "number" && view.bridge >= 0 && i < view.bridge;
  const names = [...stack].reverse().map((c) => colourName(view, c)).join(", ");
  const move = view.move && view.move.position === i ? view.move : null;
  const extra = [TEXT.space(i), TEXT.spaceKind[kind], memory.changed.has(`space:${i}`) ? TEXT.lastMove : null,
    unusable ? TEXT.unusable : null].filter(Boolean).join(", ");
  let style = "";
  const turns = {};
  for (const [prefix, cols] of [["w", WIDE], ["n", NARROW]]) {
    const at = stopAt(i, cols);
    style += gridVars(prefix, at.row, 1, at.col);
    // the trail goes on to the right, to the left, or down to the next row
    turns[`data-${prefix}`] = i % cols === cols - 1 ? "down" : at.reversed ? "left" : "right";
  }
  return el("div", {
    ...turns,
    class: `rt-stop rt-${kind}${start >= 0 ? " rt-board-start" : ""}${memory.changed.has(`space:${i}`) ? " rt-last" : ""}${unusable ? " rt-gone" : ""}`,
    style, "data-pick": `space:${i}`, "data-name": extra, "data-side": side, "data-zone": `space:${i}`,
  },
  // a crossing's river runs across the stop, under its words; the board's name there is on a plate
  kind === "crossing" ? el("span", { class: "rt-ford", "aria-hidden": "true" }) : null,
  el("span", { class: "rt-no" }, el("span", { class: "sr-only" }, `${extra}. `), `${i}`, mark ? el("b", { class: "rt-mark" }, ` ${mark}`) : null),
  start >= 0 && Array.isArray(view.boards) ? el("span", { class: "rt-boardname" }, boardName(view.boards[start])) : null,
  tokens.length ? el("span", { class: "rt-tokens" }, tokens) : null,
  stack.length ? el("span", { class: "rt-stack", role: "img", "aria-label": TEXT.caravan(stack.length, names) },
    [...stack].map((c, level) => ({ c, level })).reverse().map(({ c, level }) => {
      const key = `m:${i}:${level}`;
      return piece(view, ctx, c, { "data-key": `${key}:${c}`, "data-from": from(key, c) });
    })) : null,
  move ? el("span", { class: "rt-inhand", role: "img", "aria-label": TEXT.inHand(move.in_hand.map((c) => colourName(view, c)).join(", ")) },
    move.in_hand.map((c) => piece(view, ctx, c))) : null,
  (tiles.get(i) || []).map((a) => el("span", { class: "rt-tile" }, icon("paw"),
    el("span", {}, a.face_down ? TEXT.faceDown : animalTitle(ctx, a.name)))));
}

function drawArea(view, a, k, sides) {
  const posts = Array.isArray(a.posts) ? a.posts : [];
  const spaces = Array.isArray(a.spaces) && a.spaces.length ? a.spaces : null;
  if (!spaces) return null;
  const id = a.id ?? k;
  const letter = String(a.name || "").split("-").pop();
  const houses = posts.flatMap((n, c) => Array.from({ length: n }, (_unused, j) => post(view, c,
    { "data-key": `p:${id}:${c}:${j}`, "data-from": from(`p:${id}:${c}:${j}`, c) })));
  const list = posts.flatMap((n, c) => (n ? [`${colourName(view, c)} ${n}`] : [])).join(", ") || TEXT.noPosts;
  const closed = a.usable === false;
  return el("div", {
    class: `rt-area${closed ? " closed" : ""}${a.plus2 ? " plus2" : ""}${memory.changed.has(`area:${id}`) ? " rt-last" : ""}`,
    style: areaStyle(spaces, sides), "data-pick": `area:${id}`, "data-zone": `area:${id}`,
    "data-name": `${TEXT.areaLong(a, areaSize(a), list)}${closed ? `, ${TEXT.closedLong}` : ""}`,
  }, el("span", { class: "rt-area-name" }, a.plus2 ? areaSize(a) : TEXT.area(letter, areaSize(a)), closed ? ` · ${TEXT.closed}` : ""),
  houses.length ? el("span", { class: "rt-posts" }, houses) : null);
}

function drawTrail(view, ctx) {
  const spaces = Array.isArray(view.spaces) ? view.spaces : [];
  const sides = riverSides(spaces);
  const tiles = new Map();
  for (const a of Array.isArray(view.animals) ? view.animals : []) {
    if (a.holder === -1 || a.holder === null || a.holder === undefined) tiles.set(a.space, [...(tiles.get(a.space) || []), a]);
  }
  const water = [];
  spaces.forEach((s, i) => {
    if (sides[i] === "X") {
      water.push(el("span", { class: "rt-water", style: bandStyle(i, "L", true), "aria-hidden": "true" }),
        el("span", { class: "rt-water", style: bandStyle(i, "L", false), "aria-hidden": "true" }));
    } else water.push(el("span", { class: "rt-water", style: bandStyle(i, sides[i], true), "aria-hidden": "true" }));
  });
  const n = spaces.length;
  const clearing = Array.isArray(view.clearing) ? view.clearing : [];
  let endStyle = "";
  for (const [prefix, cols] of [["w", WIDE], ["n", NARROW]]) {
    const at = stopAt(n, cols);
    endStyle += gridVars(prefix, at.row, 1, at.col);
  }
  const scoutDone = view.scout && view.scout.state !== 0;
  const end = el("div", { class: "rt-stop rt-clearing", style: endStyle },
    el("span", { class: "rt-no" }, TEXT.clearing),
    scoutDone ? token("flag", TEXT.scout, "rt-tok-scout") : null,
    el("span", { class: "rt-stack rt-flat" }, clearing.flatMap((count, c) => Array.from({ length: count }, () => piece(view, ctx, c)))),
    el("span", { class: "sr-only" }, clearing.map((count, c) => `${colourName(view, c)}: ${TEXT.inClearing(count)}`).join("; ")));
  const rowsW = Math.ceil((n + 1) / WIDE) * 3;
  const rowsN = Math.ceil((n + 1) / NARROW) * 3;
  return el("div", { class: "rt-trail-box" }, el("div", {
    class: "rt-trail", role: "group", "aria-label": TEXT.trail, style: `--wrows:${rowsW};--nrows:${rowsN}`,
  }, water, spaces.map((s, i) => drawStop(view, i, s || {}, ctx, sides[i], tiles)),
  (Array.isArray(view.areas) ? view.areas : []).map((a, k) => drawArea(view, a, k, sides)), end));
}

function drawPanels(view, ctx) {
  const colours = Array.isArray(view.colours) ? view.colours : [];
  const at = (key, i) => (Array.isArray(view[key]) ? view[key][i] : undefined);
  const data = (ctx.content && ctx.content.animals) || {};
  const animals = Array.isArray(view.animals) ? view.animals : [];
  const toMove = Array.isArray(view.to_move) ? view.to_move : [];
  return el("ul", { class: "rt-panels", "aria-label": TEXT.players }, colours.map((c, i) => {
    const stanley = i === view.stanley;
    const who = stanley ? TEXT.stanley : `${ctx.names[i] || colourName(view, i)}${i === ctx.seat ? ` (${TEXT.you})` : ""}`;
    const held = animals.filter((a) => a.holder === i);
    const moving = toMove.includes(i) && !view.winners;
    return el("li", { class: `rt-panel rt-c${i}-panel${moving ? " to-move" : ""}${i === ctx.seat ? " mine" : ""}`, "data-zone": `panel:${i}` },
      el("p", { class: "rt-who" }, piece(view, ctx, i, { "data-key": `reserve:${i}` }), el("strong", {}, ` ${who}`),
        moving ? el("span", { class: "rt-tomove" }, ` ▶ ${TEXT.toMove}`) : null,
        stanley ? null : el("span", { class: "rt-money" }, ` ${TEXT.money(at("money", i))}`)),
      el("p", { class: "rt-counts" }, TEXT.reserve(at("offboard", i) ?? "?"), " · ", TEXT.clearingCount(at("clearing", i) ?? 0),
        stanley ? "" : ` · ${TEXT.handPosts(at("hand_posts", i) ?? 0)}`),
      held.length ? el("p", { class: "rt-held" }, held.map((a) => {
        const d = data[a.name] || { title: a.name, kind: "", text: "" };
        const mine = i === ctx.seat;
        return el("span", {
          class: "rt-animal", title: `${d.title}: ${d.text}`,
          "data-pick": mine ? `animal:${a.name}` : null, "data-name": `${d.title} (${d.kind === "HOLD" ? TEXT.hold : TEXT.spend})`,
        }, icon("paw"), `${d.title}`, el("small", {}, d.kind === "HOLD" ? ` · ${TEXT.hold}` : ` · ${TEXT.spend}`));
      })) : null);
  }));
}

/** The action bar: a button for each move (or last step) that has no place on the trail. */
function drawBar(view, ctx) {
  const keys = new Set();
  for (const a of ctx.legal || []) for (const key of a.steps || []) if (String(key).startsWith("bar:")) keys.add(key);
  if (!keys.size) return null;
  const order = ["bar:up", "bar:down", "bar:drop", "bar:dropall", "bar:skip", "bar:done", "bar:end"];
  const sorted = [...keys].sort((a, b) => (order.indexOf(a) + 100) % 100 - (order.indexOf(b) + 100) % 100);
  return el("div", { class: "rt-bar", role: "group", "aria-label": TEXT.actions }, sorted.map((key) => {
    const word = key.slice(4);
    if (word.startsWith("restack:")) {
      const c = +word.slice(8);
      return el("span", { class: "rt-barbutton", "data-pick": key, "data-name": colourName(view, c) }, piece(view, ctx, c), ` ${colourName(view, c)}`);
    }
    return el("span", { class: "rt-barbutton", "data-pick": key, "data-name": BAR[word] || word }, BAR[word] || word);
  }));
}

/** The drawing of one view (`ctx`: content, seat, names, legal). */
export function draw(view, ctx) {
  remember(view);
  const scout = view.scout && typeof view.scout === "object" ? view.scout : null;
  const root = el("div", { class: "rt" },
    el("p", { class: "rt-status" }, el("strong", {}, TEXT.phase(view.phase || "", view.turn_number ?? "")),
      view.final_round ? ` · ${TEXT.finalRound}` : "",
      scout && view.variant === "full" ? ` · ${TEXT.event}: ${TEXT.eventState[scout.state] ?? scout.state}` : "",
      view.placeholder_boards ? el("span", { class: "muted" }, ` · ${TEXT.placeholder}`) : ""),
    drawPanels(view, ctx), drawBar(view, ctx), drawTrail(view, ctx),
    el("p", { class: "rt-legend muted" }, TEXT.legend));
  return root;
}

const ANIMAL_WORD = { dog: "bushdog" };

/** Does the colour to move hold the Peccary (then a caravan may go either way: RT rules, Peccary)? */
function peccary(view) {
  const turn = view && Array.isArray(view.to_move) ? view.to_move[0] : view && view.turn;
  return Boolean(view && Array.isArray(view.animals) && view.animals.some((a) => a.name === "peccary" && a.holder === turn));
}

/**
 * What one clicks on the drawing to play `notation`, in order. No move's steps are the start of
 * another's, so the last click always plays: a post is placed by clicking its area twice, and
 * with the Peccary a caravan's stop is followed by the direction.
 */
export function steps(notation, view) {
  const w = notation.split(" ");
  switch (w[0]) {
    case "place": case "tile": return [`space:${w[1]}`];
    case "move": return peccary(view) ? [`space:${w[1]}`, "bar:up"] : [`space:${w[1]}`];
    case "moveback": return [`space:${w[1]}`, "bar:down"];
    case "post": return [`area:${w[1]}`, `area:${w[1]}`];
    case "movepost": return [`area:${w[1]}`, `area:${w[2]}`];
    case "restack": return [`bar:restack:${w[1]}`];
    case "drop": return w[1] === "all" ? ["bar:dropall"] : ["bar:drop"];
    case "skip": case "end": case "done": return [`bar:${w[0]}`];
    case "jaguar": case "otter": case "capybara":
      return [`animal:${w[0]}`, ...w.slice(1).map((x) => `space:${x}`)];
    case "dog": return ["animal:bushdog", `space:${w[1]}`, `bar:${w[2]}`];
    case "boa": case "monkey": case "frog": return w.length === 1 ? [`animal:${w[0]}`] : [];
    default: return [];
  }
}
