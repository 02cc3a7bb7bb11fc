// Table chat: the lines of the table (seats and spectators), live over the table's socket.
// The table page tells this module what happens through events on #table (see table.js):
// "riverbox:state" (a state was shown: {state, send}), "riverbox:message" (any other socket
// message; chat lines are {type: "chat"}) and "riverbox:cover" (pass the device: the table is
// hidden, and every line leaves the page until the next seat confirms). On the replay page the
// whole chat is listed once. Every line is set as text, never as HTML.
import { _, api, el } from "./common.js";

/** Replace a node's children, leaving out the absent ones (replaceChildren would write "null"). */
const fill = (node, ...children) => node.replaceChildren(...children.filter((c) => c !== null && c !== undefined));

/** Every sentence this module shows, in the reader's language. */
const TEXT = {
  title: _("Chat"),
  empty: _("No messages yet."),
  message: _("Message"),
  send: _("Send"),
  yourName: _("Your name (optional)"),
  spectatorNamed: (name) => _("{name} (spectator)", { name }),
  aSpectator: _("A spectator"),
  player: (seat) => _("player {seat}", { seat }),
  mute: _("Mute spectators"),
  muted: _("The host has muted spectators."),
  mutedNow: _("The host muted spectators."),
  unmutedNow: _("The host let spectators speak again."),
  atMove: (seq) => _("at move {seq}", { seq }),
  log: _("Chat messages"),
};

const LIMIT = 300;
const replay = document.getElementById("replay");
const root = document.getElementById("table") || replay;
const tableId = root?.dataset.table;
const box = document.getElementById("chat");
let lastId = 0;
let loaded = false;
let muted = false;
let seat = null;
let host = null;
let send = null;

document.head.append(el("link", { rel: "stylesheet", href: "/static/social.css" }));

/** Who said a line, in words: a seat's name (or "player N"), or a spectator marked as one. */
function sender(line) {
  if (line.seat !== null) return line.name || TEXT.player(line.seat);
  return line.name ? TEXT.spectatorNamed(line.name) : TEXT.aSpectator;
}

function lineItem(line) {
  if (line.kind === "mute" || line.kind === "unmute") {
    return el("li", { class: "notice", "data-chat": line.id }, line.kind === "mute" ? TEXT.mutedNow : TEXT.unmutedNow);
  }
  return el("li", { "data-chat": line.id, class: line.seat === null ? "from-spectator" : "from-seat" },
    el("strong", {}, `${sender(line)}: `), el("span", { class: "chat-text" }, line.text),
    replay ? el("span", { class: "muted" }, ` (${TEXT.atMove(line.seq)})`) : null);
}

function add(line) {
  if (line.id <= lastId) return;
  lastId = line.id;
  if (line.kind === "mute") muted = true;
  if (line.kind === "unmute") muted = false;
  const list = document.getElementById("chat-lines");
  if (!list) return;
  list.querySelector(".chat-empty")?.remove();
  list.append(lineItem(line));
  const drawer = document.getElementById("chat-drawer");
  if (drawer) drawer.open = true;
  list.scrollTop = list.scrollHeight;
  drawForm();
}

/** The section's parts: title, lines, and (at a table) the form. */
function build() {
  // a drawer: open on a wide screen, folded on a phone (one tap opens it; a new line opens it too)
  const query = window.matchMedia ? window.matchMedia("(min-width: 900px)") : null;
  const wide = !query || query.matches;
  // the screen turned (or the window narrowed): the drawer follows, open when wide, folded when narrow
  query?.addEventListener("change", (event) => {
    const drawer = document.getElementById("chat-drawer");
    if (drawer && !replay) drawer.open = event.matches;
  });
  fill(box,
    el("details", { id: "chat-drawer", class: "chat-drawer", open: wide || replay ? "" : null },
      el("summary", {}, el("h2", { id: "chat-title" }, TEXT.title)),
      el("ol", { id: "chat-lines", class: "chat-lines", "aria-live": "polite", "aria-label": TEXT.log, tabindex: "0" },
        el("li", { class: "chat-empty muted" }, TEXT.empty)),
      replay ? null : el("form", { id: "chat-form", class: "chat-form", onsubmit: submit }),
      replay ? null : el("p", { id: "chat-error", class: "error", role: "alert" })),
  );
  box.setAttribute("aria-labelledby", "chat-title");
  box.hidden = false;
}

function drawForm() {
  const form = document.getElementById("chat-form");
  if (!form) return;
  const silenced = seat === null && muted;
  const typed = document.getElementById("chat-text")?.value || "";
  const name = document.getElementById("chat-name")?.value || "";
  fill(form,
    seat === null ? el("label", {}, TEXT.yourName, " ", el("input", { id: "chat-name", maxlength: 40, value: name, autocomplete: "nickname", disabled: silenced })) : null,
    el("label", { class: "chat-message" }, TEXT.message, " ",
      el("input", { id: "chat-text", maxlength: LIMIT, value: typed, autocomplete: "off", disabled: silenced, required: true })),
    el("button", { type: "submit", disabled: silenced }, TEXT.send),
    silenced ? el("p", { class: "muted" }, TEXT.muted) : null,
    seat !== null && seat === host ? el("label", { class: "inline" },
      el("input", { type: "checkbox", id: "chat-mute", checked: muted, onchange: toggleMute }), " ", TEXT.mute) : null,
  );
}

async function submit(event) {
  event.preventDefault();
  const input = document.getElementById("chat-text");
  const text = input.value.trim();
  if (!text) return;
  document.getElementById("chat-error").textContent = "";
  if (seat !== null && send) {
    send({ type: "chat", text }); // the seat's socket knows its token
  } else {
    const name = document.getElementById("chat-name")?.value.trim() || null;
    try {
      add(await api(`/api/tables/${tableId}/chat`, { method: "POST", body: JSON.stringify({ text, name }) }));
    } catch (error) {
      document.getElementById("chat-error").textContent = error.message;
      return;
    }
  }
  input.value = "";
}

async function toggleMute(event) {
  send?.({ type: "chat-mute", muted: event.target.checked });
}

async function load() {
  loaded = true;
  try {
    const got = await api(`/api/tables/${tableId}/chat`);
    muted = got.muted;
    for (const line of got.messages) add(line);
  } catch (error) {
    console.warn("chat not loaded", error);
  }
  drawForm();
}

if (box && tableId) {
  if (replay) {
    build();
    load();
  } else {
    root.addEventListener("riverbox:state", (event) => {
      const { state } = event.detail;
      send = event.detail.send;
      const first = !loaded;
      const changed = seat !== state.seat;
      seat = state.seat;
      host = state.seats.find((s) => s.kind === "human")?.seat ?? null;
      if (first) {
        build();
        load();
      } else if (changed) drawForm();
    });
    root.addEventListener("riverbox:message", (event) => {
      if (event.detail.type === "chat" && loaded) add(event.detail);
    });
    root.addEventListener("riverbox:cover", () => {
      // the next seat must not read what was typed or said before it confirmed
      box.replaceChildren();
      box.hidden = true;
      loaded = false;
      lastId = 0;
      seat = null;
    });
  }
}
