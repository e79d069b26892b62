"""Browser test helpers: Debian's chromium through Playwright, axe-core from npm, artifacts.

Never ``playwright install``: the browser is Debian's ``/usr/bin/chromium`` and axe-core is
installed from npm at test time into a cache folder git ignores. With ``CI=true`` a missing
browser or npm fails the run instead of skipping it.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import threading
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("CAMELCADE_CHROMIUM", "/usr/bin/chromium"))
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run",
               "--disable-dev-shm-usage"]  # a container's small /dev/shm can wedge chromium
ARTIFACTS = REPO / "tests" / "web" / "artifacts"
RESULT_OPENINGS = ("Winner: ", "Shared first place: ", "Draw between ")
"""How the server words a finished match's result (``core.results.standings_sentence``)."""
AXE_CACHE = REPO / ".cache" / "web-tests"
AXE_VERSION = "4.10"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


CLOSE_SECONDS = 30.0
"""How long opening or closing a context or a browser may take before chromium is killed."""


KILLS = [0]
"""How many times ``kill_chromium`` ran: a browser launched before the last kill is gone
(Playwright may still call it connected for a while)."""


def kill_chromium() -> None:
    """Kill every chromium this test process started (through Playwright's driver)."""
    KILLS[0] += 1
    for child in psutil.Process().children(recursive=True):
        with contextlib.suppress(psutil.Error):
            if child.name().startswith("chromium") or "chromium" in child.exe():
                child.kill()


@contextlib.contextmanager
def chromium_watchdog(seconds: float = CLOSE_SECONDS, *, closing: bool = True
                      ) -> Iterator[None]:
    """Kill chromium if the Playwright calls inside take longer than ``seconds``.

    Chromium now and then never answers Playwright's close (a known upstream hang), and
    opening a context or a page has no timeout either; the call then waits for ever and
    the whole run with it. Killed, the browser is gone and the call returns or raises, so
    the run goes on. A close that fails because the watchdog killed its browser has done
    its job (``closing``); an opening that fails so fails its test.
    """
    fired = threading.Event()

    def kill() -> None:
        fired.set()
        kill_chromium()

    timer = threading.Timer(seconds, kill)
    timer.daemon = True
    timer.start()
    try:
        yield
    except Exception:
        if not (closing and fired.is_set()):
            raise
        warnings.warn(f"chromium did not close within {seconds} s and was killed",
                      stacklevel=3)
    finally:
        timer.cancel()


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def missing(what: str) -> None:
    """Skip on a developer's machine; fail in CI, where the browser tests must run."""
    if in_ci():
        pytest.fail(f"{what}; CI must run the browser tests (see .ci/run)")
    pytest.skip(what)


def axe_script() -> Path:
    """axe-core's script, installed from npm into the (ignored) cache on first use."""
    script = AXE_CACHE / "node_modules" / "axe-core" / "axe.min.js"
    if script.is_file():
        return script
    npm = shutil.which("npm")
    if npm is None:
        missing("npm is not installed (apt-get install -y npm), so axe-core cannot be")
    AXE_CACHE.mkdir(parents=True, exist_ok=True)
    subprocess.run([str(npm), "install", "--no-save", "--no-audit", "--no-fund", "--prefix",
                    str(AXE_CACHE), f"axe-core@~{AXE_VERSION}"], check=True,
                   capture_output=True, timeout=300)
    return script


def audit(page: Any, context: str) -> None:
    """axe-core on the page as it is now; any violation fails, listed with its nodes."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(axe_script()))
    result = page.evaluate("tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})",
                           AXE_TAGS)
    problems = [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + "; ".join(", ".join(n["target"]) for n in v["nodes"][:5])
        for v in result["violations"]
    ]
    assert not problems, f"axe-core in {context}:\n" + "\n".join(problems)


def screenshot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def open_lobby(page: Any) -> None:
    """Open the lobby and wait until its form is ready: the page fills the game chooser from
    ``/api/web/games`` after it loads and only then enables "Create the match", so a key
    pressed before that finds the chooser empty and Enter does nothing."""
    page.goto("/")
    page.wait_for_selector("#create:not([aria-busy]) #create-submit:enabled")
