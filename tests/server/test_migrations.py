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
    make_engine,
    migrate,
)
from camelcade.server.settings import Settings
from tests.server.postgres import fresh_database
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


def test_the_revisions_are_one_chain_in_order() -> None:
    """Branches merged one after another renumber their migrations: one line, no fork,
    each revision the next number, the file named after it."""
    from alembic.script import ScriptDirectory

    scripts = ScriptDirectory.from_config(alembic_config())
    assert len(scripts.get_heads()) == 1
    chain = [script.revision for script in scripts.walk_revisions("base", "heads")][::-1]
    assert chain == [f"{n:04d}" for n in range(1, len(chain) + 1)]
    for script in scripts.walk_revisions("base", "heads"):
        assert script.path is not None and Path(script.path).name.startswith(script.revision)


def _a_kept_profile_at_0006(engine: Engine) -> None:
    """A database as 0006 (accounts) left it: a kept profile holding a seat of a running
    match, a guest's seat, and a signed-in session."""
    _at(engine, "0006")
    with engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO profiles (id, name, lang, email, created_at, seen_at) VALUES "
            "('p1', 'Ada', 'de', 'ada@example.org', 1.0, 2.0)"))
        connection.execute(text(
            "INSERT INTO sessions (token_hash, profile_id, created_at, expires_at) VALUES "
            "('s1', 'p1', 1.0, 9e9)"))
        connection.execute(text(
            "INSERT INTO matches (id, game, options, seed, status, state_id, auto_start, "
            "on_timeout, timeout_bot, created_at, updated_at, bot_only) VALUES ('old', "
            "'kamelen', '{\"players\": 2}', 7, 'running', 0, true, 'bot', 'random', 1.0, "
            "1.0, false)"))
        connection.execute(text(
            "INSERT INTO seats (match_id, seat, kind, token_hash, joined_at, profile_id) "
            "VALUES ('old', 0, 'human', 'h0', 1.0, 'p1'), ('old', 1, 'human', 'h1', 1.0, NULL)"))


def _upgrades_from_0006_keeping_everything(engine: Engine) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from camelcade.server.models import metadata
    from camelcade.server.store import Store

    _a_kept_profile_at_0006(engine)
    migrate(engine)
    assert current_revision(engine) == head_revision()
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), metadata) == []
        assert connection.execute(text(
            "SELECT name, email FROM profiles")).all() == [("Ada", "ada@example.org")]
        assert connection.execute(text("SELECT count(*) FROM sessions")).scalar() == 1
        for table in ("notice_channels", "outbox"):
            assert connection.execute(text(f"SELECT count(*) FROM {table}")).scalar() == 0
    loaded = Store(engine, "camelcade", "test", inline_writes=True).load_match("old")
    assert loaded is not None
    row, seats, _texts = loaded
    assert row.status == "running"
    assert [(seat.seat, seat.profile_id) for seat in seats] == [(0, "p1"), (1, None)]


def test_an_empty_sqlite_database_and_one_at_0006_upgrade_to_head(tmp_path: Path) -> None:
    empty = create_engine(f"sqlite:///{tmp_path / 'empty.db'}")
    migrate(empty)
    assert current_revision(empty) == head_revision()
    empty.dispose()
    # the server's engine: foreign keys on, so a migration copying ``matches`` would take
    # the seats with it
    engine = make_engine(Settings(database_url=f"sqlite:///{tmp_path / 'at0006.db'}"))
    _upgrades_from_0006_keeping_everything(engine)
    engine.dispose()


def test_an_empty_postgresql_database_and_one_at_0006_upgrade_to_head(
        postgres_admin: str) -> None:
    with fresh_database(postgres_admin) as url:
        empty = create_engine(url)
        migrate(empty)
        assert current_revision(empty) == head_revision()
        empty.dispose()
    with fresh_database(postgres_admin) as url:
        engine = create_engine(url)
        _upgrades_from_0006_keeping_everything(engine)
        engine.dispose()
