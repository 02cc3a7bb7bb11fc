// The lobby: a form built from each game's option schema (a checkbox, a select or a number per
// option, labelled in the reader's language), seat choices that outlive a change of player count,
// errors shown next to the field at fault, and the list of open tables to join or watch.
import { _, api, el } from "./common.js";

const games = JSON.parse(document.getElementById("games-data").textContent);
/** A table's status in words. */
const STATUS = { open: _("open"), running: _("running"), over: _("finished") };
const NAME_KEY = "riverbox-name";
const form = document.getElementById("create");
const gameSelect = document.getElementById("game");
const nameInput = document.getElementById("name");
const playersInput = document.getElementById("players");
const optionFields = document.getElementById("option-fields");
const seatFields = document.getElementById("seat-fields");
const clockInput = document.getElementById("clock");
const bankInput = document.getElementById("bank");
const timeoutsInput = document.getElementById("timeouts");
const ratedInput = document.getElementById("rated");
const errorLine = document.getElementById("create-error");

/** Each seat's choice ({kind, bot}) by seat number; kept when the player count or the game changes. */
const seatChoices = [];

function currentGame() {
  return games.find((g) => g.name === gameSelect.value) || games[0];
}

/** The element that shows the error of a request field (`players`, `options.target`, `seats.2`). */
function errorBox(field) {
  return document.getElementById(`error-${field.replace(/\./g, "-")}`);
}

