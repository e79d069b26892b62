"""Accounts that start as a guest (issue 28, item 1), on SQLite and PostgreSQL: the guest
and its cookie, seats that follow the profile to another browser through an e-mailed
sign-in link (a real SMTP server on 127.0.0.1), and every refusal leaving nothing changed."""

from __future__ import annotations

import email
import email.policy
import re
import statistics
import threading
import time
from collections.abc import Iterator
from email.message import Message
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, select, update

from camelcade.server.accounts.web import COOKIE, secure_cookies
from camelcade.server.models import profiles, sessions, sign_in_links
from camelcade.server.settings import Settings
from tests.server.conftest import FAST_CLIENTS
from tests.server.support import Api, Client, ServerThread, free_port, play_until_finished
from tests.server.test_web import Inbox

LINK = re.compile(r"(http://\S+/account\?lang=\w+#signin=(\S+))")


class Mail:
    """A real SMTP server (aiosmtpd) on 127.0.0.1 that keeps what it receives."""

    def __init__(self) -> None:
        from aiosmtpd.controller import Controller

        self.inbox = Inbox()
        self.port = free_port()
        self.controller = Controller(self.inbox, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def message(self, index: int) -> Message:
        self.inbox.wait(index + 1)
        assert len(self.inbox.messages) > index, "no sign-in mail arrived"
        return email.message_from_bytes(self.inbox.messages[index].content,
                                        policy=email.policy.default)

    def link(self, index: int) -> tuple[str, str]:
        """The link of the ``index``-th mail and its token."""
        message = self.message(index)
        body = message.get_payload(decode=True)
        assert isinstance(body, bytes)
        found = LINK.search(body.decode("utf-8"))
        assert found is not None, body
        return found.group(1), found.group(2)


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
        **FAST_CLIENTS, smtp_host="127.0.0.1", smtp_port=mail.port)
    running = ServerThread(settings).start()
    yield running
    running.stop()


class Browser:
    """One browser: its own cookie jar, and the page's CSRF token once it has one."""

    def __init__(self, server: ServerThread, source: str | None = None) -> None:
        self.api = Api(server.base, source=source)
        self.http = self.api.http
        self.csrf = ""

    def me(self) -> dict[str, Any]:
        answer = self.http.get("/api/me")
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
        self.csrf = data["csrf"]
        return data

    def post(self, path: str, body: Any = None, **headers: str) -> httpx.Response:
        return self.http.post(path, json=body, headers={"X-CSRF-Token": self.csrf, **headers})

    def join_new_match(self) -> str:
        """A match of two open seats, this browser seated in seat 0 (signed in)."""
        created = self.post("/api/matches", {"game": "a-dos-de-chameau",
                                             "options": {"players": 2},
                                             "join": {"seat": 0, "name": "Ada"}})
        assert created.status_code == 201, created.text
        return str(created.json()["match"]["id"])

    def close(self) -> None:
        self.http.close()


@pytest.fixture
def browsers(server: ServerThread) -> Iterator[list[Browser]]:
    made = [Browser(server) for _ in range(3)]
    yield made
    for browser in made:
        browser.close()


def _rows(url: str, table: Any) -> list[Any]:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return list(conn.execute(select(table)))
    finally:
        engine.dispose()


def _error(answer: httpx.Response, status: int, code: str) -> str:
    assert answer.status_code == status, answer.text
    body = answer.json()["error"]
    assert body["code"] == code, body
    return str(body["message"])


def test_the_first_visit_makes_a_guest_held_by_a_hashed_session_cookie(
        server: ServerThread, browsers: list[Browser], db_url: str) -> None:
    first = browsers[0].http.get("/api/me")
    assert first.status_code == 200
    cookie = first.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    flags = {part.strip().lower() for part in cookie.split(";")}
    assert {"httponly", "samesite=lax", "path=/"} <= flags
    assert "secure" not in flags  # plain http on 127.0.0.1 only
    profile = first.json()["profile"]
    assert profile["name"].startswith("Guest ") and profile["kept"] is False
    assert profile["email"] is None and profile["language"] == "en"
    again = browsers[0].http.get("/api/me")
    assert "set-cookie" not in again.headers and again.json()["profile"] == profile
    token = browsers[0].http.cookies[COOKIE]
    stored = _rows(db_url, sessions)
    assert len(stored) == 1 and stored[0].token_hash != token and len(stored[0].token_hash) == 64
    assert token not in str(_rows(db_url, profiles))


