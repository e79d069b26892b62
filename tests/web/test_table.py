"""The match page is a table: board, players and choices on one screen, at a laptop's size
and a phone's, in light and dark, with the screen reader's document one setting away.

Before, the match page was a document 2,200-3,200 px tall at 1280 x 800 (the board's lower
half below the fold, the text grid and 195 legal moves under it); errors and a lost
connection went only to hidden live regions, and the status still said "Your turn".
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import start_server
from tests.web.play import (
    ANSWERED,
    choose_from_list,
    create_match,
    my_turn,
    open_moves,
    play_to_end_from_list,
    toy_after_one_move,
)
from tests.web.support import audit
from tests.web.test_real_games import GAMES

pytestmark = pytest.mark.browser

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
INSIDE = """(selector) => { const box = document.querySelector(selector).getBoundingClientRect();
  return [box.top, box.bottom, box.left, box.right, box.width, box.height]; }"""
SEATS = {"laptop": "#seats", "phone": "#seats-fold > summary"}
"""The players on screen: every panel on a laptop, the drawer's handle on a phone."""
CHOICES = "#act-fold > summary"
SHOWN = """(selector) => { const el = document.querySelector(selector);
  const box = el.getBoundingClientRect(); const style = getComputedStyle(el);
  return box.width > 40 && box.height > 20 && style.clip !== 'rect(0px, 0px, 0px, 0px)'; }"""


TYPICAL_CELL = """() => { const sizes = [...document.querySelectorAll('#board-svg [data-cell]')]
  .map((el) => { const box = el.getBoundingClientRect(); return Math.min(box.width, box.height); })
  .filter((size) => size > 0).sort((a, b) => a - b);
  return sizes[Math.floor(sizes.length / 2)]; }"""
"""The median size of the board's clickable parts (its spaces, mostly), in CSS pixels."""


def assert_on_screen(page: Any, selector: str, size: dict[str, int]) -> None:
    top, bottom, left, right, width, height = page.evaluate(INSIDE, selector)
    assert width > 0 and height > 0, f"{selector} is not shown"
    assert top >= 0 and left >= 0, f"{selector} starts off screen at ({left}, {top})"
    assert bottom <= size["height"] + 0.5 and right <= size["width"] + 0.5, (
        f"{selector} ends off screen at ({right}, {bottom}) of {size}")


def first_notation(page: Any) -> str:
    text = page.evaluate("() => document.querySelector('#act .cc-moves .cc-notation-text')"
                         ".textContent")
    return str(text).strip("()")


def settings_tab(page: Any) -> None:
    page.locator("#tab-settings").click()


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_board_players_and_choices_on_one_screen(new_page: Any, game: str, size: str) -> None:
    viewport = SIZES[size]
    page = new_page(viewport=viewport)
    seats, options = GAMES[game]
    create_match(page, game, seats, options)
    assert my_turn(page)
    page.wait_for_function("() => document.querySelector('#board-svg').childElementCount > 0")
    assert page.evaluate("() => window.scrollY") == 0
    for selector in ("#board-host", SEATS[size], CHOICES, "#status"):
        assert_on_screen(page, selector, viewport)
    if size == "laptop":
        height = page.evaluate("() => document.documentElement.scrollHeight")
        assert height <= viewport["height"], f"the page is {height} px tall"
    else:
        typical = page.evaluate(TYPICAL_CELL)
        assert typical >= 44, f"a space of the board is {typical:.0f} px on a phone"
    # The text view is in the tree but not on screen; the move list folded.
    assert not page.evaluate(SHOWN, "#board-grid") or page.locator("#board-grid").is_hidden()
    assert not page.evaluate("() => document.querySelector('#act-fold').open")
    # A move played by typing its notation: the page does not jump.
    page.keyboard.press("x")
    page.keyboard.type(first_notation(page))
    scrolled = page.evaluate("() => window.scrollY")
    before = page.evaluate("() => [window.__ccStateId, window.__ccRefusals || 0]")
    page.keyboard.press("Enter")
    page.wait_for_function(ANSWERED, arg=before)
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.scrollY") == scrolled
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        audit(page, f"{game}, {size}, {scheme}, the table")
    settings_tab(page)
    page.get_by_label("Screen reader layout", exact=False).check()
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        audit(page, f"{game}, {size}, {scheme}, the screen reader layout")


def test_the_screen_reader_layout_restores_the_document(new_page: Any) -> None:
    page = new_page(viewport=SIZES["laptop"])
    create_match(page, "camel-up", GAMES["camel-up"][0])
    assert my_turn(page)
    table_tree = page.locator("main").aria_snapshot()
    for heading in ("Game status", "Seats", "Board", "Position", "Your move", "Moves"):
        assert f'heading "{heading}" [level=2]' in table_tree, heading
    assert not page.evaluate(SHOWN, "#position")
    settings_tab(page)
    assert page.get_by_label("Sounds", exact=False).count() == 1  # one switch for every cue
    assert not page.get_by_label("Sounds", exact=False).is_checked()  # off by default
    page.get_by_label("Screen reader layout", exact=False).check()
    page.reload()
    assert my_turn(page)
    assert page.evaluate("() => !document.querySelector('#match').classList.contains('cc-table')")
    for selector in ("#board-grid", "#position", "#act .cc-moves", "#said"):
        assert page.evaluate(SHOWN, selector), f"{selector} is not shown in the document"
    assert page.locator(".cc-tabs").is_hidden()
    assert page.evaluate("() => document.querySelector('#act-fold').open")
    height = page.evaluate("() => document.documentElement.scrollHeight")
    assert height > 1600, f"the document layout is only {height} px tall"
    tree = page.locator("main").aria_snapshot()
    for heading in ("Everything said", "Settings and commands"):
        assert f'heading "{heading}" [level=2]' in tree, heading
    page.get_by_label("Screen reader layout", exact=False).uncheck()
    assert page.evaluate("() => document.querySelector('#match').classList.contains('cc-table')")
    page.get_by_label("Show the board as text").check()
    for selector in ("#board-grid", "#position"):
        assert page.evaluate(SHOWN, selector), f"{selector} is not shown when asked for"


