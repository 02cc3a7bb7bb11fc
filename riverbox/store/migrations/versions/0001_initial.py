"""The first schema: games, events (unique game_id + seq) and seats.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("table_options", sa.JSON, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("games_status", "games", ["status", "created"])
    op.create_table(
        "events",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("action", sa.Text, nullable=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seq", name="events_game_seq"),
    )
    op.create_table(
        "seats",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("bot", sa.String(128), nullable=True),
        sa.PrimaryKeyConstraint("game_id", "seat", name="seats_game_seat"),
    )


def downgrade() -> None:
    op.drop_table("seats")
    op.drop_table("events")
    op.drop_index("games_status", "games")
    op.drop_table("games")
