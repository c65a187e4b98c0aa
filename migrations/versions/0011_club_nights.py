"""Club nights: a night of many tables, its players (who may come late or go home
early), the rounds started and each round's tables, every table an ordinary match with
each side's confirmation of its result and a lock. Nothing stored before changes.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-03 21:20:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "club_night",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("house_rules", sa.JSON(), nullable=False),
        sa.Column("format", sa.String(length=10), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("round_end", sa.String(length=10), nullable=False),
        sa.Column("round_end_value", sa.Integer(), nullable=True),
        sa.Column("ranking", sa.String(length=15), nullable=False),
        sa.Column("tiebreaks", sa.JSON(), nullable=False),
        sa.Column("byes", sa.String(length=20), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("host_token", sa.String(length=32), nullable=False),
        sa.Column("view_token", sa.String(length=32), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"], ["player_group.id"], name=op.f("fk_club_night_group_id_player_group")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_club_night")),
        sa.UniqueConstraint("host_token", name=op.f("uq_club_night_host_token")),
        sa.UniqueConstraint("view_token", name=op.f("uq_club_night_view_token")),
    )
    with op.batch_alter_table("club_night", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_club_night_group_id"), ["group_id"], unique=False)

    op.create_table(
        "club_night_player",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("night_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("folded", sa.String(length=40), nullable=False),
        sa.Column("team", sa.Integer(), nullable=True),
        sa.Column("joined_round", sa.Integer(), nullable=False),
        sa.Column("left_after", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["night_id"], ["club_night.id"], name=op.f("fk_club_night_player_night_id_club_night")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_club_night_player")),
        sa.UniqueConstraint("night_id", "folded", name=op.f("uq_club_night_player_night_id")),
    )
    with op.batch_alter_table("club_night_player", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_club_night_player_night_id"), ["night_id"], unique=False
        )

    op.create_table(
        "club_night_round",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("night_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=False),
        sa.Column("sitting_out", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["night_id"], ["club_night.id"], name=op.f("fk_club_night_round_night_id_club_night")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_club_night_round")),
        sa.UniqueConstraint("night_id", "number", name=op.f("uq_club_night_round_night_id")),
    )
    with op.batch_alter_table("club_night_round", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_club_night_round_night_id"), ["night_id"], unique=False
        )

    op.create_table(
        "club_night_table",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("table", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("confirmed", sa.JSON(), nullable=False),
        sa.Column("locked", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["match.id"], name=op.f("fk_club_night_table_match_id_match")
        ),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["club_night_round.id"],
            name=op.f("fk_club_night_table_round_id_club_night_round"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_club_night_table")),
        sa.UniqueConstraint("match_id", name=op.f("uq_club_night_table_match_id")),
    )
    with op.batch_alter_table("club_night_table", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_club_night_table_round_id"), ["round_id"], unique=False
        )


def downgrade():
    with op.batch_alter_table("club_night_table", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_club_night_table_round_id"))

    op.drop_table("club_night_table")
    with op.batch_alter_table("club_night_round", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_club_night_round_night_id"))

    op.drop_table("club_night_round")
    with op.batch_alter_table("club_night_player", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_club_night_player_night_id"))

    op.drop_table("club_night_player")
    with op.batch_alter_table("club_night", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_club_night_group_id"))

    op.drop_table("club_night")
