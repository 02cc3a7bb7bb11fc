// The table page: one seat's (or a spectator's) live table over a WebSocket, on one screen: a
// top bar, the board with its action bar, a side panel (my move, players, log drawer). The seat
// token comes from the invite link's fragment (#token=...), which browsers never send to the
// server; it is kept for this tab so a reload restores the seat. A pass-the-device link
// (#tokens=SEAT.TOKEN,SEAT.TOKEN) seats several players on this browser: between their turns a
// cover replaces the table, and the previous seat's private information leaves the page.
//
// THE API A GAME MODULE (static/games/<game>.js) USES
//   export function draw(view, ctx) -> Node      the whole board for one view, drawn afresh each state
//   export function steps(notation, view) -> keys what one clicks, in order, to play a legal action
//       (a list of data-pick keys, or a list of such lists when any order will do; [] = not on the
//       drawing: the shell then offers the move as a button in the action bar beside the board).
//   Marks on drawn elements:
//     data-pick="KEY" data-name="words"  a thing one can click as a step (pick.js makes it a move
//                                        [data-action] or a step [.pickable], keyboard-focusable)
//     data-key="ID"                      the same piece across drawings (an animal, a card): the
//                                        shell animates it from where it was (FLIP, <= 400 ms)
//     data-from="ID"                     a piece new to this drawing flies in from the element
//                                        that had key ID in the previous drawing (a face-down slot)
//     data-zone="ID"                     a place pieces lie in (a boat, a column, the hand): a piece
//                                        whose zone changed (or that flew in) is the last move and
//                                        stays marked (class "last-move") until the next one
//   ctx: { content, seat, names, legal, picked, over, el, _, lang, log, story,
//          art(name, alt, attrs)  an <img> of static/art/NAME.svg (scripts/art.json) with its alt;
//                                 keep the name in words beside it (pages work without the art)
//          still                  true under prefers-reduced-motion: draw no animation then
//          motion(node, frames, options)  a Web Animation on node, nothing when still
//          hint                   the data-pick key the hint suggests next, or null (the shell
//                                 also outlines it: class "hinted")
//          replay                 true in the replay viewer (no moves) }
//   Hints: the shell marks the suggested element at every step of a multi-step move; the module
//   only has to draw each step's element with its data-pick key.
// Extension points for other features: #topbar-slot (the clock), #panels (side panels), and
// #rematch-slot in the game-over overlay; show() raises a "table:state" event on #table with
// the state shown (event.detail), after the page has drawn it.
import { _, api, el, LANG } from "./common.js";
import { candidates, decorate, expand, startsWith } from "./pick.js";
import { showClocks } from "./clock.js";
import { art, flip, measure, stillness } from "./stage.js";

/** Every sentence this page shows, in one place, in the reader's language (see common.js). */
const TEXT = {
  watching: _("You are watching."),
  youAre: (name, seat) => _("You are {name} (seat {seat}).", { name, seat }),
  over: _("The game is over."),
  toMove: (names) => _("To move: {names}.", { names }),
  you: _("you"),
  yourTurn: _("Your turn"),
  yourTurnTitle: _("● Your turn — "),
  hintAsking: _("The strongest bot is thinking (a few seconds)…"),
  hintSays: (text) => _("The strongest bot would play: {text}", { text }),
  hintWhy: _("Why, from what its search expects:"),
  hintPlay: _("Play the suggested move"),
  hintMark: _(" (suggested)"),
  pickHint: _("Pick on the table (highlighted things can be chosen), or choose a move below."),
  waiting: _("Waiting for the other players."),
  chosen: (labels) => _("Chosen: {labels}. Now pick the next part on the table, or one of these:", { labels }),
  cancel: _("Cancel the choice"),
  choose: (n) => _("choose ({n} moves go on from here)", { n }),
  lost: _("Connection lost; reconnecting…"),
  resign: _("Resign? A bot will play your seat for the rest of the game."),
  resigned: _(" (resigned; a bot plays)"),
  timedOut: _(" (timed out; a bot plays on)"),
  free: _(" (free seat)"),
  winner: _("winner"),
  wins: (names) => _("{names} won.", { names }),
  draw: _("Nobody won."),
  player: (seat) => _("player {seat}", { seat }),
  online: _("online"),
  offline: _("offline"),
  bot: _("bot"),
  none: _("none"),
  noDrawing: _("This game has no drawn table yet; its state:"),
  passTo: (name) => _("Pass the device to {name}.", { name }),
  passNote: _("The table stays hidden until they confirm, so nobody sees another player's cards."),
  iAm: (name) => _("I am {name}: show my table", { name }),
  boardKeys: _("Board keys: the numbers pick the marked things; Escape leaves."),
};

