"""What the host's ``camelcade admin`` needs: a match ended with a reason, the host's
settings, and each serving process's heartbeat.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-05

``matches.end_reason`` holds why a host ended a match (status ``ended``); it is told to the
players. ``host_settings`` keeps what the host set while the servers run (the lobby closed
for maintenance and its message; a rotated secret's hash), read by every process.
``instances`` has one row per serving process, refreshed every few seconds, so the command
can show the bot pools of processes it cannot reach otherwise.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column(
            "end_reason", sa.Text(),
            comment="status 'ended': why the host ended it, told to players"))
    op.create_table(
        "host_settings",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.JSON(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        comment="what the host set with 'camelcade admin': the lobby's state, secrets' hashes",
    )
    op.create_table(
        "instances",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("started_at", sa.Float(), nullable=False),
        sa.Column("seen_at", sa.Float(), nullable=False),
        sa.Column("info", sa.JSON(), nullable=False,
                  comment="version, bot pool, matches, websockets"),
        comment="each serving process's heartbeat, for 'camelcade admin bots'",
    )


def downgrade() -> None:
    op.drop_table("instances")
    op.drop_table("host_settings")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("end_reason")