def test_cookies_are_secure_everywhere_but_on_plain_http_to_this_computer() -> None:
    base = Settings(database_url="sqlite://")
    assert secure_cookies(base.with_changes(public_url="https://games.example.org"))
    assert secure_cookies(base.with_changes(public_url="http://games.example"))
    assert secure_cookies(base.with_changes(host="0.0.0.0"))
    assert not secure_cookies(base.with_changes(public_url="http://127.0.0.1:8000"))
    assert not secure_cookies(base.with_changes(public_url="http://localhost:8000"))
    assert not secure_cookies(base)


def test_no_guest_is_made_where_the_browser_would_drop_the_secure_cookie(
        tmp_path: Any) -> None:
    """Plain http to a public address: a Secure cookie would never come back, and every
    page view would make one more guest."""
    url = f"sqlite:///{tmp_path / 'plain.db'}"
    settings = Settings(database_url=url).with_changes(**FAST_CLIENTS,
                                                       public_url="http://games.example")
    running = ServerThread(settings).start()
    try:
        answer = httpx.get(f"{running.base}/api/me")
        assert "https" in _error(answer, 401, "auth/required")
        assert "set-cookie" not in answer.headers
        assert _rows(url, profiles) == []
    finally:
        running.stop()


def test_the_mailed_link_keeps_the_profile_and_signs_another_browser_in_to_its_seats(
        server: ServerThread, browsers: list[Browser], mail: Mail, db_url: str) -> None:
    guest, other, _ = browsers
    guest.me()
    match_id = guest.join_new_match()
    found = guest.http.get("/api/me/matches").json()["matches"]
    assert [(m["match_id"], m["seat"]) for m in found] == [(match_id, 0)]
    asked = guest.post("/api/me/link", {"email": "Ada@Example.org"})
    assert asked.status_code == 200, asked.text
    message = mail.message(0)
    assert message["To"] == "ada@example.org"
    assert message["Subject"] == "Your sign-in link for camelcade"
    link, token = mail.link(0)
    assert link == f"{server.base}/account?lang=en#signin={token}"  # the token after #
    assert token not in str(_rows(db_url, sign_in_links))  # kept as a hash only
    other.me()
    signed = other.post("/api/me/signin", {"token": token})
    assert signed.status_code == 200, signed.text
    assert signed.json()["profile"]["email"] == "ada@example.org"
    assert signed.json()["profile"]["kept"] is True
    other.csrf = signed.json()["csrf"]
    assert guest.me()["profile"]["kept"] is True  # the guest's own profile was kept
    mine = other.http.get("/api/me/matches").json()["matches"]
    assert [(m["match_id"], m["seat"]) for m in mine] == [(match_id, 0)]
    seat_token = mine[0]["token"]
    page = other.http.get(f"/api/web/matches/{match_id}",
                          headers={"Authorization": f"Bearer {seat_token}"})
    assert page.json()["seat"] == 0
    # The browser's own guest profile went into the kept one: one profile is left.
    assert len(_rows(db_url, profiles)) == 1


def test_a_profiles_own_seat_token_plays_and_claims_the_rematch_seat(
        server: ServerThread, browsers: list[Browser]) -> None:
    """The token ``/api/me/matches`` hands a browser is a seat token everywhere: on the
    websocket, and for the rematch, whose seat is the profile's too."""
    ada = browsers[0]
    ada.me()
    created = ada.post("/api/matches", {
        "game": "a-dos-de-chameau", "options": {"players": 2}, "auto_start": True,
        "seats": [{"kind": "open"}, {"kind": "bot", "bot": "random"}],
        "join": {"seat": 0, "name": "Ada"}})
    match_id = created.json()["match"]["id"]
    token = ada.http.get("/api/me/matches").json()["matches"][0]["token"]
    assert token != created.json()["token"]
    client = Client(server.ws_base, match_id, token)
    play_until_finished([client], seed=1)
    client.close()
    again = ada.http.post(f"/api/matches/{match_id}/rematch",
                          headers={"Authorization": f"Bearer {token}"})
    assert again.status_code == 200, again.text
    new_id, seat = again.json()["match"]["id"], again.json()["seat"]
    mine = ada.http.get("/api/me/matches").json()["matches"]
    assert {(m["match_id"], m["seat"]) for m in mine} == {(match_id, 0), (new_id, seat)}


