"""A real server process killed with SIGKILL mid-game loses no accepted move.

Clients play through a ``python -m camelcade.server`` child process (SQLite, then
PostgreSQL); the test
kills it while moves are in flight, starts a new process on the same database file, and
checks that every position any client was told about is still there, that each client's
history is a prefix of the rebuilt one, and that the match goes on: people reconnect with
their tokens, and a bots-only match resumes by itself.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.support import Api, Client, ServerProcess, past, play_until_finished

BOT_DELAY = {"CAMELCADE_SERVER_BOT_DELAY": "0.02", "CAMELCADE_SERVER_RATE_PER_SECOND": "1000",
             "CAMELCADE_SERVER_RATE_BURST": "1000", "CAMELCADE_SERVER_HTTP_RATE_BURST": "1000",
             "CAMELCADE_SERVER_BOT_ONLY_PACE": "0"}


def _play_until_killed(clients: list[Client]) -> list[BaseException]:
    """Play random moves until the connection dies; return what the threads raised."""
    errors: list[BaseException] = []

    def run(client: Client) -> None:
        try:
            play_until_finished([client], seed=id(client) % 1000, timeout=30)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=run, args=(c,), daemon=True) for c in clients]
    for thread in threads:
        thread.start()
    return errors


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_sigkill_mid_game_loses_no_accepted_move(
    tmp_path: Path, backend: str, request: pytest.FixtureRequest
) -> None:
    database = (str(tmp_path / "durable.db") if backend == "sqlite"
                else request.getfixturevalue("postgres_url"))
    log = tmp_path / "server.log"
    first = ServerProcess(database, env=BOT_DELAY, log=log).start()
    try:
        api = Api(first.base)
        match_id, _host, tokens = api.open_match(players=3)
        bots_only = api.create(players=2, seats=[{"kind": "bot", "bot": "random"}] * 2,
                               auto_start=True)["match"]["id"]
        clients = [Client(first.ws_base, match_id, token) for token in tokens]
        watcher = Client(first.ws_base, bots_only)
        _play_until_killed(clients)
        deadline = time.monotonic() + 20
        while max((c.state or {}).get("state_id", 0) for c in clients) < 60:
            assert time.monotonic() < deadline, "the match did not get going"
            time.sleep(0.01)
        first.kill()  # SIGKILL while the clients keep sending moves
        api.http.close()
    finally:
        first.kill()
    time.sleep(0.3)
    for client in clients:
        client.closed = True
    try:
        while True:
            watcher.recv(1)
    except (ConnectionClosed, TimeoutError, EOFError):
        pass
    seen = {i: (c.state["state_id"], list(c.history)) for i, c in enumerate(clients)
            if c.state is not None}
    assert watcher.state is not None and watcher.state["status"] == "running"
    bots_seen = watcher.state["state_id"]

    second = ServerProcess(database, port=first.port, env=BOT_DELAY, log=log).start()
    try:
        api = Api(second.base)
        assert api.match(match_id)["state_id"] >= max(sid for sid, _ in seen.values())
        again = [Client(second.ws_base, match_id, token) for token in tokens]
        for seat, client in enumerate(again):
            resumed = client.wait_state()
            state_id, history = seen[seat]
            assert resumed["state_id"] >= state_id, "an accepted move was lost"
            assert client.history[: len(history)] == history
        play_until_finished(again, seed=11, timeout=60)
        assert api.match(match_id)["status"] == "finished"

        watcher = Client(second.ws_base, bots_only)
        assert watcher.wait_state()["state_id"] >= bots_seen
        finished = watcher.wait_state(lambda m: m["status"] == "finished", timeout=60)
        assert finished["result"]["winners"]
        for client in (*again, watcher):
            client.close()
    finally:
        second.stop()


def test_a_lost_database_connection_refuses_the_move_and_the_server_reconnects(
    tmp_path: Path, postgres_url: str
) -> None:
    """PostgreSQL drops every connection of the server mid-game (a restart, a failover).

    The next move cannot be made durable, so it is refused with ``server/busy`` and
    changes nothing; the same move sent again is accepted once the writer has reconnected,
    and it is in the database.
    """
    import psycopg

    from camelcade.server.db import libpq_url

    server = ServerProcess(postgres_url, env=BOT_DELAY, log=tmp_path / "server.log").start()
    try:
        api = Api(server.base)
        match_id, _host, tokens = api.open_match(players=2)
        clients = [Client(server.ws_base, match_id, token) for token in tokens]
        first = clients[0].wait_state(lambda m: m["current_player"] is not None)
        mover = clients[first["current_player"]]
        # one accepted move, so the writer's connection is open before it is cut
        opening = mover.wait_state(lambda m: bool(m["legal_actions"]))
        mover.act(opening["legal_actions"][0]["action"])
        state = clients[0].wait_state(past(first["state_id"]))
        with psycopg.connect(libpq_url(postgres_url), autocommit=True) as admin:
            killed = admin.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            ).fetchone()
        assert killed is not None and killed[0] >= 1
        mover = clients[state["current_player"]]
        turn = mover.wait_state(lambda m: m["state_id"] == state["state_id"])
        action = turn["legal_actions"][0]["action"]
        mover.act(action)
        error = mover.wait_error()
        assert error["code"] == "server/busy", error
        assert api.match(match_id)["state_id"] == state["state_id"]
        mover.act(action)
        moved = mover.wait_state(past(state["state_id"]))
        assert moved["state_id"] > state["state_id"]
        with psycopg.connect(libpq_url(postgres_url)) as check:
            stored = check.execute(
                "SELECT text FROM actions WHERE match_id = %s AND idx = %s",
                (match_id, state["state_id"]),
            ).fetchone()
        assert stored == (action,)
        for client in clients:
            client.close()
    finally:
        server.stop()
