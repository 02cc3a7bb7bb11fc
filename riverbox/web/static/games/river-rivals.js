// River Rivals on the table: the opponent's four columns above the river, this seat's below,
// each card with its strength, effect, fish and shields; hands, piles, fish and shield supplies,
// equipment (drafted, used) and the pending decision as a prompt.
// Clicking: a hand card, then one of your columns; one of your cards (catch, shield, copy,
// encore), then a column to move it to; an opposing card (claw); the pile; an equipment card.
// When a turn's fish check is over, it is shown column by column (see `follow`).
import { _, el } from "../common.js";

/** Every sentence this drawing shows, in one place, in the reader's language (see common.js). */
const TEXT = {
  column: (n) => _("Column {n}", { n }),
  strength: (s) => _("str {s}", { s }),
  fish: (n, max) => _("fish {n}/{max}", { n, max }),
  shields: (n) => _("shields {n}", { n }),
  emptyColumn: _("empty"),
  side: (name) => _("{name}'s side", { name }),
  yourSide: _("Your side"),
  you: _("you"),
  seat: (seat) => _("seat {seat}", { seat }),
  hand: _("Your hand"),
  handOf: (name, n) => _("{name}: {n} cards in hand", { name, n }),
  pile: _("Your draw pile"),
  pileOf: (name, n) => _("{name}: draw pile {n}", { name, n }),
  drawPile: _("Draw from your pile"),
  fishLeft: (name, n, caught) => _("{name}: {n} fish to place, {caught} placed", { name, n, caught }),
  shieldSupply: (n) => _("Shield supply: {n}", { n }),
  equipment: _("Equipment"),
  offer: _("Equipment on offer (draft)"),
  used: _("used"),
  ready: _("ready"),
  permanent: _("permanent"),
  once: _("once"),
  phase: (p) => _("Phase: {p}", { p: PHASES[p] || p }),
  mode: (m) => (m === "advanced" ? _("advanced mode") : m === "basic" ? _("basic mode") : m),
  cardLine: (a) => _("str {s} · {effect} · fish spaces {n}", { s: a.strength, effect: a.effect || "—", n: a.fish_spaces }),
  pending: {
    "quick-catch": _("Quick Catch: choose the card that takes the fish, or skip."),
    movement: _("Movement: choose one of your animals, then its new column, or skip."),
    shield: _("Shield Strength: choose one of your animals for the shield, or skip."),
    "shield-polish": _("Shield Polish: choose an animal for the extra shield, or skip."),
    claw: _("Claw Attack: choose an opposing animal in this column, or skip."),
    lightning: _("Lightning Animal: play another card into this column, or skip."),
    copy: _("Copy Animal: choose the animal whose effect to copy, or skip."),
    catch: _("Catch check: choose which of your animals here takes the fish."),
    "big-net": _("Big Net: choose where the extra fish goes, or skip."),
    "bait-bucket": _("Bait Bucket: make your choice."),
    "spare-shields": _("Spare Shields: choose animals for the shields."),
    "recall-horn": _("Recall Horn: choose a card to take back, or skip."),
    binoculars: _("Binoculars: take one card from your draw pile."),
    "polar-bear-surprise": _("Polar Bear Surprise: make your choice, or skip."),
    undertow: _("Undertow: make your choice."),
    encore: _("Encore: choose the animal whose effect runs again."),
  },
  inColumn: (n) => _("Column {n}. ", { n }),
  decision: (t) => _("Decision to make: {t}.", { t }),
  removed: (n) => _("removed cards: {n}", { n }),
  card: (name, col, k) => _("{name} (column {col}, card {k})", { name, col, k }),
  placeholder: _("placeholder card"),
  checkMine: _("Fish check at the end of your turn"),
  checkOf: (name) => _("Fish check at the end of {name}'s turn", { name }),
  checkLine: (column, cards, mine, theirs) => _("Column {column}: {cards} cards, strength {mine} against {theirs}", { column, cards, mine, theirs }),
  checkFish: (animal) => _("a fish on the {animal}", { animal }),
  checkSecond: (animal) => _("a second fish on the {animal}", { animal }),
  checkNone: _("no fish"),
  checkAll: _("Show the whole check"),
};

