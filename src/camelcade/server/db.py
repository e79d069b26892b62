"""Engines and migrations: SQLite (the embedded default) or PostgreSQL, same schema.

SQLite runs in WAL mode so readers never wait for the writer, with ``synchronous`` from the
settings (NORMAL keeps every commit through a killed process; FULL also through power loss),
and its log is checkpointed by the server every second on a thread (``Store.checkpoint``),
never by a commit on the event loop.
Migrations run at start-up in one transaction, under a lock, so several server processes
starting at once migrate once (the others wait, then find the schema at head): on
PostgreSQL an advisory lock, on SQLite the database's own write lock (``BEGIN
IMMEDIATE``). Both roll DDL back, so a migration that fails leaves the database exactly as
it was, and the process stops with the reason (``MigrationFailed``).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import URL, make_url

from camelcade.server.settings import Settings

MIGRATIONS = Path(__file__).with_name("migrations")
MIGRATION_LOCK = 0x63616D656C  # an arbitrary advisory-lock key ("camel")


def make_engine(settings: Settings) -> Engine:
    """An engine tuned for the server's access pattern on either backend."""
    url = make_url(settings.database_url)
    if url.get_backend_name() == "sqlite":
        database = url.database or ""
        if database and database != ":memory:":
            Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": 30.0}, pool_size=8
        )
        synchronous = settings.sqlite_synchronous.upper()
        if synchronous not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"sqlite_synchronous must be OFF, NORMAL, FULL or EXTRA, "
                             f"not {settings.sqlite_synchronous!r}")

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA synchronous={synchronous}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=30000")
            # No commit checkpoints the log itself: a checkpoint copies the log into the
            # database file and waits for the disk, up to a fifth of a second, and the
            # commits run on the event loop. ``Store.checkpoint`` does it on a thread.
            cursor.execute("PRAGMA wal_autocheckpoint=0")
            cursor.close()

        return engine
    return create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True)


def libpq_url(url: str | URL) -> str:
    """``postgresql+psycopg://...`` as the plain URL psycopg itself accepts."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def alembic_config() -> Config:
    """An alembic configuration pointing at the migrations shipped inside the package."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


class MigrationFailed(RuntimeError):
    """The schema could not be brought to this version's revision; nothing was changed."""


def migrate(engine: Engine, target: str = "head") -> None:
    """Bring the schema to ``target`` (idempotent; safe with several processes), all or
    nothing: see the module docstring. Raises ``MigrationFailed`` naming the revisions and
    the reason."""
    config = alembic_config()
    before: str | None = None
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            # pysqlite opens a transaction only before data changes, never before DDL, so
            # without this an ALTER TABLE committed on its own. Hand the transaction to us.
            connection.connection.driver_connection.isolation_level = None  # type: ignore[union-attr]
        try:
            if sqlite:
                connection.exec_driver_sql("BEGIN IMMEDIATE")
            else:
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                                   {"key": MIGRATION_LOCK})
            before = MigrationContext.configure(connection).get_current_revision()
            config.attributes["connection"] = connection
            command.upgrade(config, target)
            connection.commit()
        except Exception as error:
            connection.rollback()
            raise MigrationFailed(
                f"The database could not be migrated from schema revision "
                f"{before or '(empty)'} to {target if target != 'head' else head_revision()}: "
                f"{type(error).__name__}: {_first_line(error)}. It was left as it was."
            ) from error
        finally:
            if sqlite:
                connection.invalidate()  # its transaction handling is ours: not for the pool


def _first_line(error: Exception) -> str:
    """The reason, without the SQL statement and links SQLAlchemy adds below it."""
    lines = str(error).strip().splitlines()
    return lines[0].rstrip(".") if lines else "no reason given"


@functools.cache
def head_revision() -> str | None:
    """The newest schema revision this version of camelcade ships (read once: ``/ready``
    asks every few seconds)."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current_revision(engine: Engine) -> str | None:
    """The schema revision the database is at (None: never migrated); raises if the
    database cannot be reached."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()
