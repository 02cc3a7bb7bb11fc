// The replay viewer: a finished table, move by move, drawn by the game's own module as the
// chosen seat saw it (or as spectators did), on one screen as the table is: the board with the
// step controls under it, the moves in a side panel (a drawer on a phone). Frames come from
// /api/tables/{id}/replay, which the server refuses until the game is over. Arrow keys step,
// Home/End jump; a move in the list jumps to it.
import { _, api, el, LANG } from "./common.js";
import { art, flip, measure, stillness } from "./stage.js";

/** Every sentence this page shows, in one place, in the reader's language. */
const TEXT = {
  everyone: _("everyone (the public view)"),
  seat: (n) => _("seat {n}", { n }),
  start: _("The start of the game."),
  move: (step, total, seat, text) => _("Move {step} of {total}: seat {seat} — {text}", { step, total, seat, text }),
  of: (step, total) => `${step} / ${total}`,
  player: (seat) => _("player {seat}", { seat }),
};

const root = document.getElementById("replay");
const tableId = root.dataset.table;
const content = JSON.parse(document.getElementById("content-data").textContent || "{}");
const seatNames = JSON.parse(document.getElementById("seat-names")?.textContent || "[]");
const $ = (id) => document.getElementById(id);
const drawing = await import(`./games/${root.dataset.game}.js`);
let frames = [];
let at = 0;

function names() {
  return Array.from({ length: +root.dataset.players }, (_n, s) => seatNames[s] || TEXT.player(s));
}

function show(step) {
  const from = at;
  at = Math.max(0, Math.min(step, frames.length - 1));
  const frame = frames[at];
  const total = frames.length - 1;
  $("step").value = at;
  $("step").setAttribute("aria-valuetext", TEXT.of(at, total));
  $("step-label").textContent = TEXT.of(at, total);
  $("move").textContent = frame.move === null ? TEXT.start : TEXT.move(at, total, frame.seat, frame.text);
  $("move").title = $("move").textContent; // the top bar may cut a long move short
  $("first").disabled = $("prev").disabled = at === 0;
  $("next").disabled = $("last").disabled = at === total;
  const viewer = $("viewer").value;
  const ctx = {
    content, seat: viewer === "" ? null : +viewer, names: names(), legal: [], picked: [], over: at === total, el, _, lang: LANG,
    art: (name, alt, attrs) => art(el, name, alt, attrs), still: stillness(), motion: () => null, hint: null, replay: true,
  };
  const before = measure($("board"));
  $("board").replaceChildren(drawing.draw(frame.view, ctx));
  if (Math.abs(at - from) === 1) flip($("board"), before); // one step moves the pieces as the table did
  for (const item of $("moves").querySelectorAll("[aria-current]")) item.removeAttribute("aria-current");
  const current = $("moves").children[at];
  if (current) {
    current.setAttribute("aria-current", "step");
    const list = $("moves");
    if (list.scrollHeight > list.clientHeight) list.scrollTop = current.offsetTop - list.clientHeight / 2;
  }
}

/** The moves as a list to jump from: the start, then each move in words. */
function listMoves() {
  $("moves").replaceChildren(...frames.map((frame, i) => el("li", {},
    el("button", { type: "button", class: "jump", onclick: () => show(i) },
      frame.move === null ? TEXT.start : `${names()[frame.seat] || TEXT.seat(frame.seat)}: ${frame.text}`))));
}

async function load() {
  const seat = $("viewer").value;
  try {
    frames = await api(`/api/tables/${tableId}/replay${seat === "" ? "" : `?seat=${seat}`}`);
    $("error").textContent = "";
  } catch (error) {
    $("error").textContent = error.message;
    return;
  }
  $("step").max = frames.length - 1;
  listMoves();
  show(Math.min(at, frames.length - 1));
}

$("viewer").append(el("option", { value: "" }, TEXT.everyone),
  ...names().map((name, s) => el("option", { value: s }, `${TEXT.seat(s)} · ${name}`)));
$("viewer").addEventListener("change", load);
$("step").addEventListener("input", () => show(+$("step").value));
$("first").addEventListener("click", () => show(0));
$("prev").addEventListener("click", () => show(at - 1));
$("next").addEventListener("click", () => show(at + 1));
$("last").addEventListener("click", () => show(frames.length - 1));
document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLSelectElement || event.target instanceof HTMLInputElement) return;
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: frames.length - 1 }[event.key];
  if (to !== undefined) { event.preventDefault(); show(to); }
});
// the moves stand open beside a wide board; on a phone they wait in a folded drawer
const wide = window.matchMedia("(min-width: 900px)");
const fold = () => { $("moves-drawer").open = wide.matches; };
wide.addEventListener("change", fold);
fold();
load();
