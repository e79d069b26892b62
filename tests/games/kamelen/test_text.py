"""Kamelen in words: the position and every action as each listener hears them.

The listener is "you" with their own things "your" (South hears "You move your camel",
North hears "South moves its camel"); a spectator hears both sides named. Plurals are
chosen by number, every sentence goes through the translation catalogue, and the end of
the game is told as what happened, why it ended, and the result with its points.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator

import pytest

from camelcade.core import words
from camelcade.core.words import group_repeats, language
from camelcade.games.kamelen import text
from tests.games.kamelen.helpers import game, position
from tests.games.kamelen.test_rules import STUCK

BACKGROUND = {"a2": "C", "k10": "c"}
"""A South camel able to reach f11 and a North one able to reach f1 (else the game is over)."""


def lines(said: str) -> list[str]:
    return said.splitlines()


# -- the position ------------------------------------------------------------------------

def test_the_position_for_the_player_to_move_starts_with_their_turn() -> None:
    told = lines(game().new_state().describe(0))
    assert told == [
        "Your turn, South: move one of your animals.",
        "Your 4 camels that can reach North's home field f11 are on c2, e2, g2 and i2. Your "
        "other 4 camels are on b2, d2, h2 and j2. Your 10 dromedaries are on b1, d1, h1, j1, "
        "a3, c3, e3, g3, i3 and k3.",
        "North's 4 camels that can reach your home field f1 are on c10, e10, g10 and i10. "
        "North's other 4 camels are on b10, d10, h10 and j10. North's 10 dromedaries are on "
        "a9, c9, e9, g9, i9, k9, b11, d11, h11 and j11.",
        "The board is 11 by 11, with rocks on a6, c6, e6, g6, i6 and k6. Your home field is "
        "f1; North's is f11.",
    ]


def test_the_other_seat_hears_its_own_animals_first_and_whose_turn_it_is() -> None:
    told = lines(game().new_state().describe(1))
    assert told[0] == "It is South's turn."
    assert told[1].startswith("Your 4 camels that can reach South's home field f1 are on c10,")
    assert told[2].startswith("South's 4 camels that can reach your home field f11 are on c2,")
    assert told[3].endswith("Your home field is f11; South's is f1.")


def test_a_spectator_hears_both_sides_named() -> None:
    told = game().new_state().describe()
    assert "South's 4 camels that can reach North's home field f11" in told
    assert "North's 4 camels that can reach South's home field f1" in told
    assert told.endswith("Home fields: South f1, North f11.")
    assert "your" not in told.lower() and "you" not in told.lower()


def test_nobody_is_told_in_the_third_person_about_themselves() -> None:
    state = game().new_state()
    state.apply("b2-c5")
    for seat in (0, 1):
        told = state.describe(seat) + state.describe_action("a9-d7", seat)
        assert "(you)" not in told and "Seat" not in told
        assert f"{('South', 'North')[seat]}'s" not in told


def test_one_camel_and_no_dromedary_are_told_in_the_singular() -> None:
    state = position({"e8": "C", "b2": "C", "k10": "c", "c9": "d"})
    told = state.describe(0)
    assert ("Your camel that can reach North's home field f11 is on e8. Your other camel is "
            "on b2. You have no dromedary left.") in told
    assert ("North's camel that can reach your home field f1 is on k10. North's dromedary is "
            "on c9.") in told


def test_camels_that_can_no_longer_win_are_listed_on_their_own() -> None:
    state = position({"e8": "C", "b10": "c", "k10": "c"})
    told = state.describe(0)
    assert ("North's camel that can reach your home field f1 is on k10. North's other camel "
            "is on b10.") in told  # b10 is dark, f1 light: that camel can never reach f1


def test_the_no_capture_clock_is_told_once_it_runs_and_first_when_the_draw_is_near() -> None:
    fresh = game().new_state()
    assert "without a capture" not in fresh.describe(0)
    state = position(BACKGROUND, clock=12)
    assert lines(state.describe(0))[-1].startswith(
        "12 plies without a capture; at 100 the game is drawn. The board is 11 by 11")
    near = position(BACKGROUND, clock=91)
    assert lines(near.describe(0))[1] == "91 plies without a capture; at 100 the game is drawn."
    one = position(BACKGROUND, clock=1, no_capture_limit=5)
    assert "1 ply without a capture; at 5 the game is drawn." in one.describe(0)
    unlimited = position(BACKGROUND, clock=40, no_capture_limit=0)
    assert "without a capture" not in unlimited.describe(0)


def test_a_win_you_can_take_now_is_said_first() -> None:
    state = position({"e8": "C", **BACKGROUND})
    assert lines(state.describe(0))[1] == \
        "You can win now: your camel on e8 can reach North's home field f11."
    assert "can win now" not in state.describe(1)  # it is not North's turn


def test_taking_the_last_camel_that_can_reach_your_home_is_a_win_to_take() -> None:
    state = position({"i7": "D", **BACKGROUND})
    assert ("You can win now: your animal on i7 can take North's last camel that can reach "
            "your home field f1, on k10.") in state.describe(0)


def test_an_enemy_camel_that_can_reach_your_home_next_move_is_a_danger() -> None:
    state = position({"e4": "c", **BACKGROUND})
    assert lines(state.describe(0))[1] == \
        "Danger: North's camel on e4 can reach your home field f1 next move."


def test_your_last_camel_under_attack_is_a_danger() -> None:
    state = position({"a2": "C", "k10": "c", "c10": "c", "c5": "d"})
    assert ("Danger: North's animal on c5 can take your last camel that can reach North's "
            "home field f11, on a2, next move.") in state.describe(0)


def test_a_pass_and_a_repetition_warn_of_the_draw() -> None:
    stuck = game().state_from_position(STUCK + " s 0 0")
    assert lines(stuck.describe(0))[0] == \
        "Your turn, South: you have no legal move, so you pass."
    stuck.apply("pass")
    assert "South has just passed: if you cannot move either, the game is drawn." in \
        stuck.describe(1)
    assert "You have just passed: if North cannot move either, the game is drawn." in \
        stuck.describe(0)
    assert "South has just passed: if North cannot move either" in stuck.describe()
    state = game().new_state()
    for move in ["a3-d5", "a9-d7", "d5-a3", "d7-a9"]:
        state.apply(move)
    assert lines(state.describe(0))[1] == ("This position is on the board for the second "
                                           "time: a third time draws the game.")


def test_the_finished_position_says_why_and_who_won() -> None:
    state = position({"e8": "C", **BACKGROUND})
    state.apply("e8-f11")
    assert lines(state.describe(1))[0] == (
        "The game is over. Home conquest: South's camel stands on your home field f11. "
        "South wins double: 2 points.")
    assert lines(state.describe(0))[0] == (
        "The game is over. Home conquest: your camel stands on North's home field f11. "
        "You win double: 2 points.")


# -- actions -----------------------------------------------------------------------------

def test_a_move_is_told_to_the_mover_the_other_side_and_a_spectator() -> None:
    state = game().new_state()
    assert state.describe_action("b2-c5", 0) == "You move your camel from b2 to c5."
    assert state.describe_action("b2-c5", 1) == "South moves its camel from b2 to c5."
    assert state.describe_action("a3-d5", None) == "South moves its dromedary from a3 to d5."


def test_a_capture_names_the_animal_taken_and_whose_it_was() -> None:
    state = position({"d4": "C", "c7": "d", "e7": "c", "c10": "c", "g10": "c", **BACKGROUND})
    assert state.describe_action("d4-c7", 0) == \
        "You move your camel from d4 to c7 and capture North's dromedary."
    assert state.describe_action("d4-c7", 1) == \
        "South moves its camel from d4 to c7 and captures your dromedary."
    assert state.describe_action("d4-e7", None) == \
        "South moves its camel from d4 to e7 and captures North's camel."  # e7: dark


def test_taking_a_camel_that_could_reach_a_home_says_how_many_are_left() -> None:
    state = position({"i7": "D", "c10": "c", "g10": "c", **BACKGROUND})
    assert state.describe_action("i7-k10", 0) == (
        "You move your dromedary from i7 to k10 and capture North's camel. North has 2 "
        "camels left that can reach your home field f1.")
    assert state.describe_action("i7-k10", 1) == (
        "South moves its dromedary from i7 to k10 and captures your camel. You have 2 "
        "camels left that can reach South's home field f1.")
    one = position({"i7": "D", "c10": "c", **BACKGROUND})
    assert one.describe_action("i7-k10", None).endswith(
        "North has 1 camel left that can reach South's home field f1.")


def test_a_home_conquest_is_told_move_reason_result() -> None:
    state = position({"e8": "C", **BACKGROUND})
    assert lines(state.describe_action("e8-f11", 0)) == [
        "You move your camel from e8 to f11.",
        "Home conquest: your camel stands on North's home field f11.",
        "You win double: 2 points.",
    ]
    assert lines(state.describe_action("e8-f11", 1))[1:] == [
        "Home conquest: South's camel stands on your home field f11.",
        "South wins double: 2 points.",
    ]


def test_a_camel_elimination_is_told_move_reason_result() -> None:
    state = position({"i7": "D", **BACKGROUND})
    assert lines(state.describe_action("i7-k10", 1)) == [
        "South moves its dromedary from i7 to k10 and captures your camel.",
        "Camel elimination: you have no camel left that can reach South's home field f1.",
        "South wins: 1 point.",
    ]
    assert lines(state.describe_action("i7-k10", 0))[1:] == [
        "Camel elimination: North has no camel left that can reach your home field f1.",
        "You win: 1 point.",
    ]


def test_a_conquest_that_also_takes_the_last_camel_says_the_bigger_win_counts() -> None:
    state = position({"e8": "C", "f11": "c", "a2": "C"})
    assert lines(state.describe_action("e8-f11", 0)) == [
        "You move your camel from e8 to f11 and capture North's camel. That was the last "
        "camel able to reach your home field f1, but the home conquest is the bigger win.",
        "Home conquest: your camel stands on North's home field f11.",
        "You win double: 2 points.",
    ]


def test_the_three_draws_are_told_with_half_a_point_each() -> None:
    limited = game(no_capture_limit=1).new_state()
    assert lines(limited.describe_action("b2-c5", 0))[1:] == [
        "No capture in 1 ply: the limit is reached.", "The game is drawn: half a point each."]
    stuck = game().state_from_position(STUCK + " s 0 0")
    assert stuck.describe_action("pass", 0) == "You have no legal move and pass."
    assert stuck.describe_action("pass", 1) == "South has no legal move and passes."
    stuck.apply("pass")
    assert lines(stuck.describe_action("pass", 0)) == [
        "North has no legal move and passes.",
        "Two passes in a row: neither side can move.",
        "The game is drawn: half a point each."]
    state = game().new_state()
    for move in ["a3-d5", "a9-d7", "d5-a3", "d7-a9", "a3-d5", "a9-d7", "d5-a3"]:
        state.apply(move)
    assert lines(state.describe_action("d7-a9"))[1:] == [
        "Threefold repetition: this position is on the board for the third time.",
        "The game is drawn: half a point each."]


def test_no_run_of_equal_sentences_so_nothing_is_counted() -> None:
    state = game().new_state()
    said = []
    for move in ["a3-d5", "a9-d7", "d5-a3", "d7-a9"]:
        said.append(state.describe_action(move, 0))
        state.apply(move)
    assert text.COUNTED == {} and group_repeats(said, text.COUNTED) == said


# -- every word through the catalogue ----------------------------------------------------

class Shouting(gettext.NullTranslations):
    """A pseudo-language: every message upper case, its {placeholders} left as they are."""

    @staticmethod
    def _loud(message: str) -> str:
        return re.sub(r"[^{}]+(?=\{|$)|(?<=\})[^{}]+", lambda m: m[0].upper(), message)

    def gettext(self, message: str) -> str:
        return self._loud(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._loud(singular if n == 1 else plural)


@pytest.fixture
def shouting(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(words, "_loader", lambda code: Shouting())
    monkeypatch.setattr(words, "_CATALOGUES", {})
    with language("xx"):
        yield


def _untranslated(said: str) -> list[str]:
    """Words in lower case: English that did not go through the catalogue (square names
    like c5 and notation like b2-c5 are values, not words)."""
    return [word for word in re.findall(r"[A-Za-z']+", said)
            if word.lower() == word and not re.fullmatch(r"[a-k]", word)]


def test_every_word_of_the_position_and_the_actions_is_translated(shouting: None) -> None:
    state = position({"i7": "D", "e8": "C", "c10": "c", **BACKGROUND}, clock=95)
    said = [state.describe(seat) for seat in (0, 1, None)]
    said += [state.describe_action(action, seat) for action in state.legal_actions()
             for seat in (0, 1, None)]
    stuck = game().state_from_position(STUCK + " s 0 0")
    stuck.apply("pass")
    said += [stuck.describe(1), stuck.describe_action("pass", 1)]
    assert "SOUTH" in said[0]
    for sentence in said:
        assert not _untranslated(sentence), sentence
