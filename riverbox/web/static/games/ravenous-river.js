// Ravenous River on the table: the row of seven slots, the bank, both boats, home, the scores
// toward the target, this seat's totem(s), its hand with full card text, and the secret vote.
// Clicking: a row slot; the bank or a boat; an animal, then where it goes, then the card paid;
// a card, then what to do with it (the prompt); two drawn animals to keep (2 players).
import { el } from "../common.js";

/** Every sentence this drawing shows, in one place. */
const TEXT = {
  row: "The row",
  slot: (n) => `Slot ${n}`,
  empty: "empty",
  faceDown: "face down",
  faceUp: "face up",
  youSaw: "you saw it",
  seenBy: (names) => `seen by ${names}`,
  bank: "Bank",
  boat: (n) => `Boat ${n}`,
  home: "Home",
  homeNote: "Boats that sail home score their survivors.",
  status: { "in play": "in play", sailed: "sailed home (frozen)", sunk: "SUNK — gone this round" },
  nobody: "nobody here",
  scores: (target) => `Scores (first to ${target} with the most wins)`,
  round: (n) => `Round ${n}`,
  totems: "Your totem",
  totems2: "Your totems",
  eats: (prey) => `eats the ${prey}`,
  eatenBy: (hunter) => `eaten by the ${hunter}`,
  drawn: "You drew (keep two)",
  returned: (a) => `returned to the box: ${a}`,
  hand: "Your hand",
  handSizes: "Cards in hand",
  placeholder: "placeholder card",
  noCards: "no cards",
  deck: (n, d) => `Deck: ${n} cards · discard pile: ${d}`,
  looking: (slot) => `You are looking at the animal from slot ${slot}: put it on the bank or in a boat.`,
  vote: "Vote to end the round",
  voted: "has voted",
  notVoted: "has not voted yet",
  yourVote: (v) => `your vote: ${v}`,
  voteEnd: "End the round",
  voteContinue: "Continue",
  lastVote: (round) => `The vote in round ${round} (revealed)`,
  ended: "The round ended.",
  continued: "The round went on.",
  report: (n) => `How round ${n} scored`,
  nextStep: "Show the next step",
  allSteps: "Show every step",
  winners: "Winners",
  animal: (a) => `the ${a}`,
};

const shown = new Map(); // round -> how many report lines this page has revealed

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
  return seats.map((s) => ctx.names[s] || `seat ${s}`).join(", ");
}

function token(animal, extra = {}) {
  return el("span", { class: `rr-animal rr-${animal}`, "data-pick": `animal:${animal}`, "data-name": TEXT.animal(animal), ...extra },
    el("span", { class: "rr-glyph", "aria-hidden": "true" }, animal.slice(0, 2).toUpperCase()), ` ${animal}`);
}

function drawRow(view, ctx) {
  const row = Array.isArray(view.row) ? view.row : [];
  const seen = Array.isArray(view.row_seen_by) ? view.row_seen_by : [];
  const slots = row.map((cell, i) => {
    const who = Array.isArray(seen[i]) ? seen[i] : [];
    const mine = ctx.seat !== null && who.includes(ctx.seat);
    let face;
    if (cell === null || cell === undefined) face = el("span", { class: "muted" }, TEXT.empty);
    else if (cell === "?") face = el("span", { class: "rr-back" }, TEXT.faceDown);
    else face = el("span", {}, el("strong", {}, cell), el("br"), el("small", {}, mine ? TEXT.youSaw : TEXT.faceUp));
    const others = who.filter((s) => s !== ctx.seat);
    return el("div", {
      class: `rr-slot${cell === "?" ? " down" : ""}${cell === null ? " gone" : ""}${mine ? " seen" : ""}`,
      "data-pick": `row${i + 1}`, "data-name": TEXT.slot(i + 1),
    }, el("span", { class: "rr-slot-n" }, TEXT.slot(i + 1)), face,
    others.length ? el("small", { class: "muted seen-by" }, TEXT.seenBy(names(others, ctx))) : null);
  });
  return el("section", { class: "rr-row", "aria-label": TEXT.row }, el("h3", {}, TEXT.row), el("div", { class: "rr-slots" }, slots));
}

function zone(key, title, members, status) {
  const sunk = status === "sunk";
  return el("div", { class: `rr-zone${sunk ? " sunk" : ""}${status === "sailed" ? " sailed" : ""}` },
    el("h3", {}, el("span", { class: "rr-target", "data-pick": key, "data-name": title }, title)),
    status ? el("p", { class: "rr-status" }, TEXT.status[status] || status) : null,
    members.length ? el("div", { class: "rr-members" }, members.map((a) => token(a))) : el("p", { class: "muted" }, TEXT.nobody));
}

