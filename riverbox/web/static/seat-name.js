// The table page asks a person their name when they sit down at a seat that has none (an
// invitee opening their link, a creator who gave none). Kept apart from table.js: it reads the
// seat the same way (the tab's token from the link, else the browser's player cookie) and
// only adds a small form above the table; the name reaches every page through the table's socket.
import { _, api, el } from "./common.js";

const root = document.getElementById("table");
const tableId = root?.dataset.table;

/** The tab's seat token (from the invite link, kept by table.js for this tab), if exactly one. */
function tabToken() {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  if (hash.get("token")) return hash.get("token");
  if (hash.get("tokens")) return null; // pass the device: each person is asked nothing here
  const kept = Object.values(JSON.parse(sessionStorage.getItem(`riverbox-tokens-${tableId}`) || "{}"));
  return kept.length === 1 ? kept[0] : null;
}

async function ask() {
  if (!tableId) return;
  const token = tabToken();
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  let state;
  try {
    state = await api(`/api/tables/${tableId}/state`, { headers });
  } catch {
    return; // table.js shows what went wrong
  }
  const mine = state.seats.find((s) => s.seat === state.seat);
  if (state.seat === null || state.over || !mine || mine.named) return;
  let suggested = "";
  try {
    suggested = (await api("/api/players/me")).player.name;
  } catch {
    suggested = "";
  }
  const input = el("input", { id: "seat-name", name: "name", maxlength: 40, required: true, autocomplete: "nickname", value: suggested });
  const error = el("p", { class: "error", role: "alert" });
  const form = el("form", { class: "name-form" },
    el("label", { for: "seat-name", class: "sr-only" }, _("Your name at this table")), input,
    el("button", { type: "submit" }, _("Sit down")));
  const card = el("section", { class: "card", id: "seat-name-card", "aria-labelledby": "seat-name-title" },
    el("h2", { id: "seat-name-title" }, _("Who is playing seat {seat}?", { seat: state.seat })), form, error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    try {
      await api(`/api/tables/${tableId}/name`, { method: "PUT", headers, body: JSON.stringify({ name: input.value }) });
      card.remove();
    } catch (problem) {
      error.textContent = problem.message;
    }
  });
  // no focus(): the line is optional, and a focused field would swallow the table's keys (B, digits)
  document.getElementById("status").after(card);
}

ask();
