"""What keeps the event loop free under a crowd (issue 13): arrivals let in a few per turn,
no log line per connection."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from camelcade.server.app import PER_CONNECTION_LINES, quiet_connections
from tests.server.conftest import sqlite_settings
from tests.server.support import Api, Client, ServerThread


@pytest.fixture
def one_at_a_time(tmp_path: Path) -> Iterator[ServerThread]:
    running = ServerThread(sqlite_settings(tmp_path, arrivals_per_turn=1)).start()
    yield running
    running.stop()


def test_every_new_websocket_waits_its_turn_at_the_arrivals_gate(
        one_at_a_time: ServerThread, monkeypatch: pytest.MonkeyPatch) -> None:
    hub: Any = one_at_a_time.app.state.services.hub
    assert hub.arrivals.per_turn == 1
    turns = []
    original = hub.arrivals.turn

    async def counted() -> None:
        turns.append(1)
        await original()

    monkeypatch.setattr(hub.arrivals, "turn", counted)
    api = Api(one_at_a_time.base)
    try:
        match_id, _host, tokens = api.open_match(players=2)
    finally:
        api.http.close()
    clients = [Client(one_at_a_time.ws_base, match_id, token) for token in tokens]
    clients += [Client(one_at_a_time.ws_base, match_id) for _ in range(6)]  # spectators
    for client in clients:
        assert client.wait_state()["match_id"] == match_id
        client.close()
    assert len(turns) == len(clients)


def _record(message: str) -> logging.LogRecord:
    return logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1, message, (), None)


def test_the_per_connection_log_lines_are_dropped_and_nothing_else() -> None:
    assert {"connection open", "connection closed"} <= PER_CONNECTION_LINES
    for line in PER_CONNECTION_LINES:
        assert not quiet_connections(_record(line))
    for line in ("Uvicorn running on %s://%s:%d (Press CTRL+C to quit)",
                 "Application startup complete.", "connection rejected (%d %s)"):
        assert quiet_connections(_record(line))


def test_a_server_without_an_access_log_installs_the_filter(
        one_at_a_time: ServerThread) -> None:
    assert quiet_connections in logging.getLogger("uvicorn.error").filters
