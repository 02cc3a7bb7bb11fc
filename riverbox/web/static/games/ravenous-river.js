// Ravenous River on the table: the row of seven slots, the bank, both boats, home, the scores
// toward the target, this seat's totem(s), its hand with full card text, the secret vote, and
// the last round's scoring step by step (from the game's events, as the engine told it).
// Clicking: a row slot; the bank or a boat; an animal, then where it goes, then the card paid;
// a card, then what to do with it (the prompt); two drawn animals to keep (2 players).
// When a round ends while the page is open, its crossing is played on the river (see `follow`).
import { _, el } from "../common.js";
import { flip, measure, stillness } from "../stage.js";

/** Every sentence this drawing shows, in one place, in the reader's language (see common.js). */
const TEXT = {
  row: _("The row"),
  slot: (n) => _("Slot {n}", { n }),
  empty: _("empty"),
  faceDown: _("face down"),
  faceUp: _("face up"),
  youSaw: _("you saw it"),
  seenBy: (names) => _("seen by {names}", { names }),
  bank: _("Bank"),
  boat: (n) => _("Boat {n}", { n }),
  home: _("Home"),
  homeNote: _("Boats that sail home score their survivors."),
  status: { "in play": _("in play"), sailed: _("sailed home (frozen)"), sunk: _("SUNK — gone this round") },
  nobody: _("nobody here"),
  scores: (target) => _("Scores (first to {target} with the most wins)", { target }),
  round: (n) => _("Round {n}", { n }),
  totems: _("Your totem"),
  totems2: _("Your totems"),
  eats: (prey) => _("eats the {prey}", { prey }),
  eatenBy: (hunter) => _("eaten by the {hunter}", { hunter }),
  drawn: _("You drew (keep two)"),
  returned: (a) => _("returned to the box: {animals}", { animals: a }),
  hand: _("Your hand"),
  handSizes: _("Cards in hand"),
  placeholder: _("placeholder card"),
  noCards: _("no cards"),
  deck: (n, d) => _("Deck: {n} cards · discard pile: {d}", { n, d }),
  looking: (slot) => _("You are looking at the animal from slot {slot}: put it on the bank or in a boat.", { slot }),
  vote: _("Vote to end the round"),
  voted: _("has voted"),
  notVoted: _("has not voted yet"),
  yourVote: (v) => _("your vote: {vote}", { vote: v }),
  voteEnd: _("End the round"),
  voteContinue: _("Continue"),
  lastVote: (round) => _("The vote in round {round} (revealed)", { round }),
  ended: _("The round ended."),
  continued: _("The round went on."),
  report: (n) => _("How round {n} scored", { n }),
  nextStep: _("Show the next step"),
  allSteps: _("Show every step"),
  winners: _("Winners"),
  animal: (a) => _("the {animal}", { animal: a }),
  seat: (s) => _("seat {seat}", { seat: s }),
  crossing: (n) => _("Round {n}: the crossing", { n }),
  crosses: (n) => _("Boat {n} crosses to the far shore; nobody in it is eaten.", { n }),
  meet: _("The survivors meet at home; nobody is eaten there."),
  eaten: _("Eaten"),
  eatenBy: (hunter) => _("eaten by the {hunter}", { hunter }),
  inRow: _("Still in the row"),
  skip: _("Skip"),
  close: _("Back to the table"),
  stepOf: (step, steps) => _("step {step} of {steps}", { step, steps }),
};

/** An animal's name in the reader's language (the server hands the names over with the content). */
function nameOf(animal, ctx) {
  return (ctx.content && ctx.content.animal_names && ctx.content.animal_names[animal]) || animal;
}

const reports = new Map(); // round -> { shown: report lines revealed, open: the report unfolded }
let before = null; // the row as this page drew it last: where a placed animal came from (FLIP)

function animals(ctx) {
  return (ctx.content && ctx.content.animals) || ["lion", "bull", "horse", "hound", "fox", "cat", "mouse"];
}

function chain(animal, ctx) {
  const all = animals(ctx);
  const i = all.indexOf(animal);
  if (i < 0) return { prey: "?", hunter: "?" };
  return { prey: all[(i + 1) % all.length], hunter: all[(i + all.length - 1) % all.length] };
}