/** The phases as views name them, in words. */
const PHASES = {
  draft: _("equipment draft"),
  main: _("choose an action"),
  after: _("equipment window, then the fish check"),
  check: _("fish check"),
  over: _("over"),
};

function info(slug, ctx) {
  const animals = (ctx.content && ctx.content.animals) || {};
  return animals[slug] || { name: slug, strength: "?", effect: "", fish_spaces: 1 };
}

/** A picture of `name` when the page can draw one, else nothing (the words stay either way). */
function picture(ctx, name, alt) {
  return ctx.art ? ctx.art(name, alt) : null;
}

/** Fish tokens on a card: one picture per fish caught, an empty ring per free space, and the count in words. */
function fishTokens(n, max, ctx) {
  const tokens = [];
  for (let i = 0; i < max; i += 1) {
    tokens.push(i < n ? el("span", { class: "rv-fish-token caught" }, picture(ctx, "fish", "")) : el("span", { class: "rv-fish-token free" }));
  }
  return el("span", { class: "rv-fish" }, el("span", { class: "rv-tokens", "aria-hidden": "true" }, tokens), el("span", { class: "rv-count" }, TEXT.fish(n, max)));
}

function drawCard(card, who, col, k, ctx, nth) {
  const a = info(card.animal, ctx);
  const name = a.name || card.animal;
  const shields = card.shields || 0;
  return el("div", {
    class: `rv-card ${who}`, "data-pick": `card:${who}:${col}:${k}`, "data-name": TEXT.card(name, col, k),
    "data-key": `rv:${who}:${card.animal}:${nth}`, "data-from": who === "me" ? `hand:${card.animal}` : `hand-of:${who}`,
  },
  el("span", { class: "rv-head" }, picture(ctx, card.animal, name),
    el("span", { class: "rv-title" }, el("strong", { class: "rv-name" }, name), " ", el("span", { class: "rv-str" }, TEXT.strength(card.strength ?? a.strength)))),
  a.effect ? el("small", { class: "rv-effect" }, a.effect) : null,
  fishTokens(card.fish ?? 0, card.spaces ?? a.fish_spaces, ctx),
  shields ? el("span", { class: "rv-shield" }, picture(ctx, "shield", ""), TEXT.shields(shields)) : null);
}

/** One player's four columns; the opponent's face this seat's across the water. */
function drawSide(view, seat, who, ctx) {
  const board = Array.isArray(view.board) && Array.isArray(view.board[seat]) ? view.board[seat] : [[], [], [], []];
  const strength = Array.isArray(view.strength) && Array.isArray(view.strength[seat]) ? view.strength[seat] : [];
  const name = seat === ctx.seat ? TEXT.you : ctx.names[seat] || TEXT.seat(seat);
  const count = new Map(); // the nth card of an animal on this side: its key across drawings
  const nth = (animal) => { const n = count.get(animal) || 0; count.set(animal, n + 1); return n; };
  return el("section", { class: `rv-side ${who}`, "aria-label": seat === ctx.seat ? TEXT.yourSide : TEXT.side(name) },
    el("h3", { class: "rv-side-title" }, seat === ctx.seat ? TEXT.yourSide : TEXT.side(name)),
    el("div", { class: "rv-columns" }, board.map((cards, c) => el("div", { class: "rv-column", "data-zone": `col:${who}:${c + 1}` },
      el("div", { class: "rv-colhead", "data-pick": `col:${who}:${c + 1}`, "data-name": TEXT.column(c + 1) },
        el("span", { class: "rv-colno", "aria-hidden": "true" }, `${c + 1}`), el("span", { class: "sr-only" }, TEXT.column(c + 1)),
        el("span", { class: "rv-total" }, `${TEXT.strength(strength[c] ?? 0)}`)),
      Array.isArray(cards) && cards.length ? cards.map((card, k) => drawCard(card, who, c + 1, k + 1, ctx, nth(card.animal)))
        : el("p", { class: "muted rv-empty" }, TEXT.emptyColumn)))));
}

