"""A terminal's session (issue 28, item 6): an ordinary session row whose token comes as
``Authorization: Bearer``. It reads and writes without a CSRF token (no browser adds that
header by itself), the cookie still needs one, and a token that signs no one in is refused
with 401, never taken for a new guest."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, update

from camelcade.server.auth import hash_token
from camelcade.server.models import profiles, sessions
from camelcade.server.settings import Settings
from tests.server.conftest import FAST_CLIENTS
from tests.server.support import ServerThread
from tests.server.test_accounts import Browser, Mail, _error, _rows
from tests.server.test_accounts import mail as mail  # the SMTP fixture


@pytest.fixture
def db_url(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'camelcade.db'}"


@pytest.fixture
def server(db_url: str, mail: Mail) -> Iterator[ServerThread]:
    settings = Settings(database_url=db_url).with_changes(
        **FAST_CLIENTS, smtp_host="127.0.0.1", smtp_port=mail.port)
    running = ServerThread(settings).start()
    yield running
    running.stop()


@pytest.fixture
def browser(server: ServerThread) -> Iterator[Browser]:
    made = Browser(server)
    yield made
    made.close()


def _terminal_token(browser: Browser) -> dict[str, Any]:
    browser.me()
    made = browser.post("/api/me/terminal-token")
    assert made.status_code == 200, made.text
    data: dict[str, Any] = made.json()
    return data


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_the_account_page_makes_a_terminal_session_that_reads_and_writes_without_csrf(
        server: ServerThread, browser: Browser, db_url: str) -> None:
    made = _terminal_token(browser)
    assert made["command"] == f"camelcade online login --server {server.base}"
    token = made["token"]
    assert token not in str(_rows(db_url, sessions))  # kept as a hash only
    terminal = httpx.Client(base_url=server.base)
    try:
        me = terminal.get("/api/me", headers=_bearer(token))
        assert me.status_code == 200, me.text
        assert me.json()["profile"]["name"] == browser.me()["profile"]["name"]
        assert "set-cookie" not in me.headers  # no guest, no cookie
        created = terminal.post("/api/matches", headers=_bearer(token), json={
            "game": "a-dos-de-chameau", "options": {"players": 2},
            "join": {"seat": 0, "name": "Ada"}})
        assert created.status_code == 201, created.text  # no X-CSRF-Token needed
        match_id = created.json()["match"]["id"]
        renamed = terminal.patch("/api/me", headers=_bearer(token), json={"name": "Term"})
        assert renamed.status_code == 200, renamed.text
    finally:
        terminal.close()
    # The seat is the profile's: the browser finds it.
    mine = browser.http.get("/api/me/matches").json()["matches"]
    assert [(m["match_id"], m["seat"]) for m in mine] == [(match_id, 0)]
    assert browser.me()["profile"]["name"] == "Term"
    assert len(_rows(db_url, profiles)) == 1


def test_cookie_writes_still_need_the_csrf_token(browser: Browser) -> None:
    browser.me()
    refused = browser.http.post("/api/me/terminal-token")
    _error(refused, 403, "auth/csrf")
    refused = browser.http.patch("/api/me", json={"name": "Nope"})
    _error(refused, 403, "auth/csrf")
    assert browser.me()["profile"]["name"] != "Nope"


def test_unknown_expired_and_signed_out_bearer_tokens_get_401_and_no_guest(
        server: ServerThread, browser: Browser, db_url: str) -> None:
    token = _terminal_token(browser)["token"]
    other = _terminal_token(browser)["token"]
    with httpx.Client(base_url=server.base) as terminal:
        message = _error(terminal.get("/api/me", headers=_bearer("made-up")), 401,
                         "auth/bad_token")
        assert "camelcade online login" in message
        assert "set-cookie" not in terminal.get("/api/me", headers=_bearer("x")).headers
        engine = create_engine(db_url)
        try:
            with engine.begin() as conn:  # one session expires
                conn.execute(update(sessions).where(sessions.c.token_hash == hash_token(other))
                             .values(expires_at=time.time() - 1))
        finally:
            engine.dispose()
        _error(terminal.get("/api/me", headers=_bearer(other)), 401, "auth/bad_token")
        _error(terminal.post("/api/matches", headers=_bearer(other), json={
            "game": "a-dos-de-chameau", "options": {"players": 2}}), 401, "auth/bad_token")
        assert terminal.get("/api/me", headers=_bearer(token)).status_code == 200
        ended = browser.post("/api/me/signout-everywhere")
        assert ended.status_code == 200, ended.text
        _error(terminal.get("/api/me/matches", headers=_bearer(token)), 401, "auth/bad_token")
    assert len(_rows(db_url, profiles)) == 1  # no guest was made for any of them


def test_terminal_tokens_are_limited_as_sign_ins(browser: Browser) -> None:
    browser.me()
    codes = [browser.post("/api/me/terminal-token").status_code for _ in range(15)]
    assert codes[0] == 200 and 429 in codes
