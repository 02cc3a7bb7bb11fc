// The replay viewer: a finished table, move by move, drawn by the game's own module as the
// chosen seat saw it (or as spectators did). Frames come from /api/tables/{id}/replay, which
// the server refuses until the game is over. Arrow keys step, Home/End jump.
import { _, api, el, LANG } from "./common.js";
import { art, flip, measure, stillness } from "./stage.js";

/** Every sentence this page shows, in one place, in the reader's language. */
const TEXT = {
  everyone: _("everyone (the public view)"),
  seat: (n) => _("seat {n}", { n }),
  start: _("The start of the game."),
  move: (step, total, seat, text) => _("Move {step} of {total}: seat {seat} — {text}", { step, total, seat, text }),
  of: (step, total) => `${step} / ${total}`,
};

const root = document.getElementById("replay");
const tableId = root.dataset.table;
const content = JSON.parse(document.getElementById("content-data").textContent || "{}");
const $ = (id) => document.getElementById(id);
const drawing = await import(`./games/${root.dataset.game}.js`);
let frames = [];
let at = 0;

function show(step) {
  const from = at;
  at = Math.max(0, Math.min(step, frames.length - 1));
  const frame = frames[at];
  const total = frames.length - 1;
  $("step").value = at;
  $("step-label").textContent = TEXT.of(at, total);
  $("move").textContent = frame.move === null ? TEXT.start : TEXT.move(at, total, frame.seat, frame.text);
  const viewer = $("viewer").value;
  const ctx = {
    content, seat: viewer === "" ? null : +viewer, names: [], legal: [], picked: [], over: at === total, el, _, lang: LANG,
    art: (name, alt, attrs) => art(el, name, alt, attrs), still: stillness(), motion: () => null, hint: null, replay: true,
  };
  const before = measure($("board"));
  $("board").replaceChildren(drawing.draw(frame.view, ctx));
  if (Math.abs(at - from) === 1) flip($("board"), before); // one step moves the pieces as the table did
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
  show(Math.min(at, frames.length - 1));
}

$("viewer").append(el("option", { value: "" }, TEXT.everyone),
  ...Array.from({ length: +root.dataset.players }, (_, s) => el("option", { value: s }, TEXT.seat(s))));
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
load();