function names(seats, ctx) {
  return seats.map((s) => ctx.names[s] || TEXT.seat(s)).join(", ");
}

/** A picture of `name` when the page can draw one (the replay and live pages can), else nothing. */
function picture(ctx, name, alt) {
  return ctx.art ? ctx.art(name, alt) : null;
}

/** An animal as a small card: its picture and its name (the name is the label; the picture helps). */
function token(animal, ctx, extra = {}) {
  const name = nameOf(animal, ctx);
  return el("span", { class: `rr-animal rr-${animal}`, "data-pick": `animal:${animal}`, "data-name": TEXT.animal(name), "data-key": `animal:${animal}`, ...extra },
    picture(ctx, animal, name), el("span", { class: "rr-name" }, name));
}

function drawRow(view, ctx) {
  const row = Array.isArray(view.row) ? view.row : [];
  const seen = Array.isArray(view.row_seen_by) ? view.row_seen_by : [];
  const slots = row.map((cell, i) => {
    const who = Array.isArray(seen[i]) ? seen[i] : [];
    const mine = ctx.seat !== null && who.includes(ctx.seat);
    const up = cell !== null && cell !== undefined && cell !== "?";
    let face;
    if (cell === null || cell === undefined) face = el("span", { class: "rr-face muted" }, TEXT.empty);
    else if (cell === "?") face = el("span", { class: "rr-face rr-back" }, el("span", { class: "rr-back-mark", "aria-hidden": "true" }, "≈"), TEXT.faceDown);
    else {
      face = el("span", { class: "rr-face", "data-key": `animal:${cell}` }, picture(ctx, cell, nameOf(cell, ctx)),
        el("strong", {}, nameOf(cell, ctx)), el("small", {}, mine ? TEXT.youSaw : TEXT.faceUp));
    }
    const others = who.filter((s) => s !== ctx.seat);
    return el("div", {
      class: `rr-slot${cell === "?" ? " down" : ""}${cell === null ? " gone" : ""}${mine ? " seen" : ""}${up ? " up" : ""}`,
      "data-pick": `row${i + 1}`, "data-name": TEXT.slot(i + 1), "data-key": `slot:${i}`,
    }, el("span", { class: "rr-slot-n" }, TEXT.slot(i + 1)), face,
    others.length ? el("small", { class: "seen-by" }, picture(ctx, "eye", ""), TEXT.seenBy(names(others, ctx))) : null);
  });
  return el("section", { class: "rr-row", "aria-label": TEXT.row, "data-zone": "row" }, el("h3", { class: "sr-only" }, TEXT.row), el("div", { class: "rr-slots" }, slots));
}

/** Where a newly placed animal came from: the row slot this page saw full and now sees empty. */
function cameFrom(view) {
  const row = Array.isArray(view.row) ? view.row : [];
  if (!before || before.length !== row.length) return null;
  const emptied = row.findIndex((cell, i) => cell === null && before[i] !== null && before[i] !== undefined);
  return emptied >= 0 ? `slot:${emptied}` : null;
}

function members(list, ctx, from) {
  return list.length ? el("div", { class: "rr-members" }, list.map((a) => token(a, ctx, from ? { "data-from": from } : {})))
    : el("p", { class: "muted rr-nobody" }, TEXT.nobody);
}

function boat(i, list, status, ctx, from) {
  const title = TEXT.boat(i + 1);
  return el("div", { class: `rr-boat${status === "sunk" ? " sunk" : ""}${status === "sailed" ? " sailed" : ""}`, "data-key": `boat:${i}`, "data-zone": `boat:${i}` },
    el("h3", {}, el("span", { class: "rr-target", "data-pick": `boat${i + 1}`, "data-name": title }, picture(ctx, "boat", ""), title)),
    el("p", { class: "rr-status" }, TEXT.status[status] || status),
    members(list, ctx, from));
}

