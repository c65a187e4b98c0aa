"""Saved rule sets.

A rule set is a table's house rules under a name: a game and the knobs changed from it,
opened by an unguessable token. Each device keeps a list of the sets it saved or opened.
Nothing stored before changes.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 13:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "rule_set",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("house_rules", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("token", sa.String(length=32), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rule_set")),
        sa.UniqueConstraint("token", name=op.f("uq_rule_set_token")),
    )
    op.create_table(
        "device_rule_set",
        sa.Column("device", sa.String(length=64), nullable=False),
        sa.Column("rule_set_id", sa.Integer(), nullable=False),
        sa.Column("kept_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["rule_set_id"], ["rule_set.id"], name=op.f("fk_device_rule_set_rule_set_id_rule_set")
        ),
        sa.PrimaryKeyConstraint("device", "rule_set_id", name=op.f("pk_device_rule_set")),
    )


def downgrade():
    op.drop_table("device_rule_set")
    op.drop_table("rule_set")
