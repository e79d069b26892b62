"""The compose topology without containers: PostgreSQL, two ``camelcade serve`` processes on
it, and Debian's caddy in front (the repository's deploy/Caddyfile, ``tls internal``).
Players play through https:// and wss://; one process is killed mid-match and the
players, reconnecting through Caddy, finish on the other with nothing lost; ``/ready``
turns unready when the database goes away and ready when it is back."""

from __future__ import annotations

import contextlib
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import httpx
import psycopg
import pytest

from camelcade.server.db import libpq_url
from tests.server.support import Api, Client, ServerProcess, play_until_finished
from tests.server.topology import Topology, running_topology

pytestmark = pytest.mark.topology


@pytest.fixture
def topology(postgres_url: str, tmp_path: Path) -> Iterator[Topology]:
    with running_topology(postgres_url, tmp_path) as running:
        yield running


def _tail(path: Path, lines: int = 12) -> str:
    return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])


def join_through_caddy(topology: Topology, match_id: str, token: str) -> Client:
    """A player's connection through Caddy, as the page makes it: a hand-shake that gets no
    answer is given up after 10 s and made again once (the page reconnects too).

    Twice in CI (2026-12-06 and 07) the first hand-shake through Caddy got no answer for
    30 s, while both processes answered HTTP through Caddy; it never happened here in 300
    hand-shakes in a row under load, and its cause is not found. A second try is taken
    only if every live process still takes a websocket directly, so a process that stopped
    answering hand-shakes fails here; the hang is reported as a warning with the tail of
    Caddy's debug log, which says whether an upstream was asked and answered."""
    try:
        return Client(topology.ws_base, match_id, token, tls=topology.tls, open_timeout=10)
    except TimeoutError as hang:
        live: list[ServerProcess] = [server for server in topology.servers
                                     if server.proc is not None and server.proc.poll() is None]
        for server in live:  # a spectator's connection, straight to the process
            Client(server.ws_base, match_id, open_timeout=10).ws.close()
        warnings.warn(f"{hang}\nevery live process took a websocket directly; Caddy's log "
                      f"ends:\n{_tail(topology.proxy_log)}", stacklevel=2)
        return Client(topology.ws_base, match_id, token, tls=topology.tls, open_timeout=10)


def _state_of_all(clients: list[Client]) -> int:
    return max(int((client.state or {}).get("state_id", 0)) for client in clients)


def test_a_match_through_caddy_survives_a_killed_process(topology: Topology) -> None:
    api = Api(topology.base, verify=topology.tls)
    assert api.http.get("/health").json() == {"status": "ok"}
    assert api.http.get("/metrics").status_code == 404  # never through Caddy
    match_id, _host, tokens = api.open_match(players=2)
    clients = [join_through_caddy(topology, match_id, token) for token in tokens]
    play_until_finished(clients, seed=3, stop_after=6)
    for client in clients:  # a move still in flight lands before we take the count
        with contextlib.suppress(TimeoutError):
            while True:
                client.recv(timeout=0.5)
    reached = _state_of_all(clients)
    assert reached >= 6

    topology.servers[0].kill()  # mid-match, without a goodbye
    for client in clients:
        client.close()
    back = [join_through_caddy(topology, match_id, token) for token in tokens]
    state = back[0].wait_state()
    assert state["state_id"] == reached  # nothing lost
    play_until_finished(back, seed=4, timeout=120)
    assert all(client.state is not None and client.state["status"] == "finished"
               for client in back)
    finished = api.match(match_id)
    assert finished["status"] == "finished"
    for client in back:
        client.close()
    api.http.close()


def test_ready_through_caddy_follows_the_database(topology: Topology,
                                                  postgres_url: str,
                                                  postgres_admin: str) -> None:
    name = postgres_url.rsplit("/", 1)[1]
    direct = topology.servers[0].base
    with psycopg.connect(libpq_url(postgres_admin), autocommit=True) as admin:
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      "WHERE datname = %s AND pid <> pg_backend_pid()", (name,))
        try:
            assert httpx.get(direct + "/ready", timeout=10).status_code == 503
            assert httpx.get(direct + "/health", timeout=10).status_code == 200
        finally:
            admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
    deadline = time.monotonic() + 20
    while httpx.get(direct + "/ready", timeout=10).status_code != 200:
        assert time.monotonic() < deadline, "the process did not become ready again"
        time.sleep(0.2)
    ready = httpx.get(topology.base + "/ready", verify=topology.tls, timeout=10)
    assert ready.status_code == 200
