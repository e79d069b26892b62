"""Invitations and blocks: a seat's owner invites a kept profile by name into an open seat,
and a kept profile blocks another's invitations.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-06

An invitation's notice goes through the outbox as every notice does; its channel is a
``notice_channels`` row of the invited seat with the invitee's kept address, named by
``channel_id`` and deleted when the invitation ends (notices reach seats, not profiles, so
the open seat carries it while the invitation waits). Only new tables: nothing is copied.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "invitations",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("inviter_id", sa.String(32),
                  sa.ForeignKey("profiles.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("invitee_id", sa.String(32),
                  sa.ForeignKey("profiles.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("status", sa.String(16), nullable=False,
                  comment="pending, accepted or declined (expired is read from the match)"),
        sa.Column("channel_id", sa.String(32),
                  comment="the notice channel made for it; deleted when it ends"),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("done_at", sa.Float()),
        comment="a profile invited by name into an open seat of an open match",
    )
    op.create_table(
        "blocks",
        sa.Column("blocker_id", sa.String(32),
                  sa.ForeignKey("profiles.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("blocked_id", sa.String(32),
                  sa.ForeignKey("profiles.id", ondelete="CASCADE"), primary_key=True,
                  index=True),
        sa.Column("created_at", sa.Float(), nullable=False),
        comment="the blocker refuses every invitation of the blocked (who is not told)",
    )


def downgrade() -> None:
    op.drop_table("blocks")
    op.drop_table("invitations")