/** The near bank, the water with the boats still in play, the far shore (home) with boats that sailed. */
function drawRiver(view, ctx) {
  const boats = Array.isArray(view.boats) ? view.boats : [[], []];
  const status = Array.isArray(view.boat_status) ? view.boat_status : [];
  const from = cameFrom(view);
  const drawn = boats.map((b, i) => ({ i, node: boat(i, Array.isArray(b) ? b : [], status[i] || "in play", ctx, from), sailed: status[i] === "sailed" }));
  return el("section", { class: "rr-river" },
    el("div", { class: "rr-bank", "data-zone": "bank" }, el("h3", {}, el("span", { class: "rr-target", "data-pick": "bank", "data-name": TEXT.bank }, picture(ctx, "bank", ""), TEXT.bank)),
      members(Array.isArray(view.bank) ? view.bank : [], ctx, from)),
    el("div", { class: "rr-water", "data-zone": "water" }, drawn.filter((b) => !b.sailed).map((b) => b.node)),
    el("div", { class: "rr-home", "data-zone": "home" }, el("h3", {}, picture(ctx, "home", ""), TEXT.home), el("p", { class: "muted small" }, TEXT.homeNote),
      drawn.filter((b) => b.sailed).map((b) => b.node)));
}

function drawScores(view, ctx) {
  const scores = Array.isArray(view.scores) ? view.scores : [];
  const target = +view.target || 1;
  const winners = Array.isArray(view.winners) ? view.winners : [];
  return el("section", { class: "scores-bar" }, el("h3", {}, TEXT.scores(target), " · ", TEXT.round(view.round ?? 1)),
    el("ul", {}, scores.map((s, seat) => el("li", {},
      el("span", { class: "who" }, `${ctx.names[seat] || seat}${seat === ctx.seat ? " ★" : ""}${winners.includes(seat) ? ` — ${TEXT.winners}` : ""}`),
      el("meter", { min: 0, max: target, value: Math.min(s, target), "aria-label": `${ctx.names[seat] || seat}: ${s} / ${target}` }),
      el("span", {}, ` ${s} / ${target}`)))));
}

function drawMine(view, ctx) {
  const parts = [];
  const totems = Array.isArray(view.totems) ? view.totems : [];
  if (totems.length) {
    parts.push(el("div", { class: "rr-totems" }, el("h3", {}, totems.length > 1 ? TEXT.totems2 : TEXT.totems),
      totems.map((t) => {
        const c = chain(t, ctx);
        return el("p", { class: "rr-totem" }, picture(ctx, t, nameOf(t, ctx)), el("strong", {}, nameOf(t, ctx)),
          el("small", {}, `${TEXT.eats(nameOf(c.prey, ctx))}; ${TEXT.eatenBy(nameOf(c.hunter, ctx))}`));
      })));
  }
  const drawn = Array.isArray(view.drawn) ? view.drawn : [];
  if (drawn.length) {
    const back = totems.length ? drawn.filter((a) => !totems.includes(a)) : [];
    parts.push(el("div", { class: "rr-drawn" }, el("h3", {}, TEXT.drawn),
      el("div", { class: "rr-members" }, drawn.map((a) => el("span", { class: "rr-animal", "data-pick": `drawn:${a}`, "data-name": TEXT.animal(nameOf(a, ctx)) },
        picture(ctx, a, nameOf(a, ctx)), el("span", { class: "rr-name" }, nameOf(a, ctx))))),
      back.length ? el("p", { class: "muted" }, TEXT.returned(back.map((a) => nameOf(a, ctx)).join(", "))) : null));
  }
  const hand = Array.isArray(view.hand) ? view.hand : null;
  if (hand) {
    const cards = (ctx.content && ctx.content.cards) || {};
    parts.push(el("div", { class: "rr-hand" }, el("h3", {}, TEXT.hand),
      hand.length ? el("div", { class: "cards" }, hand.map((name) => {
        const card = cards[name] || { title: name, text: "" };
        return el("article", { class: `game-card rr-card${card.placeholder ? " placeholder" : ""}`, "data-pick": `card:${name}`, "data-name": card.title, "data-key": `card:${name}` },
          el("h4", {}, picture(ctx, `card-${name}`, ""), card.title), el("p", {}, card.text),
          card.placeholder ? el("p", { class: "badge" }, `✱ ${TEXT.placeholder}`) : null);
      })) : el("p", { class: "muted" }, TEXT.noCards)));
  }
  return parts;
}

