"""Clocks through the server, on SQLite and PostgreSQL: correspondence deadlines that
outlive a restart, the time bank kept per seat, each timeout rule, vacations and their
yearly limit, and clocks refused with a clear error.

Time is controlled through the database rather than by waiting: a deadline written into
the past while the server is down is what a week away looks like to the restarted server,
which picks it up at start (``Services.recover``), exactly as after a real outage.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, select, update

from camelcade.server.clocks import DAY
from camelcade.server.models import matches, seats
from camelcade.server.settings import Settings
from tests.server.conftest import FAST_CLIENTS
from tests.server.support import Api, Client, ServerThread

CORRESPONDENCE = {"seconds": DAY, "kind": "correspondence", "bank_seconds": 2 * DAY,
                  "bot": "first"}


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    if request.param == "postgresql":
        return str(request.getfixturevalue("postgres_url"))
    return f"sqlite:///{tmp_path / 'camelcade.db'}"


def _settings(db_url: str) -> Settings:
    return Settings(database_url=db_url).with_changes(**FAST_CLIENTS,
                                                      vacation_days_per_year=5)


@pytest.fixture
def server(db_url: str) -> Iterator[ServerThread]:
    running = ServerThread(_settings(db_url)).start()
    yield running
    running.stop()


def _sql(url: str, statement: Any) -> list[Any]:
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            result = conn.execute(statement)
            return list(result) if result.returns_rows else []
    finally:
        engine.dispose()


def _deadline(url: str, match_id: str) -> float:
    rows = _sql(url, select(matches.c.turn_deadline).where(matches.c.id == match_id))
    return float(rows[0][0])


def _seat(url: str, match_id: str, seat: int) -> Any:
    return _sql(url, select(seats).where((seats.c.match_id == match_id)
                                         & (seats.c.seat == seat)))[0]


def _mine(api: Api, match_id: str, token: str) -> dict[str, Any]:
    answer = api.http.post("/api/web/mine",
                           json={"seats": [{"match_id": match_id, "token": token}]})
    assert answer.status_code == 200, answer.text
    return dict(answer.json()["matches"][0])


@pytest.mark.parametrize(("timer", "wanted"), [
    ({"seconds": 7200, "kind": "live"}, "A live clock gives 1 to 3600 seconds a move"),
    ({"seconds": 600, "kind": "correspondence"}, "A correspondence clock gives 1 hour to 14"),
    ({"seconds": 60, "bank_seconds": 600}, "A time bank is for correspondence clocks only"),
    ({"seconds": DAY, "takeover_after": 2}, "takeover_after counts timeouts"),
])
def test_a_clock_out_of_bounds_is_refused_naming_what_is_allowed(
        server: ServerThread, timer: dict[str, Any], wanted: str) -> None:
    api = Api(server.base)
    answer = api.http.post("/api/matches", json={
        "game": "a-dos-de-chameau", "options": {"players": 2}, "turn_timer": timer})
    assert answer.status_code == 422, answer.text
    assert api.error(answer) == "game/bad_options"
    assert wanted in answer.json()["error"]["message"]
    assert api.http.get("/api/matches").json()["matches"] == []  # nothing was made
    api.http.close()


def test_a_correspondence_deadline_outlives_a_restart_and_a_fast_move_keeps_the_bank(
        db_url: str) -> None:
    running = ServerThread(_settings(db_url)).start()
    api = Api(running.base)
    match_id, _host, tokens = api.open_match(turn_timer=CORRESPONDENCE)
    info = api.match(match_id)["turn_timer"]
    assert (info["kind"], info["bank_seconds"], info["on_timeout"]) == (
        "correspondence", 2 * DAY, "bot")
    due = _deadline(db_url, match_id)
    assert 3 * DAY - 60 < due - time.time() <= 3 * DAY  # a day a move and a 2-day bank
    mine = _mine(api, match_id, tokens[0])
    assert mine["your_turn"] and mine["clock"] == "correspondence"
    assert 3 * DAY - 60 < mine["time_left"] <= 3 * DAY
    api.http.close()
    running.stop()

    restarted = ServerThread(_settings(db_url)).start()
    api = Api(restarted.base)
    assert _deadline(db_url, match_id) == due
    assert _mine(api, match_id, tokens[0])["deadline"] == due
    first = Client(restarted.ws_base, match_id, tokens[0])
    state = first.wait_state()
    assert state["deadline"] == due
    first.act(state["legal_actions"][0]["action"])
    after = first.wait_state(lambda m: m["state_id"] > state["state_id"]
                             and m["current_player"] == 1)
    # moved at once: the bank is back at its cap (2 days), not 2 days + the unused day
    assert _seat(db_url, match_id, 0).bank_left == 2 * DAY
    assert 3 * DAY - 60 < after["deadline"] - time.time() <= 3 * DAY
    first.close()
    api.http.close()
    restarted.stop()


@pytest.mark.parametrize("rule", ["bot", "takeover"])
def test_a_deadline_passed_while_the_server_was_down_applies_the_hosts_rule(
        db_url: str, rule: str) -> None:
    running = ServerThread(_settings(db_url)).start()
    api = Api(running.base)
    timer = {**CORRESPONDENCE, "on_timeout": rule}
    if rule == "takeover":
        timer["takeover_after"] = 1
    match_id, _host, tokens = api.open_match(turn_timer=timer)
    api.http.close()
    running.stop()
    _sql(db_url, update(matches).where(matches.c.id == match_id)
         .values(turn_deadline=time.time() - 1))

    restarted = ServerThread(_settings(db_url)).start()
    api = Api(restarted.base)
    watcher = Client(restarted.ws_base, match_id, tokens[1])
    moved = watcher.wait_state(lambda m: m["state_id"] > 0 and m["current_player"] == 1)
    assert moved["current_player"] == 1
    seat = _seat(db_url, match_id, 0)
    assert (seat.timeouts, seat.bank_left) == (1, 0.0)  # a timeout empties the bank
    shown = api.match(match_id)["seats"][0]
    if rule == "takeover":
        assert (seat.kind, seat.bot, seat.taken_over) == ("bot", "first", True)
        assert shown["taken_over"] and shown["kind"] == "bot"
    else:
        assert (seat.kind, seat.taken_over) == ("human", False)
        assert not shown["taken_over"] and shown["kind"] == "human"
    watcher.close()
    api.http.close()
    restarted.stop()


class Browser:
    """A browser with its guest profile's cookie and CSRF token."""

    def __init__(self, server: ServerThread) -> None:
        self.http = httpx.Client(base_url=server.base, timeout=10)
        self.csrf = str(self.http.get("/api/me").json()["csrf"])

    def send(self, method: str, path: str, body: Any = None) -> httpx.Response:
        return self.http.request(method, path, json=body, headers={"X-CSRF-Token": self.csrf})