def test_the_text_grid_shows_itself_when_it_has_the_focus(new_page: Any) -> None:
    page = new_page(viewport=SIZES["laptop"])
    create_match(page, "caravan", GAMES["caravan"][0])
    assert my_turn(page)
    assert not page.evaluate(SHOWN, "#board-grid")
    page.keyboard.press("g")
    assert page.evaluate("() => document.activeElement.closest('#board-grid') !== null")
    assert page.evaluate(SHOWN, "#board-grid")
    assert page.evaluate("() => window.scrollY") == 0


def test_a_lost_connection_shows_by_the_board(new_page: Any, tmp_path: Path) -> None:
    server = start_server(tmp_path)
    try:
        page = new_page(base_url=server.base, viewport=SIZES["laptop"])
        toy_after_one_move(page, target=14, seed=2)
        assert page.title().startswith("● Your turn")
        assert page.evaluate("() => document.querySelector('link[rel=icon]').href"
                             ).endswith("favicon-turn.svg")
        server.kill()
        page.wait_for_function("() => !document.querySelector('#notice').hidden")
        assert page.locator("#notice").inner_text().startswith("Connection lost")
        assert page.locator("#notice").is_visible()
        assert_on_screen(page, "#notice", SIZES["laptop"])
        status = page.locator("#status").inner_text()
        assert not status.startswith("Your turn"), status
        assert not page.title().startswith("●")
        open_moves(page)
        page.locator("#act .cc-moves button").first.click()
        page.wait_for_function("() => document.querySelector('#notice').textContent"
                               ".startsWith('Not connected; the move was not sent.')")
        # the socket's next failed retry keeps the unsent move first (it replaced it before)
        page.wait_for_function("() => { const text = document.querySelector('#notice')"
                               ".textContent; return text.startsWith('Not connected; the move "
                               "was not sent. Connection lost; trying again'); }",
                               timeout=30_000)
        server.start()
        page.wait_for_function("() => document.querySelector('#notice').hidden",
                               timeout=30_000)
        assert my_turn(page)
    finally:
        server.stop()


def test_a_refused_move_shows_by_the_board(new_page: Any) -> None:
    page = new_page(viewport=SIZES["laptop"])
    toy_after_one_move(page, target=14, seed=5)
    page.keyboard.press("x")
    page.keyboard.type("add 9")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('#notice').hidden")
    assert page.locator("#notice").is_visible()
    refusal = page.locator("#notice").inner_text()
    assert refusal.startswith("cannot read 'add 9'")
    # one announcer queue: the refusal is said too, within the utterance of the moment
    assert refusal in page.locator("#announce-assertive").inner_text()
    assert page.locator("#status").inner_text().startswith("Your turn")


def test_the_end_shows_the_standings_and_the_logs_stay_at_the_newest(new_page: Any) -> None:
    page = new_page(viewport={"width": 1280, "height": 640})
    create_match(page, "toy", ["me", "bot:@easy"], options={"target": 20})
    play_to_end_from_list(page, random.Random(3))
    standings = page.locator("#result .cc-standings li").all_inner_texts()
    assert sorted(standings) == ["North", "South"] or standings == [
        "North, South (a shared place)"], standings
    for tab in ("#tab-log", "#tab-said"):
        page.locator(tab).click()
        panel = page.locator(tab).get_attribute("aria-controls")
        top, seen, total = page.evaluate(
            "(id) => { const log = document.querySelector(`#${id} .cc-log`);"
            " return [log.scrollTop, log.clientHeight, log.scrollHeight]; }", panel)
        assert total > seen, f"{tab}: the log does not overflow ({total} <= {seen})"
        assert top + seen >= total - 2, f"{tab}: the log shows {top}..{top + seen} of {total}"


def test_the_replay_steps_with_the_arrow_keys(new_page: Any) -> None:
    page = new_page()
    match_id = create_match(page, "toy", ["me", "bot:@easy"], options={"target": 12})
    rng = random.Random(2)
    while my_turn(page):
        choose_from_list(page, rng)
    page.goto(f"/replay/{match_id}")
    page.locator("#viewer").wait_for()
    assert page.locator("#step").inner_text().startswith("Start of the match")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.locator("#step").inner_text().startswith("Step 2 of ")
    page.keyboard.press("ArrowLeft")
    assert page.locator("#step").inner_text().startswith("Step 1 of ")
    page.keyboard.press("End")
    last = page.locator("#jump").get_attribute("max")
    assert page.locator("#step").inner_text().startswith(f"Step {last} of {last}")


def test_the_lobby_fits_a_phone(new_page: Any) -> None:
    page = new_page(viewport={"width": 390, "height": 844})
    page.goto("/")
    page.locator("#games li").first.wait_for()
    for game in sorted(GAMES):
        page.get_by_label("Game", exact=True).select_option(game)
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= 390, f"the lobby is {wide} px wide on a 390 px phone with {game}"
