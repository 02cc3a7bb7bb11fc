// Every seat's clock on the table page, for players and spectators alike (clocks are public).
// The server is the clock: each state message carries every seat's reserve and the deadline
// of each running decision (epoch seconds, read from the table's events) and `now`, the
// server's time when it left. The page counts down from those figures; it never decides a
// timeout. Latency: the smallest gap seen between this page's clock and a message's `now`
// is taken as the offset (a message never arrives before it left), so the countdown runs
// at most one best-case trip behind the server and never ahead of it.
import { _, el } from "./common.js";

/** Every sentence of the clocks, in the reader's language (see common.js). */
const TEXT = {
  title: _("Clocks"),
  away: _("away"),
  gone: _("gone for good: a bot plays this seat to the end and it finishes last"),
  low: _("low on time"),
  toMove: _("to move"),
  reserve: (time) => _("reserve {time}", { time }),
  perMove: (time) => _("{time} a move", { time }),
  days: (d, h) => _("{d} d {h} h", { d, h }),
  youAway: _("Your time ran out, so a bot played your turn and your seat is marked away. The bot plays for you each time your time runs out until you are back."),
  back: _("I'm back"),
};

let offset = Infinity; // this page's clock minus the server's, the smallest seen
let shown = null; // the last state with a clock
let timer = null;

/** The server's time now, as best this page can tell (seconds). */
function serverNow() {
  return performance.now() / 1000 - (Number.isFinite(offset) ? offset : 0);
}

const pad = (n) => String(n).padStart(2, "0");

/** A duration in words a person reads at a glance: 4:05, 1:02:03, 2 d 3 h. */
export function duration(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d) return TEXT.days(d, h);
  if (h) return `${h}:${pad(m)}:${pad(s % 60)}`;
  return `${m}:${pad(s % 60)}`;
}

/** The clock bar: made once, put right under the status card. */
function bar() {
  let box = document.getElementById("clocks");
  if (box) return box;
  if (!document.querySelector("link[data-clock-css]")) {
    document.head.append(el("link", { rel: "stylesheet", href: new URL("./clock.css", import.meta.url).href, "data-clock-css": "" }));
  }
  box = el("section", { class: "card clocks", id: "clocks", "aria-labelledby": "clocks-title" },
    el("h2", { id: "clocks-title", class: "small-title" }, TEXT.title),
    el("ul", { id: "clock-list", class: "clock-list" }),
    el("div", { id: "clock-away", class: "clock-away", role: "status", hidden: true }));
  const status = document.getElementById("status");
  if (status) status.after(box);
  else document.body.append(box);
  return box;
}

/**
 * What one seat's clock says now: the time left for its decision (free seconds and reserve
 * together, so the figure only ever goes down), the reserve while it is untouched, and
 * whether time runs low. A seat not to move shows its reserve (or its time a move).
 */
function reading(clock, entry, now) {
  if (entry.deadline === null) {
    return { time: entry.bank > 0 ? TEXT.reserve(duration(entry.bank)) : TEXT.perMove(duration(clock.move)), note: "", low: false };
  }
  const left = entry.deadline - now;
  const free = entry.since + clock.move - now;
  const note = free > 0 && entry.bank > 0 ? `(${TEXT.reserve(duration(entry.bank))})` : "";
  return { time: duration(left), note, low: left <= Math.max(10, clock.move * 0.1) };
}

/** Refresh the times (every quarter second): text only, nothing moves. */
function tick() {
  if (!shown) return;
  const now = serverNow();
  for (const entry of shown.clock.seats) {
    const item = document.querySelector(`#clock-list li[data-seat="${entry.seat}"]`);
    if (!item) continue;
    const { time, note, low } = entry.zombie ? { time: "", note: "", low: false } : reading(shown.clock, entry, now);
    item.querySelector(".time").textContent = time;
    item.querySelector(".reserve").textContent = note;
    item.classList.toggle("low", low);
    item.querySelector(".low-note").hidden = !low;
  }
}

/**
 * Show every seat's clock from a state message (call it with each one); `back` sends the
 * seat's "I'm back". Seats a bot plays from the start have no clock.
 */
export function showClocks(state, back) {
  if (typeof state.now === "number") offset = Math.min(offset, performance.now() / 1000 - state.now);
  const box = bar();
  const clock = state.clock;
  if (!clock || state.over) {
    box.hidden = true;
    shown = null;
    return;
  }
  box.hidden = false;
  shown = state;
  const names = Object.fromEntries(state.seats.map((s) => [s.seat, s.name]));
  const seats = clock.seats.filter((entry) => entry.counts || entry.away || entry.zombie);
  document.getElementById("clock-list").replaceChildren(...seats.map((entry) => el("li", {
    "data-seat": entry.seat,
    class: ["clock", state.to_move.includes(entry.seat) && !entry.zombie ? "running" : "", entry.away ? "away" : "", entry.zombie ? "zombie" : ""].join(" ").trim(),
  },
  el("span", { class: "name" }, names[entry.seat] ?? String(entry.seat)),
  state.to_move.includes(entry.seat) && !entry.zombie ? el("span", { class: "to-move" }, `▶ ${TEXT.toMove}`) : null,
  el("span", { class: "time", role: "timer" }),
  el("span", { class: "reserve" }),
  el("span", { class: "low-note", hidden: true }, `⚠ ${TEXT.low}`),
  entry.zombie ? el("span", { class: "badge gone" }, TEXT.gone) : entry.away ? el("span", { class: "badge away" }, TEXT.away) : null)));
  const mine = state.seat === null ? null : clock.seats.find((entry) => entry.seat === state.seat);
  const notice = document.getElementById("clock-away");
  if (mine && mine.away && !mine.zombie) {
    notice.replaceChildren(el("p", {}, TEXT.youAway),
      el("button", { type: "button", id: "im-back", onclick: (event) => { event.currentTarget.disabled = true; back(); } }, TEXT.back));
    notice.hidden = false;
  } else {
    notice.replaceChildren();
    notice.hidden = true;
  }
  tick();
  if (timer === null) timer = setInterval(tick, 250);
}
