"""Alembic migrations of the server database, run programmatically at start-up."""
