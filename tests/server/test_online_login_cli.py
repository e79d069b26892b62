"""``camelcade online login/games/logout`` against a real server (uvicorn, SQLite) and a
real SMTP server (aiosmtpd on 127.0.0.1): the terminal signs in to a profile by the account
page's token or by an e-mailed link, lists its matches your turn first, and signs out. The
saved file is the owner's alone and holds the session token and nothing else."""

from __future__ import annotations

import json
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import typer
from typer.testing import CliRunner

from camelcade.cli.main import app
from camelcade.server.settings import Settings
from tests.server.conftest import FAST_CLIENTS
from tests.server.support import ServerThread
from tests.server.test_accounts import Browser, Mail
from tests.server.test_accounts import mail as mail  # the SMTP fixture


@pytest.fixture
def server(tmp_path: Path, mail: Mail) -> Iterator[ServerThread]:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'camelcade.db'}").with_changes(
        **FAST_CLIENTS, smtp_host="127.0.0.1", smtp_port=mail.port)
    running = ServerThread(settings).start()
    yield running
    running.stop()


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "xdg"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    return home / "camelcade" / "online.json"


@pytest.fixture
def browser(server: ServerThread) -> Iterator[Browser]:
    made = Browser(server)
    yield made
    made.close()


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), input=stdin)
    return result.exit_code, result.output


def _saved(config: Path) -> dict[str, Any]:
    assert stat.S_IMODE(config.stat().st_mode) == 0o600
    data: dict[str, Any] = json.loads(config.read_text())
    return data


def _match(browser: Browser, game: str, seats: list[dict[str, Any]]) -> str:
    created = browser.post("/api/matches", {"game": game, "options": {"players": 2},
                                            "seats": seats, "join": {"seat": 0},
                                            "auto_start": True})
    assert created.status_code == 201, created.text
    return str(created.json()["match"]["id"])


def test_login_by_the_account_pages_token_lists_games_your_turn_first_and_logs_out(
        server: ServerThread, browser: Browser, config: Path) -> None:
    browser.me()
    name = browser.me()["profile"]["name"]
    token = browser.post("/api/me/terminal-token").json()["token"]
    code, out = run("online", "login", "--server", server.base, stdin=token + "\n")
    assert code == 0, out
    assert f"signed in to {server.base} as {name}." in out
    assert token not in out  # hidden input, never printed
    assert _saved(config) == {"servers": {server.base: {"token": token}}}
    # A match finished from the terminal, one waiting for players, one where it is our turn.
    code, out = run("online", "new", "kamelen", "--bots", "kamelen-greedy", "--server",
                    server.base, stdin="1\n" * 4000)
    assert code == 0 and "Game over." in out, out
    waiting = _match(browser, "a-dos-de-chameau", [{"kind": "open"}, {"kind": "open"}])
    ours = _match(browser, "camel-drive", [{"kind": "open"}, {"kind": "bot", "bot": "random"}])
    lines = run("online", "games", "--server", server.base)[1].splitlines()
    assert len(lines) == 3, lines
    assert lines[0].startswith("Your turn: Camel Drive, match " + ours), lines
    assert lines[1].startswith("Waiting for players: ") and waiting in lines[1], lines
    assert lines[2].startswith("Over (finished): Kamelen, match "), lines
    # The seat taken from the terminal is the profile's, in the browser too.
    assert len(browser.http.get("/api/me/matches").json()["matches"]) == 3
    code, out = run("online", "logout", "--server", server.base)
    assert code == 0 and "signed out of" in out, out
    assert _saved(config) == {"servers": {}}
    with httpx.Client(base_url=server.base) as terminal:  # ended on the server too
        answer = terminal.get("/api/me", headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 401
    code, out = run("online", "games", "--server", server.base)
    assert code != 0 and "not signed in" in out, out


def test_a_wrong_token_is_refused_and_nothing_is_saved(
        server: ServerThread, config: Path) -> None:
    code, out = run("online", "login", "--server", server.base, "--token-stdin",
                    stdin="not-a-session\n")
    assert code != 0
    assert "signs no one in" in out and "(auth/bad_token)" in out, out
    assert not config.exists()


def test_login_by_an_emailed_link_keeps_the_profile_and_finds_its_seats(
        server: ServerThread, browser: Browser, mail: Mail, config: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    browser.me()
    match_id = browser.join_new_match()
    assert browser.post("/api/me/link", {"email": "ada@example.org"}).status_code == 200
    _, first = mail.link(0)
    assert browser.post("/api/me/signin", {"token": first}).status_code == 200
    asked: list[tuple[str, bool]] = []

    def paste_when_mailed(prompt: str, hide_input: bool = False) -> str:
        """The person reads the second mail (the terminal's) and pastes its link."""
        asked.append((prompt, hide_input))
        link, _ = mail.link(1)
        return link

    monkeypatch.setattr(typer, "prompt", paste_when_mailed)
    code, out = run("online", "login", "--server", server.base, "--email", "Ada@Example.org")
    assert code == 0, out
    assert "sign-in link is on its way to ada@example.org" in out
    assert asked == [("Paste the link from the mail (or its token)", True)]
    assert f"signed in to {server.base} as {browser.me()['profile']['name']}." in out, out
    saved = _saved(config)
    token = saved["servers"][server.base]["token"]
    assert set(saved) == {"servers"} and set(saved["servers"][server.base]) == {"token"}
    assert token not in out
    with httpx.Client(base_url=server.base) as terminal:
        me = terminal.get("/api/me", headers={"Authorization": f"Bearer {token}"}).json()
    assert me["profile"]["email"] == "ada@example.org"
    lines = run("online", "games", "--server", server.base)[1].splitlines()
    assert any(match_id in line for line in lines), lines