function drawEquipment(list, ctx, title) {
  const equipment = (ctx.content && ctx.content.equipment) || {};
  return el("div", { class: "rv-equipment" }, el("h4", {}, title), el("div", { class: "cards" }, list.map((item) => {
    const id = typeof item === "string" ? item : item.id;
    const e = equipment[id] || { name: id, text: "" };
    return el("article", { class: `game-card rv-equip${item.used ? " used" : ""}`, "data-pick": `equip:${id}`, "data-name": e.name, "data-key": `equip:${id}` },
      el("h4", {}, picture(ctx, `equip-${id}`, ""), e.name), el("p", {}, e.text),
      el("p", { class: "badge" }, `${e.permanent ? TEXT.permanent : TEXT.once}${typeof item === "object" ? ` · ${item.used ? TEXT.used : TEXT.ready}` : ""}`));
  })));
}

/** Each player's supplies as chips: fish to place, cards in hand, draw pile; the shield supply. */
function drawSupplies(view, ctx) {
  const seats = [0, 1];
  const at = (key, s) => (Array.isArray(view[key]) ? view[key][s] : "?");
  const me = typeof view.seat === "number" ? view.seat : 0;
  return el("section", { class: "rv-supplies", "data-zone": "supplies" },
    el("ul", {}, seats.map((s) => el("li", { class: "rv-supply", "data-key": `hand-of:${s === me ? "me" : "opp"}` },
      picture(ctx, "fish", ""), TEXT.fishLeft(ctx.names[s] || s, at("fish_supply", s), at("fish_caught", s)),
      " · ", TEXT.handOf(ctx.names[s] || s, at("hand_sizes", s)), " · ", TEXT.pileOf(ctx.names[s] || s, at("pile_sizes", s)),
      Array.isArray(view.removed) && view.removed[s] && view.removed[s].length ? ` · ${TEXT.removed(view.removed[s].length)}` : "")),
    el("li", { class: "rv-supply" }, picture(ctx, "shield", ""), TEXT.shieldSupply(view.shield_supply ?? "?"))),
    el("p", { class: "muted small" }, `${TEXT.mode(view.mode || "")} · ${TEXT.phase(view.phase || "")}`));
}

function drawPending(view) {
  const p = view.pending;
  if (!p || typeof p !== "object") return null;
  const say = TEXT.pending[p.type];
  return el("p", { class: "prompt-line" }, p.column ? TEXT.inColumn(p.column) : "", say || TEXT.decision(p.type || "?"));
}

function drawMine(view, ctx) {
  const parts = [];
  if (Array.isArray(view.hand)) {
    parts.push(el("div", { class: "rv-hand", "data-zone": "hand" }, el("h3", {}, TEXT.hand), el("div", { class: "cards" }, view.hand.map((slug) => {
      const a = info(slug, ctx);
      return el("article", { class: `game-card rv-hand-card${a.placeholder ? " placeholder" : ""}`, "data-pick": `hand:${slug}`, "data-name": a.name, "data-key": `hand:${slug}` },
        el("h4", {}, picture(ctx, slug, a.name), el("span", {}, a.name), el("span", { class: "rv-str" }, TEXT.strength(a.strength))),
        el("p", {}, TEXT.cardLine(a)),
        a.placeholder ? el("p", { class: "badge" }, `✱ ${TEXT.placeholder}`) : null);
    }))));
  }
  if (Array.isArray(view.pile)) {
    parts.push(el("div", { class: "rv-pile" }, el("h3", {}, el("span", { class: "rv-pile-back", "data-pick": "pile", "data-name": TEXT.drawPile }, picture(ctx, "pile", ""), TEXT.pile)),
      el("div", { class: "rr-members" }, [...new Set(view.pile)].map((slug) => el("span", { class: "chip rv-pile-card", "data-pick": `pile:${slug}`, "data-name": info(slug, ctx).name },
        picture(ctx, slug, ""), `${info(slug, ctx).name} ×${view.pile.filter((x) => x === slug).length}`)))));
  }
  return parts;
}

