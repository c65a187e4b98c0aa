"""Groups: a family or a club, its roster of players and the games it played.

A group has an edit link and a view link like a match; its roster names each person
once (``folded``: the name trimmed and casefolded, unique in the group); each of its
games (a match or a dice game, in one group at most) maps every name typed in it to a
roster player. Each device keeps a list of the groups opened on it. Nothing stored
before changes.

Revision ID: 0008
Revises: 0006
Create Date: 2026-12-01 16:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "player_group",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("edit_token", sa.String(length=32), nullable=False),
        sa.Column("view_token", sa.String(length=32), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_group")),
        sa.UniqueConstraint("edit_token", name=op.f("uq_player_group_edit_token")),
        sa.UniqueConstraint("view_token", name=op.f("uq_player_group_view_token")),
    )
    op.create_table(
        "group_player",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("folded", sa.String(length=40), nullable=False),
        sa.Column("retired", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"], ["player_group.id"], name=op.f("fk_group_player_group_id_player_group")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_group_player")),
        sa.UniqueConstraint("group_id", "folded", name=op.f("uq_group_player_group_id")),
    )
    with op.batch_alter_table("group_player") as batch_op:
        batch_op.create_index(batch_op.f("ix_group_player_group_id"), ["group_id"], unique=False)
    op.create_table(
        "group_game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=True),
        sa.Column("dice_game_id", sa.Integer(), nullable=True),
        sa.Column("added_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["dice_game_id"], ["dice_game.id"], name=op.f("fk_group_game_dice_game_id_dice_game")
        ),
        sa.ForeignKeyConstraint(
            ["group_id"], ["player_group.id"], name=op.f("fk_group_game_group_id_player_group")
        ),
        sa.ForeignKeyConstraint(
            ["match_id"], ["match.id"], name=op.f("fk_group_game_match_id_match")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_group_game")),
        sa.UniqueConstraint("dice_game_id", name=op.f("uq_group_game_dice_game_id")),
        sa.UniqueConstraint("match_id", name=op.f("uq_group_game_match_id")),
    )
    with op.batch_alter_table("group_game") as batch_op:
        batch_op.create_index(batch_op.f("ix_group_game_group_id"), ["group_id"], unique=False)
    op.create_table(
        "group_seat",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_game_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_game_id"],
            ["group_game.id"],
            name=op.f("fk_group_seat_group_game_id_group_game"),
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["group_player.id"], name=op.f("fk_group_seat_player_id_group_player")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_group_seat")),
        sa.UniqueConstraint("group_game_id", "name", name=op.f("uq_group_seat_group_game_id")),
    )
    with op.batch_alter_table("group_seat") as batch_op:
        batch_op.create_index(
            batch_op.f("ix_group_seat_group_game_id"), ["group_game_id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_group_seat_player_id"), ["player_id"], unique=False)
    op.create_table(
        "device_group",
        sa.Column("device", sa.String(length=64), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("opened_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"], ["player_group.id"], name=op.f("fk_device_group_group_id_player_group")
        ),
        sa.PrimaryKeyConstraint("device", "group_id", name=op.f("pk_device_group")),
    )


def downgrade():
    op.drop_table("device_group")
    with op.batch_alter_table("group_seat") as batch_op:
        batch_op.drop_index(batch_op.f("ix_group_seat_player_id"))
        batch_op.drop_index(batch_op.f("ix_group_seat_group_game_id"))
    op.drop_table("group_seat")
    with op.batch_alter_table("group_game") as batch_op:
        batch_op.drop_index(batch_op.f("ix_group_game_group_id"))
    op.drop_table("group_game")
    with op.batch_alter_table("group_player") as batch_op:
        batch_op.drop_index(batch_op.f("ix_group_player_group_id"))
    op.drop_table("group_player")
    op.drop_table("player_group")