def test_forged_expired_and_used_links_are_refused_and_change_nothing(
        server: ServerThread, browsers: list[Browser], mail: Mail, db_url: str) -> None:
    guest, other, third = browsers
    guest.me()
    other.me()
    assert guest.post("/api/me/link", {"email": "bo@example.org"}).status_code == 200
    _, token = mail.link(0)
    raw, _, signature = token.partition(".")
    for forged in ("x" * 40, f"{raw}.{'A' * len(signature)}", f"{'B' * len(raw)}.{signature}"):
        message = _error(other.post("/api/me/signin", {"token": forged}), 400, "auth/bad_link")
        assert "not one this server made" in message
    german = _error(other.post("/api/me/signin?lang=de", {"token": "x" * 40}), 400,
                    "auth/bad_link")
    assert german == "Dieser Anmeldelink stammt nicht von diesem Server; fordere einen neuen an."
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(update(sign_in_links).values(expires_at=time.time() - 1))
    message = _error(other.post("/api/me/signin", {"token": token}), 400, "auth/bad_link")
    assert "expired" in message
    with engine.begin() as conn:
        conn.execute(update(sign_in_links).values(expires_at=time.time() + 600))
    engine.dispose()
    assert all(row.email is None for row in _rows(db_url, profiles))  # nothing changed
    assert other.post("/api/me/signin", {"token": token}).status_code == 200
    third.me()
    message = _error(third.post("/api/me/signin", {"token": token}), 400, "auth/bad_link")
    assert "used already" in message
    assert third.me()["profile"]["kept"] is False


def test_writes_without_the_csrf_token_or_from_another_site_are_refused(
        server: ServerThread, browsers: list[Browser]) -> None:
    browser = browsers[0]
    browser.me()
    bare = browser.http.post("/api/me/signout")
    assert "X-CSRF-Token" in _error(bare, 403, "auth/csrf")
    wrong = browser.http.post("/api/me/signout", headers={"X-CSRF-Token": "x" * 43})
    _error(wrong, 403, "auth/csrf")
    elsewhere = browser.post("/api/me/signout", Origin="https://evil.example")
    _error(elsewhere, 403, "auth/csrf")
    assert browser.http.get("/api/me").headers.get("set-cookie") is None  # still signed in
    # Create and join without the token still work, with tokens only: no seat for the
    # profile from a page of another site.
    created = browser.http.post("/api/matches", json={
        "game": "a-dos-de-chameau", "options": {"players": 2}, "join": {"seat": 0}})
    assert created.status_code == 201
    assert browser.http.get("/api/me/matches").json()["matches"] == []
    assert browser.post("/api/me/signout").status_code == 200


def test_a_session_of_another_profile_cannot_act_for_this_one(
        server: ServerThread, browsers: list[Browser]) -> None:
    ada, bo, _ = browsers
    ada.me()
    bo.me()
    match_id = ada.join_new_match()
    stolen = bo.http.post("/api/me/signout", headers={"X-CSRF-Token": ada.csrf})
    _error(stolen, 403, "auth/csrf")
    assert bo.http.get("/api/me/matches").json()["matches"] == []
    assert ada.http.get("/api/me/matches").json()["matches"][0]["match_id"] == match_id
    # A seat token derived for another profile holds no seat; Ada's own does.
    from camelcade.server.auth import profile_seat_token

    services = server.app.state.services
    ada_id = services.manager.matches[match_id].seats[0].profile_id
    assert ada_id is not None
    key = services.manager.seat_key
    for profile_id, seat in (("0" * 32, None), (ada_id, 0)):
        token = profile_seat_token(key, match_id, 0, profile_id)
        answer = bo.http.post(f"/api/matches/{match_id}/start",
                              headers={"Authorization": f"Bearer {token}"})
        code = answer.json()["error"]["code"]
        assert code == ("auth/bad_token" if seat is None else "match/not_ready"), answer.text


def test_sign_in_requests_are_limited_per_address_and_per_client(
        server: ServerThread, browsers: list[Browser], mail: Mail) -> None:
    browser = browsers[0]
    browser.me()
    statuses = [browser.post("/api/me/link", {"email": "flood@example.org"}).status_code
                for _ in range(100)]
    assert statuses.count(200) <= 12 and statuses[-1] == 429
    assert set(statuses) == {200, 429}
    refused = browser.post("/api/me/link", {"email": "another@example.org"})
    assert "Too many sign-in attempts" in _error(refused, 429, "rate/limited")
    # From another client address: the flooded e-mail address is still limited, another not.
    elsewhere = Browser(server, source="127.0.0.2")
    try:
        elsewhere.me()
        _error(elsewhere.post("/api/me/link", {"email": "flood@example.org"}), 429,
               "rate/limited")
        assert elsewhere.post("/api/me/link", {"email": "calm@example.org"}).status_code == 200
    finally:
        elsewhere.close()