function clearErrors() {
  errorLine.textContent = "";
  for (const box of form.querySelectorAll(".field-error")) {
    box.hidden = true;
    box.textContent = "";
  }
  for (const input of form.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
}

/** Show `text` next to `field` (or under the button when the page has no such field). */
function showError(field, text) {
  const parts = (field || "").split(".");
  // a seat's sub-field (seats.1.name) is shown by its seat
  const box = errorBox(parts.slice(0, parts[0] === "options" ? 2 : parts[0] === "seats" ? 2 : 1).join("."));
  if (!field || !box) {
    errorLine.textContent = text;
    return;
  }
  box.textContent = text;
  box.hidden = false;
  const input = box.closest(".lobby-field")?.querySelector("input, select");
  if (input) {
    input.setAttribute("aria-invalid", "true");
    input.focus();
  }
}

/** One option's control: a checkbox, a select or a number with its range, default preset. */
function optionField(option) {
  const id = `option-${option.name}`;
  const help = el("p", { class: "lobby-help", id: `help-${id}` }, option.help);
  const error = el("p", { class: "field-error", id: `error-options-${option.name}`, hidden: true });
  const described = `help-${id} error-options-${option.name}`;
  const common = { id, name: id, "data-option": option.name, "aria-describedby": described };
  if (option.control === "boolean") {
    const box = el("input", { ...common, type: "checkbox", checked: option.default === true });
    return el("div", { class: "lobby-field lobby-check" }, box, el("label", { for: id }, option.label), help, error);
  }
  let input;
  if (option.control === "choice") {
    input = el("select", common, ...option.choices.map((c, i) =>
      el("option", { value: String(i), selected: c.value === option.default }, c.label)));
  } else if (option.control === "integer") {
    input = el("input", {
      ...common, type: "number", step: 1, inputmode: "numeric", value: String(option.default),
      min: option.minimum ?? undefined, max: option.maximum ?? undefined,
    });
  } else {
    input = el("input", { ...common, type: "text", value: String(option.default ?? "") });
  }
  return el("div", { class: "lobby-field" }, el("label", { for: id }, option.label), input, help, error);
}

function drawGame() {
  const game = currentGame();
  document.getElementById("game-summary").textContent = game.summary;
  document.getElementById("rules-link").href = `/rules/${game.name}`;
  playersInput.min = game.min_players;
  playersInput.max = game.max_players;
  playersInput.readOnly = game.min_players === game.max_players;
  const n = +playersInput.value;
  if (!Number.isInteger(n) || n < game.min_players || n > game.max_players) playersInput.value = game.default_players;
  document.getElementById("help-players").textContent = game.min_players === game.max_players
    ? _("{game} is played by exactly {n}.", { game: game.title, n: game.min_players })
    : _("From {min} to {max}.", { min: game.min_players, max: game.max_players });
  optionFields.replaceChildren(...game.options.map(optionField));
  const url = new URL(window.location.href);
  url.searchParams.set("game", game.name);
  window.history.replaceState(null, "", url);
  drawSeats();
}

/** The default choice of a seat: me at seat 0, a free seat for anyone else. */
function defaultChoice(seat) {
  return { kind: seat === 0 ? "human" : "open", bot: "medium" };
}

function drawSeats() {
  const game = currentGame();
  const n = Math.min(game.max_players, Math.max(game.min_players, Math.round(+playersInput.value) || game.min_players));
  const fields = [];
  for (let seat = 0; seat < n; seat++) {
    const choice = (seatChoices[seat] ||= defaultChoice(seat));
    const kinds = seat === 0
      ? [["human", _("me")], ["open", _("open (anyone may join)")], ["bot", _("bot")]]
      : [["human", _("human (invite link)")], ["here", _("human on this device (pass and play)")],
        ["open", _("open (anyone may join)")], ["bot", _("bot")]];
    if (!kinds.some(([value]) => value === choice.kind)) choice.kind = defaultChoice(seat).kind;
    const kindId = `seat-${seat}-kind`;
    const kind = el("select", { id: kindId, "data-seat-kind": seat, "aria-describedby": `error-seats-${seat}` },
      ...kinds.map(([value, words]) => el("option", { value, selected: value === choice.kind }, words)));
    const bots = game.bots;
    if (!bots.some((b) => b.name === choice.bot)) choice.bot = bots.some((b) => b.name === "medium") ? "medium" : bots[0].name;
    const botSelect = el("select", {
      id: `seat-${seat}-bot`, "data-seat-bot": seat, "aria-label": _("Bot for seat {seat}", { seat }),
    }, ...bots.map((b) => el("option", { value: b.name, selected: b.name === choice.bot }, b.label)));
    const botBox = el("span", { class: "lobby-bot", hidden: choice.kind !== "bot" }, botSelect);
    kind.addEventListener("change", () => {
      choice.kind = kind.value;
      botBox.hidden = kind.value !== "bot";
    });
    botSelect.addEventListener("change", () => { choice.bot = botSelect.value; });
    fields.push(el("div", { class: "lobby-field lobby-seat" },
      el("label", { for: kindId }, _("Seat {seat}", { seat })), kind, botBox,
      el("p", { class: "field-error", id: `error-seats-${seat}`, hidden: true })));
  }
  seatFields.replaceChildren(...fields);
}

/** The form's problems the page can see before asking the server: [field, text] pairs. */
function problems() {
  const found = [];
  const whole = (input, field, min, max) => {
    const text = input.value.trim();
    const value = Number(text);
    if (text === "" || !Number.isInteger(value) || (min != null && value < min) || (max != null && value > max)) {
      found.push([field, min != null && max != null
        ? _("Give a whole number from {min} to {max}.", { min, max })
        : _("Give a whole number.")]);
    }
  };
  const game = currentGame();
  whole(playersInput, "players", game.min_players, game.max_players);
  for (const option of game.options) {
    if (option.control === "integer") {
      whole(optionFields.querySelector(`[data-option="${option.name}"]`), `options.${option.name}`, option.minimum, option.maximum);
    }
  }
  if (clockInput.value.trim() !== "") whole(clockInput, "clock", 1, 2592000);
  if (bankInput.value.trim() !== "") whole(bankInput, "bank", 0, 2592000);
  if (timeoutsInput.value.trim() !== "") whole(timeoutsInput, "timeouts", 1, 100);
  if (nameInput.value.trim().length > 40) found.push(["name", _("A name has at most 40 characters.")]);
  return found;
}

function formBody() {
  const game = currentGame();
  const options = {};
  for (const option of game.options) {
    const input = optionFields.querySelector(`[data-option="${option.name}"]`);
    if (option.control === "boolean") options[option.name] = input.checked;
    else if (option.control === "choice") options[option.name] = option.choices[+input.value].value;
    else if (option.control === "integer") options[option.name] = Number(input.value);
    else options[option.name] = input.value;
  }
  const players = Number(playersInput.value);
  const name = nameInput.value.trim() || null;
  const seats = seatChoices.slice(0, players).map((choice, seat) => {
    if (choice.kind === "bot") return { kind: "bot", bot: choice.bot };
    if (choice.kind === "here" || choice.kind === "human") {
      return seat === 0 && name ? { kind: "human", name } : { kind: "human" };
    }
    return { kind: choice.kind };
  });
  const clock = clockInput.value.trim();
  const bank = bankInput.value.trim();
  const timeouts = timeoutsInput.value.trim();
  return {
    game: game.name, players, options, seats, clock: clock ? Number(clock) : null, name,
    bank: bank ? Number(bank) : null, timeouts: timeouts ? Number(timeouts) : null, rated: ratedInput.checked,
  };
}

/** What the page shows once the table exists: my seat, invite links, the spectators' link. */
function created(table, here) {
  const local = table.seats.filter((s) => s.token && here.includes(s.seat));
  const links = table.seats.filter((s) => s.url && !(local.length > 1 && local.includes(s))).map((s) =>
    el("li", {}, _("Seat {seat}: ", { seat: s.seat }),
      el("a", { href: s.url, target: "_blank" }, s.seat === 0 && here.includes(0) ? _("my seat") : _("invite link"))));
  const parts = [];
  if (local.length > 1) {
    parts.push(el("p", {}, el("a", { href: `/tables/${table.id}#tokens=${local.map((s) => `${s.seat}.${s.token}`).join(",")}`, id: "pass-link" },
      _("Play seats {seats} here, passing the device", { seats: local.map((s) => s.seat).join(", ") }))));
  }
  parts.push(el("p", {}, _("Table created. Send each invite link to its player only: it opens that seat.")));
  if (links.length) parts.push(el("ul", {}, links));
  parts.push(el("p", {}, _("Spectators: "), el("a", { href: table.spectate_url }, table.spectate_url)));
  return parts;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  clearErrors();
  const found = problems();
  if (found.length) {
    for (const [field, text] of found.reverse()) showError(field, text); // focus lands on the first
    return;
  }
  const body = formBody();
  if (body.name) window.localStorage.setItem(NAME_KEY, body.name);
  const here = seatChoices.slice(0, body.players)
    .map((choice, seat) => (choice.kind === (seat === 0 ? "human" : "here") ? seat : -1)).filter((seat) => seat >= 0);
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    const table = await api("/api/tables", { method: "POST", body: JSON.stringify(body) });
    const box = document.getElementById("created");
    box.replaceChildren(...created(table, here));
    box.hidden = false;
    box.scrollIntoView({ block: "nearest" });
    refresh();
  } catch (error) {
    showError(error.field, error.message);
  } finally {
    button.disabled = false;
  }
});

async function join(tableId) {
  const name = window.prompt(_("Your name at this table?"), nameInput.value.trim() || _("guest"));
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
      el("td", {}, t.seats.map((s) => (s.kind === "open" && !s.claimed ? _("{name} (free)", { name: s.name }) : s.name)).join(_(", "))),
      el("td", {}, STATUS[t.status] || t.status),
      el("td", {},
        t.seats.some((s) => s.kind === "open" && !s.claimed)
          ? el("button", { type: "button", onclick: () => join(t.id) }, _("Join")) : "",
        " ", el("a", { href: `/tables/${t.id}` }, _("Watch"))))));
  } catch (error) {
    errorLine.textContent = error.message;
  }
}

nameInput.value = window.localStorage.getItem(NAME_KEY) || "";
gameSelect.addEventListener("change", drawGame);
playersInput.addEventListener("input", drawSeats);
drawGame();
form.dataset.ready = "true";
refresh();
setInterval(refresh, 5000);
