"""``camelcade admin``: a host lists live matches, ends one with a reason its players are
told, closes and reopens the lobby with a notice on every page, sees the bot pools and
rotates the metrics token — on SQLite (learned by the server's housekeeping) and on
PostgreSQL (learned at once by notification); and every bad request is refused with the
reason, changing nothing."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from camelcade.cli.main import app as cli
from camelcade.server.admin import MAX_TEXT
from camelcade.server.protocol import ErrorCode
from camelcade.server.settings import Settings
from tests.server.conftest import FAST_CLIENTS
from tests.server.support import Api, Client, ServerThread

HOUSEKEEPING_WAIT = 15.0
"""The SQLite server reads the host's word every 5 s; this is ample."""


def _serve(url: str, **changes: object) -> ServerThread:
    settings = Settings(database_url=url).with_changes(**{**FAST_CLIENTS, **changes})
    return ServerThread(settings).start()


def admin(url: str, *args: str) -> str:
    done = CliRunner().invoke(cli, ["admin", *args, "--db", url])
    assert done.exit_code == 0, done.output
    return done.output


def refused(url: str, *args: str) -> str:
    done = CliRunner().invoke(cli, ["admin", *args, "--db", url])
    assert done.exit_code == 2, done.output
    return done.output


def eventually(check: object, timeout: float = HOUSEKEEPING_WAIT) -> None:
    """Wait until ``check()`` holds (the server acts on the host's word asynchronously)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            assert check()  # type: ignore[operator]
            return
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'camelcade.db'}"


@pytest.fixture
def running(sqlite_url: str) -> Iterator[ServerThread]:
    server = _serve(sqlite_url)
    yield server
    server.stop()


def _started_match(server: ServerThread) -> tuple[Api, str, list[Client]]:
    api = Api(server.base)
    match_id, _host, tokens = api.open_match(players=2)
    clients = [Client(server.ws_base, match_id, token) for token in tokens]
    state = clients[0].wait_state(lambda m: m["status"] == "running")
    mover = clients[state["current_player"]]
    turn = mover.wait_state(lambda m: m["state_id"] == state["state_id"])
    mover.act(turn["legal_actions"][0]["action"], state["state_id"])
    clients[0].wait_state(lambda m: m["state_id"] > state["state_id"])
    return api, match_id, clients


def _end_and_check(url: str, server: ServerThread, timeout: float) -> None:
    api, match_id, clients = _started_match(server)
    listed = admin(url, "matches")
    assert match_id in listed and "running" in listed and "1 live match." in listed
    reason = "Server update at 22:00; sorry!"
    said = admin(url, "end", match_id, "--reason", f"  {reason} ")
    assert f"Ended match {match_id} (it was running)" in said
    for client in clients:
        ended = client.wait_state(lambda m: m["status"] == "ended", timeout=timeout)
        assert ended["end_reason"] == reason
        assert ended["result_text"] == f"The host ended this match: {reason}"
        assert ended["legal_actions"] == [] and ended["current_player"] is None
    # a move after the end is refused with the host's reason, and changes nothing
    before = clients[0].state
    clients[0].act("anything", before["state_id"])
    error = clients[0].wait_error()
    assert error["code"] == ErrorCode.ACTION_NOT_RUNNING
    assert reason in error["message"]
    assert api.match(match_id)["status"] == "ended"
    assert api.match(match_id)["state_id"] == before["state_id"]
    assert match_id not in admin(url, "matches")
    assert f"{match_id} is ended already" in refused(url, "end", match_id, "--reason", "again")
    for client in clients:
        client.close()
    api.http.close()


def test_a_host_ends_a_match_and_its_players_are_told_why_sqlite(
        sqlite_url: str, running: ServerThread) -> None:
    _end_and_check(sqlite_url, running, HOUSEKEEPING_WAIT)


def test_a_host_ends_a_match_and_its_players_are_told_why_postgresql(postgres_url: str) -> None:
    """Told by notification: well before the housekeeping round a SQLite server needs."""
    server = _serve(postgres_url)
    try:
        _end_and_check(postgres_url, server, 3.0)
    finally:
        server.stop()


def test_a_move_on_its_way_when_the_host_ends_the_match_is_refused_with_the_reason(
        sqlite_url: str, running: ServerThread) -> None:
    """The server has not yet read the end (SQLite: up to 5 s later): the commit's status
    guard refuses the move, and the player hears the host's reason, not a stale state."""
    api, match_id, clients = _started_match(running)
    state = clients[0].wait_state()
    mover = clients[state["current_player"]]
    turn = mover.wait_state(lambda m: m["state_id"] == state["state_id"])
    admin(sqlite_url, "end", match_id, "--reason", "Closing for the night.")
    mover.act(turn["legal_actions"][0]["action"], state["state_id"])
    error = mover.wait_error()
    assert error["code"] == ErrorCode.ACTION_NOT_RUNNING
    assert "Closing for the night." in error["message"]
    assert api.match(match_id)["state_id"] == state["state_id"]
    for client in clients:
        client.close()
    api.http.close()


