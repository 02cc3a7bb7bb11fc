// River Trek on the table: the path from the Dock to the end, space by space, with each caravan
// drawn as a stack (top first, each explorer lettered as well as coloured), animal tiles, the
// Scout, the Bridge and the Base Camp; the trading-post areas with their posts; each colour's
// money, explorers and posts; the animal powers with their holders; the Civilization Event.
// Clicking: a caravan's space (move or place); an area (post, then another to move a post);
// one of your animals, then the spaces it acts on.
import { _, el } from "../common.js";

/** Every sentence this drawing shows, in one place, in the reader's language (see common.js). */
const TEXT = {
  path: _("The path (upstream is to the right, then down)"),
  space: (i) => _("Space {i}", { i }),
  kinds: { dock: _("Dock"), crossing: _("crossing"), number: _("number"), star: _("star"), normal: "" },
  caravan: (n) => _("caravan of {n}, top first", { n }),
  empty: _("empty"),
  top: _("top"),
  bridge: _("Bridge"),
  dock: _("Dock"),
  basecamp: _("Base Camp"),
  scout: _("Scout"),
  animalTile: (a) => _("animal: {a}", { a }),
  faceDown: _("face down"),
  board: (name) => BOARDS[name] || _("board {name}", { name }), // the end boards in words, middle ones by id
  areas: _("Trading-post areas"),
  area: (a) => _("{name} ({size}) · spaces {spaces}", { name: areaName(a.name), size: areaSize(a), spaces: (a.spaces || []).join(", ") }),
  posts: _("posts"),
  noPosts: _("no posts"),
  closed: _("closed by the Bridge"),
  players: _("Players"),
  money: (m) => (m === null || m === undefined ? _("money hidden") : `$${m}`),
  explorers: (off, clearing) => _("{off} explorers in reserve, {clearing} in the clearing", { off, clearing }),
  handPosts: (n) => _("{n} posts to place", { n }),
  stanley: _("Stanley (the neutral colour of the 2-player game)"),
  animals: _("Animal powers"),
  held: (name) => _("held by {name}", { name }),
  onSpace: (i) => _("on space {i}", { i }),
  spend: _("spend once"),
  hold: _("keep while held"),
  yours: _("yours"),
  event: _("Civilization Event"),
  eventState: [_("the Scout is still on the path"), _("pending: the Scout was taken"), _("done")],
  phase: (p, t) => _("Phase: {p} · turn {t}", { p: PHASES[p] || p, t }),
  finalRound: _("final round"),
  placeholder: _("placeholder boards"),
  colour: (i) => _("colour {i}", { i }),
};

/** The boards at either end of the path, named in words rather than by their ids. */
const BOARDS = { START: _("start board"), FINAL: _("final board") };

/** An area's name with its end board in words ("START-a" reads "start board-a"). */
function areaName(name) {
  return String(name).replace(/^(START|FINAL)\b/, (id) => BOARDS[id]);
}

/** An area's size in words. */
const SIZES = { small: _("small"), large: _("large"), smallPlus: _("small, +2"), largePlus: _("large, +2") };

function areaSize(a) {
  if (a.plus2) return a.small ? SIZES.smallPlus : SIZES.largePlus;
  return a.small ? SIZES.small : SIZES.large;
}

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

function animalTitle(ctx, name) {
  const data = (ctx.content && ctx.content.animals) || {};
  return (data[name] && data[name].title) || name;
}

function colourName(view, i) {
  const colours = Array.isArray(view.colours) ? view.colours : [];
  const name = colours[i];
  return name === undefined ? TEXT.colour(i) : COLOURS[name] || name;
}

function explorer(view, c) {
  const name = colourName(view, c);
  return el("span", { class: `rt-explorer rt-c${c}`, title: name }, String(name).slice(0, 1).toUpperCase());
}

function drawSpace(view, i, space, ctx, animalsAt) {
  const stacks = Array.isArray(view.stacks) ? view.stacks : [];
  const stack = Array.isArray(stacks[i]) ? stacks[i] : [];
  const kind = space.kind || "normal";
  const marks = [];
  if (i === view.dock || kind === "dock") marks.push(TEXT.dock);
  if (i === view.bridge) marks.push(TEXT.bridge);
  if (i === view.basecamp) marks.push(TEXT.basecamp);
  if (view.scout && view.scout.space === i && view.scout.state === 0) marks.push(TEXT.scout);
  const kindText = kind === "number" ? `${space.value}` : kind === "star" ? "★" : TEXT.kinds[kind] ?? kind;
  const start = Array.isArray(view.board_start) ? view.board_start.indexOf(i) : -1;
  return el("div", { class: `rt-space rt-${kind}${start >= 0 ? " board-start" : ""}`, "data-pick": `space:${i}`, "data-name": TEXT.space(i) },
    el("span", { class: "rt-index" }, `${i}`, kindText ? ` ${kindText}` : ""),
    start >= 0 && Array.isArray(view.boards) ? el("small", { class: "muted" }, TEXT.board(view.boards[start])) : null,
    marks.length ? el("small", { class: "rt-mark" }, marks.join(" · ")) : null,
    stack.length ? el("span", { class: "rt-stack", "aria-label": TEXT.caravan(stack.length) },
      [...stack].reverse().map((c) => explorer(view, c))) : null,
    (animalsAt.get(i) || []).map((a) => el("small", { class: "rt-tile" }, a.face_down ? `${TEXT.animalTile(TEXT.faceDown)}` : TEXT.animalTile(animalTitle(ctx, a.name)))));
}