/** Milliseconds between two moves shown one after the other (a bot's, another seat's). */
const PACE = 600;

const root = document.getElementById("table");
const tableId = root.dataset.table;
const game = root.dataset.game;
const content = JSON.parse(document.getElementById("content-data").textContent || "{}");
const tokens = seatTokens();
const handsOn = Object.keys(tokens).length > 1; // pass the device: several seats on this browser
let active = Object.keys(tokens).length ? +Object.keys(tokens)[0] : null;
let covered = false;
let lastSeats = [];
const baseTitle = document.title;

const $ = (id) => document.getElementById(id);
/** Tell the page's other modules (chat.js, alerts.js) what happened: "state", "message", "cover". */
const tell = (kind, detail = {}) => root.dispatchEvent(new CustomEvent(`riverbox:${kind}`, { detail }));
let socket = null;
let current = null;
let picked = [];
let retry = 500;
let refused = false;
let wasMine = false; // was it this seat's turn at the last state shown (for the sound)
let shownBefore = false;
let hinted = null; // the last hint: {seq, action, text, why}
let boardKeys = false; // the board's things are numbered for the keyboard (key B)
let overSeen = false; // the game-over overlay was shown (and may be closed)
const queue = []; // states waiting to be shown, PACE apart
let shownAt = 0;
let pacing = null;
let lastMoved = new Set(); // the keys of the pieces the last move moved (marked until the next)
const SOUND_KEY = "riverbox-turn-sound";

let drawing = null;
try {
  drawing = await import(`./games/${game}.js`);
} catch (error) {
  console.warn("no drawn table for", game, error);
}

/** Seat -> token for this tab: from the link's fragment (kept for reloads) or from earlier. */
function seatTokens() {
  const key = `riverbox-tokens-${tableId}`;
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const found = {};
  if (hash.get("tokens")) {
    for (const pair of hash.get("tokens").split(",")) {
      const [seat, value] = pair.split(".");
      if (value) found[+seat] = value;
    }
  } else if (hash.get("token")) found[-1] = hash.get("token"); // the seat is learnt on connect
  if (Object.keys(found).length) {
    sessionStorage.setItem(key, JSON.stringify(found));
    return found;
  }
  return JSON.parse(sessionStorage.getItem(key) || "{}");
}

/** The next seat of this browser to move, when it is not the one shown. */
function nextHere(state) {
  if (!handsOn || state.over || state.legal.length) return null;
  const here = state.to_move.filter((s) => s !== active && tokens[s] !== undefined);
  return here.length ? here[0] : null;
}

/** Hide the table behind a cover: the previous seat's private parts leave the DOM. */
function cover(next) {
  covered = true;
  tell("cover");
  current = null;
  picked = [];
  const old = socket;
  socket = null;
  if (old) old.close();
  queue.length = 0;
  for (const id of ["board", "action-bar", "prompt", "actions", "log", "seats", "scores", "hint-box"]) $(id).replaceChildren();
  $("who").textContent = "";
  $("turn").textContent = "";
  const name = lastSeats.find((s) => s.seat === next)?.name || TEXT.player(next);
  $("cover").replaceChildren(el("h2", {}, TEXT.passTo(name)), el("p", {}, TEXT.passNote),
    el("button", { type: "button", id: "uncover", onclick: () => uncover(next) }, TEXT.iAm(name)));
  $("cover").hidden = false;
  $("table-parts").hidden = true;
}

