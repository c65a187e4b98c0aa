"""A dice turn can say what the sheet games played since need: Generala's served turn (the
dice came on the turn's first throw) and the throws a Maxi Yatzy turn used.

Every turn stored before was neither served nor counted its throws: first_throw is false,
throws_used empty. Nothing else changes.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02 13:40:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


dice_turn = sa.table("dice_turn", sa.column("first_throw", sa.Boolean))


def upgrade():
    with op.batch_alter_table("dice_turn") as batch_op:
        batch_op.add_column(sa.Column("first_throw", sa.Boolean(), nullable=True))
        batch_op.add_column(sa.Column("throws_used", sa.Integer(), nullable=True))
    op.get_bind().execute(dice_turn.update().values(first_throw=False))
    with op.batch_alter_table("dice_turn") as batch_op:
        batch_op.alter_column("first_throw", existing_type=sa.Boolean(), nullable=False)


def downgrade():
    with op.batch_alter_table("dice_turn") as batch_op:
        batch_op.drop_column("throws_used")
        batch_op.drop_column("first_throw")
