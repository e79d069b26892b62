"""Each seat's language, so its turn e-mails are worded in it.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01

Old rows get no language (null), which reads as English: the language every seat was
mailed in before.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column(
            "lang", sa.String(16),
            comment="language the seat joined or last spoke with; null: en"))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("lang")
