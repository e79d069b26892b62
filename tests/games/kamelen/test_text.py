"""Plain-language text: every animal by square, and what each move does and captures."""

from __future__ import annotations

from tests.games.kamelen.helpers import game, position

BACKGROUND = {"a2": "C", "k10": "c"}


def test_describe_lists_every_animal_by_square() -> None:
    text = game().new_state().describe()
    assert "It is South's turn." in text
    assert ("South: 8 camels on b2, c2, d2, e2, g2, h2, i2, j2 (4 able to reach f11: c2, e2, "
            "g2, i2); 10 dromedaries on b1, d1, h1, j1, a3, c3, e3, g3, i3, k3.") in text
    assert "North: 8 camels on b10, c10, d10, e10, g10, h10, i10, j10" in text
    assert "Rocks: a6, c6, e6, g6, i6, k6." in text
    assert "Home fields: South f1 (light), North f11 (light)." in text


def test_describe_marks_the_seat_asking() -> None:
    assert "It is South (you)'s turn." in game().new_state().describe(0)
    assert "North (you): 8 camels" in game().new_state().describe(1)


def test_describe_action_says_what_moves_where() -> None:
    state = game().new_state()
    assert state.describe_action("b2-c5") == "South moves the camel from b2 to c5."
    assert state.describe_action("a3-d5") == "South moves the dromedary from a3 to d5."


def test_describe_action_says_what_was_captured() -> None:
    state = position({"d4": "C", "c7": "d", "e7": "c", "i7": "D", "c10": "c", "g10": "c",
                      **BACKGROUND})
    assert state.describe_action("d4-c7") == \
        "South moves the camel from d4 to c7, capturing North's dromedary."
    assert state.describe_action("d4-e7") == \
        "South moves the camel from d4 to e7, capturing North's camel."  # e7: dark
    assert state.describe_action("i7-k10") == (
        "South moves the dromedary from i7 to k10, capturing North's camel (one of the camels "
        "able to reach f1; 2 left).")


def test_describe_action_announces_the_wins() -> None:
    state = position({"e8": "C", **BACKGROUND})
    assert state.describe_action("e8-f11") == (
        "South moves the camel from e8 to f11. South's camel reached North's home field f11."
        " South wins double: 2 points.")
    state = position({"i7": "D", **BACKGROUND})
    assert state.describe_action("i7-k10").endswith(
        "North has no camel left that can reach f1. South wins: 1 point.")


def test_describe_action_announces_draws_and_passes() -> None:
    state = game(no_capture_limit=1).new_state()
    assert state.describe_action("b2-c5").endswith(
        "1 ply without a capture. The game is drawn: half a point each.")
    from tests.games.kamelen.test_rules import STUCK

    stuck = game().state_from_position(STUCK + " s 0 0")
    assert stuck.describe_action("pass") == "South has no legal move and passes."
    stuck.apply("pass")
    assert "two passes in a row" in stuck.describe_action("pass")


def test_describe_after_the_end_says_who_won() -> None:
    state = position({"e8": "C", **BACKGROUND})
    state.apply("e8-f11")
    first = state.describe().splitlines()[0]
    assert first == ("Kamelen on the 11x11 board. The game is over: South's camel reached "
                     "North's home field f11. South wins double: 2 points.")


def test_describe_counts_repetitions() -> None:
    state = game().new_state()
    for text in ["a3-d5", "a9-d7", "d5-a3", "d7-a9"]:
        state.apply(text)
    assert "This position has now occurred 2 times (a third time draws)." in state.describe()
