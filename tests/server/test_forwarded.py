"""Behind a proxy: the forwarded client address counts only when the trusted proxy sends
it, so the per-address limits see real clients and nobody else can forge one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.support import Api, Client, ServerProcess

PROXY = "127.0.0.2"
"""The test's stand-in for Caddy: a loopback address of its own."""


@pytest.fixture
def behind_proxy(tmp_path: Path) -> Iterator[ServerProcess]:
    server = ServerProcess(str(tmp_path / "db.sqlite"), log=tmp_path / "server.log", env={
        "CAMELCADE_SERVER_FORWARDED_ALLOW_IPS": PROXY,
        "CAMELCADE_SERVER_MAX_CONNECTIONS_PER_ADDRESS": "1",
        "CAMELCADE_SERVER_BOT_WORKERS": "1",
    }).start()
    yield server
    server.stop()


def _connect(server: ServerProcess, match_id: str, source: str, forwarded: str) -> Client:
    return Client(server.ws_base, match_id, source=source,
                  headers={"X-Forwarded-For": forwarded})


def test_the_trusted_proxy_forwards_each_clients_own_address(
    behind_proxy: ServerProcess,
) -> None:
    api = Api(behind_proxy.base)
    match_id = api.create(players=2)["match"]["id"]
    first = _connect(behind_proxy, match_id, PROXY, "203.0.113.1")
    second = _connect(behind_proxy, match_id, PROXY, "203.0.113.2")  # another client: let in
    assert second.welcome["type"] == "welcome"
    third = Client(behind_proxy.ws_base, match_id, hello=False, source=PROXY,
                   headers={"X-Forwarded-For": "203.0.113.1"})
    assert third.recv()["code"] == "rate/limited"  # the same client's second: refused
    for client in (first, second, third):
        client.close()
    api.http.close()


def test_a_forwarded_header_from_anyone_else_is_ignored(behind_proxy: ServerProcess) -> None:
    api = Api(behind_proxy.base)
    match_id = api.create(players=2)["match"]["id"]
    first = _connect(behind_proxy, match_id, "127.0.0.3", "198.51.100.1")
    forged = Client(behind_proxy.ws_base, match_id, hello=False, source="127.0.0.3",
                    headers={"X-Forwarded-For": "198.51.100.2"})
    assert forged.recv()["code"] == "rate/limited"  # counted as 127.0.0.3 both times
    first.close()
    forged.close()
    api.http.close()
