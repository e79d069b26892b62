"""Backups taken while the server runs, and restored: the match resumes at the backed-up
move, on SQLite and on PostgreSQL; a backup of another schema revision is refused unless
migrated; and the scheduled backups of ``--backup-every``."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from camelcade.cli.main import app as cli
from camelcade.server.backup import BackupError, backup, read_manifest, restore
from camelcade.server.db import alembic_config, current_revision, head_revision
from camelcade.server.settings import Settings
from tests.server.conftest import FAST_CLIENTS
from tests.server.support import Api, Client, ServerThread


def _serve(url: str, **changes: object) -> ServerThread:
    settings = Settings(database_url=url).with_changes(**{**FAST_CLIENTS, **changes})
    return ServerThread(settings).start()


def _play(clients: list[Client], moves: int) -> int:
    """Play ``moves`` moves (each client is seat ``index``); the state id after them."""
    state = clients[0].wait_state()
    for _ in range(moves):
        sid = state["state_id"]
        mover = clients[state["current_player"]]
        turn = mover.wait_state(lambda m, sid=sid: m["state_id"] >= sid)
        mover.act(turn["legal_actions"][0]["action"], sid)
        state = clients[0].wait_state(lambda m, sid=sid: m["state_id"] > sid)
        assert state["status"] == "running"
    return int(state["state_id"])


def _round_trip(url: str, path: Path, use_cli: bool) -> None:
    running = _serve(url)
    api = Api(running.base)
    match_id, _host, tokens = api.open_match(players=2)
    clients = [Client(running.ws_base, match_id, token) for token in tokens]
    backed_at = _play(clients, 3)
    history = list(clients[0].history)
    if use_cli:  # the command, as a host runs it, beside the running server
        done = CliRunner().invoke(cli, ["backup", str(path), "--db", url])
        assert done.exit_code == 0, done.output
        assert f"schema revision {head_revision()}" in done.output
    else:
        assert backup(url, path).revision == head_revision()
    later = _play(clients, 3)
    assert later > backed_at
    for client in clients:
        client.close()
    api.http.close()
    running.stop()

    if use_cli:
        done = CliRunner().invoke(cli, ["restore", str(path), "--db", url])
        assert done.exit_code == 0, done.output
    else:
        restore(path, url)
    again = _serve(url)
    try:
        back = [Client(again.ws_base, match_id, token) for token in tokens]
        state = back[0].wait_state()
        assert state["state_id"] == backed_at
        assert back[0].history == history
        assert _play(back, 2) > backed_at  # and play goes on from there
        for client in back:
            client.close()
    finally:
        again.stop()


def test_sqlite_backup_while_serving_then_restore_resumes_at_the_backed_up_move(
    tmp_path: Path,
) -> None:
    _round_trip(f"sqlite:///{tmp_path / 'live.db'}", tmp_path / "a.camelcade-backup", False)


def test_sqlite_round_trip_through_the_commands(tmp_path: Path) -> None:
    _round_trip(f"sqlite:///{tmp_path / 'live.db'}", tmp_path / "b.camelcade-backup", True)


def test_postgresql_backup_while_serving_then_restore_resumes_at_the_backed_up_move(
    postgres_url: str, tmp_path: Path,
) -> None:
    _round_trip(postgres_url, tmp_path / "pg.camelcade-backup", False)


def _old_database(path: Path, revision: str) -> str:
    url = f"sqlite:///{path}"
    engine = create_engine(url)
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
    engine.dispose()
    return url


def test_a_backup_of_an_older_revision_is_refused_unless_migrated(tmp_path: Path) -> None:
    source = _old_database(tmp_path / "old.db", "0002")
    path = tmp_path / "old.camelcade-backup"
    assert backup(source, path).revision == "0002"
    target = f"sqlite:///{tmp_path / 'new.db'}"
    with pytest.raises(BackupError, match=f"revision 0002, this camelcade's is "
                                          f"{head_revision()}.*--migrate"):
        restore(path, target)
    done = CliRunner().invoke(cli, ["restore", str(path), "--db", target])
    assert done.exit_code == 2 and "--migrate" in done.output
    restore(path, target, may_migrate=True)
    assert current_revision(create_engine(target)) == head_revision()


def test_a_backup_of_a_newer_camelcade_is_refused(tmp_path: Path) -> None:
    source = _old_database(tmp_path / "future.db", "head")
    with create_engine(source).begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    path = tmp_path / "future.camelcade-backup"
    backup(source, path)
    with pytest.raises(BackupError, match=r"revision 9999.*knows revisions up to"):
        restore(path, f"sqlite:///{tmp_path / 'here.db'}", may_migrate=True)


def test_not_a_backup_and_the_wrong_database_are_refused(tmp_path: Path,
                                                         postgres_url: str) -> None:
    junk = tmp_path / "junk"
    junk.write_text("hello")
    with pytest.raises(BackupError, match="is not a camelcade backup"):
        restore(junk, f"sqlite:///{tmp_path / 'x.db'}")
    path = tmp_path / "s.camelcade-backup"
    backup(_old_database(tmp_path / "s.db", "head"), path)
    with pytest.raises(BackupError, match="of a sqlite database; it cannot be restored into "
                                          "postgresql"):
        restore(path, postgres_url)


def test_scheduled_backups_keep_the_newest(tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    running = _serve(f"sqlite:///{tmp_path / 'live.db'}", backup_every=0.2, backup_keep=2,
                     backup_folder=str(folder))
    try:
        deadline = time.monotonic() + 20
        made: set[Path] = set()
        while len(made) < 4 and time.monotonic() < deadline:
            made |= set(folder.glob("*.camelcade-backup"))
            time.sleep(0.05)
        assert len(made) >= 4
    finally:
        running.stop()
    kept = sorted(folder.glob("*.camelcade-backup"))
    assert len(kept) == 2
    assert kept == sorted(made | set(kept))[-2:]  # the newest of all made
    for path in kept:
        assert read_manifest(path).revision == head_revision()
