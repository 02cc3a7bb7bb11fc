"""Social: table chat, and players' ratings per game with the history of each rated table.

Revision ID: 0004_social
Revises: 0003_players
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_social"
down_revision = "0003_players"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.String(300), nullable=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("chat_game", "chat", ["game_id", "id"])
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("ordinal", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("player_id", "game", name="ratings_player_game"),
    )
    op.create_index("ratings_board", "ratings", ["game", "ordinal"])
    op.create_table(
        "rating_changes",
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
    )
    op.create_index("rating_changes_player", "rating_changes", ["player_id", "at"])


def downgrade() -> None:
    op.drop_index("rating_changes_player", "rating_changes")
    op.drop_table("rating_changes")
    op.drop_index("ratings_board", "ratings")
    op.drop_table("ratings")
    op.drop_index("chat_game", "chat")
    op.drop_table("chat")
