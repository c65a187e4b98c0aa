"""Dice games get the write model of matches.

A dice game carries a version that every change moves on, and each turn the one-time
token of the form that entered it; a game holds one turn per position and per token.
Games stored before may hold two turns at one position (two phones entering the same
turn at once was possible): their turns are renumbered 1, 2, 3… in the order they were
stored, which keeps every turn and the order the sheets replay in.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 06:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

# The tables as this revision leaves them, for filling rows in.
dice_game = sa.table("dice_game", sa.column("version", sa.Integer))
dice_turn = sa.table(
    "dice_turn",
    sa.column("id", sa.Integer),
    sa.column("game_id", sa.Integer),
    sa.column("position", sa.Integer),
)


def upgrade():
    with op.batch_alter_table("dice_game") as batch_op:
        batch_op.add_column(sa.Column("version", sa.Integer(), nullable=True))
    with op.batch_alter_table("dice_turn") as batch_op:
        batch_op.add_column(sa.Column("client_token", sa.String(length=40), nullable=True))

    connection = op.get_bind()
    connection.execute(dice_game.update().values(version=0))
    renumber_turns(connection)

    with op.batch_alter_table("dice_game") as batch_op:
        batch_op.alter_column("version", existing_type=sa.Integer(), nullable=False)
    with op.batch_alter_table("dice_turn") as batch_op:
        batch_op.create_unique_constraint("uq_dice_turn_game_id_position", ["game_id", "position"])
        batch_op.create_unique_constraint(
            "uq_dice_turn_game_id_client_token", ["game_id", "client_token"]
        )


def renumber_turns(connection: sa.Connection) -> None:
    """Number each game's turns 1, 2, 3… in their stored order (position, then id)."""
    rows = connection.execute(
        sa.select(dice_turn.c.id, dice_turn.c.game_id).order_by(
            dice_turn.c.game_id, dice_turn.c.position, dice_turn.c.id
        )
    ).all()
    changes = []
    number, game = 0, None
    for turn_id, game_id in rows:
        number = number + 1 if game_id == game else 1
        game = game_id
        changes.append({"row_id": turn_id, "number": number})
    if changes:
        connection.execute(
            dice_turn.update()
            .where(dice_turn.c.id == sa.bindparam("row_id"))
            .values(position=sa.bindparam("number")),
            changes,
        )


def downgrade():
    with op.batch_alter_table("dice_turn") as batch_op:
        batch_op.drop_constraint("uq_dice_turn_game_id_client_token", type_="unique")
        batch_op.drop_constraint("uq_dice_turn_game_id_position", type_="unique")
        batch_op.drop_column("client_token")
    with op.batch_alter_table("dice_game") as batch_op:
        batch_op.drop_column("version")
