"""Fixtures of the browser tests: one server process with the toy plugged in, chromium."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.support import ServerProcess
from tests.web.support import CHROMIUM, KILLS, LAUNCH_ARGS, chromium_watchdog, missing

FAST = {
    "CAMELCADE_PLUGINS": "tests.toygame.plugin",
    "CAMELCADE_SERVER_RATE_PER_SECOND": "1000", "CAMELCADE_SERVER_RATE_BURST": "1000",
    "CAMELCADE_SERVER_HTTP_RATE_PER_SECOND": "1000", "CAMELCADE_SERVER_HTTP_RATE_BURST": "1000",
}


AXE_MATRIX = "CAMELCADE_AXE_MATRIX"
"""Set to 1 to run the tests marked ``axe_matrix`` (``make axe``); without it they are
deselected, and pytest's summary counts them."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out the ``axe_matrix`` tests unless ``CAMELCADE_AXE_MATRIX=1``: the Latin
    square of every state, size, scheme and language takes minutes (``make axe`` runs it)."""
    if os.environ.get(AXE_MATRIX) == "1":
        return
    left = [item for item in items if item.get_closest_marker("axe_matrix")]
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = [item for item in items if not item.get_closest_marker("axe_matrix")]


def start_server(tmp: Path, **env: str) -> ServerProcess:
    return ServerProcess(str(tmp / "web.db"), env={**FAST, **env},
                         log=tmp / "server.log").start()


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    server = start_server(tmp_path_factory.mktemp("web"), CAMELCADE_SERVER_BOT_DELAY="0.05")
    yield server
    server.stop()


class Chromium:
    """One chromium for the session, launched again if it went away (killed by the
    watchdog after a hang), so one wedged browser fails one test, not every one after."""

    def __init__(self, playwright: Any) -> None:
        self.playwright = playwright
        self.launched: Any = None
        self.kills_at_launch = KILLS[0]

    def gone(self) -> bool:
        return (self.launched is None or self.kills_at_launch != KILLS[0]
                or not self.launched.is_connected())

    def current(self) -> Any:
        if self.gone():
            self.kills_at_launch = KILLS[0]
            self.launched = self.playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                            args=LAUNCH_ARGS)
        return self.launched

    def close(self) -> None:
        if not self.gone():
            with chromium_watchdog():
                self.launched.close()


@pytest.fixture(scope="session")
def chromium() -> Iterator[Chromium]:
    if not CHROMIUM.is_file():
        missing(f"no browser at {CHROMIUM} (apt-get install -y chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("playwright is not installed (pip install -e '.[dev]')")
    with sync_playwright() as playwright:
        holder = Chromium(playwright)
        yield holder
        holder.close()


@pytest.fixture
def browser(chromium: Chromium) -> Any:
    return chromium.current()


NETWORK_NOISE = ("WebSocket connection to",
                 "Failed to load resource: the server responded with a status of 503")
"""The browser's own log of a refused connection (a restarting server) or of a refusal the
page shows (503: the host closed the lobby), not a script error."""


class PageErrors:
    """JavaScript errors a page raised: any is a failed test."""

    def __init__(self) -> None:
        self.errors: list[str] = []


@pytest.fixture
def new_page(browser: Any, web_server: ServerProcess) -> Iterator[Any]:
    """``new_page()`` opens a page in a fresh browser context (a person's own browser)."""
    contexts: list[Any] = []
    errors = PageErrors()

    def make(**options: Any) -> Any:
        options.setdefault("base_url", web_server.base)
        with chromium_watchdog(closing=False):  # neither call has a timeout of its own
            context = browser.new_context(**options)
            contexts.append(context)
            page = context.new_page()
        page.on("pageerror", lambda error: errors.errors.append(str(error)))
        page.on("console", lambda m: m.type == "error" and not m.text.startswith(
            NETWORK_NOISE) and errors.errors.append(m.text))
        page.set_default_timeout(15_000)
        return page

    yield make
    for context in contexts:
        with chromium_watchdog():
            context.close()
    assert not errors.errors, f"errors in the page: {errors.errors}"
