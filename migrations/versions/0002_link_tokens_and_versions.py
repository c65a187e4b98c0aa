"""Link tokens and versions.

Matches and dice games open by unguessable tokens, not ids; matches and hands carry
versions, and hands the token of the form that saved them. Rows already there get fresh
tokens and version 0 before the columns become NOT NULL.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29 13:17:18
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

# The tables as this revision leaves them, for filling rows in (never the app's models,
# which move on after this revision).
match = sa.table(
    "match",
    sa.column("id", sa.Integer),
    sa.column("edit_token", sa.String),
    sa.column("view_token", sa.String),
    sa.column("version", sa.Integer),
)
hand = sa.table("hand", sa.column("version", sa.Integer))
dice_game = sa.table("dice_game", sa.column("id", sa.Integer), sa.column("token", sa.String))


def new_token() -> str:
    """An unguessable link token: 144 random bits, URL-safe (as models.new_token)."""
    return secrets.token_urlsafe(18)


def upgrade():
    with op.batch_alter_table("match") as batch_op:
        batch_op.add_column(sa.Column("edit_token", sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column("view_token", sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column("version", sa.Integer(), nullable=True))
    with op.batch_alter_table("hand") as batch_op:
        batch_op.add_column(sa.Column("version", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("client_token", sa.String(length=40), nullable=True))
    with op.batch_alter_table("dice_game") as batch_op:
        batch_op.add_column(sa.Column("token", sa.String(length=32), nullable=True))

    fill_in_existing_rows(op.get_bind())

    with op.batch_alter_table("match") as batch_op:
        batch_op.alter_column("edit_token", existing_type=sa.String(length=32), nullable=False)
        batch_op.alter_column("view_token", existing_type=sa.String(length=32), nullable=False)
        batch_op.alter_column("version", existing_type=sa.Integer(), nullable=False)
        batch_op.create_unique_constraint(batch_op.f("uq_match_edit_token"), ["edit_token"])
        batch_op.create_unique_constraint(batch_op.f("uq_match_view_token"), ["view_token"])
    with op.batch_alter_table("hand") as batch_op:
        batch_op.alter_column("version", existing_type=sa.Integer(), nullable=False)
        # A form's token is unique within its match (NULL, for hands saved before, is not).
        batch_op.create_unique_constraint(
            batch_op.f("uq_hand_match_id"), ["match_id", "client_token"]
        )
    with op.batch_alter_table("dice_game") as batch_op:
        batch_op.alter_column("token", existing_type=sa.String(length=32), nullable=False)
        batch_op.create_unique_constraint(batch_op.f("uq_dice_game_token"), ["token"])


def fill_in_existing_rows(connection: sa.Connection) -> None:
    """Give every match and dice game its own fresh tokens, and every version 0."""
    match_ids = connection.execute(sa.select(match.c.id)).scalars().all()
    if match_ids:
        connection.execute(
            match.update()
            .where(match.c.id == sa.bindparam("row_id"))
            .values(edit_token=sa.bindparam("edit"), view_token=sa.bindparam("view"), version=0),
            [{"row_id": row, "edit": new_token(), "view": new_token()} for row in match_ids],
        )
    connection.execute(hand.update().values(version=0))
    game_ids = connection.execute(sa.select(dice_game.c.id)).scalars().all()
    if game_ids:
        connection.execute(
            dice_game.update()
            .where(dice_game.c.id == sa.bindparam("row_id"))
            .values(token=sa.bindparam("token")),
            [{"row_id": row, "token": new_token()} for row in game_ids],
        )


def downgrade():
    with op.batch_alter_table("dice_game") as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_dice_game_token"), type_="unique")
        batch_op.drop_column("token")
    with op.batch_alter_table("hand") as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_hand_match_id"), type_="unique")
        batch_op.drop_column("client_token")
        batch_op.drop_column("version")
    with op.batch_alter_table("match") as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_match_view_token"), type_="unique")
        batch_op.drop_constraint(batch_op.f("uq_match_edit_token"), type_="unique")
        batch_op.drop_column("version")
        batch_op.drop_column("view_token")
        batch_op.drop_column("edit_token")
