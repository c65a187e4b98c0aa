"""Matches, hands and dice games, before link tokens.

The schema's first state.

Revision ID: 0001
Revises:
Create Date: 2026-11-29 13:17:14
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "match",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("house_rules", sa.JSON(), nullable=False),
        sa.Column("side_names", sa.JSON(), nullable=False),
        sa.Column("player_names", sa.JSON(), nullable=False),
        sa.Column("first_dealer", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_match")),
    )
    op.create_table(
        "hand",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("bidder", sa.Integer(), nullable=True),
        sa.Column("bid", sa.Integer(), nullable=True),
        sa.Column("all_passed", sa.Boolean(), nullable=False),
        sa.Column("trump", sa.Integer(), nullable=True),
        sa.Column("meld", sa.JSON(), nullable=False),
        sa.Column("tricks", sa.JSON(), nullable=True),
        sa.Column("thrown_in", sa.Boolean(), nullable=False),
        sa.Column("no_marriage", sa.Boolean(), nullable=False),
        sa.Column("redeal", sa.Boolean(), nullable=False),
        sa.Column("turned_nine", sa.Boolean(), nullable=False),
        sa.Column("cards", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["match.id"], name=op.f("fk_hand_match_id_match")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hand")),
    )
    op.create_index(op.f("ix_hand_match_id"), "hand", ["match_id"])
    op.create_table(
        "change",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("hand_id", sa.Integer(), nullable=True),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["match.id"], name=op.f("fk_change_match_id_match")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_change")),
    )
    op.create_index(op.f("ix_change_match_id"), "change", ["match_id"])
    op.create_table(
        "device_match",
        sa.Column("device", sa.String(length=64), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("opened_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["match.id"], name=op.f("fk_device_match_match_id_match")
        ),
        sa.PrimaryKeyConstraint("device", "match_id", name=op.f("pk_device_match")),
    )
    op.create_table(
        "dice_game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("player_names", sa.JSON(), nullable=False),
        sa.Column("house_rules", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_dice_game")),
    )
    op.create_table(
        "dice_turn",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column("dice", sa.String(length=10), nullable=True),
        sa.Column("box", sa.String(length=20), nullable=True),
        sa.Column("column", sa.Integer(), nullable=True),
        sa.Column("throws", sa.JSON(), nullable=True),
        sa.Column("total", sa.Integer(), nullable=True),
        sa.Column("farkle", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["dice_game.id"], name=op.f("fk_dice_turn_game_id_dice_game")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_dice_turn")),
    )
    op.create_index(op.f("ix_dice_turn_game_id"), "dice_turn", ["game_id"])
    op.create_table(
        "device_dice_game",
        sa.Column("device", sa.String(length=64), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("opened_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["dice_game.id"], name=op.f("fk_device_dice_game_game_id_dice_game")
        ),
        sa.PrimaryKeyConstraint("device", "game_id", name=op.f("pk_device_dice_game")),
    )


def downgrade():
    op.drop_table("device_dice_game")
    op.drop_index(op.f("ix_dice_turn_game_id"), table_name="dice_turn")
    op.drop_table("dice_turn")
    op.drop_table("dice_game")
    op.drop_table("device_match")
    op.drop_index(op.f("ix_change_match_id"), table_name="change")
    op.drop_table("change")
    op.drop_index(op.f("ix_hand_match_id"), table_name="hand")
    op.drop_table("hand")
    op.drop_table("match")