/** The vote as tokens: one per seat (voted or not, never how), and this seat's two choices. */
function drawVote(view, ctx) {
  const voted = Array.isArray(view.voted) ? view.voted : null;
  const parts = [];
  if (voted) {
    parts.push(el("div", { class: "rr-vote" }, el("h3", {}, TEXT.vote),
      el("ul", { class: "rr-tokens" }, voted.map((v, seat) => el("li", { class: `rr-token${v ? " cast" : ""}` },
        el("span", { "aria-hidden": "true" }, v ? "✔" : "…"), ` ${ctx.names[seat] || seat}: ${v ? TEXT.voted : TEXT.notVoted}`))),
      view.my_vote ? el("p", {}, TEXT.yourVote(view.my_vote === "end" ? TEXT.voteEnd : TEXT.voteContinue)) : null,
      el("div", { class: "rr-choices" },
        el("span", { class: "rr-token choice", "data-pick": "vote:end", "data-name": TEXT.voteEnd }, picture(ctx, "vote-end", ""), TEXT.voteEnd),
        el("span", { class: "rr-token choice", "data-pick": "vote:continue", "data-name": TEXT.voteContinue }, picture(ctx, "vote-continue", ""), TEXT.voteContinue))));
  }
  const last = view.last_vote;
  if (last && typeof last === "object" && Array.isArray(last.votes)) {
    parts.push(el("div", { class: "rr-vote" }, el("h3", {}, TEXT.lastVote(last.round ?? "")),
      el("ul", { class: "rr-tokens" }, last.votes.map((v, seat) => el("li", { class: "rr-token" },
        picture(ctx, v === "end" ? "vote-end" : "vote-continue", ""), `${ctx.names[seat] || seat}: ${v === "end" ? TEXT.voteEnd : TEXT.voteContinue}`))),
      el("p", {}, last.round_ended ? TEXT.ended : TEXT.continued)));
  }
  return parts;
}

/** The last element of `list` (when it is an array) that `test` accepts. */
function lastOf(list, test) {
  if (!Array.isArray(list)) return null;
  for (let i = list.length - 1; i >= 0; i -= 1) if (list[i] && test(list[i])) return list[i];
  return null;
}

/**
 * The last round's scoring as the engine told it, one step at a time: the `round_scored` event
 * is public (the totems are revealed at the end of a round) and its sentences, one a line, say
 * why the round ended, the totems, where the animals stood, who ate whom on the bank, in each
 * boat and at home with the points, the survivors and what each seat scored. The numbers are
 * the engine's (nothing is scored here); the event and its sentences come with every state.
 */
function drawReport(ctx) {
  const told = lastOf(ctx.story, (e) => e.source === "game" && e.kind === "round_scored");
  const event = lastOf(ctx.log, (e) => e.kind === "round_scored");
  if (!told || !event) return null;
  const lines = String(told.text).split("\n").filter((line) => line.trim());
  const seen = reports.get(event.round) || { shown: 1, open: true };
  reports.set(event.round, seen);
  const list = el("ol", { "aria-live": "polite" });
  const tools = el("div", { class: "tools" },
    el("button", { type: "button", class: "next-step", onclick: () => reveal(seen.shown + 1) }, TEXT.nextStep),
    el("button", { type: "button", class: "all-steps", onclick: () => reveal(lines.length) }, TEXT.allSteps));
  const box = el("details", { class: "rr-report", open: seen.open, "data-round": event.round, "data-steps": lines.length },
    el("summary", {}, el("h3", {}, TEXT.report(event.round ?? ""))), list, tools);
  box.addEventListener("toggle", () => { seen.open = box.open; });
  function reveal(k) {
    const hadFocus = !tools.hidden && document.activeElement && tools.contains(document.activeElement);
    seen.shown = Math.max(1, Math.min(k, lines.length));
    list.replaceChildren(...lines.slice(0, seen.shown).map((line, i) => el("li", { "data-step": i + 1, tabindex: "-1" }, line)));
    box.dataset.shown = seen.shown;
    tools.hidden = seen.shown >= lines.length;
    if (tools.hidden && hadFocus) list.lastElementChild.focus(); // the buttons went: keep the reader's place
  }
  reveal(seen.shown);
  return box;
}

