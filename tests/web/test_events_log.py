"""The moves log is in words, as the server told each move to this seat, after a reload too.

Before, a reloaded page rebuilt the log from the history's notation ("deal ?", "add 2");
now ``hello`` names state 0 and the server sends every move's sentence worded for this
seat, so the log reads the same before and after.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.play import choose_from_list, my_turn, toy_after_one_move

pytestmark = pytest.mark.browser


def test_the_moves_log_after_a_reload_is_the_same_sentences(new_page: Any) -> None:
    page = new_page()
    rng = toy_after_one_move(page, target=12, seed=3)
    choose_from_list(page, rng)
    assert my_turn(page)
    before = page.locator("#events li").all_inner_texts()
    assert any(re.fullmatch(r"South plays add [12]\.", line) for line in before), before
    page.reload()
    assert my_turn(page)
    after = page.locator("#events li").all_inner_texts()
    assert after == before
    assert re.fullmatch(r"North is dealt [123]\.", after[0]), after  # your own deal, in words
    assert after[1] == "South is dealt a secret."  # another's, as you were told it
    assert not any(re.fullmatch(r"(deal|add) [?\d]", line) for line in after), after
    last = page.evaluate("() => document.querySelector('#events').lastElementChild.textContent")
    assert last == after[-1]
