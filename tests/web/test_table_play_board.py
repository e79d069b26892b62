"""Whole matches of Kamelen and Caravan on the board and the action bar alone (issue 26,
item 2): every move a click on the board (the piece, then a lit target) or a kind in the
bar (Pass, End your turn), never the legal-move list, which the test only reads; Kamelen
once more on a phone, where the board pans in its frame.

Before, both games' whole-match tests passed and picked up from the folded list: Kamelen's
pass was a list button, Caravan's pick-ups and turn ends too.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.web.play import ANSWERED, create_match, my_turn
from tests.web.test_kamelen import OPTIONS, on_board
from tests.web.test_table import SIZES
from tests.web.test_table_play import COUNT_CLICKS, bar_play, finished, kinds, legal, shown

pytestmark = pytest.mark.browser

ANSWERED_OR_OFFERED = f"""([sid, refusals]) => ({ANSWERED})([sid, refusals])
  || document.querySelector('#choice-popup') || document.querySelector('#board-svg .cc-target')"""
"""A click was answered: the move played or refused, a popup offered, or targets lit."""


def click_path(page: Any, cells: list[str], rng: random.Random) -> bool:
    """Click the cells of a move in order; a popup offered on the way is answered by one
    of its choices (what the click may mean there). A move that ends where a piece's
    other moves start (Caravan's pick-up by the camel there) is its cell clicked again,
    as the page says ("Select b3 again for pick b3"). False if nothing was played."""
    before = shown(page)
    for cell in cells:
        target = (on_board(page, cell) if page.locator(".cc-board-kamelen").count()
                  else page.locator(f'#board-svg [data-cell="{cell}"]'))
        target.click()
        page.wait_for_function(ANSWERED_OR_OFFERED, arg=before)
        choices = page.locator("#choice-popup .cc-popup-choice")
        if choices.count():
            choices.nth(rng.randrange(choices.count())).click()
            break
        if page.evaluate(ANSWERED, before):
            break
    else:
        if not page.evaluate(ANSWERED, before):
            said = page.locator("#said li").last.inner_text()
            if " again for " not in said:
                page.keyboard.press("Escape")
                return False
            (on_board(page, cells[-1]) if page.locator(".cc-board-kamelen").count()
             else page.locator(f'#board-svg [data-cell="{cells[-1]}"]')).click()
            page.wait_for_function(f"""([sid, refusals]) => ({ANSWERED})([sid, refusals])
              || document.querySelector('#choice-popup')""", arg=before)
            choices = page.locator("#choice-popup .cc-popup-choice")
            if choices.count():
                choices.nth(rng.randrange(choices.count())).click()
    page.wait_for_function(ANSWERED, arg=before)
    return True


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_kamelen_whole_match_on_the_board_and_the_bar(new_page: Any, size: str) -> None:
    page = new_page(viewport=SIZES[size])
    create_match(page, "kamelen", ["me", "bot:@easy"], OPTIONS)
    page.evaluate(COUNT_CLICKS)
    rng = random.Random(12)
    turns = passes = 0
    while my_turn(page, timeout=60_000):
        moves = legal(page)
        if moves == ["pass"]:
            assert "Pass" in kinds(page)
            before = shown(page)
            bar_play(page, "Pass", rng)
            page.wait_for_function(ANSWERED, arg=before)
            passes += 1
        else:
            assert click_path(page, rng.choice(moves).split("-"), rng)
        turns += 1
        assert turns < 300, "the match did not end"
    finished(page, turns)
    assert page.evaluate("() => window.__clicks") >= 2 * (turns - passes)


def caravan_cells(move: str) -> list[str]:
    """The cells of a Caravan move from its notation: ``camel d4`` (from the supply),
    ``camel a1-b2``, ``pick c3``; [] for one without a square."""
    word, _, rest = move.partition(" ")
    if word in ("camel", "pick") and rest:
        return rest.split("-")
    return []


def test_caravan_whole_match_on_the_board_and_the_bar(new_page: Any) -> None:
    """Camels placed, moved and picked up by clicks on the map; after a few turns every
    turn is ended from the bar until the quiet rounds end the match."""
    page = new_page(viewport=SIZES["laptop"])
    create_match(page, "caravan", ["me", "bot:@easy"])
    page.evaluate(COUNT_CLICKS)
    rng = random.Random(3)
    turns = on_board = 0
    while my_turn(page, timeout=60_000):
        moves = [m for m in legal(page) if caravan_cells(m)]
        picks = [m for m in moves if m.startswith("pick ")]
        if turns < 8 and moves and click_path(page, caravan_cells(rng.choice(picks or moves)),
                                              rng):
            on_board += 1
        else:
            assert "End your turn" in kinds(page)
            before = shown(page)
            bar_play(page, "End your turn", rng)
            page.wait_for_function(ANSWERED, arg=before)
        turns += 1
        assert turns < 400, "the match did not end"
    finished(page, turns)
    assert on_board >= 6
