// Turn alerts on the table page: a badge on the tab's icon while it is this seat's turn, and,
// once the player asks for them with a click, a browser notification each time it becomes
// their turn (the permission is asked only on that click, never at page load). The tab title
// is table.js's. Listens to "riverbox:state" on #table (see table.js).
import { _, el } from "./common.js";

/** Replace a node's children, leaving out the absent ones (replaceChildren would write "null"). */
const fill = (node, ...children) => node.replaceChildren(...children.filter((c) => c !== null && c !== undefined));

/** Every sentence this module shows, in the reader's language. */
const TEXT = {
  ask: _("Notify me when it is my turn"),
  stop: _("Stop turn notifications"),
  on: _("Turn notifications are on in this browser."),
  blocked: _("This browser blocks notifications from this site; the tab's title and icon still show your turn."),
  unsupported: _("This browser cannot show notifications; the tab's title and icon still show your turn."),
  title: (game) => _("Your turn: {game}", { game }),
  body: _("It is your turn to move."),
};

const KEY = "riverbox-turn-notify";
const root = document.getElementById("table");
const icon = document.querySelector("link[rel~='icon']");
const plainIcon = icon?.getAttribute("href") || "data:,";
const BADGE = "data:image/svg+xml," + encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#2f6f9f"/>' +
  '<circle cx="23" cy="9" r="8" fill="#d1242f" stroke="#fff" stroke-width="2"/></svg>');
let wasMine = false;
let shown = false;
let control = null;

const supported = () => "Notification" in window;
const enabled = () => supported() && localStorage.getItem(KEY) === "on" && Notification.permission === "granted";

/** The button (and a line saying what holds) under the turn line; only for a seat. */
function drawControl() {
  if (!control) {
    control = el("p", { id: "turn-alerts", class: "turn-alerts" });
    document.getElementById("turn-signal")?.after(control);
  }
  let note = null;
  if (!supported()) note = TEXT.unsupported;
  else if (Notification.permission === "denied") note = TEXT.blocked;
  else if (enabled()) note = TEXT.on;
  fill(control,
    supported() && Notification.permission !== "denied"
      ? el("button", { type: "button", id: "notify-turn", "aria-pressed": String(enabled()), onclick: toggle }, enabled() ? TEXT.stop : TEXT.ask)
      : null,
    note ? el("span", { class: "muted" }, ` ${note}`) : null,
  );
}

async function toggle() {
  if (enabled()) {
    localStorage.setItem(KEY, "off");
  } else {
    const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    localStorage.setItem(KEY, answer === "granted" ? "on" : "off");
  }
  drawControl();
}

function badge(on) {
  if (icon) icon.setAttribute("href", on ? BADGE : plainIcon);
}

function notify(state) {
  if (!enabled()) return;
  try {
    const note = new Notification(TEXT.title(root.dataset.title || state.game), { body: TEXT.body, tag: `riverbox-${state.table}` });
    note.onclick = () => { window.focus(); note.close(); };
  } catch (error) {
    console.warn("no notification", error);
  }
}

root?.addEventListener("riverbox:state", (event) => {
  const { state } = event.detail;
  const mine = state.seat !== null && state.to_move.includes(state.seat) && !state.over;
  if (state.seat !== null) drawControl();
  else control?.remove();
  badge(mine);
  if (mine && !wasMine && shown) notify(state); // it became my turn (not at page load)
  wasMine = mine;
  shown = true;
});
root?.addEventListener("riverbox:cover", () => { badge(false); wasMine = false; shown = false; });
