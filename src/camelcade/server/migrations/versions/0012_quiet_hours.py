"""Quiet hours: a profile's time of day without notices, in its own time zone.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-06

Kept as minutes after local midnight with the zone's IANA name, so the hours follow the
player's clock through daylight saving time (``camelcade.server.accounts.quiet``).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("profiles") as batch:
        batch.add_column(sa.Column("quiet_start", sa.Integer(), comment="quiet hours begin: "
                                   "minutes after local midnight"))
        batch.add_column(sa.Column("quiet_end", sa.Integer(), comment="quiet hours end: "
                                   "minutes after local midnight"))
        batch.add_column(sa.Column("time_zone", sa.String(64), comment="the IANA zone quiet "
                                   "hours are in; null: none"))


def downgrade() -> None:
    with op.batch_alter_table("profiles") as batch:
        for name in ("time_zone", "quiet_end", "quiet_start"):
            batch.drop_column(name)
