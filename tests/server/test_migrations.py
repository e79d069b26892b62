"""Upgrades: migrated at start, once, under a lock; a failed migration changes nothing and
the process stops with the reason."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import Engine, create_engine, inspect, text

from camelcade.server.db import (
    MigrationFailed,
    alembic_config,
    current_revision,
    head_revision,
    migrate,
)
from tests.server.support import ServerProcess


def _at(engine: Engine, revision: str) -> None:
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def _seat_columns(engine: Engine) -> set[str]:
    return {column["name"] for column in inspect(engine).get_columns("seats")}


def test_processes_migrating_sqlite_together_migrate_once(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fresh.db'}"
    engines = [create_engine(url, connect_args={"timeout": 30}) for _ in range(4)]
    failures: list[BaseException] = []

    def run(engine: Engine) -> None:
        try:
            migrate(engine)
        except BaseException as error:  # collected, asserted below
            failures.append(error)

    threads = [threading.Thread(target=run, args=(engine,)) for engine in engines]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert failures == []
    assert current_revision(engines[0]) == head_revision()
    with engines[0].connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM alembic_version")).scalar() == 1
    for engine in engines:
        engine.dispose()


def test_a_failed_sqlite_migration_leaves_the_database_as_it_was(tmp_path: Path) -> None:
    """0003 adds a column and succeeds, then 0004 fails (its work table is taken): the
    column of 0003 is rolled back too, and the revision stays 0002 (the message names the
    head the migration aimed at)."""
    engine = create_engine(f"sqlite:///{tmp_path / 'old.db'}")
    _at(engine, "0002")
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE _alembic_tmp_seats (x INTEGER)"))
    aimed = rf"from schema revision 0002 to {head_revision()}.*as it was"
    with pytest.raises(MigrationFailed, match=aimed):
        migrate(engine)
    assert current_revision(engine) == "0002"
    assert "lang" not in _seat_columns(engine)
    engine.dispose()


def test_a_failed_postgresql_migration_leaves_the_database_as_it_was(postgres_url: str) -> None:
    engine = create_engine(postgres_url)
    _at(engine, "0002")
    with engine.begin() as connection:  # 0004 cannot change the type under a view
        connection.execute(text("CREATE VIEW seat_names AS SELECT name FROM seats"))
    with pytest.raises(MigrationFailed, match=f"from schema revision 0002 to {head_revision()}"):
        migrate(engine)
    assert current_revision(engine) == "0002"
    assert "lang" not in _seat_columns(engine)
    engine.dispose()


def test_the_server_exits_with_the_reason_when_its_migration_fails(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    engine = create_engine(f"sqlite:///{path}")
    _at(engine, "0002")
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE _alembic_tmp_seats (x INTEGER)"))
    log = tmp_path / "server.log"
    server = ServerProcess(str(path), log=log)
    with pytest.raises(RuntimeError, match="server exited"):
        server.start(timeout=60)
    assert server.proc is not None and server.proc.returncode != 0
    told = log.read_text()
    assert f"could not be migrated from schema revision 0002 to {head_revision()}" in told
    assert "It was left as it was. The server stops." in told
    assert current_revision(engine) == "0002"
    engine.dispose()