function uncover(seat) {
  covered = false;
  active = seat;
  $("cover").hidden = true;
  $("table-parts").hidden = false;
  connect();
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function label(key) {
  return key.replaceAll("_", " ");
}

/** Any JSON value as readable HTML (the table of a game without a drawing). */
function render(value) {
  if (value === null || value === undefined) return el("span", { class: "muted" }, "—");
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", { class: "muted" }, TEXT.none);
    if (value.every((v) => v === null || typeof v !== "object")) {
      return el("span", {}, value.map((v) => (v === null ? "·" : String(v))).join(", "));
    }
    return el("ol", { start: 0 }, value.map((v) => el("li", {}, render(v))));
  }
  if (typeof value === "object") {
    return el("dl", {}, Object.entries(value).flatMap(([k, v]) => [el("dt", {}, label(k)), el("dd", {}, render(v))]));
  }
  return String(value);
}

function seatName(state, seat) {
  const info = state.seats.find((s) => s.seat === seat);
  return info ? info.name : TEXT.player(seat);
}

/** The steps of every legal action, as the game module reads its notation. */
function withSteps(state) {
  return state.legal.flatMap((a) => {
    let steps = [];
    try {
      steps = (drawing && drawing.steps && drawing.steps(a.action, state.view)) || [];
    } catch (error) {
      console.error("steps failed for", a.action, error);
    }
    return expand(a, steps);
  });
}

function play(action) {
  for (const node of document.querySelectorAll("[data-action]")) {
    node.setAttribute("aria-disabled", "true");
    if (node.tagName === "BUTTON") node.disabled = true;
  }
  document.body.classList.add("sending");
  send({ type: "action", action: action.action, seq: current.seq });
}

function pick(key) {
  picked = [...picked, key];
  drawMoves();
}

function actionButton(a, number) {
  return el("button", {
    type: "button", "data-action": a.action, title: a.action,
    onclick: (event) => { event.currentTarget.classList.add("chosen"); play(a); },
  }, number ? el("span", { class: "key", "aria-hidden": "true" }, `${number}`) : null, a.text);
}

/** The data-pick key the hint suggests next (at this step of its move), or null. */
function hintKey(legal) {
  if (!hinted || !current || hinted.seq !== current.seq) return null;
  const way = legal.find((a) => a.action === hinted.action && a.steps.length > picked.length && startsWith(a.steps, picked));
  return way ? way.steps[picked.length] : null;
}

function motion(node, frames, options) {
  if (stillness() || !node.animate) return null;
  return node.animate(frames, { duration: 350, ...options });
}

function drawBoard(state, legal, animate) {
  const board = $("board");
  if (!drawing) {
    board.replaceChildren(el("p", { class: "muted" }, TEXT.noDrawing), render(state.view));
    return;
  }
  const names = state.seats.map((s) => s.name);
  const before = animate ? measure(board) : new Map();
  // the game's events (`log`) and their sentences (`story`) let a drawing tell what just happened
  const ctx = {
    content, seat: state.seat, names, legal, picked, over: state.over, el, _, lang: LANG, log: state.log, story: state.story,
    art: (name, alt, attrs) => art(el, name, alt, attrs), still: stillness(), motion, hint: hintKey(legal), replay: false,
  };
  try {
    board.replaceChildren(drawing.draw(state.view, ctx));
  } catch (error) {
    console.error("drawing failed", error);
    board.replaceChildren(el("p", { class: "error" }, String(error)), render(state.view));
    return;
  }
  decorate(board, legal, picked, play, pick, TEXT);
  if (animate) {
    const moved = flip(board, before);
    lastMoved = new Set(moved.map((node) => node.dataset.key));
    document.body.dataset.moved = String(+(document.body.dataset.moved || 0) + moved.length);
  } else {
    for (const node of board.querySelectorAll("[data-key]")) if (lastMoved.has(node.dataset.key)) node.classList.add("last-move");
  }
}