function drawPath(view, ctx) {
  const spaces = Array.isArray(view.spaces) ? view.spaces : [];
  const animalsAt = new Map();
  for (const a of Array.isArray(view.animals) ? view.animals : []) {
    if (a.holder === -1 || a.holder === null || a.holder === undefined) {
      animalsAt.set(a.space, [...(animalsAt.get(a.space) || []), a]);
    }
  }
  return el("section", { "aria-label": TEXT.path }, el("h3", {}, TEXT.path),
    el("div", { class: "rt-path" }, spaces.map((s, i) => drawSpace(view, i, s || {}, ctx, animalsAt))));
}

function drawAreas(view) {
  const areas = Array.isArray(view.areas) ? view.areas : [];
  return el("section", {}, el("h3", {}, TEXT.areas), el("div", { class: "rt-areas" }, areas.map((a, k) => {
    const posts = Array.isArray(a.posts) ? a.posts : [];
    const chips = posts.flatMap((n, c) => Array.from({ length: n }, () => explorer(view, c)));
    return el("div", { class: `rt-area${a.usable === false ? " closed" : ""}`, "data-pick": `area:${a.id ?? k}`, "data-name": areaName(a.name) },
      el("span", {}, TEXT.area(a)), " ", chips.length ? el("span", { class: "rt-stack" }, chips) : el("small", { class: "muted" }, TEXT.noPosts),
      a.usable === false ? el("small", {}, ` · ${TEXT.closed}`) : null);
  })));
}

function drawPlayers(view, ctx) {
  const colours = Array.isArray(view.colours) ? view.colours : [];
  const at = (key, i) => (Array.isArray(view[key]) ? view[key][i] : undefined);
  return el("section", {}, el("h3", {}, TEXT.players), el("ul", { class: "rt-players" }, colours.map((c, i) => {
    const stanley = i === view.stanley;
    const who = stanley ? TEXT.stanley : `${ctx.names[i] || colourName(view, i)}${i === ctx.seat ? " ★" : ""}`;
    return el("li", {}, explorer(view, i), ` ${colourName(view, i)} — ${who}: `, stanley ? "" : `${TEXT.money(at("money", i))} · `,
      TEXT.explorers(at("offboard", i) ?? "?", at("clearing", i) ?? 0), stanley ? "" : ` · ${TEXT.handPosts(at("hand_posts", i) ?? 0)}`);
  })));
}

function drawAnimals(view, ctx) {
  const data = (ctx.content && ctx.content.animals) || {};
  const animals = Array.isArray(view.animals) ? view.animals : [];
  return el("section", {}, el("h3", {}, TEXT.animals), el("div", { class: "cards" }, animals.map((a) => {
    const d = data[a.name] || { title: a.name, kind: "", text: "" };
    const held = typeof a.holder === "number" && a.holder >= 0;
    const mine = held && a.holder === ctx.seat;
    return el("article", { class: `game-card${mine ? " mine" : ""}`, "data-pick": mine ? `animal:${a.name}` : null, "data-name": d.title },
      el("h4", {}, d.title), el("p", {}, d.text),
      el("p", { class: "badge" }, `${d.kind === "SPEND" ? TEXT.spend : d.kind === "HOLD" ? TEXT.hold : d.kind} · `,
        held ? (mine ? TEXT.yours : TEXT.held(colourName(view, a.holder))) : TEXT.onSpace(a.space),
        a.face_down ? ` · ${TEXT.faceDown}` : ""));
  })));
}

/** The drawing of one view (`ctx`: content, seat, names). */
export function draw(view, ctx) {
  const scout = view.scout && typeof view.scout === "object" ? view.scout : null;
  return el("div", { class: "rt" },
    el("p", { class: "muted" }, TEXT.phase(view.phase || "", view.turn_number ?? ""),
      view.final_round ? ` · ${TEXT.finalRound}` : "", view.placeholder_boards ? ` · ${TEXT.placeholder}` : ""),
    drawPlayers(view, ctx), drawPath(view, ctx), drawAreas(view),
    scout ? el("p", {}, el("strong", {}, `${TEXT.event}: `), TEXT.eventState[scout.state] ?? String(scout.state),
      typeof scout.holder === "number" && scout.holder >= 0 ? ` · ${TEXT.scout}: ${colourName(view, scout.holder)}` : "") : null,
    drawAnimals(view, ctx));
}

const ANIMAL_WORD = { dog: "bushdog" };

/** What one clicks on the drawing to play `notation`, in order. */
export function steps(notation) {
  const w = notation.split(" ");
  switch (w[0]) {
    case "move": case "place": return [`space:${w[1]}`];
    case "moveback": return [`space:${w[1]}`, "back"];
    case "post": return [`area:${w[1]}`];
    case "movepost": return [`area:${w[1]}`, `area:${w[2]}`];
    case "jaguar": case "otter": case "capybara": case "dog":
      return [`animal:${ANIMAL_WORD[w[0]] || w[0]}`, ...w.slice(1).map((x) => (/^\d+$/.test(x) ? `space:${x}` : x))];
    case "boa": case "monkey": case "frog": return w.length === 1 ? [`animal:${w[0]}`] : [];
    default: return [];
  }
}
