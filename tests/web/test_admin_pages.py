"""What players see of the host's ``camelcade admin`` in the browser: a match ended with a
reason says so where the turn was (and takes no more moves), and a closed lobby shows the
host's notice on every page and refuses the create form with it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from camelcade.cli.main import app as cli
from tests.web.conftest import start_server
from tests.web.play import create_match
from tests.web.support import audit

pytestmark = pytest.mark.browser
SEEN = 15_000
"""The SQLite server reads the host's word every 5 s."""


def _admin(db: Path, *args: str) -> None:
    done = CliRunner().invoke(cli, ["admin", *args, "--db", f"sqlite:///{db}"])
    assert done.exit_code == 0, done.output


def test_the_page_tells_a_match_ended_by_the_host_and_the_closed_lobby(
        new_page: Any, tmp_path: Path) -> None:
    server = start_server(tmp_path)
    try:
        page = new_page(base_url=server.base)
        match_id = create_match(page, "toy", ["me", "bot:@easy"])
        page.wait_for_function("() => /Your turn/.test("
                               "document.querySelector('#status').textContent)")
        _admin(tmp_path / "web.db", "end", match_id, "--reason", "Closing for the night.")
        told = "The host ended this match: Closing for the night."
        page.wait_for_function("t => document.querySelector('#status').textContent === t",
                               arg=told, timeout=SEEN)
        assert page.locator("#result").inner_text() == told
        assert page.locator("#actions button").count() == 0
        audit(page, "a match ended by the host")

        _admin(tmp_path / "web.db", "lobby", "close", "Maintenance until 23:00 UTC.")
        notice = page.locator(".cc-host-notice")
        page.wait_for_timeout(6_000)  # a housekeeping round
        page.goto("/")
        assert notice.inner_text() == "The lobby is closed: Maintenance until 23:00 UTC."
        assert notice.get_attribute("role") == "status"
        audit(page, "the lobby with the host's notice")
        page.get_by_label("Game", exact=True).select_option("toy")
        page.get_by_role("button", name="Create the match").click()
        page.get_by_text("No new matches for now: Maintenance until 23:00 UTC.").wait_for()
        page.goto(f"/match/{match_id}")
        assert notice.inner_text().startswith("The lobby is closed")
        # The board module loads after the page; stopping the server under that fetch
        # would be an error of the test, not of the page.
        page.wait_for_function("() => document.querySelector('#board-svg').childElementCount"
                               " > 0")
        page.goto("about:blank")
    finally:
        server.stop()
