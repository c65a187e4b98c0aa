"""Hands record the two entries of RULES.md's "More house rules".

``took_trick``: under ``save_with: trick``, for each side whether it took a trick (null
for a hand that does not say, as every hand stored before); ``moon``: the bidding side
shot the moon (false for every hand stored before). Old hands keep every entry they had.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 13:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

hand = sa.table("hand", sa.column("moon", sa.Boolean))


def upgrade():
    with op.batch_alter_table("hand") as batch_op:
        batch_op.add_column(sa.Column("took_trick", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("moon", sa.Boolean(), nullable=True))
    op.get_bind().execute(hand.update().values(moon=False))
    with op.batch_alter_table("hand") as batch_op:
        batch_op.alter_column("moon", existing_type=sa.Boolean(), nullable=False)


def downgrade():
    with op.batch_alter_table("hand") as batch_op:
        batch_op.drop_column("moon")
        batch_op.drop_column("took_trick")
