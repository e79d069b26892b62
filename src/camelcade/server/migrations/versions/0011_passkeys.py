"""Passkeys: WebAuthn credentials of kept profiles, and their single-use challenges.

Revision ID: 0011
Revises: 0009
Create Date: 2026-12-06

Written beside 0010 (invitations, another branch): the merge that brings both puts this one
after 0010 (``down_revision``) so that the revisions stay one numbered chain.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "passkeys",
        sa.Column("id", sa.String(32), primary_key=True,
                  comment="random; names the passkey in the API"),
        sa.Column("profile_id", sa.String(32),
                  sa.ForeignKey("profiles.id", ondelete="CASCADE"), nullable=False),
        sa.Column("credential_id", sa.String(1400), nullable=False, unique=True,
                  comment="the authenticator's credential id, base64url (at most 1023 bytes)"),
        sa.Column("public_key", sa.LargeBinary(), nullable=False,
                  comment="COSE public key, as given"),
        sa.Column("sign_count", sa.BigInteger(), nullable=False,
                  comment="the authenticator's counter: a signature must raise it (or keep 0)"),
        sa.Column("transports", sa.JSON(), nullable=False,
                  comment="usb, nfc, ble, internal, hybrid..."),
        sa.Column("name", sa.String(256), nullable=False,
                  comment="the player's name for it (names.py)"),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("used_at", sa.Float(), comment="last sign-in with it; null: never"),
        comment="WebAuthn credentials that sign a kept profile in (public keys only)",
    )
    op.create_index("ix_passkeys_profile_id", "passkeys", ["profile_id"])
    op.create_table(
        "passkey_challenges",
        sa.Column("challenge_hash", sa.String(64), primary_key=True),
        sa.Column("session_hash", sa.String(64),
                  sa.ForeignKey("sessions.token_hash", ondelete="CASCADE"), nullable=False,
                  comment="the session that asked: only it may answer"),
        sa.Column("purpose", sa.String(16), nullable=False, comment="register or signin"),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        comment="WebAuthn challenges: single use (deleted when answered), five minutes",
    )
    op.create_index("ix_passkey_challenges_session_hash", "passkey_challenges",
                    ["session_hash"])


def downgrade() -> None:
    op.drop_index("ix_passkey_challenges_session_hash", table_name="passkey_challenges")
    op.drop_table("passkey_challenges")
    op.drop_index("ix_passkeys_profile_id", table_name="passkeys")
    op.drop_table("passkeys")
