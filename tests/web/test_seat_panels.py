"""Every seat's panel on the table: its name, whether it is here, whose turn, the clock,
and the game's facts of the seat (score or coins, what it holds as far as this viewer may
see), all on screen at 1280 x 800 during a turn, and never read out as news.

Before, a panel said only "Lena, connected, you, to move": the scores and holdings were on
each game's board alone, and a seat's coins or cards were nowhere in the page's text
outside the grid.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.web.play import choose_from_list, create_match, my_turn
from tests.web.test_real_games import GAMES
from tests.web.test_table import SIZES, assert_on_screen

pytestmark = pytest.mark.browser

PANELS = """() => [...document.querySelectorAll('#seats > li[data-seat]')].map((li) => ({
  seat: Number(li.dataset.seat),
  facts: [...li.querySelectorAll('dl.cc-facts > div')].map((row) =>
    [row.querySelector('dt').textContent, row.querySelector('dd').textContent]),
  live: Boolean(li.closest('[aria-live], [role="log"], [role="status"], [role="alert"]')),
}))"""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_seats_panel_shows_its_facts_on_screen_during_a_turn(new_page: Any, game: str
                                                                  ) -> None:
    viewport = SIZES["laptop"]
    page = new_page(viewport=viewport)
    seats, options = GAMES[game]
    create_match(page, game, seats, options)
    assert my_turn(page)
    choose_from_list(page, random.Random(5))  # a turn in: facts have moved
    assert my_turn(page)
    page.evaluate("() => document.activeElement?.blur()")
    panels = page.evaluate(PANELS)
    assert [p["seat"] for p in panels] == list(range(len(seats)))
    for panel in panels:
        assert panel["facts"], f"{game}: seat {panel['seat']} has no facts"
        assert all(label and value for label, value in panel["facts"]), panel
        assert not panel["live"], "a panel is read once where it stands, never as news"
        assert_on_screen(page, f"#seats > li[data-seat=\"{panel['seat']}\"]", viewport)
    assert page.evaluate("() => window.scrollY") == 0
    # The facts are the same words a screen reader reaches in the panel's list.
    tree = page.locator("#seats").aria_snapshot()
    for label, value in panels[0]["facts"]:
        assert label in tree and value in tree, (label, value, tree)


def test_a_seat_sees_its_own_finish_cards_and_only_a_count_of_the_others(new_page: Any
                                                                         ) -> None:
    page = new_page(viewport=SIZES["laptop"])
    create_match(page, "camel-up", GAMES["camel-up"][0])
    assert my_turn(page)
    facts = {p["seat"]: dict(p["facts"]) for p in page.evaluate(PANELS)}
    assert " and " in facts[0]["finish cards"]  # "Blue, Green, Yellow, Red and Purple"
    for seat in (1, 2):
        assert facts[seat]["finish cards"] == "5 cards", facts[seat]
    assert facts[0]["coins"] == "3"


def test_the_panel_of_the_seat_to_move_shows_its_clock(new_page: Any) -> None:
    """A match with a turn clock: the time left is on the mover's panel, ticking, and on
    no other panel."""
    page = new_page(viewport=SIZES["laptop"])
    create_match(page, "kamelen", GAMES["kamelen"][0], timer=60)
    assert my_turn(page)
    clock = page.locator('#seats > li[data-seat="0"] .cc-seat-clock')
    first = clock.inner_text()
    assert "second" in first or "minute" in first, first
    page.wait_for_function("(was) => document.querySelector("
                           "'#seats > li[data-seat=\"0\"] .cc-seat-clock').textContent !== was",
                           arg=first, timeout=5_000)
    assert page.locator('#seats > li[data-seat="1"] .cc-seat-clock').count() == 0