// -- the round's crossing, played on the river ------------------------------------------------
// When a round ends while this page is open, the river is drawn as it stood at the end of the
// round (from the public `round_scored` event: the bank, both boats, what stayed in the row) and
// the scoring is played on it one step a STEP_MS apart: who is eaten on the bank, each boat
// crossing to the far shore with whoever is eaten in it, the survivors meeting at home, the
// scores. An eaten animal moves to the "Eaten" pile, survivors reach the far shore. Who eats
// whom follows the food chain of the animals' order (each eats the next); the points are the
// engine's sentences, not worked out here. Skip (or Escape) jumps to the end, the end's button
// (or Escape) shows the table again; with reduced motion only the end is shown. It never holds
// the game back: the live river stays on the page (hidden) and comes back as soon as anything
// happens on it or this seat has an animal to place. A reload or the replay shows no crossing.

/** Milliseconds between two steps of the crossing (a page may set window.RIVERBOX_STEP_MS). */
const STEP_MS = 600;

let lastRound; // the round of the last round_scored this page drew (undefined before its first drawing)
let crossing = null; // the crossing on screen: { round, steps, at, node, river, timer, closed }

function stepMs() {
  const set = Number(window.RIVERBOX_STEP_MS);
  return Number.isFinite(set) && set >= 0 ? set : STEP_MS;
}

/** What is on the live river (a change ends the crossing: the game has moved on there). */
function riverOf(view) {
  return JSON.stringify([view.bank, view.boats, view.boat_status]);
}

/**
 * Notice a round that ended since the last drawing and start its crossing; or end the crossing
 * when the river moved on, or when a move of this seat starts on the river (`river`, the live one).
 */
function follow(view, ctx, river) {
  const log = Array.isArray(ctx.log) ? ctx.log : null;
  if (!log || ctx.replay) return;
  const event = lastOf(log, (e) => e.kind === "round_scored");
  const round = event && typeof event.round === "number" ? event.round : null;
  const first = lastRound === undefined;
  const newer = !first && round !== null && (lastRound === null || round > lastRound);
  lastRound = round;
  if (newer) {
    const told = lastOf(ctx.story, (e) => e.source === "game" && e.kind === "round_scored");
    const lines = told ? String(told.text).split("\n").filter((line) => line.trim()) : [];
    startCrossing(event, lines, view, ctx);
    return;
  }
  if (!crossing || crossing.closed) return;
  const there = new Set([...river.querySelectorAll("[data-pick]")].map((n) => n.dataset.pick));
  const needed = (ctx.legal || []).some((a) => Array.isArray(a.steps) && there.has(a.steps[ctx.picked.length]));
  if (riverOf(view) !== crossing.river || needed) endCrossing();
}

/** Each step of the crossing as a picture: where every animal is, where each boat is, what is said. */
function crossingSteps(event, lines, ctx) {
  const all = animals(ctx);
  const eats = (a, b) => all[(all.indexOf(a) + 1) % all.length] === b;
  const eatenAmong = (group) => group.filter((b) => group.some((a) => eats(a, b)));
  const hunterOf = (b, group) => group.find((a) => eats(a, b));
  const status = Array.isArray(event.status) ? event.status : [];
  const boats = Array.isArray(event.boats) ? event.boats : [[], []];
  const place = {};
  const hunter = {};
  for (const a of event.bank || []) place[a] = "bank";
  boats.forEach((b, i) => { for (const a of b || []) place[a] = `boat${i}`; });
  for (const a of event.row || []) place[a] = "row";
  const boatAt = boats.map((_b, i) => (status[i] === "sunk" ? "sunk" : status[i] === "sailed" ? "home" : "water"));
  const steps = [];
  let said = 3; // the engine's report: why, totems, positions, then one line per place where eating happened
  const snap = (say, kind) => steps.push({ place: { ...place }, hunter: { ...hunter }, boatAt: [...boatAt], say, kind });
  const eat = (group) => {
    const gone = eatenAmong(group);
    for (const b of gone) { hunter[b] = hunterOf(b, group); place[b] = "eaten"; }
    return gone.length;
  };
  snap(lines[2] || "", "start");
  const bank = Object.keys(place).filter((a) => place[a] === "bank");
  if (eat(bank)) snap(lines[said++] || "", "bank");
  boats.forEach((_b, i) => {
    if (boatAt[i] === "sunk") return;
    const inside = Object.keys(place).filter((a) => place[a] === `boat${i}`);
    if (!inside.length) return;
    const wasHome = boatAt[i] === "home";
    boatAt[i] = "home";
    if (eat(inside)) snap(lines[said++] || "", `boat${i}`);
    else if (!wasHome) snap(TEXT.crosses(i + 1), `boat${i}`);
  });
  const arriving = Object.keys(place).filter((a) => place[a] === "boat0" || place[a] === "boat1");
  if (arriving.length) {
    for (const a of arriving) place[a] = "home";
    snap(eat(arriving) ? lines[said++] || "" : TEXT.meet, "home");
  }
  snap(lines[lines.length - 1] || "", "scored");
  return steps;
}

