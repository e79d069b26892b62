"""A screen-reader pass (issue 26, "Done when"): what is heard in one turn of Camel Up and
of Kamelen, from the key press that plays my move to my next turn, recorded by
``tests/web/transcript.py``: my move, every opponent's move, then my turn, last and once,
each said once. ``benchmarks/web_transcript.py`` records the same turn on the page before
a change and after it, for the closing note."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web import transcript
from tests.web.play import ANSWERED, create_match, my_turn
from tests.web.test_table import SIZES

pytestmark = pytest.mark.browser

TURN = "() => window.__ccStateId > {sid} && document.querySelector('#status').textContent" \
       ".startsWith('Your turn')"


def one_turn_by_keys(page: Any, game: str) -> list[str]:
    """My move by keys alone (Camel Up: the bar's first kind, rolling a die; Kamelen: the
    first move typed in the move box), then the opponents', up to my next turn."""
    sid = page.evaluate("() => window.__ccStateId")
    transcript.start(page)
    if game == "camel-up":
        page.locator("#board-grid").evaluate("el => el.querySelector('[tabindex=\"0\"]').focus()")
        page.keyboard.press("Tab")  # from the grid's one tab stop to the action bar
        page.keyboard.press("Enter")
    else:
        notation = page.locator("#act .cc-moves .cc-notation-text").first.text_content()
        page.keyboard.press("x")
        page.keyboard.type(str(notation).strip("()"))
        page.keyboard.press("Enter")
    page.wait_for_function(ANSWERED, arg=[sid, 0])
    page.wait_for_function(TURN.replace("{sid}", str(sid + 1)), timeout=60_000)
    page.wait_for_timeout(900)  # the announcer's last utterance flushed
    return transcript.heard(page)


@pytest.mark.parametrize("game", ["camel-up", "kamelen"])
def test_one_turn_is_heard_in_order_and_once(new_page: Any, game: str) -> None:
    page = new_page(viewport=SIZES["laptop"])
    seats = ["me", "bot:@easy", "bot:@easy"] if game == "camel-up" else ["me", "bot:@easy"]
    create_match(page, game, seats)
    assert my_turn(page)
    heard = one_turn_by_keys(page, game)
    said = [line for line in heard if not line.startswith("focus: ")]
    assert said, heard
    assert said[-1].startswith("assertive: ") and "Your turn" in said[-1], heard
    assert sum("Your turn" in line for line in said) == 1, heard
    assert any(line.split(": ", 1)[1].startswith("You ") for line in said), heard
    others = "Player 2" if game == "camel-up" else "North"
    assert any(others in line for line in said), heard
    assert len(set(said)) == len(said), f"something was said twice: {heard}"
