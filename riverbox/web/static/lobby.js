// The lobby: create a table (game, players, options, seats) and list open tables to join or watch.
import { _, api, el } from "./common.js";

const games = JSON.parse(document.getElementById("games-data").textContent);
/** A table's status in words. */
const STATUS = { open: _("open"), running: _("running"), over: _("finished") };
const form = document.getElementById("create");
const gameSelect = document.getElementById("game");
const playersInput = document.getElementById("players");
const optionsBox = document.getElementById("options");
const seatsBox = document.getElementById("seats");
const errorLine = document.getElementById("create-error");

function currentGame() {
  return games.find((g) => g.name === gameSelect.value);
}

function drawOptions() {
  const game = currentGame();
  playersInput.min = game.min_players;
  playersInput.max = game.max_players;
  const n = +playersInput.value;
  if (!n || n < game.min_players || n > game.max_players) {
    playersInput.value = game.min_players === game.max_players ? game.min_players : Math.min(3, game.max_players);
  }
  optionsBox.replaceChildren(el("legend", {}, _("Options")));
  for (const option of game.options) {
    optionsBox.append(
      el("label", { title: option.help }, `${option.name} (${option.allowed}) `,
        el("input", { name: `option-${option.name}`, value: option.default, "data-option": option.name })),
    );
  }
  drawSeats();
}

function drawSeats() {
  const n = Math.max(1, +playersInput.value || 1);
  seatsBox.replaceChildren(el("legend", {}, _("Seats")));
  for (let seat = 0; seat < n; seat++) {
    const kind = el("select", { "data-seat-kind": seat },
      el("option", { value: "human" }, seat === 0 ? _("me") : _("human (invite link)")),
      seat > 0 ? el("option", { value: "here" }, _("human on this device (pass and play)")) : null,
      el("option", { value: "open", selected: seat > 0 }, _("open (anyone may join)")),
      el("option", { value: "bot" }, _("bot")));
    const bots = currentGame().bots;
    const bot = el("select", { "data-seat-bot": seat, hidden: true },
      ...bots.map((b) => el("option", { value: b, selected: b === "heuristic" }, b)));
    kind.addEventListener("change", () => { bot.hidden = kind.value !== "bot"; });
    seatsBox.append(el("label", {}, _("Seat {seat}: ", { seat }), kind, " ", bot));
  }
}

function formBody() {
  const options = {};
  for (const input of optionsBox.querySelectorAll("[data-option]")) options[input.dataset.option] = input.value;
  const seats = [...seatsBox.querySelectorAll("[data-seat-kind]")].map((select) => {
    const bot = seatsBox.querySelector(`[data-seat-bot="${select.dataset.seatKind}"]`).value;
    if (select.value === "bot") return { kind: "bot", bot };
    return { kind: select.value === "here" ? "human" : select.value };
  });
  const clock = document.getElementById("clock").value;
  return { game: gameSelect.value, players: +playersInput.value, options, seats, clock: clock ? +clock : null };
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  errorLine.textContent = "";
  try {
    const here = [...seatsBox.querySelectorAll("[data-seat-kind]")]
      .map((select, seat) => (select.value === (seat === 0 ? "human" : "here") ? seat : -1)).filter((seat) => seat >= 0);
    const table = await api("/api/tables", { method: "POST", body: JSON.stringify(formBody()) });
    const box = document.getElementById("created");
    const local = table.seats.filter((s) => s.token && here.includes(s.seat));
    const links = table.seats.filter((s) => s.url && !(local.length > 1 && local.includes(s))).map((s) =>
      el("li", {}, _("Seat {seat}: ", { seat: s.seat }), el("a", { href: s.url, target: "_blank" }, s.seat === 0 ? _("my seat") : _("invite link"))));
    const pass = local.length > 1
      ? el("p", {}, el("a", { href: `/tables/${table.id}#tokens=${local.map((s) => `${s.seat}.${s.token}`).join(",")}`, id: "pass-link" },
        _("Play seats {seats} here, passing the device", { seats: local.map((s) => s.seat).join(", ") }))) : null;
    box.replaceChildren(
      pass,
      el("p", {}, _("Table created. Send each invite link to its player only: it opens that seat.")),
      el("ul", {}, links),
      el("p", {}, _("Spectators: "), el("a", { href: table.spectate_url }, table.spectate_url)),
    );
    box.hidden = false;
    refresh();
  } catch (error) {
    errorLine.textContent = error.message;
  }
});

async function join(tableId) {
  const name = window.prompt(_("Your name at this table?"), _("guest"));
  if (!name) return;
  try {
    const seat = await api(`/api/tables/${tableId}/join`, { method: "POST", body: JSON.stringify({ name }) });
    window.location.href = seat.url;
  } catch (error) {
    errorLine.textContent = error.message;
  }
}

async function refresh() {
  const body = document.getElementById("table-list");
  try {
    const tables = await api("/api/tables");
    body.replaceChildren(...tables.map((t) => el("tr", {},
      el("td", {}, games.find((g) => g.name === t.game)?.title || t.title || t.game),
      el("td", {}, t.seats.map((s) => `${s.name}${s.kind === "open" && !s.claimed ? _(" (free)") : ""}`).join(", ")),
      el("td", {}, STATUS[t.status] || t.status),
      el("td", {},
        t.seats.some((s) => s.kind === "open" && !s.claimed)
          ? el("button", { type: "button", onclick: () => join(t.id) }, _("Join")) : "",
        " ", el("a", { href: `/tables/${t.id}` }, _("Watch"))))));
  } catch (error) {
    errorLine.textContent = error.message;
  }
}

gameSelect.addEventListener("change", drawOptions);
playersInput.addEventListener("change", drawSeats);
drawOptions();
refresh();
setInterval(refresh, 5000);
