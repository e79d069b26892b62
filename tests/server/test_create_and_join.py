"""Creating a match with the creator's own seat in one step, and matches that expire.

Issue 14, item 2: a "me" seat took two requests (create, then join); when the join was
refused (a name too long) the match stayed in the lobby as "Join (1 open)" for ever.
Now ``join`` in the creation either takes the seat with the match or leaves nothing, and
open matches no person holds expire after ``lobby_expiry_seconds`` (a day), as finished
ones leave the lobby list.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from camelcade.server.models import matches
from camelcade.server.service import Services
from camelcade.server.settings import Settings, settings_for
from tests.server.conftest import sqlite_settings
from tests.server.support import Api, Client, ServerThread

DAY = 86400.0


def services_of(server: ServerThread) -> Services:
    services: Services = server.app.state.services
    return services


def match_count(server: ServerThread) -> int:
    with services_of(server).store.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(matches)).scalar_one())


def lobby_ids(api: Api, query: str = "") -> set[str]:
    answer = api.http.get(f"/api/matches{query}")
    assert answer.status_code == 200, answer.text
    return {m["id"] for m in answer.json()["matches"]}


def me_and_open(name: str | None, seat: int = 0, **extra: Any) -> dict[str, Any]:
    return {"game": "kamelen", "seats": [{"kind": "open"}, {"kind": "open"}],
            "join": {"seat": seat, "name": name}, **extra}


def test_create_and_join_is_one_step_with_the_seats_token(server: ServerThread,
                                                          api: Api) -> None:
    created = api.http.post("/api/matches", json=me_and_open("Ann", seat=1))
    assert created.status_code == 201, created.text
    answer = created.json()
    match_id, token = answer["match"]["id"], answer["token"]
    assert answer["seat"] == 1 and token and answer["host_token"] != token
    seats = answer["match"]["seats"]
    assert [(s["kind"], s["name"], s["taken"]) for s in seats] == [
        ("open", None, False), ("human", "Ann", True)]
    seat = Client(server.ws_base, match_id, token)  # the token holds seat 1
    assert seat.welcome["seat"] == 1
    seat.close()
    api.join(match_id, 0, "Bob")  # the last seat: auto_start is off, so still open
    assert api.match(match_id)["status"] == "open"


def test_create_and_join_starts_a_full_match_at_once(api: Api) -> None:
    body = {"game": "kamelen", "seats": [{"kind": "open"}, {"kind": "bot", "bot": "random"}],
            "join": {"seat": 0, "name": "Ann"}, "auto_start": True}
    created = api.http.post("/api/matches", json=body)
    assert created.status_code == 201, created.text
    assert created.json()["match"]["status"] == "running"


@pytest.mark.parametrize(("join", "code"), [
    ({"seat": 0, "name": "x" * 40}, "message/malformed"),  # the name
    ({"seat": 0, "name": "Ann\u202eboB"}, "message/malformed"),
    ({"seat": 2, "name": "Ann"}, "match/no_such_seat"),
    ({"seat": 1, "name": "Ann"}, "match/seat_taken"),  # a bot's seat
])
def test_a_refused_create_and_join_leaves_no_match(server: ServerThread, api: Api,
                                                   join: dict[str, Any], code: str) -> None:
    """Not in the lobby, not in the database: five refusals leave five nothings."""
    before, listed = match_count(server), lobby_ids(api)
    body = {"game": "kamelen", "seats": [{"kind": "open"}, {"kind": "bot", "bot": "random"}],
            "join": join, "auto_start": True}
    for _ in range(5):
        assert api.error(api.http.post("/api/matches", json=body)) == code
    assert match_count(server) == before
    assert lobby_ids(api) == listed


def test_the_two_step_create_then_join_still_works(api: Api) -> None:
    """Old clients: POST /api/matches, then POST .../seats/{seat}; no 'seat' or 'token'."""
    created = api.create("kamelen")
    assert created["seat"] is None and created["token"] is None
    match_id = created["match"]["id"]
    api.join(match_id, 0, "Ann")
    assert api.match(match_id)["seats"][0]["name"] == "Ann"


def test_the_setting_is_read_from_the_environment() -> None:
    assert Settings().lobby_expiry_seconds == DAY
    settings = settings_for("x.db", environ={"CAMELCADE_SERVER_LOBBY_EXPIRY_SECONDS": "60"})
    assert settings.lobby_expiry_seconds == 60.0


@pytest.fixture(params=["sqlite", "postgresql"])
def clocked(tmp_path: Path, request: pytest.FixtureRequest
            ) -> Iterator[tuple[ServerThread, Api]]:
    """A server of its own whose expiry clock a test moves on (``Services.clock``), on
    either database."""
    settings = sqlite_settings(tmp_path)
    if request.param == "postgresql":
        settings = settings.with_changes(
            database_url=request.getfixturevalue("postgres_url"))
    running = ServerThread(settings).start()
    client = Api(running.base)
    yield running, client
    client.http.close()
    running.stop()


def test_open_matches_nobody_holds_expire_after_a_day(clocked: tuple[ServerThread, Api]
                                                      ) -> None:
    """A ghost (its join refused in the old two steps) leaves the lobby after a day and
    is deleted; a match a person holds a seat in, and a running one, stay."""
    server, api = clocked
    services = services_of(server)
    ghost = api.create("kamelen")["match"]["id"]
    held = api.http.post("/api/matches", json=me_and_open("Ann")).json()["match"]["id"]
    running, _host, _tokens = api.open_match()
    everyone = {ghost, held, running}
    services.clock = lambda: time.time() + DAY - 60
    assert lobby_ids(api) >= everyone
    assert asyncio.run(services.expire()) == []
    services.clock = lambda: time.time() + DAY + 60
    assert ghost not in lobby_ids(api) and {held, running} <= lobby_ids(api)
    assert asyncio.run(services.expire()) == [ghost]
    assert api.error(api.http.get(f"/api/matches/{ghost}")) == "match/not_found"
    assert api.http.get(f"/match/{ghost}").status_code == 404
    assert api.match(held)["status"] == "open" and api.match(running)["status"] == "running"


def test_a_name_of_32_joined_emoji_is_stored(clocked: tuple[ServerThread, Api]) -> None:
    """160 code points: the column (migration 0004) holds a name of 32 such characters."""
    _server, api = clocked
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
    created = api.http.post("/api/matches", json=me_and_open(family * 32))
    assert created.status_code == 201, created.text
    assert api.match(created.json()["match"]["id"])["seats"][0]["name"] == family * 32


def test_a_join_keeps_an_open_match_from_expiring(clocked: tuple[ServerThread, Api]) -> None:
    server, api = clocked
    services = services_of(server)
    match_id = api.create("kamelen")["match"]["id"]
    api.join(match_id, 0, "Ann")
    services.clock = lambda: time.time() + 2 * DAY
    assert asyncio.run(services.expire()) == []
    assert match_id in lobby_ids(api)


def test_a_watched_open_match_does_not_expire(clocked: tuple[ServerThread, Api]) -> None:
    server, api = clocked
    services = services_of(server)
    match_id = api.create("kamelen")["match"]["id"]
    spectator = Client(server.ws_base, match_id)
    services.clock = lambda: time.time() + 2 * DAY
    assert asyncio.run(services.expire()) == []
    spectator.close()
    deadline = time.monotonic() + 10
    while services.manager.matches[match_id].connections and time.monotonic() < deadline:
        time.sleep(0.02)
    assert asyncio.run(services.expire()) == [match_id]


def test_finished_matches_leave_the_lobby_list_but_stay_in_replays(
    clocked: tuple[ServerThread, Api]
) -> None:
    server, api = clocked
    services = services_of(server)
    body = {"game": "kamelen", "seats": [{"kind": "bot", "bot": "random"}] * 2,
            "auto_start": True}
    match_id = api.http.post("/api/matches", json=body).json()["match"]["id"]
    watcher = Client(server.ws_base, match_id)  # a bot-only match plays while watched
    watcher.wait_state(lambda m: m["status"] == "finished", timeout=60)
    watcher.close()
    finished = "?status=finished"
    assert match_id in lobby_ids(api, finished)
    services.clock = lambda: time.time() + DAY + 60
    assert match_id not in lobby_ids(api, finished)
    assert match_id in lobby_ids(api, finished + "&expired=true")  # the replay page's list
    assert asyncio.run(services.expire()) == []  # never deleted
    assert api.http.get(f"/api/web/matches/{match_id}/replay").status_code == 200


def test_the_server_sweeps_expired_matches_by_itself(tmp_path: Path) -> None:
    """With a short setting, housekeeping deletes the ghost without being asked."""
    running = ServerThread(sqlite_settings(tmp_path, lobby_expiry_seconds=0.2)).start()
    api = Api(running.base)
    try:
        ghost = api.create("kamelen")["match"]["id"]
        deadline = time.monotonic() + 15
        while api.http.get(f"/api/matches/{ghost}").status_code != 404:
            assert time.monotonic() < deadline, "the ghost match was never swept"
            time.sleep(0.2)
    finally:
        api.http.close()
        running.stop()
