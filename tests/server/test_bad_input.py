"""Bad input gets an error code and changes nothing; no stack trace ever reaches a client."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.conftest import sqlite_settings
from tests.server.support import Api, Client, ServerThread

RATE, BURST, CUTOFF = 5.0, 5, 30
HTTP_BURST = 24


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    """A server with tight limits, so floods and sizes are quick to reach."""
    settings = sqlite_settings(
        tmp_path_factory.mktemp("db"), rate_per_second=RATE, rate_burst=BURST,
        rate_violations_before_close=CUTOFF, max_message_bytes=512, hello_timeout=1.0,
        ws_max_bytes=64 * 1024, http_rate_per_second=0.5, http_rate_burst=HTTP_BURST,
    )
    running = ServerThread(settings).start()
    yield running
    running.stop()


@pytest.fixture(autouse=True)
def fresh_http_allowance(server: ServerThread) -> None:
    """Each test starts with a full HTTP bucket (the limit itself has its own test)."""
    server.app.state.services.http_limiter.buckets.clear()


def _unchanged(api: Api, match_id: str, state_id: int) -> None:
    assert api.match(match_id)["state_id"] == state_id


BAD_FRAMES = [
    ("{not json", "message/malformed"),
    ("[1, 2]", "message/malformed"),
    ('"hello"', "message/malformed"),
    (json.dumps({"type": "launch"}), "message/unknown_type"),
    (json.dumps({"action": "storm"}), "message/unknown_type"),
    (json.dumps({"type": "action", "action": "storm"}), "message/malformed"),
    (json.dumps({"type": "action", "action": "storm", "state_id": "7"}), "message/malformed"),
    (json.dumps({"type": "action", "action": "storm", "state_id": True}), "message/malformed"),
    (json.dumps({"type": "action", "action": "storm", "state_id": -1}), "message/malformed"),
    (json.dumps({"type": "action", "action": 5, "state_id": 0}), "message/malformed"),
    (json.dumps({"type": "action", "action": "storm", "state_id": 0, "seat": 1}),
     "message/malformed"),
    (json.dumps({"type": "ping", "extra": 1}), "message/malformed"),
    (json.dumps({"type": "hello", "token": None}), "message/malformed"),
    (json.dumps({"type": "action", "action": "x" * 600, "state_id": 0}), "message/too_large"),
    (b"\xff\xfe binary junk", "message/malformed"),
]


def test_each_bad_frame_has_its_code_and_changes_nothing(server: ServerThread, api: Api) -> None:
    match_id, _host, tokens = api.open_match(players=2)
    client = Client(server.ws_base, match_id, tokens[0])
    state_id = client.wait_state()["state_id"]
    for frame, code in BAD_FRAMES:
        client.send(frame)
        error = client.wait_error()
        assert error["code"] == code, (frame, error)
        assert "Traceback" not in error["message"] and "File \"" not in error["message"]
        time.sleep(1.0 / RATE)  # stay under the rate limit
    _unchanged(api, match_id, state_id)
    client.send({"type": "ping"})
    assert client.wait(lambda m: m["type"] == "pong")
    client.close()


def test_a_frame_beyond_the_transport_limit_closes_only_that_connection(
    server: ServerThread, api: Api
) -> None:
    match_id, _host, tokens = api.open_match(players=2)
    client = Client(server.ws_base, match_id, tokens[0])
    state_id = client.wait_state()["state_id"]
    client.send("x" * (128 * 1024))
    with pytest.raises(ConnectionClosed) as closed:
        for _ in range(20):
            client.recv(5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    _unchanged(api, match_id, state_id)
    again = Client(server.ws_base, match_id, tokens[0])
    assert again.wait_state()["state_id"] == state_id
    again.close()


def test_a_flood_is_rate_limited_then_disconnected(server: ServerThread, api: Api) -> None:
    match_id, _host, tokens = api.open_match(players=2)
    client = Client(server.ws_base, match_id, tokens[1])  # not its turn: nothing may change
    state_id = client.wait_state()["state_id"]
    flood = {"type": "action", "action": "storm", "state_id": state_id}
    # The server may cut the connection while the flood is still being sent: the answers
    # it sent before that are still in the client's buffer, so read them all either way.
    try:
        for _ in range(BURST + CUTOFF + 20):
            client.send(flood)
    except ConnectionClosed:
        pass
    closed_by_server = False
    try:
        for _ in range(500):
            client.recv(5)
    except ConnectionClosed as error:
        closed_by_server = error.rcvd is not None and error.rcvd.code == 4429
    codes = [m["code"] for m in client.messages if m["type"] == "error"]
    assert "rate/limited" in codes and "action/not_your_turn" in codes
    assert codes.count("action/not_your_turn") <= BURST + 1
    assert closed_by_server
    _unchanged(api, match_id, state_id)


def test_the_first_message_must_be_hello_and_in_time(server: ServerThread, api: Api) -> None:
    match_id, _host, _tokens = api.open_match(players=2)
    client = Client(server.ws_base, match_id, hello=False)
    client.send({"type": "ping"})
    assert client.wait_error()["code"] == "message/hello_first"
    silent = Client(server.ws_base, match_id, hello=False)
    error = silent.wait_error(timeout=5)
    assert error["code"] == "message/hello_first"
    with pytest.raises(ConnectionClosed):
        silent.recv(5)


def test_tokens_act_only_for_their_own_seat_and_match(server: ServerThread, api: Api) -> None:
    match_a, host_a, tokens_a = api.open_match(players=2)
    match_b, _host_b, tokens_b = api.open_match(players=2)
    stranger = Client(server.ws_base, match_a, hello=False)
    stranger.send({"type": "hello", "token": tokens_b[0]})
    assert stranger.wait_error()["code"] == "auth/bad_token"
    forged = Client(server.ws_base, match_a, hello=False)
    forged.send({"type": "hello", "token": tokens_a[0][:-2] + "xx"})
    assert forged.wait_error()["code"] == "auth/bad_token"
    missing = Client(server.ws_base, "no-such-match", hello=False)
    assert missing.wait_error()["code"] == "match/not_found"

    host = Client(server.ws_base, match_a, host_a)  # the host token only watches
    state = host.wait_state()
    assert host.messages[0]["role"] == "spectator" and state["seat"] is None
    host.act("storm", state["state_id"])
    assert host.wait_error()["code"] == "action/spectator"

    response = api.http.post(f"/api/matches/{match_b}/start",
                             headers={"Authorization": f"Bearer {tokens_a[0]}"})
    assert api.error(response) == "auth/bad_token"
    response = api.http.post(f"/api/matches/{match_b}/start", headers={"Authorization": "x"})
    assert api.error(response) == "auth/bad_token"
    assert api.error(api.http.post(f"/api/matches/{match_b}/start")) == "auth/required"
    host.close()


def test_match_changing_http_calls_are_rate_limited(server: ServerThread, api: Api) -> None:
    codes = [
        api.http.post("/api/matches", json={"game": "a-dos-de-chameau"}).status_code
        for _ in range(HTTP_BURST + 2)
    ]
    assert codes[-1] == 429 and 201 in codes
    response = api.http.post("/api/matches", json={"game": "a-dos-de-chameau"})
    assert api.error(response) == "rate/limited"
    assert api.http.get("/api/matches").status_code == 200  # reading is not limited


def test_a_match_the_game_cannot_replay_is_reported_not_crashed(
    server: ServerThread, api: Api
) -> None:
    services = server.app.state.services
    match_id, _host, _tokens = api.open_match(players=2)
    with services.store.engine.begin() as conn:
        conn.exec_driver_sql(
            "UPDATE actions SET text = 'draw nothing' WHERE match_id = ? AND idx = 0",
            (match_id,),
        )
    services.manager.matches.pop(match_id)
    assert api.error(api.http.get(f"/api/matches/{match_id}")) == "match/unreadable"
    assert api.http.get(f"/match/{match_id}").status_code == 200  # its page says why
    client = Client(server.ws_base, match_id, hello=False)
    assert client.wait_error()["code"] == "match/unreadable"


def test_an_unexpected_failure_is_reported_without_details(
    server: ServerThread, api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    services = server.app.state.services
    match_id, _host, tokens = api.open_match(players=2)
    client = Client(server.ws_base, match_id, tokens[0])
    state = client.wait_state()

    async def broken(*_args: object) -> None:
        raise RuntimeError("secret internal detail /srv/app.py line 3")

    monkeypatch.setattr(services.manager, "play", broken)
    client.act(state["legal_actions"][0]["action"])
    error = client.wait_error()
    assert error["code"] == "server/internal" and "secret" not in error["message"]

    def broken_start(*_args: object) -> None:
        raise RuntimeError("secret internal detail")

    monkeypatch.setattr(services.manager, "start", broken_start)
    with httpx.Client(base_url=server.base, timeout=10) as http:
        response = http.post(f"/api/matches/{match_id}/start",
                             headers={"Authorization": f"Bearer {tokens[0]}"})
    assert response.status_code == 500 and "secret" not in response.text
    assert response.json()["error"]["code"] == "server/internal"
    client.close()
