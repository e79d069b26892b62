"""Bot-only matches and who created them, for the caps on bot-only matches.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("bot_only", sa.Boolean, nullable=False,
                                   server_default=sa.false(),
                                   comment="every seat a bot: capped, paused when unwatched"))
        batch.add_column(sa.Column("creator", sa.String(64),
                                   comment="hash of the creating client's address"))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("creator")
        batch.drop_column("bot_only")
