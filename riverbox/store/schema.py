"""Table definitions (SQLAlchemy Core). Migrations in ``migrations/versions`` create the same.

``games`` holds a table's fixed set-up, ``events`` its append-only log (unique per game and
seq, so two writers can never both append the same move), ``seats`` who sits where (a seat's
token is stored only as its SHA-256 hash), ``presence`` which process has which seat connected.

The migrations repeat these columns on purpose. A migration is frozen history: it must create
what the schema was when it was written, so it cannot import these definitions (a later change
here would rewrite what an old migration does to a database upgraded long ago). What keeps the
two from drifting is a test, not shared code: ``test_migrations_create_exactly_the_declared_tables``
upgrades an empty database with the migrations and compares it with this metadata.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("table_options", sa.JSON, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Index("games_status", "status", "created"),
)

events = sa.Table(
    "events",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("action", sa.Text, nullable=True),
    sa.Column("at", sa.Float, nullable=False),
    sa.PrimaryKeyConstraint("game_id", "seq", name="events_game_seq"),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
    sa.Column("bot", sa.String(128), nullable=True),
    sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", name="seats_player"), nullable=True),
    sa.PrimaryKeyConstraint("game_id", "seat", name="seats_game_seat"),
    sa.Index("seats_player_id", "player_id"),
)

presence = sa.Table(
    "presence",
    metadata,
    sa.Column("process", sa.String(64), nullable=False),
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("clients", sa.Integer, nullable=False),
    sa.Column("heartbeat", sa.Float, nullable=False),
    sa.PrimaryKeyConstraint("process", "game_id", "seat", name="presence_process_game_seat"),
    sa.Index("presence_game", "game_id"),
)
"""Which server process has sockets open for which seat (several processes on one database).

Each process writes its own rows and refreshes their ``heartbeat`` (epoch seconds) while it
lives; rows whose heartbeat is too old belong to a process that died and count for nothing.
"""


# -- players (migration 0003_players) -----------------------------------------------------
players = sa.Table(
    "players",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("key_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("webhook", sa.String(512), nullable=True),
)
"""A person who keeps their seats: a name and the SHA-256 of their secret player key (the key
itself lives only in their browser's cookie). ``seats.player_id`` links the seats they took."""


# -- social (migration 0004_social): table chat, ratings ------------------------------------
chat = sa.Table(
    "chat",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("text", sa.String(300), nullable=True),
    sa.Column("at", sa.Float, nullable=False),
    sa.Index("chat_game", "game_id", "id"),
)
"""A table's chat, append-only: ``say`` (a line), ``mute``/``unmute`` (the host silences the
spectators or lets them speak again). ``seq`` is the table's move when it was written (the
replay shows each line at its move); ``seat`` is None for a spectator. No token is ever kept."""

ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("player_id", sa.String(32), nullable=False),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("ordinal", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.PrimaryKeyConstraint("player_id", "game", name="ratings_player_game"),
    sa.Index("ratings_board", "game", "ordinal"),
)
"""A player's openskill rating in one game; ``ordinal`` (mu - 3 sigma) orders the leaderboard."""

rating_changes = sa.Table(
    "rating_changes",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
    sa.Column("player_id", sa.String(32), nullable=False),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("place", sa.Integer, nullable=False),
    sa.Column("mu_before", sa.Float, nullable=False),
    sa.Column("sigma_before", sa.Float, nullable=False),
    sa.Column("mu_after", sa.Float, nullable=False),
    sa.Column("sigma_after", sa.Float, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.PrimaryKeyConstraint("game_id", "player_id", name="rating_changes_game_player"),
    sa.Index("rating_changes_player", "player_id", "at"),
)
"""What each rated table did to each player's rating (a player's history). The key makes
rating a table twice impossible, even by two processes at once."""
# -- the secret seed (migration 0006_secret) ----------------------------------------------
games.append_column(sa.Column("secret", sa.String(64), nullable=True))
"""A table's 256-bit secret seed in hex: its chance draws come from the keyed generator
(``blake2b-ctr``), and ``seed`` is then 0. Null for tables made before (SplitMix64 from ``seed``).
The secret is shown to nobody until the game is over, in its record."""
# -- who opened a table (migration 0007_openers) ------------------------------------------
games.append_column(sa.Column("opener_address", sa.String(64), nullable=True))
"""The address that opened the table, kept only while it is unfinished (the store clears it
when the table ends): the caps on unfinished tables count it (:mod:`riverbox.server.caps`)."""
games.append_column(sa.Column("opener_player", sa.String(32), nullable=True))
"""The player whose cookie opened the table, likewise kept only while it is unfinished."""
sa.Index("games_opener_address", games.c.opener_address, games.c.status)
sa.Index("games_opener_player", games.c.opener_player, games.c.status)
