"""Initial schema: matches, seats, actions.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "matches",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False,
                  comment="chance draws; never sent to clients"),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("state_id", sa.Integer, nullable=False, comment="number of actions applied"),
        sa.Column("host_hash", sa.String(64)),
        sa.Column("host_reserved_hash", sa.String(64),
                  comment="rematch: the old host's token hash"),
        sa.Column("auto_start", sa.Boolean, nullable=False),
        sa.Column("turn_seconds", sa.Float),
        sa.Column("on_timeout", sa.String(16), nullable=False),
        sa.Column("timeout_bot", sa.String(64), nullable=False),
        sa.Column("turn_deadline", sa.Float),
        sa.Column("rematch_of", sa.String(32)),
        sa.Column("rematch_id", sa.String(32)),
        sa.Column("result", sa.JSON),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float),
        sa.Column("finished_at", sa.Float),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_matches_status", "matches", ["status"])
    op.create_table(
        "seats",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False, comment="open, human, hotseat or bot"),
        sa.Column("bot", sa.String(64)),
        sa.Column("name", sa.String(64)),
        sa.Column("token_hash", sa.String(64)),
        sa.Column("reserved_hash", sa.String(64),
                  comment="rematch: the token hash that may claim it"),
        sa.Column("joined_at", sa.Float),
    )
    op.create_table(
        "actions",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False, comment="acting seat; -1 for chance"),
        sa.Column("state_id", sa.Integer, nullable=False, comment="state_id after this action"),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_index("ix_matches_status", table_name="matches")
    op.drop_table("matches")
