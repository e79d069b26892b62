"""Seat names of 32 user-perceived characters: up to 256 code points.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-05

A name's length is counted in grapheme clusters (``names.py``): one emoji such as 👨‍👩‍👧 is
five code points and one character, and a name in an Indic script has about two code
points a character. The column, which PostgreSQL holds to its length in code points, was
64 wide, for 32 code points; it now holds ``names.MAX_NAME_CODE_POINTS``.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.alter_column("name", existing_type=sa.String(64), type_=sa.String(256),
                           comment="at most names.MAX_NAME_CODE_POINTS code points")


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.alter_column("name", existing_type=sa.String(256), type_=sa.String(64),
                           comment=None)
