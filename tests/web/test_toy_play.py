"""A person plays the toy against a bot: with the mouse on the SVG board, then by keyboard."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.support import audit, screenshot

pytestmark = pytest.mark.browser


def create_toy_match(page: Any, seats: list[str], players: int = 2) -> str:
    """Create a toy match in the lobby with the mouse; returns the match id."""
    page.goto("/")
    page.get_by_label("Game", exact=True).select_option("toy")
    page.get_by_label("Players", exact=True).fill(str(players))
    page.get_by_label("Players", exact=True).dispatch_event("change")
    for index, choice in enumerate(seats):
        page.get_by_label(f"Seat {index + 1}", exact=True).select_option(choice)
    page.get_by_role("button", name="Create the match").click()
    if "open" in seats:
        page.locator("#share-link").wait_for()
        return str(page.locator("#share-link").inner_text().rsplit("/", 1)[1])
    page.wait_for_url("**/match/*")
    return page.url.rsplit("/", 1)[1]


def wait_turn_or_end(page: Any) -> bool:
    """True when it is this page's turn; False once the match is over."""
    page.wait_for_function(
        "() => /^Your turn|^Finished/.test(document.querySelector('#status').textContent)")
    return page.locator("#status").inner_text().startswith("Your turn")


def test_a_whole_toy_match_with_the_mouse(new_page: Any) -> None:
    page = new_page()
    page.goto("/")
    audit(page, "the lobby")
    screenshot(page, "lobby")
    create_toy_match(page, ["me", "bot:@easy"])
    turns = 0
    while wait_turn_or_end(page):
        if turns == 0:
            audit(page, "the toy match on my turn")
            screenshot(page, "toy-my-turn")
        painted = page.evaluate("() => window.__ccLatency.length")
        marker = page.locator("#board-svg .toy-marker").locator("xpath=..")
        marker.click()
        page.locator("#board-svg .cc-target").first.wait_for()
        if turns == 0:
            audit(page, "the toy match with a piece selected")
        page.locator("#board-svg .cc-target").last.click()
        turns += 1
        page.wait_for_function("n => window.__ccLatency.length > n", arg=painted)
    assert turns >= 2
    assert page.locator("#result").inner_text().startswith(("Winner", "Winners"))
    audit(page, "the finished toy match")
    screenshot(page, "toy-finished")