function drawRiver(view) {
  const boats = Array.isArray(view.boats) ? view.boats : [[], []];
  const status = Array.isArray(view.boat_status) ? view.boat_status : [];
  return el("section", { class: "rr-river" },
    zone("bank", TEXT.bank, Array.isArray(view.bank) ? view.bank : []),
    ...boats.map((b, i) => zone(`boat${i + 1}`, TEXT.boat(i + 1), Array.isArray(b) ? b : [], status[i] || "in play")),
    el("div", { class: "rr-zone home" }, el("h3", {}, TEXT.home), el("p", { class: "muted" }, TEXT.homeNote)));
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
      totems.map((t) => { const c = chain(t, ctx); return el("p", { class: "rr-totem" }, el("strong", {}, t), ` — ${TEXT.eats(c.prey)}; ${TEXT.eatenBy(c.hunter)}`); })));
  }
  const drawn = Array.isArray(view.drawn) ? view.drawn : [];
  if (drawn.length) {
    const back = totems.length ? drawn.filter((a) => !totems.includes(a)) : [];
    parts.push(el("div", { class: "rr-drawn" }, el("h3", {}, TEXT.drawn),
      el("div", { class: "rr-members" }, drawn.map((a) => el("span", { class: "rr-animal", "data-pick": `drawn:${a}`, "data-name": TEXT.animal(a) }, a))),
      back.length ? el("p", { class: "muted" }, TEXT.returned(back.join(", "))) : null));
  }
  const hand = Array.isArray(view.hand) ? view.hand : null;
  if (hand) {
    const cards = (ctx.content && ctx.content.cards) || {};
    parts.push(el("div", { class: "rr-hand" }, el("h3", {}, TEXT.hand),
      hand.length ? el("div", { class: "cards" }, hand.map((name) => {
        const card = cards[name] || { title: name, text: "" };
        return el("article", { class: `game-card${card.placeholder ? " placeholder" : ""}`, "data-pick": `card:${name}`, "data-name": card.title },
          el("h4", {}, card.title), el("p", {}, card.text),
          card.placeholder ? el("p", { class: "badge" }, `✱ ${TEXT.placeholder}`) : null);
      })) : el("p", { class: "muted" }, TEXT.noCards)));
  }
  return parts;
}

function drawVote(view, ctx) {
  const voted = Array.isArray(view.voted) ? view.voted : null;
  const parts = [];
  if (voted) {
    parts.push(el("div", { class: "rr-vote" }, el("h3", {}, TEXT.vote),
      el("ul", {}, voted.map((v, seat) => el("li", {}, `${ctx.names[seat] || seat}: ${v ? `✔ ${TEXT.voted}` : `… ${TEXT.notVoted}`}`))),
      view.my_vote ? el("p", {}, TEXT.yourVote(view.my_vote)) : null,
      el("div", { class: "actions" },
        el("span", { class: "chip", "data-pick": "vote:end", "data-name": TEXT.voteEnd }, TEXT.voteEnd),
        el("span", { class: "chip", "data-pick": "vote:continue", "data-name": TEXT.voteContinue }, TEXT.voteContinue))));
  }
  const last = view.last_vote;
  if (last && typeof last === "object" && Array.isArray(last.votes)) {
    parts.push(el("div", { class: "rr-vote" }, el("h3", {}, TEXT.lastVote(last.round ?? "")),
      el("ul", {}, last.votes.map((v, seat) => el("li", {}, `${ctx.names[seat] || seat}: ${v === "end" ? TEXT.voteEnd : TEXT.voteContinue}`))),
      el("p", {}, last.round_ended ? TEXT.ended : TEXT.continued)));
  }
  return parts;
}

function drawReport(view) {
  const report = view.last_round;
  if (!report || !Array.isArray(report.lines)) return null;
  const lines = report.lines;
  const n = Math.min(shown.get(report.round) ?? 1, lines.length);
  const box = el("section", { class: "rr-report" });
  const fill = (k) => {
    shown.set(report.round, k);
    box.replaceChildren(el("h3", {}, TEXT.report(report.round ?? "")),
      el("ol", {}, lines.slice(0, k).map((line) => el("li", {}, line))),
      k < lines.length ? el("div", { class: "tools" },
        el("button", { type: "button", onclick: () => fill(k + 1) }, TEXT.nextStep),
        el("button", { type: "button", onclick: () => fill(lines.length) }, TEXT.allSteps)) : null);
  };
  fill(n);
  return box;
}

/** The drawing of one view (`ctx`: content, seat, names). */
export function draw(view, ctx) {
  const pending = view.pending && typeof view.pending === "object" ? view.pending : null;
  const looking = pending && pending.seat === ctx.seat && pending.kind === "place"
    ? el("p", { class: "prompt-line" }, TEXT.looking(typeof pending.slot === "number" ? pending.slot + 1 : "?")) : null;
  const discard = Array.isArray(view.discard) ? view.discard.length : 0;
  return el("div", { class: "rr" },
    drawScores(view, ctx), looking, drawRow(view, ctx), drawRiver(view),
    el("div", { class: "rr-mine" }, ...drawMine(view, ctx), ...drawVote(view, ctx)),
    el("p", { class: "muted" }, TEXT.deck(view.deck_size ?? "?", discard),
      Array.isArray(view.hand_sizes) ? ` · ${TEXT.handSizes}: ${view.hand_sizes.map((n, s) => `${ctx.names[s] || s} ${n}`).join(", ")}` : ""),
    drawReport(view));
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