function startCrossing(event, lines, view, ctx) {
  if (crossing) clearTimeout(crossing.timer);
  const steps = crossingSteps(event, lines, ctx);
  const still = stillness() || stepMs() === 0;
  crossing = { round: event.round, steps, at: still ? steps.length - 1 : 0, node: null, river: riverOf(view), timer: null, closed: false };
  crossing.node = el("section", { class: "rr-crossing", "aria-label": TEXT.crossing(event.round), "data-round": event.round, "data-steps": steps.length });
  paint(ctx, false);
  if (!still) crossing.timer = setTimeout(() => advance(ctx), stepMs());
}

function advance(ctx) {
  if (!crossing || crossing.closed || crossing.at >= crossing.steps.length - 1) return;
  crossing.at += 1;
  paint(ctx, true);
  if (crossing.at < crossing.steps.length - 1) crossing.timer = setTimeout(() => advance(ctx), stepMs());
}

/** Jump to the end of the crossing (Skip, Escape), or show the table again once at the end. */
function skipOrClose(ctx) {
  if (!crossing || crossing.closed) return;
  clearTimeout(crossing.timer);
  if (crossing.at < crossing.steps.length - 1) {
    crossing.at = crossing.steps.length - 1;
    paint(ctx, false);
    crossing.node.querySelector(".rr-cross-skip")?.focus();
  } else endCrossing(true);
}

/** Take the crossing off the page and show the live river (hidden under it meanwhile). */
function endCrossing(focus = false) {
  if (!crossing) return;
  clearTimeout(crossing.timer);
  crossing.closed = true;
  const node = crossing.node;
  const river = node && node.parentElement && node.parentElement.querySelector(":scope > .rr-river[hidden]");
  if (node) node.remove();
  if (river) {
    river.hidden = false;
    if (focus) river.closest("[tabindex]")?.focus(); // the button went: the reader stays on the board
  }
}

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || !crossing || crossing.closed || !crossing.node.isConnected) return;
  skipOrClose(crossing.ctx);
});

/** An animal of the crossing: its picture and name; an eaten one says by whom. */
function crosser(a, step, ctx) {
  const eaten = step.place[a] === "eaten";
  const safe = step.kind === "scored" && (step.place[a] === "bank" || step.place[a] === "home");
  return el("span", {
    class: `rr-animal${eaten ? " eaten" : ""}${safe ? " safe" : ""}`, "data-key": `cross:${a}`,
    title: eaten && step.hunter[a] ? TEXT.eatenBy(nameOf(step.hunter[a], ctx)) : null,
  }, picture(ctx, a, nameOf(a, ctx)), el("span", { class: "rr-name" }, nameOf(a, ctx)));
}

