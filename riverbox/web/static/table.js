// The generic table page: one seat's (or a spectator's) live view of any game over a WebSocket.
// The seat token comes from the invite link's fragment (#token=...), which browsers never send to
// the server; it is kept for this tab so a reload restores the seat.
import { el } from "./common.js";

const root = document.getElementById("table");
const tableId = root.dataset.table;
const storeKey = `riverbox-token-${tableId}`;
const fromHash = new URLSearchParams(window.location.hash.slice(1)).get("token");
if (fromHash) sessionStorage.setItem(storeKey, fromHash);
const token = fromHash || sessionStorage.getItem(storeKey);

const $ = (id) => document.getElementById(id);
let socket = null;
let current = null;
let retry = 500;
let refused = false;

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function label(key) {
  return key.replaceAll("_", " ");
}

/** Any JSON value as readable HTML: objects as definition lists, lists of records as tables. */
function render(value) {
  if (value === null || value === undefined) return el("span", { class: "muted" }, "—");
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", { class: "muted" }, "none");
    if (value.every((v) => v === null || typeof v !== "object")) {
      return el("span", {}, value.map((v) => (v === null ? "·" : String(v))).join(", "));
    }
    const records = value.every((v) => v && typeof v === "object" && !Array.isArray(v));
    if (records) {
      const keys = [...new Set(value.flatMap((v) => Object.keys(v)))];
      return el("table", {}, el("tr", {}, keys.map((k) => el("th", {}, label(k)))),
        value.map((v) => el("tr", {}, keys.map((k) => el("td", {}, render(v[k]))))));
    }
    return el("ol", { start: 0 }, value.map((v) => el("li", {}, render(v))));
  }
  if (typeof value === "object") {
    return el("dl", {}, Object.entries(value).flatMap(([k, v]) => [el("dt", {}, label(k)), el("dd", {}, render(v))]));
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

function seatName(state, seat) {
  const info = state.seats.find((s) => s.seat === seat);
  return info ? info.name : `player ${seat}`;
}

function show(state) {
  current = state;
  document.body.dataset.seq = state.seq;
  document.body.dataset.over = state.over;
  $("error").textContent = "";
  $("who").textContent = state.seat === null ? "You are watching." : `You are ${seatName(state, state.seat)} (seat ${state.seat}).`;
  $("turn").textContent = state.over ? "The game is over."
    : `To move: ${state.to_move.map((s) => (s === state.seat ? "you" : seatName(state, s))).join(", ")}.`;
  const buttons = state.legal.map((a) => el("button", {
    type: "button", "data-action": a.action, title: a.action,
    onclick: (event) => {
      for (const b of $("actions").querySelectorAll("button")) b.disabled = true;
      event.target.classList.add("chosen");
      send({ type: "action", action: a.action, seq: state.seq });
    },
  }, a.text));
  $("actions").replaceChildren(...buttons);
  $("actions-card").hidden = state.seat === null;
  $("undo").hidden = !state.can_undo;
  $("resign").hidden = state.seat === null || state.over || state.seats[state.seat]?.resigned;
  $("view").replaceChildren(render(state.view));
  $("seats").replaceChildren(...state.seats.map((s) => el("li", { class: s.connected || s.kind === "bot" ? "on" : "off" },
    `${s.seat}: ${s.name}${s.resigned ? " (resigned; a bot plays)" : ""}${s.kind === "open" && !s.claimed ? " (free seat)" : ""}`)));
  const log = $("log");
  log.replaceChildren(...state.story.map((e) => el("li", { class: e.source === "table" ? "notice" : "" }, e.text)));
  log.scrollTop = log.scrollHeight;
  $("over").hidden = !state.over;
  if (state.over) {
    $("scores").replaceChildren(...state.scores.map((score, seat) => el("tr", {},
      el("td", {}, seatName(state, seat)), el("td", {}, score), el("td", {}, state.winners.includes(seat) ? "winner" : ""))));
    $("record").href = `/api/tables/${tableId}/record`;
    $("record").setAttribute("download", `${state.game}-${tableId}.json`);
  }
}

function connect() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${window.location.host}/ws/tables/${tableId}`);
  socket.addEventListener("open", () => {
    retry = 500;
    socket.send(JSON.stringify({ token }));
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") show(message);
    else if (message.type === "error") {
      if (!current) refused = true; // the hello was refused (a wrong link): do not retry
      if (current) show(current);
      $("error").textContent = message.detail;
    }
  });
  socket.addEventListener("close", () => {
    if (refused) return;
    $("who").textContent = "Connection lost; reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

$("undo").addEventListener("click", () => send({ type: "undo" }));
$("resign").addEventListener("click", () => {
  if (window.confirm("Resign? A bot will play your seat for the rest of the game.")) send({ type: "resign" });
});
connect();