// -- the fish check, column by column ----------------------------------------------------------
// The engine checks the active player's columns in order at the end of each turn and tells each
// fish caught as an event (`caught`, or `fish` for the check's choice and Big Net's second fish).
// The page shows the check one column at a time: which column, its cards and strengths (from the
// view), and the engine's result (from the events); nothing is decided here. Every step carries
// `data-check-step`, `data-column` and `data-result`; the pace is `STEP_MS` (a page may set
// `window.RIVERBOX_STEP_MS`), and with prefers-reduced-motion the whole check shows at once.
// Input is never held: the moves stay playable while it runs, and a button shows it all.

/** Milliseconds between two columns of the check on screen. */
const STEP_MS = 700;

let seen = null; // what this page drew last: { seat, turn, active, over, mark (log length in the action phase) }
let check = null; // the check on screen: { id, seat, turn, steps, start, ms, all }
let checks = 0;

function stepMs() {
  const set = Number(window.RIVERBOX_STEP_MS);
  return Number.isFinite(set) && set >= 0 ? set : STEP_MS;
}

function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/** A fish the end-of-turn check placed (the engine's event kinds; the reason is the decision). */
function checkFish(e) {
  return e.kind === "caught" || (e.kind === "fish" && (e.why === "catch" || e.why === "big-net"));
}

/**
 * Notice a fish check that ended since this page's last drawing, and start showing it. The page
 * must have seen the turn in its action phase (so it knows where the check's events start) and
 * the new view must be the one right after the check: the next turn not yet acted on, or the
 * game over (a check placed the last fish, or two idle turns ended it). Otherwise (a reload, an
 * undo, a move it did not see, another seat's log on a shared device) nothing is shown rather
 * than a guess.
 */
function follow(view, ctx) {
  const log = Array.isArray(ctx.log) ? ctx.log : null;
  if (!log || typeof view.turn !== "number") return; // the replay page has no events: no check shown
  const before = seen;
  const acting = view.phase === "main" || view.phase === "after";
  const same = before && before.seat === ctx.seat; // each seat has its own log (pass the device)
  seen = {
    seat: ctx.seat, turn: view.turn, active: view.active, over: Boolean(view.over),
    mark: acting && !view.over ? log.length : same && before.turn === view.turn ? before.mark : null,
  };
  if (!same || before.over || before.mark === null || before.mark > log.length) return;
  const events = log.slice(before.mark);
  const fish = events.filter((e) => checkFish(e) && e.seat === before.active);
  let ended = false;
  if (view.turn === before.turn + 1) ended = !view.over ? view.phase === "main" && !view.acted : true;
  else if (view.turn === before.turn && view.over) ended = fish.length > 0 || events.some((e) => e.kind === "won" && e.reason === "idle");
  if (ended) start(view, before.active, before.turn, fish);
}

/** The check's steps, one per column of the active seat, from the view and the check's events. */
function start(view, seat, turn, fish) {
  const board = Array.isArray(view.board) ? view.board : [];
  const strength = Array.isArray(view.strength) ? view.strength : [];
  const columns = Array.isArray(board[seat]) ? board[seat].length : 4;
  const steps = [];
  for (let c = 0; c < columns; c += 1) {
    steps.push({
      column: c + 1,
      cards: Array.isArray(board[seat]?.[c]) ? board[seat][c].length : 0,
      mine: strength[seat]?.[c] ?? 0,
      theirs: strength[1 - seat]?.[c] ?? 0,
      fish: fish.filter((e) => e.column === c + 1),
    });
  }
  checks += 1;
  check = { id: checks, seat, turn, steps, start: Date.now(), ms: stepMs(), all: reducedMotion() || stepMs() === 0 };
  if (!check.all) setTimeout(() => tick(check.id), check.ms);
}

/** How many columns of the check are on screen now. */
function revealed() {
  if (!check) return 0;
  if (check.all) return check.steps.length;
  return Math.min(check.steps.length, 1 + Math.floor((Date.now() - check.start) / check.ms));
}

