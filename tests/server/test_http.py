"""The HTTP side: games, the lobby, joining, starting, records, errors, the OpenAPI page."""

from __future__ import annotations

import camelcade as cc
from tests.server.support import Api, Client, ServerThread


def test_games_and_bots_come_from_the_registries(api: Api) -> None:
    games = api.http.get("/api/games").json()
    assert [g["id"] for g in games] == cc.game_ids()
    one = api.http.get("/api/games/a-dos-de-chameau").json()
    assert one["min_players"] == 2 and {o["name"] for o in one["options"]} >= {"oasis_cards"}
    assert api.error(api.http.get("/api/games/chess")) == "game/unknown"
    assert "random" in api.http.get("/api/bots").json()


def test_creating_refuses_bad_games_options_seats_and_bots(api: Api) -> None:
    def refused(body: object) -> str:
        return api.error(api.http.post("/api/matches", json=body))

    assert refused({"game": "chess"}) == "game/unknown"
    assert refused({"game": "a-dos-de-chameau", "options": {"players": 9}}) == "game/bad_options"
    assert refused({"game": "a-dos-de-chameau", "options": {"speed": 1}}) == "game/bad_options"
    assert refused({"game": "a-dos-de-chameau", "options": {"players": 3},
                    "seats": [{"kind": "open"}]}) == "game/bad_options"
    assert refused({"game": "a-dos-de-chameau",
                    "seats": [{"kind": "bot", "bot": "nobody"}, {}]}) == "bot/unknown"
    assert refused({"game": "a-dos-de-chameau", "colour": "red"}) == "message/malformed"
    assert refused({"game": "a-dos-de-chameau", "seats": [{"kind": "alien"}, {}]}) == (
        "message/malformed"
    )
    assert refused({"game": "a-dos-de-chameau", "seats": [{}, {}],
                    "turn_timer": {"seconds": 0.1}}) == "message/malformed"


def test_join_start_and_the_lobby(api: Api) -> None:
    created = api.create(players=2)
    match = created["match"]
    match_id = match["id"]
    assert match["status"] == "open" and not any(s["taken"] for s in match["seats"])
    assert "seed" not in match and "host_hash" not in str(created)
    lobby = api.http.get("/api/matches").json()["matches"]
    assert match_id in [m["id"] for m in lobby]

    token = api.join(match_id, 0, "Ann")
    assert api.error(api.http.post(f"/api/matches/{match_id}/seats/0")) == "match/seat_taken"
    assert api.error(api.http.post(f"/api/matches/{match_id}/seats/7")) == "match/no_such_seat"
    response = api.http.post(f"/api/matches/{match_id}/start",
                             headers={"Authorization": f"Bearer {token}"})
    assert api.error(response) == "match/not_ready"
    api.join(match_id, 1)
    started = api.start(match_id, token)
    assert started["status"] == "running" and started["state_id"] > 0
    assert api.error(api.http.post(f"/api/matches/{match_id}/seats/1")) == "match/not_open"
    response = api.http.post(f"/api/matches/{match_id}/start",
                             headers={"Authorization": f"Bearer {token}"})
    assert api.error(response) == "match/not_open"

    running = api.http.get("/api/matches", params={"status": "running"}).json()["matches"]
    assert match_id in [m["id"] for m in running]
    assert all(m["status"] == "running" for m in running)
    assert api.error(api.http.get(f"/api/matches/{match_id}/record")) == "match/not_finished"
    assert api.error(api.http.get("/api/matches/nothing-here")) == "match/not_found"
    assert api.error(api.http.get("/api/matches/" + "x" * 300)) == "match/not_found"
    response = api.http.post(f"/api/matches/{match_id}/rematch",
                             headers={"Authorization": f"Bearer {token}"})
    assert api.error(response) == "match/not_finished"


def test_auto_start_when_the_last_seat_is_taken(server: ServerThread, api: Api) -> None:
    created = api.create(players=2, auto_start=True)
    match_id = created["match"]["id"]
    watcher = Client(server.ws_base, match_id)
    assert watcher.wait_state()["status"] == "open"
    api.join(match_id, 0)
    api.join(match_id, 1)
    state = watcher.wait_state(lambda m: m["status"] == "running")
    assert state["view"] is not None and state["current_player"] == 0
    watcher.close()


def test_the_openapi_page_documents_every_route(api: Api) -> None:
    schema = api.http.get("/openapi.json").json()
    paths = set(schema["paths"])
    assert {"/api/matches", "/api/matches/{match_id}", "/api/matches/{match_id}/seats/{seat}",
            "/api/matches/{match_id}/start", "/api/matches/{match_id}/rematch",
            "/api/matches/{match_id}/record", "/api/games", "/api/bots",
            "/api/health"} <= paths
    assert api.http.get("/docs").status_code == 200
