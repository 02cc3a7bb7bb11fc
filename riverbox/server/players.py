"""Players who keep their seats: a name and a secret player key held in an HttpOnly cookie.

A player is made on their first visit to a page; the browser keeps the key in the
``riverbox_player`` cookie (HttpOnly, so no script can read it; SameSite=Lax, so no other
site can post with it) and the store keeps only its SHA-256 hash, like a seat token's. Every
seat the player takes is linked to them, so any tab of that browser is that seat; the key
moves to another device through a link whose key is after ``#`` (never sent to a server).
"""

from __future__ import annotations

import re
import secrets
import threading
import time
import unicodedata
from dataclasses import dataclass

from riverbox.server.service import new_token, token_hash
from riverbox.server.table import Refused, server_text
from riverbox.store.db import Store
from riverbox.store.players import (
    PlayerRow,
    PlayerSeat,
    create_player,
    link_seat,
    player_by_key,
    player_seats,
    rename_player,
)

PLAYER_COOKIE = "riverbox_player"
COOKIE_SECONDS = 400 * 24 * 3600
"""How long the browser keeps the key (400 days: the longest a browser honours)."""
NAME_LIMIT = 40
KEY_CACHE = 65536


@dataclass(frozen=True)
class Player:
    """Who a request's cookie says it is. ``name`` may be empty until the player gives one."""

    id: str
    name: str


def clean_name(raw: str) -> str:
    """A name as shown: control characters dropped, spaces collapsed; 422 if empty or too long.

    Names are shown escaped everywhere (templates and ``textContent``); this only keeps them
    to one readable line of at most ``NAME_LIMIT`` characters.
    """
    text = "".join(ch for ch in raw if unicodedata.category(ch)[0] != "C")
    text = re.sub(r"\s+", " ", text).strip()
    if not text:
        raise Refused(422, server_text("a name must not be empty"))
    if len(text) > NAME_LIMIT:
        raise Refused(422, server_text("a name is at most {limit} characters", limit=NAME_LIMIT))
    return text


class Players:
    """The store's players, their keys' hashes remembered (a key never changes)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._by_hash: dict[str, Player] = {}
        self._guard = threading.Lock()

    def new(self, name: str = "") -> tuple[Player, str]:
        """A new player and their secret key (given once, to be set as the cookie)."""
        key = new_token()
        player = Player(secrets.token_urlsafe(12), clean_name(name) if name else "")
        create_player(self.store, PlayerRow(player.id, player.name, time.time()), token_hash(key))
        self._remember(token_hash(key), player)
        return player, key

    def by_key(self, key: str | None) -> Player | None:
        """The player this key belongs to, or None (no key, or a key nobody holds)."""
        if not key or len(key) > 100:
            return None
        digest = token_hash(key)
        found = self._by_hash.get(digest)
        if found is None:
            row = player_by_key(self.store, digest)
            if row is None:
                return None
            found = Player(row.id, row.name)
            self._remember(digest, found)
        return found

    def rename(self, key: str, name: str) -> Player:
        """Give the key's player a new name (cleaned, see :func:`clean_name`)."""
        player = self.by_key(key)
        if player is None:
            raise Refused(403, server_text("this browser has no player; open the lobby first"))
        renamed = Player(player.id, clean_name(name))
        rename_player(self.store, player.id, renamed.name)
        self._remember(token_hash(key), renamed)
        return renamed

    def link(self, table_id: str, seat: int, player: Player) -> bool:
        """Make a seat the player's unless another player has it; True if it is theirs."""
        return link_seat(self.store, table_id, seat, player.id)

    def seats(self, player: Player) -> list[PlayerSeat]:
        return player_seats(self.store, player.id)

    def _remember(self, digest: str, player: Player) -> None:
        with self._guard:
            if len(self._by_hash) >= KEY_CACHE:
                self._by_hash.clear()
            self._by_hash[digest] = player