/** Legal actions not reachable on the drawing (no element for their first step): the action bar. */
function offBoard(legal) {
  const board = $("board");
  const drawn = (a) => a.steps.length > 0 && board.querySelector(`[data-pick="${CSS.escape(a.steps[0])}"]`);
  const onBoard = new Set(legal.filter(drawn).map((a) => a.action));
  const seen = new Set();
  return legal.filter((a) => !onBoard.has(a.action) && !seen.has(a.action) && seen.add(a.action));
}

/** Number the board's marked things (and the action bar's buttons) for the digit keys. */
function numberTargets() {
  for (const node of document.querySelectorAll("[data-num]")) delete node.dataset.num;
  if (!boardKeys) return [];
  const targets = [...document.querySelectorAll("#board [data-action], #board .pickable, #action-bar button[data-action], #prompt button[data-action]")]
    .filter((node) => node.getClientRects().length);
  targets.slice(0, 9).forEach((node, i) => { node.dataset.num = String(i + 1); });
  return targets;
}

function drawMoves(animate = false) {
  const state = current;
  const legal = state.legal_steps;
  drawBoard(state, legal, animate);
  const bar = picked.length ? [] : offBoard(legal);
  $("action-bar").replaceChildren(...bar.map((a) => actionButton(a, 0)));
  $("action-bar").hidden = !bar.length;
  const prompt = $("prompt");
  if (!legal.length) {
    prompt.replaceChildren(el("p", { class: "muted" }, state.over ? TEXT.over : TEXT.waiting));
  } else if (picked.length) {
    const labels = picked.map((key) => document.querySelector(`[data-pick="${CSS.escape(key)}"]`)?.dataset.name || key);
    prompt.replaceChildren(
      el("p", {}, TEXT.chosen(labels.join(", "))),
      el("div", { class: "actions choices" }, candidates(legal, picked).map((a, i) => actionButton(a, i < 9 ? i + 1 : 0))),
      el("button", { type: "button", class: "cancel", onclick: () => { picked = []; drawMoves(); } }, TEXT.cancel),
    );
  } else {
    prompt.replaceChildren(el("p", { class: "your-turn" }, el("strong", {}, `${TEXT.yourTurn}. `), TEXT.pickHint));
  }
  $("actions").replaceChildren(...state.legal.map((a, i) => actionButton(a, !picked.length && i < 9 ? i + 1 : 0)));
  markHint();
  numberTargets();
}

/** Mark the hinted move wherever it can be played (the drawing and the list): an outline and words. */
function markHint() {
  if (!hinted || !current || hinted.seq !== current.seq) return;
  for (const node of document.querySelectorAll("[data-action]")) {
    if (node.dataset.action !== hinted.action || node.closest("#hint-box")) continue;
    node.classList.add("hinted");
    if (node.tagName === "BUTTON") node.append(el("span", { class: "hint-mark" }, TEXT.hintMark));
  }
  const key = hintKey(current.legal_steps); // the next step of a multi-step move, on the drawing
  if (key) for (const node of $("board").querySelectorAll(`[data-pick="${CSS.escape(key)}"]`)) node.classList.add("hinted");
}

/** The hint box: the suggested move (playable from here too) and the values of the top choices. */
function drawHint() {
  const box = $("hint-box");
  if (!hinted || !current || hinted.seq !== current.seq) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const move = current.legal.find((a) => a.action === hinted.action);
  box.replaceChildren(
    el("p", {}, el("strong", {}, TEXT.hintSays(hinted.text))),
    hinted.why.length ? el("p", { class: "muted" }, TEXT.hintWhy) : null,
    hinted.why.length ? el("ul", {}, hinted.why.map((line) => el("li", {}, line))) : null,
    move ? el("button", {
      type: "button", class: "hinted", "data-action": move.action,
      onclick: (event) => { event.currentTarget.classList.add("chosen"); play(move); },
    }, TEXT.hintPlay) : null,
  );
  box.hidden = false;
}

