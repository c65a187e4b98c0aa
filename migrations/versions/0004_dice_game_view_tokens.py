"""Dice games get a view-only link, as matches have.

Every dice game carries a second token, for the link that follows the game and changes
nothing. Games already stored each get a fresh one before the column becomes NOT NULL;
nothing else changes.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 12:45:00
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

# The table as this revision leaves it, for filling rows in.
dice_game = sa.table("dice_game", sa.column("id", sa.Integer), sa.column("view_token", sa.String))


def new_token() -> str:
    """An unguessable link token: 144 random bits, URL-safe (as models.new_token)."""
    return secrets.token_urlsafe(18)


def upgrade():
    with op.batch_alter_table("dice_game") as batch_op:
        batch_op.add_column(sa.Column("view_token", sa.String(length=32), nullable=True))

    connection = op.get_bind()
    game_ids = connection.execute(sa.select(dice_game.c.id)).scalars().all()
    if game_ids:
        connection.execute(
            dice_game.update()
            .where(dice_game.c.id == sa.bindparam("row_id"))
            .values(view_token=sa.bindparam("view")),
            [{"row_id": row, "view": new_token()} for row in game_ids],
        )

    with op.batch_alter_table("dice_game") as batch_op:
        batch_op.alter_column("view_token", existing_type=sa.String(length=32), nullable=False)
        batch_op.create_unique_constraint(batch_op.f("uq_dice_game_view_token"), ["view_token"])


def downgrade():
    with op.batch_alter_table("dice_game") as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_dice_game_view_token"), type_="unique")
        batch_op.drop_column("view_token")
