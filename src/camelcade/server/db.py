"""Engines and migrations: SQLite (the embedded default) or PostgreSQL, same schema.

SQLite runs in WAL mode so readers never wait for the writer, with ``synchronous`` from the
settings (NORMAL keeps every commit through a killed process; FULL also through power loss),
and its log is checkpointed by the server every second on a thread (``Store.checkpoint``),
never by a commit on the event loop.
Migrations run at start-up under a PostgreSQL advisory lock, so several server processes
starting at once do not race to create the tables.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
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


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision (idempotent; safe with several processes)."""
    config = alembic_config()
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def head_revision() -> str | None:
    """The newest schema revision this version of camelcade ships."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current_revision(engine: Engine) -> str | None:
    """The schema revision the database is at (None: never migrated); raises if the
    database cannot be reached."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()
