"""Kept summaries of stored games, for statistics and the home page.

``game_summary`` caches, for each match or dice game, what its replay gives (whether it
is over, what a list of games shows of it, each player's numbers) with the game's version
and the summary's format; a summary at another version or format is stale and is
recomputed. Nothing stored
before changes, and the table may be emptied at any time.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01 16:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "game_summary",
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("format", sa.Integer(), nullable=False),
        sa.Column("over", sa.Boolean(), nullable=False),
        sa.Column("line", sa.JSON(), nullable=False),
        sa.Column("stats", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("kind", "game_id", name=op.f("pk_game_summary")),
    )


def downgrade():
    op.drop_table("game_summary")
