"""The other pages in a browser: replay viewer, rules, the offline API page, my games;
reconnecting; reflow at 200 % zoom; and the time from acknowledgement to repaint."""

from __future__ import annotations

import json
import os
import random
import statistics
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.conftest import start_server
from tests.web.play import (
    choose_from_list,
    create_match,
    my_turn,
    play_to_end_from_list,
    toy_after_one_move,
)
from tests.web.support import ARTIFACTS, RESULT_OPENINGS, audit, open_lobby, screenshot, write_json

pytestmark = pytest.mark.browser
LATENCY_FILE = Path(os.environ.get("CAMELCADE_WEB_LATENCY_FILE",
                                   str(ARTIFACTS / "web_latency.json")))
"""An artifact of every test run; ``make bench`` (benchmarks/bench_web.py) points it at
``benchmarks/results/web_latency.json``, so a test run never edits a tracked file."""
FRAME_FLOOR = """async () => { const out = [];
  for (let i = 0; i < 30; i++) out.push(await new Promise((done) => setTimeout(() => {
    const t = performance.now();
    requestAnimationFrame(() => setTimeout(() => done(performance.now() - t), 0));
  }, Math.random() * 17)));
  return out; }"""


def finished_toy_match(page: Any, seed: int = 1) -> str:
    match_id = create_match(page, "toy", ["me", "bot:@easy"])
    play_to_end_from_list(page, random.Random(seed))
    return match_id


def test_the_replay_viewer_steps_jumps_and_plays(new_page: Any, tmp_path: Path) -> None:
    page = new_page()
    match_id = finished_toy_match(page)
    page.get_by_role("link", name="Replay this match").click()
    page.locator("#viewer").wait_for()
    assert page.locator("#step").inner_text().startswith("Start of the match, step 0 of")
    assert page.locator("#position").inner_text().startswith("Total 0")
    audit(page, "the replay viewer")
    page.get_by_role("button", name="Forward", exact=True).click()
    assert page.locator("#step").inner_text() == (
        f"Step 1 of {page.locator('#jump').get_attribute('max')}: North is dealt a secret.")
    page.get_by_role("button", name="Last", exact=True).click()
    last = page.locator("#position").inner_text()
    assert "secret is" not in last  # a replay is what a spectator saw
    page.get_by_role("button", name="First", exact=True).click()
    page.get_by_role("button", name="Play", exact=True).click()
    page.wait_for_function("() => document.querySelector('#jump').value === '2'")
    page.get_by_role("button", name="Pause", exact=True).click()
    screenshot(page, "toy-replay")
    record = page.request.get(f"/api/matches/{match_id}/record").json()
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    viewer = new_page()
    viewer.goto("/replay")
    audit(viewer, "the replay page")
    viewer.get_by_label("A record file").set_input_files(str(path))
    viewer.locator("#viewer").wait_for()
    viewer.get_by_role("button", name="Last", exact=True).click()
    assert viewer.locator("#position").inner_text() == last
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    other = new_page()
    other.goto("/replay")
    other.get_by_label("A record file").set_input_files(str(bad))
    expect(other.locator("#replay-error")).to_have_text("This file is not JSON.")