def test_expired_sessions_and_old_links_are_swept(
        server: ServerThread, browsers: list[Browser], mail: Mail, db_url: str) -> None:
    from camelcade.server.accounts.db import forget_old

    old, kept, _ = browsers
    old.me()
    kept.me()
    assert old.post("/api/me/link", {"email": "old@example.org"}).status_code == 200
    engine = create_engine(db_url)
    try:
        with engine.begin() as conn:
            conn.execute(update(sessions).where(sessions.c.token_hash == _hash(old))
                         .values(expires_at=time.time() - 1))
            conn.execute(update(sign_in_links).values(expires_at=time.time() - 2 * 86400))
        forget_old(engine, time.time())  # (the housekeeping may have been first)
    finally:
        engine.dispose()
    assert [row.token_hash for row in _rows(db_url, sessions)] == [_hash(kept)]
    assert _rows(db_url, sign_in_links) == []
    assert old.me()["profile"]["kept"] is False  # a new guest: the old session is gone


def _hash(browser: Browser) -> str:
    from camelcade.server.auth import hash_token

    return hash_token(browser.http.cookies[COOKIE])


def test_a_link_request_answers_alike_for_known_and_unknown_addresses(
        server: ServerThread, browsers: list[Browser], mail: Mail) -> None:
    known, other, _ = browsers
    known.me()
    other.me()
    assert known.post("/api/me/link", {"email": "known@example.org"}).status_code == 200
    _, token = mail.link(0)
    assert known.post("/api/me/signin", {"token": token}).status_code == 200
    known.me()
    times: dict[str, list[float]] = {"known@example.org": [], "nobody@example.org": []}
    answers = {}
    for _ in range(4):
        for address in times:
            started = time.perf_counter()
            answer = other.post("/api/me/link", {"email": address})
            times[address].append(time.perf_counter() - started)
            answers[address] = (answer.status_code,
                                answer.json()["message"].replace(address, "ADDRESS"))
    assert answers["known@example.org"] == answers["nobody@example.org"]
    assert answers["known@example.org"][0] == 200
    fast, slow = sorted(statistics.median(found) for found in times.values())
    assert slow < 3 * fast + 0.05, times


def test_a_display_name_with_a_line_break_is_refused_and_never_reaches_a_header(
        server: ServerThread, browsers: list[Browser]) -> None:
    browser = browsers[0]
    before = browser.me()["profile"]["name"]
    for name in ("Eve\r\nBcc: all@example.org", "Eve\nBcc: x@example.org", "Eve\x00"):
        answer = browser.http.patch("/api/me", json={"name": name},
                                    headers={"X-CSRF-Token": browser.csrf})
        message = _error(answer, 422, "message/malformed")
        assert "name" in message.lower()
    assert browser.me()["profile"]["name"] == before
    renamed = browser.http.patch("/api/me", json={"name": "Eve", "language": "de"},
                                 headers={"X-CSRF-Token": browser.csrf})
    assert renamed.json()["profile"] == {**renamed.json()["profile"], "name": "Eve",
                                         "language": "de"}


def test_download_and_delete_my_data(
        server: ServerThread, browsers: list[Browser], mail: Mail, db_url: str) -> None:
    browser = browsers[0]
    browser.me()
    match_id = browser.join_new_match()
    assert browser.post("/api/me/link", {"email": "del@example.org"}).status_code == 200
    _, token = mail.link(0)
    browser.csrf = browser.post("/api/me/signin", {"token": token}).json()["csrf"]
    data = browser.http.get("/api/me/data")
    assert "attachment" in data.headers["content-disposition"]
    body = data.json()
    assert body["profile"]["email"] == "del@example.org"
    assert [(s["match_id"], s["seat"], s["name"]) for s in body["seats"]] == [(match_id, 0, "Ada")]
    assert "hash" not in data.text and token not in data.text
    _error(browser.http.delete("/api/me"), 403, "auth/csrf")
    gone = browser.http.delete("/api/me", headers={"X-CSRF-Token": browser.csrf})
    assert gone.status_code == 200 and gone.json() == {"matches": 1}
    assert _rows(db_url, profiles) == [] and _rows(db_url, sessions) == []
    seat = browser.api.match(match_id)["seats"][0]
    assert seat["former"] is True and seat["name"] is None and seat["taken"] is True
    assert browser.me()["profile"]["kept"] is False  # a new guest


