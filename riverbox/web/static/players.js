// The player pages: My tables (a name, a link to move the player to another device) and the
// page a move link opens (its key, after '#', never reaches a server log; a POST makes it this
// browser's HttpOnly cookie, and the key leaves the address bar at once).
import { _, api } from "./common.js";

const $ = (id) => document.getElementById(id);

const nameForm = $("name-form");
if (nameForm) {
  nameForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    $("name-error").textContent = "";
    $("name-saved").textContent = "";
    try {
      const player = await api("/api/players/me", { method: "PUT", body: JSON.stringify({ name: $("player-name").value }) });
      $("player-name").value = player.name;
      $("name-saved").textContent = _("Saved.");
    } catch (error) {
      $("name-error").textContent = error.message;
    }
  });
}

const moveButton = $("move-link");
if (moveButton) {
  moveButton.addEventListener("click", async () => {
    const answer = await api("/api/players/me/move-link", { method: "POST" });
    $("move-link-url").value = answer.url;
    $("move-link-box").hidden = false;
    $("move-link-url").select();
  });
}

const adoptButton = $("adopt");
if (adoptButton) {
  const key = new URLSearchParams(window.location.hash.slice(1)).get("key");
  history.replaceState(null, "", window.location.pathname + window.location.search); // the key leaves the address bar
  adoptButton.disabled = !key;
  if (!key) $("adopt-error").textContent = _("This link has no player key; ask for a new one.");
  adoptButton.addEventListener("click", async () => {
    $("adopt-error").textContent = "";
    try {
      const player = await api("/api/players/adopt", { method: "POST", body: JSON.stringify({ key }) });
      adoptButton.disabled = true;
      $("adopted").replaceChildren(
        _("This browser is now {name}.", { name: player.name || _("your player") }), " ",
        Object.assign(document.createElement("a"), { href: "/me", textContent: _("My tables") }),
      );
    } catch (error) {
      $("adopt-error").textContent = error.message;
    }
  });
}
