"""Two server processes share PostgreSQL: a move made through one reaches the other's clients.

Both are real ``python -m camelcade.server`` processes on different ports of 127.0.0.1,
on one fresh database of the test PostgreSQL cluster; they learn of each other's changes
through LISTEN/NOTIFY only.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.support import Api, Client, ServerProcess, past, play_until_finished

FAST = {"CAMELCADE_SERVER_RATE_PER_SECOND": "1000", "CAMELCADE_SERVER_RATE_BURST": "1000",
        "CAMELCADE_SERVER_HTTP_RATE_BURST": "1000", "CAMELCADE_SERVER_BOT_ONLY_PACE": "0"}


def _refusals(clients: list[Client], at_least: int) -> int:
    """Stale refusals received so far, waiting a little for those on their way."""
    deadline = time.monotonic() + 5
    while True:
        count = sum(1 for c in clients for m in c.messages
                    if m["type"] == "error" and m["code"] == "action/stale_state")
        if count >= at_least or time.monotonic() > deadline:
            return count
        for client in clients:
            with contextlib.suppress(TimeoutError):
                client.recv(0.05)


@pytest.fixture
def pair(postgres_url: str, tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    first = ServerProcess(postgres_url, env=FAST, log=tmp_path / "a.log")
    second = ServerProcess(postgres_url, env=FAST, log=tmp_path / "b.log")
    starters = [threading.Thread(target=s.start) for s in (first, second)]
    for thread in starters:  # at once: the migrations must not race
        thread.start()
    for thread in starters:
        thread.join(60)
    try:
        yield first, second
    finally:
        first.stop()
        second.stop()


def test_moves_presence_and_bots_cross_processes(pair: tuple[ServerProcess, ServerProcess]
                                                 ) -> None:
    a, b = pair
    api_a, api_b = Api(a.base), Api(b.base)
    for api in (api_a, api_b):
        assert api.http.get("/api/health").json()["backend"] == "postgresql"
    created = api_a.create(players=3)
    match_id = created["match"]["id"]
    tokens = [api_a.join(match_id, 0), api_b.join(match_id, 1), api_a.join(match_id, 2)]
    assert api_b.error(api_b.http.post(f"/api/matches/{match_id}/seats/0")) == (
        "match/seat_taken"
    )
    watch_b = Client(b.ws_base, match_id)
    api_b.start(match_id, created["host_token"])
    watch_b.wait_state(lambda m: m["status"] == "running")
    players = [Client(a.ws_base, match_id, tokens[0]), Client(b.ws_base, match_id, tokens[1]),
               Client(b.ws_base, match_id, tokens[2])]
    watch_a = Client(a.ws_base, match_id)
    watch_a.wait(lambda m: m["type"] in ("presence", "state")
                 and [s["connected"] for s in m["seats"]] == [True, True, True], timeout=15)
    play_until_finished([*players, watch_a, watch_b], seed=21, timeout=60)
    finals = {c.state["state_id"] for c in (*players, watch_a, watch_b) if c.state}
    assert len(finals) == 1
    assert watch_a.history == watch_b.history
    assert api_a.match(match_id)["status"] == api_b.match(match_id)["status"] == "finished"
    for client in (*players, watch_a, watch_b):
        client.close()

    bots = api_a.create(players=2, seats=[{"kind": "bot", "bot": "random"}] * 2,
                        auto_start=True)["match"]["id"]
    remote = Client(b.ws_base, bots)
    remote.wait_state(lambda m: m["status"] == "finished", timeout=30)
    remote.close()


def test_the_same_move_sent_to_both_processes_is_accepted_once(
    pair: tuple[ServerProcess, ServerProcess]
) -> None:
    a, b = pair
    api = Api(a.base)
    match_id, _host, tokens = api.open_match(players=2)
    on_a = Client(a.ws_base, match_id, tokens[0])
    on_b = Client(b.ws_base, match_id, tokens[0])
    for _round in range(5):
        refused_before = _refusals([on_a, on_b], 0)
        state = on_a.wait_state(lambda m: m["current_player"] == 0 and bool(m["legal_actions"]))
        sid: int = state["state_id"]
        on_b.wait_state(past(sid - 1))
        action = state["legal_actions"][0]["action"]
        on_a.act(action, state["state_id"])
        on_b.act(action, state["state_id"])
        for client in (on_a, on_b):
            client.wait_state(past(sid))
        after = api.match(match_id)["state_id"]
        assert on_a.history[state["state_id"]] == action
        assert _refusals([on_a, on_b], refused_before + 1) == refused_before + 1
        # seat 1 answers through process B, so play returns to seat 0
        other = Client(b.ws_base, match_id, tokens[1])
        mine = other.wait_state(past(after - 1))
        if mine["current_player"] == 1:
            other.act(mine["legal_actions"][0]["action"])
            other.wait_state(past(mine["state_id"]))
        other.close()
    on_a.close()
    on_b.close()
