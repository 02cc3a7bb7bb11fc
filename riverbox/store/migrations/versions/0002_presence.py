"""Presence: which server process has sockets open for which seat, with a heartbeat.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "presence",
        sa.Column("process", sa.String(64), nullable=False),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("clients", sa.Integer, nullable=False),
        sa.Column("heartbeat", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("process", "game_id", "seat", name="presence_process_game_seat"),
    )
    op.create_index("presence_game", "presence", ["game_id"])


def downgrade() -> None:
    op.drop_index("presence_game", "presence")
    op.drop_table("presence")
