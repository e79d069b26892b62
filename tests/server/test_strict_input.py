"""Strict input (issue 13, findings 4-6): nesting, duplicate keys, types, bodies, lobby reads.

Every refusal is a code from the closed set with a message saying what is allowed, never a
traceback, and changes nothing.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from camelcade.server.protocol import ErrorCode, ProtocolError, parse_client_message
from tests.server.conftest import sqlite_settings
from tests.server.support import HOST, Api, Client, ServerThread

DEEP = "[" * 2000 + "]" * 2000
"""Under 4 KB; ``json.loads`` raises ``RecursionError`` on it."""
BODY_LIMIT = 4096
READ_BURST = 6


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    settings = sqlite_settings(tmp_path_factory.mktemp("db"), max_body_bytes=BODY_LIMIT,
                               read_rate_per_second=0.01, read_rate_burst=READ_BURST,
                               lobby_limit=3)
    running = ServerThread(settings).start()
    yield running
    running.stop()


@pytest.fixture(autouse=True)
def fresh_allowances(server: ServerThread) -> None:
    services = server.app.state.services
    for name in ("http_limiter", "read_limiter", "create_limiter"):
        limiter = getattr(services, name, None)  # (the first release had only the first)
        if limiter is not None:
            limiter.buckets.clear()


# -- the parser itself ---------------------------------------------------------------


def test_nesting_is_counted_without_recursion_and_ignores_brackets_in_strings() -> None:
    from camelcade.server.strictjson import StrictJSONError, loads, nesting_depth

    assert nesting_depth(DEEP) == 2000
    assert nesting_depth('{"a": "[[[[{{{{", "b": [1, [2]]}') == 3
    assert nesting_depth('{"a": "\\"[[[["}') == 1
    with pytest.raises(StrictJSONError, match="2000 levels deep; at most 16"):
        loads(DEEP)


def test_duplicate_keys_and_non_json_numbers_are_refused() -> None:
    from camelcade.server.strictjson import StrictJSONError, loads

    with pytest.raises(StrictJSONError, match="'type' appears twice"):
        loads('{"type": "ping", "type": "action"}')
    with pytest.raises(StrictJSONError, match="not JSON"):
        loads("[NaN]")
    assert loads('{"a": [1, {"b": 2}]}') == {"a": [1, {"b": 2}]}


@pytest.mark.parametrize(("raw", "says"), [
    (DEEP, "levels deep"),
    ('{"type":"ping","type":"action","action":"storm","state_id":0}', "appears twice"),
    ('{"type":"action","action":"oasis1\\n0","state_id":1}', "control or format"),
    ('{"type":"action","action":"oasis1\\r0","state_id":1}', "control or format"),
    ('{"type":"action","action":"a\\u202eb","state_id":1}', "control or format"),
    ('{"type":"action","action":"storm","state_id":"1"}', "state_id"),
])
def test_client_messages_refuse_depth_duplicates_controls_and_loose_types(
    raw: str, says: str
) -> None:
    with pytest.raises(ProtocolError) as refused:
        parse_client_message(raw, 4096)
    assert refused.value.code == ErrorCode.MESSAGE_MALFORMED
    assert says in refused.value.message


# -- over the websocket --------------------------------------------------------------


def test_deep_json_as_the_first_frame_is_refused_with_a_frame_and_a_close_code(
    server: ServerThread, api: Api
) -> None:
    match_id, _host, _tokens = api.open_match(players=2)
    client = Client(server.ws_base, match_id, hello=False)
    client.send(DEEP)
    error = client.wait_error()
    assert error["code"] == "message/malformed" and "levels deep" in error["message"]
    with pytest.raises(ConnectionClosed) as closed:
        client.recv(5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4400


def test_deep_json_and_duplicate_keys_during_play_change_nothing(
    server: ServerThread, api: Api
) -> None:
    match_id, _host, tokens = api.open_match(players=2)
    state = api.match(match_id)
    mover = Client(server.ws_base, match_id, tokens[0])
    seen = mover.wait_state()
    legal = seen["legal_actions"][0]["action"]
    mover.send(DEEP)
    assert mover.wait_error()["code"] == "message/malformed"
    # the last key would win in a lenient parser: a ping that plays a move
    mover.send('{"type":"ping","type":"action","action":' + json.dumps(legal)
               + ',"state_id":' + str(seen["state_id"]) + "}")
    error = mover.wait_error()
    assert error["code"] == "message/malformed" and "appears twice" in error["message"]
    assert api.match(match_id)["state_id"] == state["state_id"]
    mover.send({"type": "ping"})
    assert mover.wait(lambda m: m["type"] == "pong")
    mover.close()


def test_an_action_with_a_line_break_is_not_read_as_a_space(
    server: ServerThread, api: Api
) -> None:
    spaced = None
    for _deal in range(20):  # about one deal in 75 leaves "storm" as the only move: no space
        match_id, _host, tokens = api.open_match(players=2)
        mover = Client(server.ws_base, match_id, tokens[0])
        seen = mover.wait_state()
        spaced = next((a["action"] for a in seen["legal_actions"] if " " in a["action"]), None)
        if spaced is not None:
            break
        mover.close()
    assert spaced is not None, "twenty deals without a move that has a space"
    mover.act(spaced.replace(" ", "\n", 1))
    error = mover.wait_error()
    assert error["code"] == "message/malformed" and "line breaks" in error["message"]
    assert api.match(match_id)["state_id"] == seen["state_id"]
    mover.close()


# -- over HTTP -----------------------------------------------------------------------


def test_http_bodies_beyond_the_limit_are_refused_before_they_are_read(
    server: ServerThread, api: Api
) -> None:
    padding = "x" * (BODY_LIMIT * 4)
    response = api.http.post("/api/matches", json={"game": "kamelen", "pad": padding})
    assert response.status_code == 413 and api.error(response) == "message/too_large"
    # a client that announces 100 MB and sends nothing is answered at once
    with socket.create_connection((HOST, server.port), timeout=10) as raw:
        raw.sendall(b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                    b"\r\nContent-Length: 100000000\r\n\r\n{")
        answer = raw.recv(4096).decode()
    assert answer.startswith("HTTP/1.1 413") and "message/too_large" in answer

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"game": "kamelen", "pad": "'
        for _ in range(8):
            yield b"y" * BODY_LIMIT
        yield b'"}'

    with httpx.Client(base_url=server.base, timeout=10) as http:
        response = http.post("/api/matches", content=chunks(),
                             headers={"Content-Type": "application/json"})
    assert response.status_code == 413


def test_http_json_must_be_strict(api: Api) -> None:
    def refused(raw: str) -> httpx.Response:
        return api.http.post("/api/matches", content=raw,
                             headers={"Content-Type": "application/json"})

    deep = refused('{"game": "kamelen", "options": ' + "[" * 500 + "]" * 500 + "}")
    assert deep.status_code == 422 and api.error(deep) == "message/malformed"
    assert "levels deep" in deep.json()["error"]["message"]
    twice = refused('{"game": "kamelen", "game": "a-dos-de-chameau"}')
    assert api.error(twice) == "message/malformed" and "appears twice" in twice.text
    loose = api.http.post("/api/matches", json={"game": "kamelen", "options": {"players": "2"}})
    assert api.error(loose) == "game/bad_options"
    assert 'must be given as the JSON value 2, not "2"' in loose.json()["error"]["message"]
    assert api.error(api.http.post("/api/matches", json={
        "game": "kamelen", "options": {"players": 2.0}})) == "game/bad_options"
    assert api.error(api.http.post("/api/matches", json={
        "game": "kamelen", "auto_start": "yes"})) == "message/malformed"
    assert api.http.post("/api/matches", json={
        "game": "kamelen", "options": {"players": 2}}).status_code == 201


def test_the_lobby_comes_in_pages_with_a_cursor(api: Api) -> None:
    made = [api.create("kamelen")["match"]["id"] for _ in range(5)]
    first = api.http.get("/api/matches", params={"limit": 100}).json()
    assert len(first["matches"]) == 3 and first["next"]
    second = api.http.get("/api/matches", params={"before": first["next"]}).json()
    ids = [m["id"] for m in first["matches"] + second["matches"]]
    assert ids[:5] == made[::-1] and len(set(ids)) == len(ids)
    bad = api.http.get("/api/matches", params={"before": "yesterday"})
    assert api.error(bad) == "message/malformed"


def test_lobby_reads_are_rate_limited_per_address(api: Api) -> None:
    codes = [api.http.get("/api/matches").status_code for _ in range(READ_BURST + 2)]
    assert codes[:READ_BURST] == [200] * READ_BURST and codes[-1] == 429
    assert api.error(api.http.get("/api/matches")) == "rate/limited"


def test_creating_matches_has_its_own_slower_rate(tmp_path_factory: pytest.TempPathFactory
                                                  ) -> None:
    settings = sqlite_settings(tmp_path_factory.mktemp("db"), create_rate_per_second=0.01,
                               create_rate_burst=3)
    running = ServerThread(settings).start()
    try:
        api = Api(running.base)
        codes = [api.http.post("/api/matches", json={"game": "kamelen"}).status_code
                 for _ in range(5)]
        assert codes == [201, 201, 201, 429, 429]
        created = api.http.post("/api/matches", json={"game": "kamelen"})
        assert api.error(created) == "rate/limited"
        assert api.http.get("/api/matches").status_code == 200
    finally:
        running.stop()
