"""Notices that survive a restart: each seat's channels and the outbox of notices.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-05

``notice_channels`` holds where a seat wants its notices (an e-mail address, or a Web Push
subscription); ``outbox`` one row per notice and channel, written in the transaction of
the move that causes it and delivered afterwards (``camelcade.server.outbox``). The unique
index on (match, move, seat, kind, channel) makes a notice idempotent. When profiles come,
``notice_channels`` gains a nullable ``profile_id`` (a channel then belongs to a profile,
or, for a guest seat, to the seat as now); the outbox keeps naming the seat, and its insert
joins channels through the seat's profile.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "notice_channels",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False, comment="email or push"),
        sa.Column("address", sa.Text(), nullable=False,
                  comment="the e-mail address or the push subscription (JSON); never logged"),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.UniqueConstraint("match_id", "seat", "kind", name="uq_notice_channels_seat_kind"),
        comment="where a seat wants its notices; deleted on unsubscribe (outbox rows with it)",
    )
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(32), nullable=False),
        sa.Column("state_id", sa.Integer(), nullable=False,
                  comment="the move that caused the notice"),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False, comment="turn, over or clock"),
        sa.Column("channel_id", sa.String(32),
                  sa.ForeignKey("notice_channels.id", ondelete="CASCADE"), nullable=False),
        sa.Column("status", sa.String(16), nullable=False,
                  comment="pending, sent, seen (the seat was looking), stale, failed"),
        sa.Column("due_at", sa.Float(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("claimed_by", sa.String(32)),
        sa.Column("claimed_until", sa.Float(),
                  comment="a deliverer's lease; another may take it after"),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("done_at", sa.Float()),
        sa.Column("error", sa.Text(), comment="the last failure's reason, without the address"),
        sa.UniqueConstraint("match_id", "state_id", "seat", "kind", "channel_id",
                            name="uq_outbox_notice"),
        comment="notices written with the move that causes them, delivered by services.outbox",
    )
    op.create_index("ix_outbox_status", "outbox", ["status"])


def downgrade() -> None:
    op.drop_index("ix_outbox_status", table_name="outbox")
    op.drop_table("outbox")
    op.drop_table("notice_channels")