/** Reveal the next column on the page as it is now (a new state may have redrawn it). */
function tick(id) {
  if (!check || check.id !== id) return;
  const shown = revealed();
  for (const box of document.querySelectorAll(`.rv-check[data-check-id="${id}"]`)) {
    show(box, shown);
    box.querySelector(`[data-check-step="${shown}"]`)?.classList.add("arrived");
  }
  if (shown < check.steps.length) setTimeout(() => tick(id), Math.max(10, check.start + shown * check.ms - Date.now()));
}

function show(box, shown) {
  for (const step of box.querySelectorAll("[data-check-step]")) step.hidden = +step.dataset.checkStep > shown;
  const done = shown >= check.steps.length;
  box.dataset.check = done ? "done" : "running";
  const all = box.querySelector(".rv-check-all");
  if (all) all.hidden = done;
}

function result(step, ctx) {
  if (!step.fish.length) return el("span", { class: "rv-result none" }, `✕ ${TEXT.checkNone}`);
  const said = step.fish.map((e) => (e.why === "big-net" ? TEXT.checkSecond : TEXT.checkFish)(info(e.animal, ctx).name || e.animal));
  return el("span", { class: "rv-result fish" }, `✔ ${said.join("; ")}`);
}

function drawCheck(ctx) {
  if (!check) return null;
  const name = check.seat === ctx.seat ? null : ctx.names[check.seat] || TEXT.seat(check.seat);
  const title = name === null ? TEXT.checkMine : TEXT.checkOf(name);
  const box = el("section", { class: "rv-check", "aria-label": title, "data-check-id": check.id, "data-turn": check.turn },
    el("h3", {}, title),
    el("ol", { "aria-live": "polite", tabindex: "-1" }, check.steps.map((step) => el("li", {
      "data-check-step": step.column, "data-column": step.column, "data-result": step.fish.length ? "fish" : "none",
    }, TEXT.checkLine(step.column, step.cards, step.mine, step.theirs), " → ", result(step, ctx)))),
    el("button", { type: "button", class: "rv-check-all", onclick: () => {
      check.all = true;
      show(box, check.steps.length);
      box.querySelector("ol").focus(); // the button is gone: keep the reader's place
    } }, TEXT.checkAll));
  show(box, revealed());
  return box;
}

/** The drawing of one view (`ctx`: content, seat, names, art): the two sides face each other across the water. */
export function draw(view, ctx) {
  const me = typeof view.seat === "number" ? view.seat : 0;
  const other = 1 - me;
  const equipment = Array.isArray(view.equipment) ? view.equipment : [];
  follow(view, ctx);
  return el("div", { class: "rv" },
    drawCheck(ctx),
    drawPending(view),
    el("div", { class: "rv-table" },
      drawSide(view, other, "opp", ctx),
      el("div", { class: "rv-water", "aria-hidden": "true" }),
      drawSide(view, me, "me", ctx)),
    el("div", { class: "rv-below" }, ...drawMine(view, ctx),
      Array.isArray(view.offer) && view.offer.length ? drawEquipment(view.offer, ctx, TEXT.offer) : null,
      ...equipment.map((list, s) => (Array.isArray(list) && list.length
        ? drawEquipment(list, ctx, `${TEXT.equipment}: ${s === ctx.seat ? TEXT.you : ctx.names[s] || s}`) : null))),
    drawSupplies(view, ctx));
}

function col(word) {
  return word.replace("col", "");
}

function card(word) {
  return word.replace("card", "");
}

/** What one clicks on the drawing to play `notation`, in order. */
export function steps(notation) {
  const w = notation.split(" ");
  switch (w[0]) {
    case "play": return [`hand:${w[1]}`, `col:me:${col(w[2])}`];
    case "fish": case "shield": case "copy": case "encore": return [`card:me:${col(w[1])}:${card(w[2])}`];
    case "claw": return [`card:opp:${col(w[1])}:${card(w[2])}`];
    case "move": return [`card:me:${col(w[1])}:${card(w[2])}`, `col:me:${col(w[3])}`];
    case "pick": case "use": return [`equip:${w[1]}`];
    case "take": return [`pile:${w[1]}`];
    case "draw": return ["pile"];
    default: return [];
  }
}
