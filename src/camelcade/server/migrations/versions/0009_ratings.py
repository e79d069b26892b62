"""Ratings: rated or casual matches, each kept profile's OpenSkill rating per game and
player-count class, and one row per rated match.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-05

``rated_matches`` has the match id as its primary key: the end of a match processed twice
(two processes, a retry) rates it once, since the second insert fails and rolls back.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Not in a batch: on SQLite a batch may copy ``matches`` into a new table, and dropping
    # the old one, with foreign keys on (db.py), would cascade to every seat and action.
    op.add_column("matches", sa.Column(
        "rated", sa.Boolean(), nullable=False, server_default=sa.false(),
        comment="chosen at creation: a finished match moves its kept profiles' ratings"))
    op.create_table(
        "ratings",
        sa.Column("profile_id", sa.String(32),
                  sa.ForeignKey("profiles.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("players", sa.Integer(), primary_key=True,
                  comment="player-count class: 2, 3, 4, or 5 for five and more"),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        comment="a kept profile's OpenSkill rating per game and player-count class",
    )
    op.create_table(
        "rated_matches",
        sa.Column("match_id", sa.String(32),
                  sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True,
                  comment="one row per match: a match is rated once"),
        sa.Column("rated_at", sa.Float(), nullable=False),
        sa.Column("changes", sa.JSON(), nullable=False,
                  comment="per rated seat: profile, place, mu and sigma before and after"),
        comment="finished rated matches whose ratings were updated",
    )


def downgrade() -> None:
    op.drop_table("rated_matches")
    op.drop_table("ratings")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("rated")