def test_the_openapi_page_lists_the_account_calls(server: ServerThread) -> None:
    schema = httpx.get(f"{server.base}/openapi.json").json()
    assert {"/api/me", "/api/me/matches", "/api/me/link", "/api/me/signin", "/api/me/login",
            "/api/me/password", "/api/me/signout", "/api/me/signout-everywhere",
            "/api/me/data", "/api/me/terminal-token"} <= set(schema["paths"])
    assert set(schema["paths"]["/api/me"]) == {"get", "patch", "delete"}
    assert "/account" not in schema["paths"]  # a page, not a call


def test_sign_out_and_sign_out_everywhere(
        server: ServerThread, browsers: list[Browser], mail: Mail) -> None:
    one, two, three = browsers
    one.me()
    assert one.post("/api/me/link", {"email": "cy@example.org"}).status_code == 200
    assert one.post("/api/me/link", {"email": "cy@example.org"}).status_code == 200
    two.me()
    three.me()
    for browser, index in ((two, 0), (three, 1)):
        _, token = mail.link(index)
        browser.csrf = browser.post("/api/me/signin", {"token": token}).json()["csrf"]
    assert two.post("/api/me/signout").status_code == 200
    assert two.me()["profile"]["kept"] is False  # signed out: a guest again
    assert three.post("/api/me/signout-everywhere").json()["sessions_ended"] == 2
    assert one.me()["profile"]["kept"] is False
    assert three.me()["profile"]["kept"] is False


def test_a_password_signs_in_once_the_profile_is_kept(
        server: ServerThread, browsers: list[Browser], mail: Mail) -> None:
    one, two, _ = browsers
    one.me()
    refused = one.http.put("/api/me/password", json={"password": "long enough secret"},
                           headers={"X-CSRF-Token": one.csrf})
    assert "e-mail address first" in _error(refused, 422, "action/illegal")
    assert one.post("/api/me/link", {"email": "pw@example.org"}).status_code == 200
    _, token = mail.link(0)
    one.csrf = one.post("/api/me/signin", {"token": token}).json()["csrf"]
    short = one.http.put("/api/me/password", json={"password": "short"},
                         headers={"X-CSRF-Token": one.csrf})
    assert "at least 10" in _error(short, 422, "message/malformed")
    done = one.http.put("/api/me/password", json={"password": "long enough secret"},
                        headers={"X-CSRF-Token": one.csrf})
    assert done.json()["profile"]["password"] is True
    two.me()
    wrong = two.post("/api/me/login", {"email": "pw@example.org", "password": "wrong!wrong!"})
    unknown = two.post("/api/me/login", {"email": "no@example.org", "password": "wrong!wrong!"})
    assert _error(wrong, 400, "auth/bad_link") == _error(unknown, 400, "auth/bad_link")
    right = two.post("/api/me/login", {"email": "PW@example.org",
                                       "password": "long enough secret"})
    assert right.json()["profile"]["email"] == "pw@example.org"


def test_password_hashing_never_holds_up_the_event_loop(
        server: ServerThread, browsers: list[Browser]) -> None:
    """argon2 takes a good fraction of a second by design; on the event loop it held up
    every request (and every move) of the process meanwhile."""
    browser = browsers[0]
    browser.me()
    took: list[float] = []

    def sign_in() -> None:
        started = time.perf_counter()
        browser.post("/api/me/login", {"email": "x@example.org", "password": "0123456789"})
        took.append(time.perf_counter() - started)

    thread = threading.Thread(target=sign_in)
    answered = 0
    with httpx.Client(base_url=server.base) as probe:
        probe.get("/api/health")
        thread.start()
        while thread.is_alive():
            probe.get("/api/health")
            answered += 1
    thread.join()
    # Counted, not timed (a loaded machine stretches every figure alike): a hash on the
    # event loop let at most the one request waiting behind it through meanwhile.
    assert answered >= 20, (answered, took)


def test_a_profile_merged_away_mid_request_is_told_to_reload_not_a_500(
        tmp_path: Any) -> None:
    """Regression: the account page asked for its vacation while the sign-in link on the
    same page merged its guest into the kept profile; the guest's row was gone between the
    session's lookup and the read, and the server answered 500."""
    from camelcade.server.accounts import vacation
    from camelcade.server.db import make_engine, migrate
    from camelcade.server.protocol import ProtocolError

    engine = make_engine(Settings(database_url=f"sqlite:///{tmp_path / 'gone.db'}"))
    migrate(engine)
    for read in (lambda: vacation.vacation_of(engine, "gone", time.time(), 30),
                 lambda: vacation.begin(engine, "gone", 3, time.time(), 30),
                 lambda: vacation.end(engine, "gone", time.time(), 30)):
        with pytest.raises(ProtocolError, match="reload the page") as caught:
            read()
        assert caught.value.code.value == "auth/required"
    engine.dispose()