def test_the_closed_lobby_refuses_new_matches_and_every_page_says_why(
        sqlite_url: str, running: ServerThread) -> None:
    api, match_id, clients = _started_match(running)
    notice = "Maintenance until 23:00 <b>UTC</b>."
    said = admin(sqlite_url, "lobby", "close", notice)
    assert "The lobby is closed." in said
    assert notice in admin(sqlite_url, "lobby", "status")
    http = api.http

    def closed() -> bool:
        return http.post("/api/matches", json={"game": "kamelen"}).status_code == 503
    eventually(closed)
    answer = http.post("/api/matches", json={"game": "kamelen"})
    assert answer.json()["error"]["code"] == ErrorCode.SERVER_CLOSED
    assert notice in answer.json()["error"]["message"]
    shown = "Maintenance until 23:00 &lt;b&gt;UTC&lt;/b&gt;."
    pages = ("/", f"/match/{match_id}", "/replay", "/my", "/rules/kamelen", "/match/no-such-match")
    for page in pages:
        html = http.get(page).text
        assert f'<p class="cc-host-notice" role="status">The lobby is closed: {shown}</p>' \
            in html, page
        assert "<b>UTC</b>" not in html
    german = http.get("/?lang=de").text
    assert "Die Lobby ist geschlossen: Maintenance until 23:00" in german
    # the match going on goes on
    state = clients[0].wait_state()
    mover = clients[state["current_player"]]
    turn = mover.wait_state(lambda m: m["state_id"] == state["state_id"])
    mover.act(turn["legal_actions"][0]["action"], state["state_id"])
    clients[0].wait_state(lambda m: m["state_id"] > state["state_id"])
    admin(sqlite_url, "lobby", "open")
    eventually(lambda: http.post("/api/matches", json={"game": "kamelen"}).status_code == 201)
    assert "cc-host-notice" not in http.get("/").text
    assert "The lobby is open." in admin(sqlite_url, "lobby", "status")
    for client in clients:
        client.close()
    http.close()


def test_the_lobby_closes_at_once_on_postgresql(postgres_url: str) -> None:
    server = _serve(postgres_url)
    try:
        admin(postgres_url, "lobby", "close", "Back soon.")
        with httpx.Client(base_url=server.base) as http:
            eventually(lambda: http.post("/api/matches", json={"game": "kamelen"}
                                         ).status_code == 503, timeout=3.0)
    finally:
        server.stop()


def test_the_bot_pools_of_the_serving_processes_are_shown(
        sqlite_url: str, running: ServerThread) -> None:
    shown = admin(sqlite_url, "bots")
    assert f"Process {running.settings.instance_id} (camelcade " in shown
    assert "reporting" in shown and "worker 0" in shown and "queued 0" in shown


def test_a_rotated_metrics_token_replaces_the_settings_one(sqlite_url: str) -> None:
    server = _serve(sqlite_url, metrics_token="from-the-environment")
    try:
        with httpx.Client(base_url=server.base) as http:
            def metrics(token: str) -> int:
                return http.get("/metrics", headers={
                    "Authorization": f"Bearer {token}"}).status_code
            assert metrics("from-the-environment") == 200
            assert "the CAMELCADE_SERVER_METRICS_TOKEN setting" in admin(
                sqlite_url, "secrets", "list")
            said = admin(sqlite_url, "secrets", "rotate")
            token = said.splitlines()[1].strip()
            assert len(token) == 43
            eventually(lambda: metrics(token) == 200)
            assert metrics("from-the-environment") == 401
            assert metrics(token + "x") == 401
            assert "rotated, kept as a hash" in admin(sqlite_url, "secrets", "list")
        engine = create_engine(sqlite_url)
        with engine.connect() as conn:
            stored = conn.execute(text("SELECT value FROM host_settings "
                                       "WHERE key = 'metrics_token'")).scalar_one()
        engine.dispose()
        assert token not in str(stored)
    finally:
        server.stop()


def test_bad_requests_are_refused_with_the_reason_and_change_nothing(
        sqlite_url: str, running: ServerThread) -> None:
    api, match_id, clients = _started_match(running)
    assert "There is no match nope" in refused(sqlite_url, "end", "nope", "--reason", "x")
    assert "reason is empty" in refused(sqlite_url, "end", match_id, "--reason", "   ")
    assert "control characters" in refused(sqlite_url, "end", match_id, "--reason", "a\x1b[2Jb")
    long = "x" * (MAX_TEXT + 1)
    assert f"{MAX_TEXT + 1} characters; at most {MAX_TEXT}" in refused(
        sqlite_url, "end", match_id, "--reason", long)
    assert "message is empty" in refused(sqlite_url, "lobby", "close", "")
    assert api.match(match_id)["status"] == "running"
    assert "The lobby is open." in admin(sqlite_url, "lobby", "status")
    for client in clients:
        client.close()
    api.http.close()


def test_a_database_of_another_revision_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'empty.db'}"
    told = refused(url, "matches")
    assert "schema revision -" in told and "start this version's server once" in told
