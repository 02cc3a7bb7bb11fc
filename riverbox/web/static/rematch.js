// Play again: at game over a player may start (or join) the rematch, the same people and bots at
// a new table; the old table's socket tells every page when one exists. table.js hands each
// state it shows over as a "riverbox:state" event; this module only adds a box to "Game over".
import { _, api, el } from "./common.js";

const root = document.getElementById("table");
const tableId = root?.dataset.table;
let box = null;

/** The tab's seat token (from the invite link, kept by table.js for this tab), if exactly one. */
function tabToken() {
  const kept = Object.values(JSON.parse(sessionStorage.getItem(`riverbox-tokens-${tableId}`) || "{}"));
  return kept.length === 1 ? kept[0] : null;
}

async function playAgain(button) {
  button.disabled = true;
  const token = tabToken();
  try {
    const seat = await api(`/api/tables/${tableId}/rematch`, {
      method: "POST", headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    window.location.assign(seat.url);
  } catch (error) {
    button.disabled = false;
    box.querySelector(".error").textContent = error.message;
  }
}

function draw(state) {
  const over = document.getElementById("over");
  if (!over || !state.over) return;
  if (!box) {
    box = el("div", { id: "rematch", "aria-live": "polite" });
    over.append(box);
  }
  const parts = [];
  if (state.seat !== null) {
    const button = el("button", { type: "button", id: "play-again" }, state.rematch ? _("Join the new game") : _("Play again"));
    button.addEventListener("click", () => playAgain(button));
    if (state.rematch) parts.push(el("p", {}, _("A new game with the same players is ready.")));
    parts.push(button);
  } else if (state.rematch) {
    parts.push(el("a", { href: `/tables/${state.rematch}` }, _("Watch the new game")));
  }
  box.replaceChildren(...parts, el("p", { class: "error", role: "alert" }));
}

document.addEventListener("riverbox:state", (event) => draw(event.detail));
