"""A person plays in chromium through https:// and wss:// via Caddy in front of two server
processes on PostgreSQL (the compose topology as processes); the process holding their
websocket is killed mid-match, and the page, reconnecting through Caddy, finishes the
match on the other process with nothing lost."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.postgres import fresh_database, postgres_cluster
from tests.server.topology import Topology, running_topology
from tests.web.conftest import Chromium
from tests.web.play import choose_from_list, create_match, my_turn
from tests.web.support import chromium_watchdog, missing

pytestmark = [pytest.mark.browser, pytest.mark.topology]

COUNT_WELCOMES = """window.__welcomes = 0;
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => {
      if (String(event.data).includes('"type":"welcome"')) window.__welcomes += 1;
    });
  }
};"""
"""Counts the websocket welcomes a page receives: a second one is its reconnection."""


@pytest.fixture
def hosted(tmp_path: Path) -> Iterator[Topology]:
    with postgres_cluster() as admin:
        if admin is None:
            missing("PostgreSQL is not installed (apt-get install -y postgresql)")
        assert admin is not None
        with fresh_database(admin) as url, running_topology(
                url, tmp_path, CAMELCADE_PLUGINS="tests.toygame.plugin",
                CAMELCADE_SERVER_BOT_DELAY="0.05") as running:
            yield running


def _holding_the_page(topology: Topology) -> int:
    """Which process has the page's websocket (the one with a connection open)."""
    for index, server in enumerate(topology.servers):
        if httpx.get(server.base + "/api/health", timeout=5).json()["connections"] > 0:
            return index
    raise AssertionError("no process holds the page's websocket")


def test_a_match_in_chromium_through_caddy_survives_a_killed_process(
    chromium: Chromium, hosted: Topology,
) -> None:
    browser = chromium.current()
    with chromium_watchdog(closing=False):
        context = browser.new_context(base_url=hosted.base, ignore_https_errors=True)
        page = context.new_page()
    page.add_init_script(COUNT_WELCOMES)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(20_000)
    try:
        match_id = create_match(page, "toy", ["me", "bot:@easy"], options={"target": 20})
        assert page.url.startswith("https://")
        rng = random.Random(7)
        for _ in range(2):
            assert my_turn(page)
            choose_from_list(page, rng)
        assert my_turn(page)
        shown = int(page.evaluate("() => window.__ccStateId"))
        welcomes = int(page.evaluate("() => window.__welcomes"))
        hosted.servers[_holding_the_page(hosted)].kill()  # mid-match, on my turn
        page.wait_for_function("n => window.__welcomes > n", arg=welcomes)  # reconnected
        page.wait_for_function("sid => window.__ccStateId === sid", arg=shown)  # nothing lost
        turns = 0
        while my_turn(page, timeout=60_000):
            choose_from_list(page, rng)
            turns += 1
            assert turns < 500
        assert page.locator("#result").inner_text().startswith(("Winner", "Winners"))
        answer = httpx.get(f"{hosted.base}/api/matches/{match_id}", verify=hosted.tls)
        assert answer.json()["status"] == "finished"
    finally:
        with chromium_watchdog():
            context.close()
    assert not errors, errors