def test_the_rules_page_and_the_api_page_load_nothing_from_outside(new_page: Any) -> None:
    page = new_page()
    outside: list[str] = []

    def guard(route: Any) -> None:
        url = route.request.url
        if url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:")):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    page.route("**/*", guard)
    page.goto("/rules/a-dos-de-chameau/developer")
    assert page.locator("h1").inner_text() == "A dos de Chameau"
    assert page.get_by_role("heading", name="Notation").count() >= 1
    audit(page, "a rules page")
    page.goto("/docs")
    page.locator(".swagger-ui .information-container").wait_for()
    assert page.get_by_text("camelcade server").first.is_visible()
    page.goto("/")
    page.locator("#games li").first.wait_for()
    assert outside == []


def test_my_games_lists_my_turn_first(new_page: Any) -> None:
    page = new_page()
    waiting = create_match(page, "toy", ["me", "open"])
    mine = create_match(page, "toy", ["me", "bot:@easy"])
    assert my_turn(page)
    page.goto("/my")
    page.locator("#my-turn a").first.wait_for()
    turn = page.locator("#my-turn a").first
    assert turn.get_attribute("href") == f"/match/{mine}"
    assert "waiting for players" in page.locator("#my-wait").inner_text()
    assert page.locator(f"#my-wait a[href='/match/{waiting}']").count() == 1
    audit(page, "my games")
    screenshot(page, "my-games")


def test_a_server_restart_mid_game_reconnects_and_resyncs(new_page: Any,
                                                         tmp_path: Path) -> None:
    """The server dies mid-game (SIGKILL) and comes back on the same port: the page says
    the connection was lost, reconnects with backoff, resyncs and plays on to the end."""
    server = start_server(tmp_path)
    try:
        page = new_page(base_url=server.base)
        rng = toy_after_one_move(page, target=14, seed=2)
        position = page.locator("#position").inner_text()
        server.kill()
        page.wait_for_function("() => [...document.querySelectorAll('#said li')].some("
                               "li => li.textContent.startsWith('Connection lost'))")
        server.start()
        page.wait_for_function("() => [...document.querySelectorAll('#said li')].some("
                               "li => li.textContent === 'Reconnected.')", timeout=30_000)
        assert my_turn(page)
        assert page.locator("#position").inner_text() == position
        while my_turn(page):
            choose_from_list(page, rng)
        assert page.locator("#result").inner_text().startswith(RESULT_OPENINGS)
    finally:
        server.stop()


@pytest.mark.parametrize(("width", "name"), [(640, "200 % zoom"), (360, "a phone")])
def test_the_match_page_reflows_without_sideways_scrolling(new_page: Any, width: int,
                                                          name: str) -> None:
    page = new_page(viewport={"width": width, "height": 700})
    create_match(page, "toy", ["me", "bot:@easy"], options={"target": 20})
    assert my_turn(page)
    overflow = page.evaluate("() => document.documentElement.scrollWidth - "
                             "document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px at {name}"
    screenshot(page, f"toy-{width}px")


def test_dark_mode_and_reduced_motion_pass_the_audit_too(new_page: Any) -> None:
    page = new_page(color_scheme="dark", reduced_motion="reduce")
    page.goto("/")
    page.locator("#games li").first.wait_for()
    audit(page, "the lobby in dark mode")
    create_match(page, "toy", ["me", "bot:@easy"])
    assert my_turn(page)
    audit(page, "the toy match in dark mode")
    screenshot(page, "toy-dark")


def test_latency_from_acknowledgement_to_repaint(new_page: Any) -> None:
    """Measured in the browser and written to ``LATENCY_FILE`` (no assert on time: the
    figure is recorded, as every benchmark here)."""
    page = new_page()
    create_match(page, "toy", ["me", "bot:@easy"], options={"target": 20})
    rng = random.Random(4)
    samples: list[dict[str, Any]] = []
    for _round in range(3):
        while my_turn(page):
            choose_from_list(page, rng)
        samples += page.evaluate("() => window.__ccLatency")
        page.get_by_role("button", name="Rematch").click()
        page.wait_for_function("() => window.__ccLatency.length === 0 || "
                               "document.querySelector('#result').textContent === ''")
    floor = sorted(page.evaluate(FRAME_FLOOR))
    own = [s for s in samples if s["send_to_ack_ms"] is not None]
    paint = sorted(s["ack_to_paint_ms"] for s in samples)
    render = sorted(s["render_ms"] for s in samples)
    trip = sorted(s["send_to_ack_ms"] for s in own)

    def stats(values: list[float]) -> dict[str, float]:
        def pct(q: float) -> float:
            return round(values[min(len(values) - 1, int(q * len(values)))], 2)
        return {"p50": pct(0.5), "p90": pct(0.9), "max": pct(1.0),
                "mean": round(statistics.fmean(values), 2), "samples": len(values)}

    write_json(LATENCY_FILE, {
        "what": "web app, toy game against a bot, headless chromium, performance.now(): "
                "ack_to_paint = from a state message's arrival (the server's acknowledgement) "
                "to the frame painted after it was rendered; render = the synchronous render "
                "of the whole page for it; send_to_ack = from sending an action to its "
                "acknowledgement (server on the same machine); frame_floor = the baseline of "
                "the same run: from an empty task to the next painted frame, the wait for a "
                "frame that every repaint pays",
        "browser": page.context.browser.version,
        "ack_to_paint_ms": stats(paint),
        "render_ms": stats(render),
        "send_to_ack_ms": stats(trip),
        "frame_floor_ms": stats(floor),
    })
    assert len(paint) >= 10


def test_a_reloaded_lobby_lists_a_match_created_elsewhere(new_page: Any) -> None:
    """The outside review's stale lobby: a reload after a match was created in another
    browser showed the old list (the API's answers carried no ``Cache-Control``)."""
    page = new_page()
    open_lobby(page)
    page.locator("#matches").wait_for(state="attached")
    other = new_page()
    created = other.request.post("/api/matches", data={
        "game": "kamelen", "options": {"players": 2}}).json()["match"]["id"]
    assert created not in page.locator("#matches").inner_html()
    page.wait_for_timeout(1_100)  # past the server's own lobby cache (lobby_cache_seconds)
    page.reload()
    page.locator(f"#matches a[href*='{created}']").first.wait_for(state="attached")
