"""Invitations (issue 28, item 5), on SQLite and PostgreSQL: a seat's owner invites a kept
profile by name, the invitee is mailed (a real SMTP server on 127.0.0.1) and answers in My
games, "play again with the same people", and blocks; every refusal changes nothing."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import create_engine, select, update

from camelcade.server.models import invitations, notice_channels, outbox, profiles, seats
from camelcade.server.settings import Settings
from tests.server.conftest import FAST_CLIENTS
from tests.server.support import Client, ServerThread, play_until_finished
from tests.server.test_accounts import Browser, Mail, _error

GAME = "a-dos-de-chameau"


@pytest.fixture
def mail() -> Iterator[Mail]:
    served = Mail()
    yield served
    served.controller.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    if request.param == "postgresql":
        return str(request.getfixturevalue("postgres_url"))
    return f"sqlite:///{tmp_path / 'camelcade.db'}"


@pytest.fixture
def server(db_url: str, mail: Mail) -> Iterator[ServerThread]:
    settings = Settings(database_url=db_url).with_changes(
        **FAST_CLIENTS, smtp_host="127.0.0.1", smtp_port=mail.port, notice_poll_seconds=0.2,
        public_url="")
    running = ServerThread(settings).start()
    yield running
    running.stop()


class People:
    """Ada, Bea and Cy, each a browser with a profile of that name; Ada and Bea kept."""

    def __init__(self, server: ServerThread, db_url: str) -> None:
        self.db_url = db_url
        self.ada, self.bea, self.cy = (Browser(server) for _ in range(3))
        self.ids: dict[str, str] = {}
        for name, browser in (("Ada", self.ada), ("Bea", self.bea), ("Cy", self.cy)):
            self.ids[name] = browser.me()["profile"]["id"]
            renamed = browser.http.patch("/api/me", json={"name": name},
                                         headers={"X-CSRF-Token": browser.csrf})
            assert renamed.status_code == 200, renamed.text
        self.keep("Ada")
        self.keep("Bea")

    def keep(self, name: str) -> None:
        self.write(update(profiles).where(profiles.c.id == self.ids[name])
                   .values(email=f"{name.lower()}@example.org"))

    def write(self, statement: Any) -> None:
        engine = create_engine(self.db_url)
        with engine.begin() as conn:
            conn.execute(statement)
        engine.dispose()

    def rows(self, table: Any) -> list[Any]:
        engine = create_engine(self.db_url)
        with engine.connect() as conn:
            found = list(conn.execute(select(table)))
        engine.dispose()
        return found

    def close(self) -> None:
        for browser in (self.ada, self.bea, self.cy):
            browser.close()


@pytest.fixture
def people(server: ServerThread, db_url: str) -> Iterator[People]:
    made = People(server, db_url)
    yield made
    made.close()


def _match(browser: Browser, players: int = 3, **extra: Any) -> str:
    created = browser.post("/api/matches", {"game": GAME, "options": {"players": players},
                                            "join": {"seat": 0, "name": "Ada"}, **extra})
    assert created.status_code == 201, created.text
    return str(created.json()["match"]["id"])


def _invite(browser: Browser, match_id: str, seat: int, name: str) -> Any:
    return browser.post("/api/me/invitations", {"match_id": match_id, "seat": seat,
                                                "name": name})


def test_an_invitation_is_stored_with_its_notice_and_mailed_without_the_inviters_address(
        people: People, mail: Mail) -> None:
    match_id = _match(people.ada)
    made = _invite(people.ada, match_id, 1, "bea")  # names are found whatever their case
    assert made.status_code == 201, made.text
    assert made.json()["player"] == "Bea" and made.json()["noticed"] is True
    assert "email" not in made.text and "@" not in made.text
    stored = people.rows(invitations)
    assert [(r.match_id, r.seat, r.invitee_id, r.status) for r in stored] == [
        (match_id, 1, people.ids["Bea"], "pending")]
    assert [(r.kind, r.seat, r.channel_id) for r in people.rows(outbox)] == [
        ("invite", 1, stored[0].channel_id)]
    message = mail.message(0)
    assert message["To"] == "bea@example.org"
    assert message["Subject"] == f"An invitation to play {_title()}"  # no name in a header
    body = message.get_body()
    assert body is not None and "Ada invites you to a match of" in body.get_content()
    assert "ada@example.org" not in message.as_string()
    listed = people.bea.http.get("/api/me/invitations").json()
    assert [(i["match_id"], i["seat"], i["player"], i["status"]) for i in listed["received"]] \
        == [(match_id, 1, "Ada", "pending")]
    sent = people.ada.http.get("/api/me/invitations").json()["sent"]
    assert [(i["player"], i["status"]) for i in sent] == [("Bea", "pending")]


def _title() -> str:
    from camelcade.core.registry import game_class

    return game_class(GAME).title


def test_accepting_takes_the_seat_on_every_browser_and_ends_the_notice_channel(
        people: People) -> None:
    match_id = _match(people.ada)
    invitation = _invite(people.ada, match_id, 2, "Bea").json()["id"]
    taken = people.bea.post(f"/api/me/invitations/{invitation}/accept")
    assert taken.status_code == 200, taken.text
    assert taken.json()["match_id"] == match_id and taken.json()["seat"] == 2
    mine = people.bea.http.get("/api/me/matches").json()["matches"]
    assert [(m["match_id"], m["seat"], m["token"]) for m in mine] == [
        (match_id, 2, taken.json()["token"])]
    assert [r.status for r in people.rows(invitations)] == ["accepted"]
    assert people.rows(notice_channels) == []  # Bea's turns are not mailed unasked
    assert people.bea.http.get("/api/me/invitations").json()["received"] == []
    again = people.bea.post(f"/api/me/invitations/{invitation}/accept")
    _error(again, 404, "match/not_found")


def test_declining_leaves_the_seat_open_and_the_inviter_sees_it(people: People) -> None:
    match_id = _match(people.ada)
    invitation = _invite(people.ada, match_id, 1, "Bea").json()["id"]
    forged = people.bea.http.post(f"/api/me/invitations/{invitation}/decline")  # no CSRF
    _error(forged, 403, "auth/csrf")
    assert [r.status for r in people.rows(invitations)] == ["pending"]
    not_hers = people.cy.post(f"/api/me/invitations/{invitation}/decline")
    _error(not_hers, 404, "match/not_found")
    declined = people.bea.post(f"/api/me/invitations/{invitation}/decline")
    assert declined.status_code == 200, declined.text
    sent = people.ada.http.get("/api/me/invitations").json()["sent"]
    assert [(i["player"], i["status"]) for i in sent] == [("Bea", "declined")]
    assert people.rows(notice_channels) == []
    seat = next(r for r in people.rows(seats) if r.match_id == match_id and r.seat == 1)
    assert seat.kind == "open" and seat.profile_id is None


def test_an_invitation_expires_when_another_takes_the_seat(people: People) -> None:
    match_id = _match(people.ada)
    invitation = _invite(people.ada, match_id, 1, "Bea").json()["id"]
    joined = people.cy.post(f"/api/matches/{match_id}/seats/1", {"name": "Cy"})
    assert joined.status_code == 200, joined.text
    assert people.bea.http.get("/api/me/invitations").json()["received"] == []
    sent = people.ada.http.get("/api/me/invitations").json()["sent"]
    assert [i["status"] for i in sent] == ["expired"]
    assert people.rows(notice_channels) == []  # Cy's notices never go to Bea
    late = people.bea.post(f"/api/me/invitations/{invitation}/accept")
    assert "expired" in _error(late, 409, "match/not_open")


def test_bad_invitations_are_refused_clearly_and_change_nothing(people: People) -> None:
    match_id = _match(people.ada, seats=[{"kind": "open"}, {"kind": "open"},
                                         {"kind": "bot", "bot": "random"}])
    cases = [
        (people.ada, match_id, 0, "Bea", 409, "match/seat_taken", "not open"),
        (people.ada, match_id, 2, "Bea", 409, "match/seat_taken", "no bot"),
        (people.ada, match_id, 7, "Bea", 404, "match/no_such_seat", "seats 0 to 2"),
        (people.ada, match_id, 1, "Ada", 422, "action/illegal", "yourself"),
        (people.ada, match_id, 1, "Nobody Here", 404, "player/not_found", "Nobody Here"),
        (people.ada, match_id, 1, "Cy", 422, "action/illegal", "kept their profile"),
        (people.bea, match_id, 1, "Cy", 403, "action/spectator", "seated"),
        (people.ada, "nosuchmatch", 1, "Bea", 404, "match/not_found", "nosuchmatch"),
    ]
    for browser, target, seat, name, status, code, words in cases:
        answer = _invite(browser, target, seat, name)
        assert words in _error(answer, status, code), (seat, name)
    too_long = _invite(people.ada, match_id, 1, "B" * 300)
    assert too_long.status_code == 422 and "name" in too_long.text
    empty = _invite(people.ada, match_id, 1, "")
    assert empty.status_code == 422
    forged = people.ada.http.post("/api/me/invitations", json={
        "match_id": match_id, "seat": 1, "name": "Bea"})
    _error(forged, 403, "auth/csrf")
    other_site = people.ada.post("/api/me/invitations", {
        "match_id": match_id, "seat": 1, "name": "Bea"}, Origin="https://evil.example")
    _error(other_site, 403, "auth/csrf")
    assert people.rows(invitations) == [] and people.rows(outbox) == []
    assert _invite(people.ada, match_id, 1, "Bea").status_code == 201
    twice = _invite(people.ada, match_id, 1, "Bea")
    assert "Bea" in _error(twice, 422, "action/illegal")  # invited once a match
    assert len(people.rows(invitations)) == 1


def test_no_invitation_into_a_started_match(people: People) -> None:
    match_id = _match(people.ada, players=2, auto_start=True)
    joined = people.cy.post(f"/api/matches/{match_id}/seats/1", {"name": "Cy"})
    assert joined.status_code == 200
    late = _invite(people.ada, match_id, 1, "Bea")
    assert "started" in _error(late, 409, "match/not_open")
    assert people.rows(invitations) == []


def test_a_blocked_player_is_refused_as_anyone_and_no_notice_is_written(
        people: People) -> None:
    guest = people.cy.http.put(f"/api/me/blocks/{people.ids['Ada']}",  # a guest cannot
                               headers={"X-CSRF-Token": people.cy.csrf})
    _error(guest, 422, "action/illegal")
    forged = people.bea.http.put(f"/api/me/blocks/{people.ids['Ada']}")
    _error(forged, 403, "auth/csrf")
    blocked = people.bea.http.put(f"/api/me/blocks/{people.ids['Ada']}",
                                  headers={"X-CSRF-Token": people.bea.csrf})
    assert blocked.status_code == 200, blocked.text
    listed = people.bea.http.get("/api/me/blocks").json()["blocked"]
    assert listed == [{"id": people.ids["Ada"], "name": "Ada"}]
    match_id = _match(people.ada)
    refused = _error(_invite(people.ada, match_id, 1, "Bea"), 422, "action/illegal")
    people.keep("Cy")
    people.write(update(seats).where((seats.c.match_id == match_id) & (seats.c.seat == 2))
                 .values(kind="human", token_hash="x" * 64, profile_id=people.ids["Cy"]))
    seated = _error(_invite(people.ada, match_id, 1, "Cy"), 422, "action/illegal")
    assert refused.replace("Bea", "Cy") == seated  # one answer: the block is not told
    assert people.rows(invitations) == [] and people.rows(outbox) == []
    unblocked = people.bea.http.delete(f"/api/me/blocks/{people.ids['Ada']}",
                                       headers={"X-CSRF-Token": people.bea.csrf})
    assert unblocked.status_code == 200
    assert _invite(people.ada, match_id, 1, "Bea").status_code == 201


def test_blocking_declines_the_pending_invitations(people: People) -> None:
    match_id = _match(people.ada)
    _invite(people.ada, match_id, 1, "Bea")
    people.bea.http.put(f"/api/me/blocks/{people.ids['Ada']}",
                        headers={"X-CSRF-Token": people.bea.csrf})
    assert people.bea.http.get("/api/me/invitations").json()["received"] == []
    assert [r.status for r in people.rows(invitations)] == ["declined"]
    unknown = people.bea.http.put(f"/api/me/blocks/{'0' * 32}",
                                  headers={"X-CSRF-Token": people.bea.csrf})
    _error(unknown, 404, "player/not_found")


def test_play_again_seats_the_presser_and_invites_the_others_bots_kept(
        server: ServerThread, people: People) -> None:
    created = people.ada.post("/api/matches", {
        "game": GAME, "options": {"players": 3}, "auto_start": True,
        "seats": [{"kind": "open"}, {"kind": "open"}, {"kind": "bot", "bot": "random"}],
        "join": {"seat": 0, "name": "Ada"}})
    match_id = created.json()["match"]["id"]
    early = people.ada.post("/api/me/play-again", {"match_id": match_id})
    _error(early, 409, "match/not_finished")
    joined = people.bea.post(f"/api/matches/{match_id}/seats/1", {"name": "Bea"})
    clients = [Client(server.ws_base, match_id, created.json()["token"]),
               Client(server.ws_base, match_id, joined.json()["token"])]
    play_until_finished(clients, seed=2)
    for client in clients:
        client.close()
    outsider = people.cy.post("/api/me/play-again", {"match_id": match_id})
    _error(outsider, 403, "action/spectator")
    again = people.bea.post("/api/me/play-again", {"match_id": match_id})
    assert again.status_code == 201, again.text
    new_id = again.json()["match_id"]
    assert again.json()["seat"] == 1
    assert [(i["player"], i["seat"]) for i in again.json()["invited"]] == [("Ada", 0)]
    info = people.ada.http.get(f"/api/matches/{new_id}").json()
    assert [s["kind"] for s in info["seats"]] == ["open", "human", "bot"]
    assert info["options"] == people.ada.http.get(f"/api/matches/{match_id}").json()["options"]
    received = people.ada.http.get("/api/me/invitations").json()["received"]
    assert [(i["match_id"], i["seat"], i["player"]) for i in received] == [(new_id, 0, "Bea")]
    taken = people.ada.post(f"/api/me/invitations/{received[0]['id']}/accept")
    assert taken.status_code == 200
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:  # auto start: full now
        if people.ada.http.get(f"/api/matches/{new_id}").json()["status"] == "running":
            break
        time.sleep(0.05)
    assert people.ada.http.get(f"/api/matches/{new_id}").json()["status"] == "running"


def test_the_openapi_page_lists_the_invitation_calls(server: ServerThread,
                                                     people: People) -> None:
    paths = people.ada.http.get("/openapi.json").json()["paths"]
    for path in ("/api/me/invitations", "/api/me/invitations/{invitation_id}/accept",
                 "/api/me/invitations/{invitation_id}/decline", "/api/me/play-again",
                 "/api/me/blocks", "/api/me/blocks/{profile_id}"):
        assert path in paths, path


def test_my_data_lists_invitations_and_deleting_the_profile_takes_them_and_their_channel(
        people: People) -> None:
    match_id = _match(people.ada)
    _invite(people.ada, match_id, 1, "Bea")
    people.bea.http.put(f"/api/me/blocks/{people.ids['Ada']}",
                        headers={"X-CSRF-Token": people.bea.csrf})
    data = people.bea.http.get("/api/me/data").json()
    assert [(i["match_id"], i["seat"], i["status"], i["sent"]) for i in data["invitations"]] \
        == [(match_id, 1, "declined", False)]
    assert [b["name"] for b in data["blocked"]] == ["Ada"]
    people.bea.http.delete(f"/api/me/blocks/{people.ids['Ada']}",
                           headers={"X-CSRF-Token": people.bea.csrf})
    _invite(people.ada, match_id, 2, "Bea")
    assert len(people.rows(notice_channels)) == 1
    gone = people.bea.http.delete("/api/me", headers={"X-CSRF-Token": people.bea.csrf})
    assert gone.status_code == 200, gone.text
    assert people.rows(invitations) == [] and people.rows(notice_channels) == []


def test_the_terminal_lists_pending_invitations_before_the_matches(
        server: ServerThread, people: People, tmp_path: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.server.test_online_login_cli import run

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    token = people.bea.post("/api/me/terminal-token").json()["token"]
    code, out = run("online", "login", "--server", server.base, stdin=token + "\n")
    assert code == 0, out
    mine = people.bea.post("/api/matches", {"game": GAME, "options": {"players": 2},
                                            "join": {"seat": 0}})
    assert mine.status_code == 201
    match_id = _match(people.ada)
    _invite(people.ada, match_id, 2, "Bea")
    lines = run("online", "games", "--server", server.base)[1].splitlines()
    assert len(lines) == 2, lines
    assert lines[0].startswith(f"Invited by Ada: {_title()}, match {match_id}, as "), lines
    assert lines[0].endswith("answer in My games on the web."), lines
    assert lines[1].startswith("Waiting for players: "), lines


def test_play_again_keeps_the_clock_the_hot_seats_and_rated(
        server: ServerThread, people: People) -> None:
    """The presser's hot seat stays theirs; the clock, its bank and 'rated' are the old."""
    timer = {"seconds": 7200.0, "kind": "correspondence", "bank_seconds": 3600.0,
             "on_timeout": "pass", "bot": "random"}
    created = people.ada.post("/api/matches", {
        "game": GAME, "options": {"players": 3}, "auto_start": True, "rated": True,
        "turn_timer": timer, "seats": [{"kind": "hotseat"}, {"kind": "open"}, {"kind": "open"}],
        "join": {"seat": 1, "name": "Ada"}})
    assert created.status_code == 201, created.text
    match_id = created.json()["match"]["id"]
    joined = people.bea.post(f"/api/matches/{match_id}/seats/2", {"name": "Bea"})
    tokens = [created.json()["seat_tokens"]["0"], created.json()["token"],
              joined.json()["token"]]
    clients = [Client(server.ws_base, match_id, token) for token in tokens]
    play_until_finished(clients, seed=4)
    for client in clients:
        client.close()
    again = people.ada.post("/api/me/play-again", {"match_id": match_id})
    assert again.status_code == 201, again.text
    assert again.json()["seat"] == 1  # the seat Ada sat in, not her hot seat before it
    assert [(i["player"], i["seat"]) for i in again.json()["invited"]] == [("Bea", 2)]
    old = people.ada.http.get(f"/api/matches/{match_id}").json()
    new = people.ada.http.get(f"/api/matches/{again.json()['match_id']}").json()
    assert [s["kind"] for s in new["seats"]] == ["hotseat", "human", "open"]
    assert new["turn_timer"] == old["turn_timer"] and new["rated"] is True
    mine = people.ada.http.get("/api/me/matches", params={"match_id": new["id"]}).json()
    assert sorted(m["seat"] for m in mine["matches"]) == [0, 1]  # the hot seat is Ada's
