"""Connections (issue 13, finding 2): caps per address and per match, merged presence.

400 spectators on one match once sent a presence message to everyone per connect and per
close (160,000 messages), stalling every other match for up to a second.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.conftest import sqlite_settings
from tests.server.support import HOST, Api, Client, ServerThread

PER_ADDRESS, PER_MATCH = 4, 6
STORM = 30


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    settings = sqlite_settings(tmp_path_factory.mktemp("db"),
                               max_connections_per_address=PER_ADDRESS,
                               max_connections_per_match=PER_MATCH, presence_interval=0.5)
    running = ServerThread(settings).start()
    yield running
    running.stop()


def _refused_with(client: Client) -> tuple[str, int | None]:
    error = client.wait_error()
    with pytest.raises(ConnectionClosed) as closed:
        client.recv(5)
    return error["code"], closed.value.rcvd.code if closed.value.rcvd else None


def test_one_address_holds_a_bounded_number_of_websockets(server: ServerThread,
                                                          api: Api) -> None:
    match_id, _host, _tokens = api.open_match(players=2)
    held = [Client(server.ws_base, match_id, source="127.0.0.21") for _ in range(PER_ADDRESS)]
    extra = Client(server.ws_base, match_id, hello=False, source="127.0.0.21")
    code, close = _refused_with(extra)
    assert code == "rate/limited" and close == 4429
    other = Client(server.ws_base, match_id, source="127.0.0.22")  # another address is fine
    held[0].close()
    deadline = time.monotonic() + 5
    while server.app.state.services.addresses.get("127.0.0.21", 0) >= PER_ADDRESS:
        assert time.monotonic() < deadline, "a closed connection was not released"
        time.sleep(0.05)
    again = Client(server.ws_base, match_id, source="127.0.0.21")
    for client in [*held[1:], other, again]:
        client.close()


def test_a_full_match_refuses_spectators_but_never_its_players(server: ServerThread,
                                                               api: Api) -> None:
    match_id, _host, tokens = api.open_match(players=2)
    watchers = [Client(server.ws_base, match_id, source=f"127.0.1.{n}")
                for n in range(PER_MATCH)]
    late = Client(server.ws_base, match_id, hello=False, source="127.0.1.100")
    late.send({"type": "hello", "token": None})
    code, close = _refused_with(late)
    assert code == "server/busy" and close == 1013
    player = Client(server.ws_base, match_id, tokens[0], source="127.0.1.101")
    assert player.wait_state()["seat"] == 0
    for client in [*watchers, player]:
        client.close()


def test_presence_changes_are_merged_and_spectators_are_a_count(tmp_path_factory:
                                                                pytest.TempPathFactory) -> None:
    settings = sqlite_settings(tmp_path_factory.mktemp("db"), presence_interval=0.5)
    running = ServerThread(settings).start()
    try:
        api = Api(running.base)
        match_id, _host, tokens = api.open_match(players=2)
        player = Client(running.ws_base, match_id, tokens[0])
        player.wait_state()
        storm = [Client(running.ws_base, match_id) for _ in range(STORM)]
        for client in storm:
            client.close()
        deadline = time.monotonic() + 20
        while True:  # until presence has been quiet for a while
            assert time.monotonic() < deadline, "presence never settled"
            try:
                player.wait(lambda m: m["type"] == "presence", timeout=1.5)
            except TimeoutError:
                break
        presences = [m for m in player.messages if m["type"] == "presence"]
        # one message per connect and close would be 2 * STORM
        assert 1 <= len(presences) <= STORM // 3, len(presences)
        assert max(m["spectators"] for m in presences) <= STORM
        assert presences[-1]["spectators"] == 0
        first, second = Client(running.ws_base, match_id), Client(running.ws_base, match_id)
        assert second.wait_state()["spectators"] == 1  # the other one, as a count
        first.close()
        second.close()
        player.close()
    finally:
        running.stop()


def test_a_crowd_arriving_at_once_is_let_in_one_a_turn_and_every_one_is_answered(
        tmp_path: Path) -> None:
    """Hand-shakes wait for their turn (``arrivals_per_turn``): none may be lost on the
    way, nor the hello a client sends the moment its hand-shake is answered; and one that
    gives up while it waits must not break the others."""
    import asyncio
    import json

    from websockets.asyncio.client import connect

    settings = sqlite_settings(tmp_path, arrivals_per_turn=1, max_connections_per_match=64,
                               max_connections_per_address=64)
    running = ServerThread(settings).start()
    try:
        api = Api(running.base)
        match_id, _host, _tokens = api.open_match(players=2)
        url = f"{running.ws_base}/ws/matches/{match_id}"

        async def spectator() -> str:
            async with connect(url, open_timeout=20) as ws:
                await ws.send(json.dumps({"type": "hello", "token": None}))
                return str(json.loads(await asyncio.wait_for(ws.recv(), 20))["type"])

        async def quitter() -> None:
            _reader, writer = await asyncio.open_connection(HOST, running.port)
            writer.write(f"GET /ws/matches/{match_id} HTTP/1.1\r\nHost: x\r\n"
                         "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                         "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                         "Sec-WebSocket-Version: 13\r\n\r\n".encode())
            writer.close()  # gone before its hand-shake's turn, most likely

        async def crowd() -> list[str]:
            results = await asyncio.gather(*(spectator() for _ in range(STORM)),
                                           *(quitter() for _ in range(5)))
            return [r for r in results if r is not None]

        assert asyncio.run(crowd()) == ["welcome"] * STORM
        late = Client(running.ws_base, match_id)  # the gate still lets people in
        late.close()
    finally:
        running.stop()
