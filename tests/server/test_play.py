"""Playing matches end to end through real websockets: humans, bots, hot-seat, rematch."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from camelcade.server.settings import Settings
from tests.server.conftest import FAST_CLIENTS
from tests.server.support import Api, Client, ServerThread, play_until_finished


def test_two_people_play_a_whole_game_and_see_consistent_state_ids(
    server: ServerThread, api: Api
) -> None:
    match_id, _host, tokens = api.open_match(players=2)
    clients = [Client(server.ws_base, match_id, token) for token in tokens]
    watcher = Client(server.ws_base, match_id)
    play_until_finished([*clients, watcher], seed=1)
    final = {c.state["state_id"] for c in (*clients, watcher) if c.state}
    assert len(final) == 1
    for client in (*clients, watcher):
        ids = [m["state_id"] for m in client.messages if m["type"] == "state"]
        assert ids == sorted(ids)
        assert client.state is not None and client.state["status"] == "finished"
        assert client.state["result"]["winners"]
    info = api.match(match_id)
    assert info["status"] == "finished" and info["state_id"] == final.pop()
    record = api.http.get(f"/api/matches/{match_id}/record").json()
    assert record["format"] == "camelcade-record/1" and len(record["actions"]) == info["state_id"]
    assert clients[0].state is not None
    assert record["returns"] == clients[0].state["result"]["returns"]
    for client in (*clients, watcher):
        client.close()


def test_refusals_stale_not_your_turn_illegal_spectator(server: ServerThread, api: Api) -> None:
    match_id, _host, tokens = api.open_match(players=2)
    first, second = (Client(server.ws_base, match_id, t) for t in tokens)
    watcher = Client(server.ws_base, match_id)
    state = first.wait_state()
    assert state["current_player"] == 0 and state["legal_actions"]
    assert second.wait_state()["legal_actions"] == []
    sid = state["state_id"]

    second.act("storm", sid)
    assert second.wait_error()["code"] == "action/not_your_turn"
    first.act("oasis4 35", sid)
    error = first.wait_error()
    assert error["code"] == "action/illegal" and "oasis4 35" in error["message"]
    first.act("not an action", sid)
    assert first.wait_error()["code"] == "action/illegal"
    watcher.act(state["legal_actions"][0]["action"], sid)
    assert watcher.wait_error()["code"] == "action/spectator"
    first.act(state["legal_actions"][0]["action"], sid + 5)
    assert first.wait_error()["code"] == "action/stale_state"

    first.act(state["legal_actions"][0]["action"], sid)
    after = first.wait_state(lambda m: m["state_id"] > sid)
    first.act(state["legal_actions"][0]["action"], sid)  # a double click
    stale = first.wait_error()
    assert stale["code"] == "action/stale_state" and stale["state_id"] == after["state_id"]
    assert api.match(match_id)["state_id"] == after["state_id"]
    for client in (first, second, watcher):
        client.close()


def test_bot_seats_play_on_the_server(server: ServerThread, api: Api) -> None:
    created = api.create(players=3, seats=[{"kind": "open"}, {"kind": "bot", "bot": "random"},
                                            {"kind": "bot", "bot": "first"}], auto_start=True)
    match_id = created["match"]["id"]
    token = api.join(match_id, 0, "Ann")
    person = Client(server.ws_base, match_id, token)
    play_until_finished([person], seed=2)
    seats = person.state["seats"] if person.state else []
    assert [s["kind"] for s in seats] == ["human", "bot", "bot"]
    assert all(s["connected"] for s in seats)
    person.close()


def test_all_bot_match_runs_to_the_end_alone(server: ServerThread, api: Api) -> None:
    created = api.create(players=2, seats=[{"kind": "bot", "bot": "random"}] * 2,
                         auto_start=True)
    watcher = Client(server.ws_base, created["match"]["id"])
    watcher.wait_state(lambda m: m["status"] == "finished", timeout=30)
    watcher.close()


def test_hot_seat_tokens_each_act_for_their_own_seat(server: ServerThread, api: Api) -> None:
    created = api.create(players=2, seats=[{"kind": "hotseat"}, {"kind": "hotseat"}])
    match_id = created["match"]["id"]
    tokens = created["seat_tokens"]
    assert set(tokens) == {"0", "1"}
    api.start(match_id, created["host_token"])
    seat0 = Client(server.ws_base, match_id, tokens["0"])
    seat1 = Client(server.ws_base, match_id, tokens["1"])
    state = seat1.wait_state()
    seat1.act("storm", state["state_id"])
    assert seat1.wait_error()["code"] == "action/not_your_turn"
    play_until_finished([seat0, seat1], seed=3)
    seat0.close()
    seat1.close()


def test_reconnect_with_the_token_resumes_and_presence_is_shared(
    server: ServerThread, api: Api
) -> None:
    match_id, _host, tokens = api.open_match(players=2)
    first = Client(server.ws_base, match_id, tokens[0])
    second = Client(server.ws_base, match_id, tokens[1])
    second.wait(lambda m: m["type"] == "presence" and all(s["connected"] for s in m["seats"]))
    play_until_finished([first, second], seed=4, stop_after=14)
    before = second.state
    assert before is not None
    second.close()
    gone = first.wait(lambda m: m["type"] == "presence" and not m["seats"][1]["connected"])
    assert gone["seats"][0]["connected"]
    again = Client(server.ws_base, match_id, tokens[1])
    resumed = again.wait_state()
    assert resumed["state_id"] >= before["state_id"]
    assert resumed["view"]["history_from"] == 0
    assert again.history[: len(second.history)] == second.history
    first.wait(lambda m: m["type"] == "presence" and m["seats"][1]["connected"])
    play_until_finished([first, again], seed=5)
    first.close()
    again.close()


def test_rematch_rotates_seats_and_keeps_bots(server: ServerThread, api: Api) -> None:
    created = api.create(players=3, seats=[{"kind": "open"}, {"kind": "open"},
                                            {"kind": "bot", "bot": "random"}], auto_start=True)
    match_id, host = created["match"]["id"], created["host_token"]
    tokens = [api.join(match_id, seat, f"P{seat}") for seat in (0, 1)]
    clients = [Client(server.ws_base, match_id, t) for t in tokens]
    play_until_finished(clients, seed=6)

    def rematch(token: str) -> dict[str, object]:
        response = api.http.post(f"/api/matches/{match_id}/rematch",
                                 headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == 200, response.text
        return dict(response.json())

    first = rematch(tokens[0])
    new = first["match"]
    assert isinstance(new, dict) and new["rematch_of"] == match_id and new["status"] == "open"
    assert first["seat"] == 1
    assert [s["kind"] for s in new["seats"]] == ["bot", "human", "open"]
    clients[1].wait_state(lambda m: m["rematch_id"] == new["id"])
    response = api.http.post(f"/api/matches/{match_id}/rematch",
                             headers={"Authorization": f"Bearer {tokens[0]}"})
    assert api.error(response) == "auth/bad_token"  # its rematch seat is already claimed
    assert api.error(api.http.post(f"/api/matches/{new['id']}/seats/2")) == "match/seat_taken"
    second = rematch(tokens[1])
    assert second["seat"] == 2 and second["match"]["status"] == "running"  # type: ignore[index]
    host_again = rematch(host)
    assert host_again["seat"] is None
    players = [Client(server.ws_base, new["id"], str(r["token"])) for r in (first, second)]
    play_until_finished(players, seed=7)
    for client in (*clients, *players):
        client.close()


@pytest.fixture
def pg_server(postgres_url: str) -> Iterator[ServerThread]:
    running = ServerThread(Settings(database_url=postgres_url).with_changes(**FAST_CLIENTS))
    running.start()
    yield running
    running.stop()


def test_a_whole_game_on_postgresql(pg_server: ServerThread) -> None:
    api = Api(pg_server.base)
    match_id, _host, tokens = api.open_match(players=3)
    clients = [Client(pg_server.ws_base, match_id, t) for t in tokens]
    play_until_finished(clients, seed=8)
    assert api.match(match_id)["status"] == "finished"
    for client in clients:
        client.close()
