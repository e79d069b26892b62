"""SQLite's log is checkpointed on a thread, never by a commit on the event loop (issue 13:
under attack a checkpoint inside a move's commit held the loop for up to 0.2 s)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import sqlite_settings
from tests.server.support import ServerThread


def test_no_connection_checkpoints_on_commit_and_the_server_does_it_every_second(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    running = ServerThread(sqlite_settings(tmp_path)).start()
    try:
        store: Any = running.app.state.services.store
        connection = store.engine.raw_connection()
        try:
            assert connection.execute("PRAGMA wal_autocheckpoint").fetchone() == (0,)
            assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        finally:
            connection.close()
        calls: list[float] = []
        checkpoint = store.checkpoint

        def counted() -> None:
            calls.append(time.monotonic())
            checkpoint()

        monkeypatch.setattr(store, "checkpoint", counted)
        deadline = time.monotonic() + 20
        while len(calls) < 2:
            assert time.monotonic() < deadline, "no checkpoint ran"
            time.sleep(0.05)
    finally:
        running.stop()