/** Draw step `crossing.at` into the crossing's section; slide what moved since the last step. */
function paint(ctx, slide) {
  crossing.ctx = ctx;
  const node = crossing.node;
  const step = crossing.steps[crossing.at];
  const last = crossing.at >= crossing.steps.length - 1;
  const here = (where) => animals(ctx).filter((a) => step.place[a] === where).map((a) => crosser(a, step, ctx));
  const group = (where, zone) => el("div", { class: "rr-members", "data-zone": zone }, here(where));
  const boatNode = (i) => el("div", { class: `rr-boat${step.boatAt[i] === "sunk" ? " sunk" : ""}`, "data-key": `cross-boat:${i}`, "data-zone": `x-boat:${i}` },
    el("h3", {}, picture(ctx, "boat", ""), TEXT.boat(i + 1)),
    step.boatAt[i] === "sunk" ? el("p", { class: "rr-status" }, TEXT.status.sunk) : null, group(`boat${i}`, `x-in-boat:${i}`));
  const afloat = step.boatAt.map((at, i) => (at === "home" ? null : boatNode(i))).filter(Boolean);
  const landed = step.boatAt.map((at, i) => (at === "home" ? boatNode(i) : null)).filter(Boolean);
  const before = slide ? measure(node) : new Map();
  node.dataset.step = String(crossing.at + 1);
  node.dataset.kind = step.kind;
  node.dataset.state = last ? "done" : "running";
  const row = here("row");
  node.replaceChildren(
    el("div", { class: "rr-cross-head" },
      el("h3", {}, TEXT.crossing(crossing.round)),
      el("span", { class: "muted small" }, TEXT.stepOf(crossing.at + 1, crossing.steps.length)),
      el("button", { type: "button", class: "rr-cross-skip", onclick: () => skipOrClose(ctx) }, last ? TEXT.close : TEXT.skip)),
    el("p", { class: "rr-cross-say", "aria-live": "polite" }, step.say),
    el("div", { class: "rr-cross-river" },
      el("div", { class: "rr-bank" }, el("h3", {}, picture(ctx, "bank", ""), TEXT.bank), group("bank", "x-bank")),
      el("div", { class: "rr-water" }, afloat),
      el("div", { class: "rr-home" }, el("h3", {}, picture(ctx, "home", ""), TEXT.home), landed, group("home", "x-home")),
      el("div", { class: "rr-cross-aside" },
        el("div", { class: "rr-eaten" }, el("h4", {}, TEXT.eaten), group("eaten", "x-eaten")),
        row.length ? el("div", { class: "rr-left" }, el("h4", {}, TEXT.inRow), group("row", "x-row")) : null)));
  if (slide) flip(node, before, { ms: Math.min(400, Math.round(stepMs() * 0.7)), shared: false });
}

/** The drawing of one view (`ctx`: content, seat, names, art). */
export function draw(view, ctx) {
  const pending = view.pending && typeof view.pending === "object" ? view.pending : null;
  const looking = pending && pending.seat === ctx.seat && pending.kind === "place"
    ? el("p", { class: "prompt-line" }, TEXT.looking(typeof pending.slot === "number" ? pending.slot + 1 : "?")) : null;
  const discard = Array.isArray(view.discard) ? view.discard.length : 0;
  const river = drawRiver(view, ctx);
  before = Array.isArray(view.row) ? [...view.row] : null;
  follow(view, ctx, river);
  const playing = crossing && !crossing.closed ? crossing.node : null;
  if (playing) {
    crossing.ctx = ctx;
    river.hidden = true; // under the crossing until it ends (it ends as soon as the river is needed)
  }
  return el("div", { class: "rr" },
    drawScores(view, ctx), drawReport(ctx), looking, drawRow(view, ctx), playing, river,
    el("div", { class: "rr-mine" }, ...drawMine(view, ctx), ...drawVote(view, ctx)),
    el("p", { class: "muted small" }, TEXT.deck(view.deck_size ?? "?", discard),
      Array.isArray(view.hand_sizes) ? ` · ${TEXT.handSizes}: ${view.hand_sizes.map((n, s) => `${ctx.names[s] || s} ${n}`).join(", ")}` : ""));
}

/** What one clicks on the drawing to play `notation`, in order (or several such orders). */
export function steps(notation) {
  const w = notation.split(" ");
  switch (w[0]) {
    case "look": case "peek": case "reveal": return w.slice(1);
    case "place": case "sail": case "sink": case "capsize": return [w[1]];
    case "move": return [`animal:${w[1]}`, w[2], `card:${w[3]}`];
    case "swap": return [`animal:${w[1]}`, w[2].startsWith("row") ? w[2] : `animal:${w[2]}`];
    case "wash": return [`animal:${w[1]}`];
    case "play": case "discard": case "return": return [`card:${w[1]}`, w[0]];
    case "keep": return [[`drawn:${w[1]}`, `drawn:${w[2]}`], [`drawn:${w[2]}`, `drawn:${w[1]}`]]; // either order
    case "vote": return [`vote:${w[1]}`];
    default: return [];
  }
}
