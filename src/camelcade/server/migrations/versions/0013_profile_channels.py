"""Notices chosen per profile: a profile's channels, copied to each seat it holds.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-06

``profile_channels`` holds one e-mail and one push channel per profile; as a notice is
written, a seat of the profile without its own channel of that kind gets a copy in
``notice_channels``, marked with the profile (``camelcade.server.outbox``). The new column
is added without a batch: on SQLite a batch copies the table, and dropping the old one,
with foreign keys on, would cascade to every pending notice in ``outbox``.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "profile_channels",
        sa.Column("profile_id", sa.String(32),
                  sa.ForeignKey("profiles.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("kind", sa.String(16), primary_key=True, comment="email or push"),
        sa.Column("address", sa.Text(), nullable=False, comment="the e-mail address or the "
                  "push subscription (JSON); never logged"),
        sa.Column("created_at", sa.Float(), nullable=False),
        comment="where a profile wants the notices of every seat it holds, one per kind; "
        "copied to the seat's channels as a notice is written, unless the seat chose its own",
    )
    op.add_column("notice_channels", sa.Column(
        "profile_id", sa.String(32), comment="copied from this profile's channel "
        "(profile_channels) when a notice was written; null: the seat chose it itself"))
    op.create_index("ix_notice_channels_profile_id", "notice_channels", ["profile_id"])


def downgrade() -> None:
    op.drop_index("ix_notice_channels_profile_id", "notice_channels")
    op.drop_column("notice_channels", "profile_id")
    op.drop_table("profile_channels")
