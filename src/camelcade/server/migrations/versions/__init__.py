"""Alembic revision scripts (alembic skips this file)."""
