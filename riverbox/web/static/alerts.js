// Turn alerts on the table page: a badge on the tab's icon while it is this seat's turn, and,
// once the player asks for them with a click, a browser notification each time it becomes
// their turn (the permission is asked only on that click, never at page load). The tab title
// is table.js's. Listens to "riverbox:state" on #table (see table.js).
import { _, api, el } from "./common.js";

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

/** The button (and a line saying what holds) in the move panel; only for a seat. */
function drawControl() {
  if (!control) {
    control = el("p", { id: "turn-alerts", class: "turn-alerts" });
    // beside the turn-sound choice in the move panel (the top bar stays one line)
    const sound = document.getElementById("turn-sound")?.closest("label");
    if (sound) sound.after(control);
    else if (document.getElementById("turn-signal")) document.getElementById("turn-signal").after(control);
    else document.getElementById("my-tables-alerts")?.append(control); // the My tables page
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

// -- every page: my other tables ------------------------------------------------------------
// With notifications on, every riverbox page of this browser looks now and then at My tables'
// list and notifies once when one of my tables newly waits for me. The table open on this page
// is left to its own socket (above), so nothing is said twice.
const WATCH_SECONDS = Number(window.riverboxWatchSeconds) || 20; // a test may shorten it
let waiting = null; // my tables that waited for me at the last look (null: not looked yet)

async function watchMine() {
  if (!enabled()) {
    waiting = null;
    return;
  }
  let mine;
  try {
    mine = await api("/api/players/me");
  } catch {
    return; // no player in this browser yet, or the server is away: look again later
  }
  const due = mine.running.filter((t) => t.my_turn);
  if (waiting !== null) {
    for (const t of due) {
      if (waiting.has(t.id) || t.id === root?.dataset.table) continue;
      try {
        const note = new Notification(TEXT.title(t.title), { body: TEXT.body, tag: `riverbox-${t.id}` });
        note.onclick = () => { window.focus(); window.location.href = `/tables/${t.id}`; note.close(); };
      } catch (error) {
        console.warn("no notification", error);
      }
    }
  }
  waiting = new Set(due.map((t) => t.id));
}

if (document.getElementById("my-tables-alerts") && !root) drawControl();
watchMine();
setInterval(watchMine, WATCH_SECONDS * 1000);
