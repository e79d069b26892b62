"""Action notation: 'c2-d5', 'c2xd5' accepted, 'pass'; junk raises only ActionSyntaxError."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import camelcade as cc
from camelcade.games.kamelen.actions import PASS, Move
from tests.games.kamelen.helpers import game, position, square

BACKGROUND = {"a2": "C", "k10": "c"}


def test_a_move_is_written_from_dash_to() -> None:
    assert str(Move(square("c2"), square("d5"))) == "c2-d5"
    assert str(PASS) == "pass"


def test_parse_accepts_x_for_captures_and_any_case() -> None:
    state = game().new_state()
    expected = Move(square("b2"), square("c5"))
    for text in ("b2-c5", "b2xc5", "B2-C5", " b2 - c5 ", "b2x c5"):
        assert state.parse_action(text) == expected
    assert state.parse_action("PASS") == PASS


def test_every_legal_action_round_trips_through_its_text() -> None:
    state = game(board="11x13").new_state()
    for action in state.legal_actions():
        assert state.parse_action(str(action)) == action


def test_a_capture_is_written_like_a_move() -> None:
    state = position({"d4": "C", "c7": "d", **BACKGROUND})
    assert "d4-c7" in [str(a) for a in state.legal_actions()]
    state.apply("d4xc7")
    assert [str(a) for a in state.history] == ["d4-c7"]


@pytest.mark.parametrize(("text", "message"), [
    ("a12-b9", "a12 is not a square of the 11x11 board"),
    ("l1-a4", "cannot read"),
    ("a0-b3", "a0 is not a square"),
    ("c2", "cannot read"),
    ("c2-d5-e8", "cannot read"),
])
def test_squares_off_this_board_and_malformed_text_do_not_parse(text: str, message: str
                                                                ) -> None:
    with pytest.raises(cc.ActionSyntaxError, match=message):
        game().new_state().parse_action(text)


def test_a12_parses_on_the_12_rank_board() -> None:
    assert str(game(board="11x12").new_state().parse_action("a12-b9")) == "a12-b9"


@pytest.mark.parametrize(("text", "reason"), [
    ("f2-g5", "there is no animal on f2"),
    ("a6-b9", "a6 holds a rock"),
    ("b10-c7", "North's; it is South's turn"),
    ("b2-b5", "b2 to b5 is not such a move"),
    ("b1-d4", r"blocked: an animal may not pass c2 \(South's camel\)"),
    ("a3-c6", "c6 holds a rock"),
    ("b2-a1", "not such a move"),
    ("pass", "may not pass"),
])
def test_illegal_moves_say_why(text: str, reason: str) -> None:
    with pytest.raises(cc.IllegalActionError, match=reason):
        game().new_state().apply(text)


def test_landing_on_an_own_animal_says_so() -> None:
    state = position({"d4": "C", "c7": "D", **BACKGROUND})
    with pytest.raises(cc.IllegalActionError, match="South's own dromedary"):
        state.apply("d4-c7")


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=20))
def test_junk_action_text_raises_only_action_syntax_error(junk: str) -> None:
    state = game().new_state()
    try:
        action = state.parse_action(junk)
    except cc.ActionSyntaxError:
        return
    assert state.parse_action(str(action)) == action


@settings(max_examples=200, deadline=None)
@given(st.sampled_from("abcdefghijkl"), st.integers(0, 14), st.sampled_from("-x"),
       st.sampled_from("abcdefghijkl"), st.integers(0, 14))
def test_square_pairs_parse_exactly_when_both_are_on_the_board(
        f1: str, r1: int, sep: str, f2: str, r2: int) -> None:
    state = game().new_state()
    text = f"{f1}{r1}{sep}{f2}{r2}"
    on_board = all(f != "l" and 1 <= r <= 11 for f, r in ((f1, r1), (f2, r2)))
    try:
        action = state.parse_action(text)
    except cc.ActionSyntaxError:
        assert not on_board
        return
    assert on_board and str(action) == f"{f1}{r1}-{f2}{r2}"
