"""Players: a name and the hash of a secret player key; a seat may belong to a player.

Revision ID: 0003_players
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_players"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("webhook", sa.String(512), nullable=True),
    )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("player_id", sa.String(32), nullable=True))
        batch.create_foreign_key("seats_player", "players", ["player_id"], ["id"])
        batch.create_index("seats_player_id", ["player_id"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("seats_player_id")
        batch.drop_constraint("seats_player", type_="foreignkey")
        batch.drop_column("player_id")
    op.drop_table("players")
