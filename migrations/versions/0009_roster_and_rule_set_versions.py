"""Roster players and saved rule sets carry a version, as groups, matches and games do.

Each change to a roster player or a rule set moves its version on; a change made on a form
drawn at an older version is refused as a conflict instead of silently undoing another
phone's. Every row stored before starts at version 0; nothing else changes.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02 09:30:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

# The tables that take a version column.
TABLES = ("group_player", "rule_set")


def upgrade():
    for name in TABLES:
        with op.batch_alter_table(name) as batch_op:
            batch_op.add_column(sa.Column("version", sa.Integer(), nullable=True))
        op.get_bind().execute(
            sa.table(name, sa.column("version", sa.Integer)).update().values(version=0)
        )
        with op.batch_alter_table(name) as batch_op:
            batch_op.alter_column("version", existing_type=sa.Integer(), nullable=False)


def downgrade():
    for name in TABLES:
        with op.batch_alter_table(name) as batch_op:
            batch_op.drop_column("version")