def test_a_vacation_pauses_the_clock_resumes_it_and_is_limited_each_year(
        server: ServerThread, db_url: str) -> None:
    browser = Browser(server)
    created = browser.send("POST", "/api/matches", {
        "game": "a-dos-de-chameau", "options": {"players": 2}, "auto_start": True,
        "turn_timer": CORRESPONDENCE, "join": {"seat": 0, "name": "Ada"}})
    assert created.status_code == 201, created.text
    match_id = created.json()["match"]["id"]
    api = Api(server.base)
    api.join(match_id, 1, "Bo")
    due = _deadline(db_url, match_id)

    too_long = browser.send("POST", "/api/me/vacation", {"days": 6})
    assert too_long.status_code == 422
    assert "You have 5 days of vacation left this year; 6 were asked for." in too_long.text
    assert _deadline(db_url, match_id) == due

    away = browser.send("POST", "/api/me/vacation", {"days": 3})
    assert away.status_code == 200, away.text
    until = away.json()["away_until"]
    assert away.json()["days_left"] == 2
    assert _deadline(db_url, match_id) == pytest.approx(due + 3 * DAY, abs=60)
    assert api.match(match_id)["seats"][0]["away_until"] == until  # others see it
    mine = browser.http.get("/api/me/matches").json()["matches"][0]
    assert mine["time_left"] > 5 * DAY and mine["away_until"] == {"0": until}
    again = browser.send("POST", "/api/me/vacation", {"days": 1})
    assert again.status_code == 422 and "already on vacation" in again.text

    back = browser.send("DELETE", "/api/me/vacation")
    assert back.status_code == 200, back.text
    # the day begun is spent, the two others come back; the clock runs again as it was
    assert back.json() == {"away_until": None, "days_left": 4, "days_per_year": 5}
    assert _deadline(db_url, match_id) == pytest.approx(due, abs=60)
    assert api.match(match_id)["seats"][0]["away_until"] is None
    assert browser.send("DELETE", "/api/me/vacation").status_code == 422
    assert browser.send("POST", "/api/me/vacation", {"days": 0}).status_code == 422
    browser.http.close()
    api.http.close()
