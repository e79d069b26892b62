"""Clocks: live or correspondence, a time bank per seat, timeouts counted, seats a bot
keeps, and vacations.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-05

A match's clock kind, bank cap and takeover count sit with its other timer columns; each
seat keeps its bank, its timeouts and whether a bot took it over for good; a profile keeps
its current vacation and the days it took this year (``camelcade.server.clocks``).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("clock", sa.String(16), nullable=False,
                                   server_default="live",
                                   comment="live or correspondence (clocks.py)"))
        batch.add_column(sa.Column("bank_seconds", sa.Float(),
                                   comment="each seat's time bank and its cap; null: none"))
        batch.add_column(sa.Column("takeover_after", sa.Integer(),
                                   comment="timeouts before a bot keeps the seat"))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("bank_left", sa.Float(),
                                   comment="its time bank; null: the clock has none"))
        batch.add_column(sa.Column("timeouts", sa.Integer(), nullable=False,
                                   server_default="0", comment="how often its time ran out"))
        batch.add_column(sa.Column("taken_over", sa.Boolean(), nullable=False,
                                   server_default=sa.false(),
                                   comment="a bot keeps it for good: its time ran out too "
                                   "often"))
        batch.add_column(sa.Column("away_until", sa.Float(),
                                   comment="its profile's vacation ends then: its clock waits"))
    with op.batch_alter_table("profiles") as batch:
        batch.add_column(sa.Column("away_from", sa.Float(),
                                   comment="the current vacation began then; null: none"))
        batch.add_column(sa.Column("away_until", sa.Float(),
                                   comment="the current vacation ends then"))
        batch.add_column(sa.Column("vacation_year", sa.Integer(),
                                   comment="the year vacation_days counts in (UTC)"))
        batch.add_column(sa.Column("vacation_days", sa.Integer(), nullable=False,
                                   server_default="0",
                                   comment="vacation days taken in vacation_year"))


def downgrade() -> None:
    with op.batch_alter_table("profiles") as batch:
        for name in ("vacation_days", "vacation_year", "away_until", "away_from"):
            batch.drop_column(name)
    with op.batch_alter_table("seats") as batch:
        for name in ("away_until", "taken_over", "timeouts", "bank_left"):
            batch.drop_column(name)
    with op.batch_alter_table("matches") as batch:
        for name in ("takeover_after", "bank_seconds", "clock"):
            batch.drop_column(name)
