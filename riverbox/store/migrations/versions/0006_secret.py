"""A table's secret seed: the keyed generator's 256-bit key, in hex (null: a SplitMix64 table).

Revision ID: 0006
Revises: 0004_social
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0004_social"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("secret", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:  # SQLite drops a column by copying the table
        batch.drop_column("secret")
