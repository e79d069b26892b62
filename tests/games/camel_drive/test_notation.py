"""The notation contract of the rules file: texts, round trips, junk refused cleanly."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import camelcade as cc
from camelcade.games.camel_drive.actions import Bet, Card, Draw, Shout, parse

from .helpers import game, play, position

CONTRACT = {
    "draw": Draw(),
    "shout forward": Shout("forward"),
    "shout back": Shout("back"),
    "shout left": Shout("left"),
    "shout right": Shout("right"),
    "bet green": Bet("green"),
    "card 2": Card(2),
}


@pytest.mark.parametrize(("text", "action"), CONTRACT.items())
def test_contract_texts_parse_and_print_back(text: str, action: cc.Action) -> None:
    assert parse(text) == action
    assert str(action) == text
    assert hash(parse(text)) == hash(action)


def test_every_colour_and_card_value_has_a_text() -> None:
    for colour in ("red", "yellow", "green", "blue", "white", "black"):
        assert str(parse(f"bet {colour}")) == f"bet {colour}"
    for value in range(4):
        assert str(parse(f"card {value}")) == f"card {value}"


def test_notation_is_case_and_space_tolerant() -> None:
    state = game().new_state()
    assert state.parse_action("  DRAW ") == Draw()
    assert state.parse_action("Shout   Left") == Shout("left")
    assert state.parse_action("bet Green") == Bet("green")


@pytest.mark.parametrize("text", ["card 4", "card", "bet purple", "shout up", "draw 2",
                                  "shout", "bet", "card -1", "shoutforward"])
def test_near_misses_raise_action_syntax_error_saying_what_is_allowed(text: str) -> None:
    with pytest.raises(cc.ActionSyntaxError, match="an action is 'draw'"):
        parse(text)


def test_a_colour_not_in_the_game_is_refused_with_the_camels_named() -> None:
    state = play(position(positions=[14, 5, 6, 7]), "draw", "card 2")
    with pytest.raises(cc.IllegalActionError, match="no white camel in this game"):
        state.apply("bet white")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30))
def test_junk_text_raises_only_action_syntax_error(text: str) -> None:
    state = game().new_state()
    try:
        action = state.parse_action(text)
    except cc.ActionSyntaxError:
        return
    assert state.parse_action(str(action)) == action


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="drawshoutbecing 0123lfkyx", max_size=20))
def test_near_notation_applies_or_raises_illegal_action_error(text: str) -> None:
    state = position(positions=[4, 5, 6, 7])
    before = state.to_json()
    try:
        state.apply(text)
    except cc.IllegalActionError:
        assert state.to_json() == before
