"""Who opened each unfinished table (its address, its player), so every server process can count
a client's unfinished tables against the caps from the database.

Revision ID: 0007_openers
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_openers"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("opener_address", sa.String(64), nullable=True))
    op.add_column("games", sa.Column("opener_player", sa.String(32), nullable=True))
    op.create_index("games_opener_address", "games", ["opener_address", "status"])
    op.create_index("games_opener_player", "games", ["opener_player", "status"])


def downgrade() -> None:
    op.drop_index("games_opener_player", "games")
    op.drop_index("games_opener_address", "games")
    with op.batch_alter_table("games") as batch:  # SQLite drops a column by copying the table
        batch.drop_column("opener_player")
        batch.drop_column("opener_address")
