"""Each of the five games played to the end in the browser against bots, from the action
list (their boards come later: the text view and the list are enough to play)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from tests.web.play import create_match, play_to_end_from_list
from tests.web.support import RESULT_OPENINGS, audit, screenshot

pytestmark = pytest.mark.browser

RANDOM_TURNS = {"caravan": 12}
"""Caravan lasts some 1,000 random decisions a seat; after a dozen the person passes."""
GAMES: dict[str, tuple[list[str], dict[str, Any]]] = {
    "a-dos-de-chameau": (["me", "bot:@easy"], {}),
    "camel-drive": (["me", "bot:@easy"], {"target_score": 5, "track_length": 8}),
    "camel-up": (["me", "bot:@easy", "bot:@easy"], {}),
    "caravan": (["me", "bot:@easy"], {}),
    "kamelen": (["me", "bot:@easy"], {"no_capture_limit": 20}),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_match_from_the_action_list(new_page: Any, game: str) -> None:
    seats, options = GAMES[game]
    page = new_page()
    create_match(page, game, seats, options)
    page.wait_for_function("() => document.querySelector('#status').textContent !== ''")
    audit(page, f"{game} at the start")
    tree = page.locator("#position").aria_snapshot()
    for line in page.locator("#position").inner_text().splitlines():
        assert line.strip() in tree, f"the accessibility tree lacks {line!r}"
    screenshot(page, f"{game}-start")
    started = time.monotonic()
    turns = play_to_end_from_list(page, random.Random(11), random_turns=RANDOM_TURNS.get(game))
    assert turns > 0
    assert page.locator("#result").inner_text().startswith(RESULT_OPENINGS)
    assert page.locator("#said li").last.inner_text()  # the end was said
    audit(page, f"{game} finished")
    screenshot(page, f"{game}-finished")
    print(f"{game}: {turns} turns in {time.monotonic() - started:.1f} s")