async function askHint() {
  const token = active === null ? null : tokens[active];
  if (!current || (!token && current.seat === null)) return; // no token: the player cookie is the seat
  const seq = current.seq;
  $("hint").disabled = true;
  const box = $("hint-box");
  box.replaceChildren(el("p", { class: "muted" }, TEXT.hintAsking));
  box.hidden = false;
  try {
    const answer = await api(`/api/tables/${tableId}/hint`, { method: "POST", headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (current && current.seq === seq && answer.seq === seq) {
      hinted = answer;
      drawMoves();
      drawHint();
    }
  } catch (error) {
    box.replaceChildren(el("p", { class: "error" }, error.message));
  } finally {
    $("hint").disabled = false;
  }
}

/** A short tone when it becomes this seat's turn, only if the player turned the sound on. */
function turnSound() {
  if (!$("turn-sound").checked) return;
  document.body.dataset.turnSounds = String(+(document.body.dataset.turnSounds || 0) + 1);
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
    tone.addEventListener("ended", () => audio.close());
  } catch (error) {
    console.warn("no sound", error);
  }
}

/** A state from the server: shown now, or PACE after the previous one (moves one can follow). */
function arrive(state) {
  $("offline").hidden = true; // back: the table is live again
  queue.push(state);
  if (queue.length > 3) queue.splice(0, queue.length - 3); // far behind: skip ahead, never hold the game
  if (!pacing) pump();
}

function pump() {
  pacing = null;
  if (!queue.length) return;
  // the answer to this seat's own move shows at once; other seats' moves (bots') come PACE apart
  const own = current && current.legal.length > 0;
  const wait = stillness() || !current || own ? 0 : shownAt + PACE - performance.now();
  if (wait > 0) {
    pacing = setTimeout(pump, wait);
    return;
  }
  show(queue.shift());
  shownAt = performance.now();
  if (queue.length) pacing = setTimeout(pump, stillness() ? 0 : PACE);
}

function show(state) {
  lastSeats = state.seats;
  showClocks(state, () => send({ type: "back" }));
  document.dispatchEvent(new CustomEvent("riverbox:state", { detail: state })); // for rematch.js
  const next = nextHere(state);
  if (next !== null) {
    cover(next);
    return;
  }
  const moved = Boolean(current) && current.seq !== state.seq;
  if (!current || current.seq !== state.seq) picked = [];
  current = { ...state, legal_steps: withSteps(state) };
  document.body.classList.remove("sending");
  document.body.dataset.seq = state.seq;
  document.body.dataset.over = state.over;
  $("error").textContent = "";
  $("who").textContent = state.seat === null ? TEXT.watching : TEXT.youAre(seatName(state, state.seat), state.seat);
  const mine = state.seat !== null && state.to_move.includes(state.seat) && !state.over;
  $("status").classList.toggle("my-turn", mine);
  document.title = (mine ? TEXT.yourTurnTitle : "") + baseTitle;
  $("turn-signal").hidden = !mine;
  if (mine && !wasMine && shownBefore) turnSound(); // it became this seat's turn (not at page load)
  wasMine = mine;
  shownBefore = true;
  $("hint").hidden = !mine || state.seats[state.seat]?.bot_plays;
  if (hinted && hinted.seq !== state.seq) hinted = null;
  drawHint();
  $("turn").textContent = state.over ? TEXT.over
    : TEXT.toMove(state.to_move.map((s) => (s === state.seat ? TEXT.you : seatName(state, s))).join(", "));
  $("actions-card").hidden = state.seat === null;
  $("undo").hidden = !state.can_undo;
  $("resign").hidden = state.seat === null || state.over || state.seats[state.seat]?.bot_plays;
  if (!mine) boardKeys = false;
  drawMoves(moved);
  $("seats").replaceChildren(...state.seats.map((s) => el("li", { class: s.connected || s.kind === "bot" ? "on" : "off" },
    `${s.seat}: ${s.name} — ${s.kind === "bot" ? TEXT.bot : s.connected ? TEXT.online : TEXT.offline}`,
    s.timed_out ? TEXT.timedOut : s.resigned ? TEXT.resigned : "", s.kind === "open" && !s.claimed ? TEXT.free : "")));
  const log = $("log");
  log.replaceChildren(...state.story.map((e) => el("li", { class: e.source === "table" ? "notice" : "" }, e.text)));
  log.scrollTop = log.scrollHeight;
  $("over").hidden = !state.over || (overSeen && $("over").dataset.closed === "true");
  if (state.over) {
    const won = state.winners.map((seat) => seatName(state, seat));
    $("over-winner").textContent = won.length ? TEXT.wins(won.join(", ")) : TEXT.draw;
    if (!overSeen) $("over").focus();
    overSeen = true;
    $("scores").replaceChildren(...state.scores.map((score, seat) => el("tr", {},
      el("td", {}, seatName(state, seat)), el("td", {}, score), el("td", {}, state.winners.includes(seat) ? TEXT.winner : ""))));
    $("record").href = `/api/tables/${tableId}/record`;
    $("record").setAttribute("download", `${state.game}-${tableId}.json`);
  }
  tell("state", { state, send });
  root.dispatchEvent(new CustomEvent("table:state", { detail: state }));
}

function connect() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${window.location.host}/ws/tables/${tableId}`);
  socket = ws;
  const token = active === null ? null : tokens[active];
  ws.addEventListener("open", () => {
    retry = 500;
    ws.send(JSON.stringify({ token, lang: LANG }));
  });
  ws.addEventListener("message", (event) => {
    if (ws !== socket) return;
    const message = JSON.parse(event.data);
    if (message.type === "state") arrive(message);
    else if (message.type === "error") {
      if (!current) refused = true; // the hello was refused (a wrong link): do not retry
      if (current) show(current);
      $("error").textContent = message.detail;
    } else tell("message", message);
  });
  ws.addEventListener("close", () => {
    if (refused || covered || ws !== socket) return;
    $("who").textContent = TEXT.lost;
    $("offline").hidden = false; // nothing on the table may look playable while moves cannot be sent
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

/** True when a key goes to a field being typed in (a chat box, a name): the table keys stay out. */
function typing(target) {
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement
    || target instanceof HTMLTextAreaElement || (target instanceof HTMLElement && target.isContentEditable);
}

/**
 * Keys: 1-9 play the numbered move of the list (the prompt's choices once a step is picked). B
 * numbers the things one can click on the board and in the action bar; then 1-9 pick them, so a
 * move of three steps takes B and three digits. Escape cancels a choice, then leaves the board keys.
 */
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (typing(event.target) || !$("offline").hidden) return;
  if ((event.key === "b" || event.key === "B") && current && current.legal.length) {
    event.preventDefault();
    boardKeys = true;
    const first = numberTargets()[0];
    if (first) first.focus();
    $("prompt").setAttribute("aria-description", TEXT.boardKeys);
    return;
  }
  if (event.key === "Escape") {
    if (picked.length) { picked = []; drawMoves(); } else if (boardKeys) { boardKeys = false; numberTargets(); }
    return;
  }
  if (!/^[1-9]$/.test(event.key)) return;
  let target;
  if (boardKeys) target = document.querySelector(`[data-num="${event.key}"]`);
  else {
    const list = picked.length ? $("prompt").querySelectorAll("button[data-action]") : $("actions").querySelectorAll("button[data-action]");
    target = list[+event.key - 1];
  }
  if (target && !target.disabled) {
    event.preventDefault();
    target.click();
    const next = document.querySelector("[data-num='1']");
    if (boardKeys && next) next.focus();
  }
});
// on a phone the full list starts folded (every move is on the drawing or in the action bar)
const wide = window.matchMedia("(min-width: 900px)");
const fold = () => { document.querySelector(".every-move").open = wide.matches; };
wide.addEventListener("change", fold);
fold();
$("over-close").addEventListener("click", () => {
  $("over").dataset.closed = "true";
  $("over").hidden = true;
});
// the turn sound is off unless the player turns it on (remembered on this browser)
$("turn-sound").checked = localStorage.getItem(SOUND_KEY) === "on";
$("turn-sound").addEventListener("change", (event) => {
  localStorage.setItem(SOUND_KEY, event.target.checked ? "on" : "off");
});
$("hint").addEventListener("click", askHint);
$("undo").addEventListener("click", () => send({ type: "undo" }));
$("resign").addEventListener("click", () => {
  if (window.confirm(TEXT.resign)) send({ type: "resign" });
});
connect();
