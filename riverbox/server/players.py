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
from collections.abc import Callable
from dataclasses import dataclass

from riverbox.server.service import Tables, new_token, token_hash
from riverbox.server.table import Refused, server_text
from riverbox.store.db import Store
from riverbox.store.players import (
    PlayerRow,
    PlayerSeat,
    create_player,
    name_seat,
    player_by_key,
    player_seats,
    rename_player,
    seat_link,
)

PLAYER_COOKIE = "riverbox_player"
COOKIE_SECONDS = 400 * 24 * 3600
"""How long the browser keeps the key (400 days: the longest a browser honours)."""
NAME_LIMIT = 40
SECRET_LIKE = re.compile(r"[A-Za-z0-9_-]{32,}|#token|#key|://")
"""What a seat token, a player key or a link looks like: never accepted as a name."""
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
    if SECRET_LIKE.search(text):  # a pasted invite link or key would be shown to everyone
        raise Refused(422, server_text("a name must not contain a link or a secret key"))
    return text


class Players:
    """The store's players, their keys' hashes remembered (a key never changes)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._by_hash: dict[str, Player] = {}
        self._guard = threading.Lock()
        self.on_link: Callable[[str, int], None] | None = None
        """Told (table, seat) when a seat becomes a player's (turn alerts read its webhook then)."""

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
        theirs, new = seat_link(self.store, table_id, seat, player.id)
        if new and self.on_link is not None:
            self.on_link(table_id, seat)
        return theirs

    def seats(self, player: Player) -> list[PlayerSeat]:
        return player_seats(self.store, player.id)

    def _remember(self, digest: str, player: Player) -> None:
        with self._guard:
            if len(self._by_hash) >= KEY_CACHE:
                self._by_hash.clear()
            self._by_hash[digest] = player


def take_seat(tables: Tables, players: Players, table_id: str, seat: int, player: Player | None) -> None:
    """A seat taken in a browser becomes its player's (if nobody's yet), named after them if unnamed."""
    if player is None or not players.link(table_id, seat, player):
        return
    if player.name and name_seat(players.store, table_id, seat, player.name, only_unnamed=True):
        tables.seats_changed(table_id)


def name_my_seat(
    tables: Tables, players: Players, table_id: str, token: str | None, name: str, key: str | None = None
) -> tuple[int, str]:
    """The seat ``token`` (a seat token or player key) opens takes ``name``; (seat, cleaned name).

    The browser's player (``key``, from the cookie) takes it too if they have no name yet, so
    their next seats are named at once.
    """
    clean = clean_name(name)
    seat = tables.seat_of(table_id, token)
    if seat is None:
        raise Refused(403, server_text("this needs a seat token (Authorization: Bearer TOKEN)"))
    name_seat(tables.store, table_id, seat, clean)
    tables.seats_changed(table_id)
    player = players.by_key(key)
    if key is not None and player is not None and not player.name:
        players.rename(key, clean)
    return seat, clean
