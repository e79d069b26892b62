"""A person plays the toy against a bot: with the mouse on the SVG board, and by keyboard
alone (not one mouse event), and what a screen reader is told on the way."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.web.play import PAINTED, create_match, my_turn, painted
from tests.web.support import RESULT_OPENINGS, audit, open_lobby, screenshot

pytestmark = pytest.mark.browser

COUNT_MOUSE = """() => { window.__mouse = 0;
  for (const kind of ['mousedown', 'mouseup', 'pointerdown', 'wheel'])
    document.addEventListener(kind, () => { window.__mouse += 1; }, true); }"""


def test_a_whole_toy_match_with_the_mouse(new_page: Any) -> None:
    page = new_page()
    page.goto("/")
    audit(page, "the lobby")
    screenshot(page, "lobby")
    create_match(page, "toy", ["me", "bot:@easy"])
    turns = 0
    while my_turn(page):
        if turns == 0:
            audit(page, "the toy match on my turn")
            screenshot(page, "toy-my-turn")
        before = painted(page)
        page.locator("#board-svg .toy-marker").locator("xpath=..").click()
        page.locator("#board-svg .cc-target").first.wait_for()
        if turns == 0:
            audit(page, "the toy match with a piece selected")
            assert page.locator("#board-grid .cc-selected").inner_text().endswith("(selected)")
        page.locator("#board-svg .cc-target").last.click()
        page.wait_for_function(PAINTED, arg=before)
        turns += 1
    assert turns >= 2
    assert page.locator("#result").inner_text().startswith(RESULT_OPENINGS)
    audit(page, "the finished toy match")
    screenshot(page, "toy-finished")


def focused_text(page: Any) -> str:
    return str(page.evaluate("() => document.activeElement.textContent"))


def press_until(page: Any, key: str, reached: Callable[[], bool], presses: int = 60) -> None:
    """Press ``key`` until ``reached()``; a focus lost on the way fails here, with where the
    focus is, rather than by the suite's five-minute timeout (CI, 2026-12-06)."""
    for _ in range(presses):
        if reached():
            return
        page.keyboard.press(key)
    where = page.evaluate("() => document.activeElement.outerHTML.slice(0, 200)")
    pytest.fail(f"{presses} presses of {key} did not get there; the focus is on {where}; "
                f"status: {page.locator('#status').inner_text()!r}")


def test_a_whole_toy_game_by_keyboard_alone(new_page: Any) -> None:
    """Created, played and finished with key presses only: no mouse event reaches the page."""
    page = new_page()
    open_lobby(page)  # CI, 2026-12-07: an Enter before the games arrived reloaded the lobby
    page.evaluate(COUNT_MOUSE)
    page.locator("#create-game").focus()
    page.keyboard.press("t")  # selects "Toy"
    assert page.locator("#create-game").input_value() == "toy"
    page.keyboard.press("Tab")
    page.keyboard.type("2")
    page.locator("#create-name").focus()
    page.keyboard.type("Kim")
    page.keyboard.press("Enter")  # submits the form
    page.wait_for_url("**/match/*")
    page.evaluate(COUNT_MOUSE)
    ways = ["grid", "typed", "list"]
    turns = 0
    while my_turn(page):
        way = ways[turns % 3]
        before = painted(page)
        if way == "grid":
            page.keyboard.press("g")
            page.keyboard.press("Home")
            press_until(page, "ArrowRight", lambda: "the total" in focused_text(page))
            page.keyboard.press("Enter")
            page.keyboard.press("ArrowRight")
            assert "(target)" in focused_text(page)
            page.keyboard.press("Enter")
        elif way == "typed":
            page.keyboard.press("x")
            page.keyboard.type("add 2")
            page.keyboard.press("Enter")
        else:
            page.keyboard.press("x")
            press_until(page, "Tab", lambda: bool(page.evaluate(
                "() => document.activeElement.classList.contains('cc-move')")))
            page.keyboard.press("Enter")
        page.wait_for_function(PAINTED, arg=before)
        turns += 1
    assert turns >= 2
    page.keyboard.press("l")
    said = page.locator("#said li").all_inner_texts()
    assert any(f"Game over. {opening}" in text for opening in RESULT_OPENINGS
               for text in said), said
    assert page.evaluate("() => window.__mouse") == 0


def test_what_a_screen_reader_is_told_in_one_turn(new_page: Any) -> None:
    """The tree says what the text view says; the live regions say each move and my turn."""
    page = new_page()
    create_match(page, "toy", ["me", "bot:@hard"])
    assert my_turn(page)
    description = page.locator("#position").inner_text()
    tree = page.locator("main").aria_snapshot()
    total = int(re.search(r"Total (\d+)", description)[1])  # type: ignore[index]
    assert f'button "{total}: the total' in tree
    assert f"- paragraph: {description.splitlines()[0]}" in tree
    assert 'heading "Board" [level=2]' in tree and 'heading "Your move" [level=2]' in tree
    assert page.locator("#announce-assertive").inner_text().startswith("Your turn, North.")
    page.keyboard.press("x")
    page.keyboard.type("add 1")
    before = painted(page)
    page.keyboard.press("Enter")
    page.wait_for_function(PAINTED, arg=before)
    assert my_turn(page)
    said = page.locator("#said li").all_inner_texts()
    assert said[-3:-1] == ["North plays add 1. South to move.", "South plays add 2."], said
    assert said[-1].startswith("Your turn, North.")
    page.keyboard.press("l")
    assert page.locator("#said li").last.inner_text() == "South plays add 2."
    page.keyboard.press("l")  # the same text again: still announced (a space toggles)
    polite = page.locator("#announce-polite").inner_text()
    assert polite.strip() == "South plays add 2."
    page.keyboard.press("v")  # brief announcements: the turn in two words
    assert page.locator("#said li").last.inner_text() == "Announcements: brief."
    page.keyboard.press("x")
    page.keyboard.type("add 1")
    before = painted(page)
    page.keyboard.press("Enter")
    page.wait_for_function(PAINTED, arg=before)
    if my_turn(page):
        page.wait_for_function("() => document.querySelector('#said li:last-child')"
                               ".textContent === 'Your turn.'")
    page.keyboard.press("v")
    page.keyboard.press("?")
    assert page.locator("#help").is_visible()
    audit(page, "the key help dialog")
    page.keyboard.press("Escape")
    stored = [item["name"] for origin in page.context.storage_state()["origins"]
              for item in origin["localStorage"]]
    assert "camelcade.seats.v1" in stored  # the seat token lives in storage...
    assert "token" not in page.url and "?" not in page.url  # ...never in the URL
    record_turn(page, tree)


def record_turn(page: Any, tree: str) -> None:
    from tests.web.support import ARTIFACTS

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    said = "\n".join(page.locator("#said li").all_inner_texts())
    (ARTIFACTS / "toy-screen-reader.txt").write_text(
        f"Accessibility tree of <main>:\n{tree}\n\nLive region log:\n{said}\n", encoding="utf-8")
