"""Accounts that start as a guest: profiles, their sessions, e-mailed sign-in links, and
seats that belong to a profile.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-05

A profile is made at a browser's first visit (a guest) and kept by an e-mail address.
``sessions`` and ``sign_in_links`` hold only SHA-256 hashes of their tokens. A seat taken
by a browser with a session names its profile (``seats.profile_id``), so the profile finds
it from any browser; ``seats.former`` marks the seats of a deleted profile.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "profiles",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(256), nullable=False,
                  comment="display name, checked by names.py"),
        sa.Column("lang", sa.String(16), nullable=False),
        sa.Column("email", sa.String(254), unique=True, comment="lower-cased; null: a guest"),
        sa.Column("password_hash", sa.String(256),
                  comment="argon2 (pwdlib); null: no password"),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("seen_at", sa.Float(), nullable=False),
        comment="a person: a guest until an e-mail address keeps it (accounts)",
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("profile_id", sa.String(32),
                  sa.ForeignKey("profiles.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        comment="one signed-in browser: the SHA-256 of its cookie's token",
    )
    op.create_index("ix_sessions_profile_id", "sessions", ["profile_id"])
    op.create_table(
        "sign_in_links",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("profile_id", sa.String(32),
                  sa.ForeignKey("profiles.id", ondelete="CASCADE"),
                  comment="the browser's profile that asked: it keeps the address if unknown"),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.Column("used_at", sa.Float()),
        comment="e-mailed sign-in links: single use, short-lived, stored hashed",
    )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column(
            "profile_id", sa.String(32),
            comment="the profile whose seat this is (accounts); null: a token only"))
        batch.add_column(sa.Column(
            "former", sa.Boolean(), nullable=False, server_default=sa.false(),
            comment="its profile was deleted: shown as 'a former player'"))
        batch.create_foreign_key("fk_seats_profile_id", "profiles", ["profile_id"], ["id"],
                                 ondelete="SET NULL")
        batch.create_index("ix_seats_profile_id", ["profile_id"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_profile_id")
        batch.drop_constraint("fk_seats_profile_id", type_="foreignkey")
        batch.drop_column("former")
        batch.drop_column("profile_id")
    op.drop_table("sign_in_links")
    op.drop_index("ix_sessions_profile_id", "sessions")
    op.drop_table("sessions")
    op.drop_table("profiles")
