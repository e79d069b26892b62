"""Action notation (rules file: Notation, an API contract): examples, round trips, junk."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import camelcade as cc
from camelcade.games.camel_up.actions import Bet, Die, Overall, Partner, PlaceTile, Roll

from .helpers import FRESH_1, START, game, setup

STATE = setup(START, players=6)
STATE_1 = setup(FRESH_1, edition=1)

DOCUMENTED = {
    "bet blue": Bet("blue"),
    "tile 7 cheer": PlaceTile(7, "cheer"),
    "tile 12 boo": PlaceTile(12, "boo"),
    "roll": Roll(),
    "winner red": Overall("winner", "red"),
    "loser purple": Overall("loser", "purple"),
    "partner 3": Partner(3),
    "die blue 2": Die("blue", 2),
    "die white 3": Die("white", 3),
    "die black 1": Die("black", 1),
}
DOCUMENTED_1 = {
    "tile 7 oasis": PlaceTile(7, "oasis"),
    "tile 12 mirage": PlaceTile(12, "mirage"),
    "bet orange": Bet("orange"),
    "die white 3": Die("white", 3),
}


@pytest.mark.parametrize("text", sorted(DOCUMENTED))
def test_every_documented_example_parses_and_round_trips(text: str) -> None:
    action = STATE.parse_action(text)
    assert action == DOCUMENTED[text] and str(action) == text


@pytest.mark.parametrize("text", sorted(DOCUMENTED_1))
def test_edition_1_examples_parse_and_round_trip(text: str) -> None:
    action = STATE_1.parse_action(text)
    assert action == DOCUMENTED_1[text] and str(action) == text


def test_parsing_ignores_case_and_spacing() -> None:
    assert STATE.parse_action("  TILE  7   Cheer ") == PlaceTile(7, "cheer")


@pytest.mark.parametrize(("text", "why"), [
    ("bet orange", "not a racing camel"),
    ("bet black", "not a racing camel"),
    ("tile 17 cheer", "not a space"),
    ("tile 7 oasis", "not a tile side"),
    ("die blue 4", "not a die value"),
    ("die grey 2", "not a camel"),
    ("partner 9", "seat 0-7"),
    ("roll 2", "unknown action"),
    ("jump", "unknown action"),
])
def test_bad_text_says_what_is_expected(text: str, why: str) -> None:
    with pytest.raises(cc.ActionSyntaxError, match=why):
        STATE.parse_action(text)


def test_edition_1_refuses_2nd_edition_words() -> None:
    for text in ("bet purple", "tile 7 cheer", "die black 1", "partner 2"):
        with pytest.raises(cc.ActionSyntaxError):
            STATE_1.parse_action(text)


@given(st.text(max_size=40))
def test_junk_text_raises_only_action_syntax_error(text: str) -> None:
    try:
        action = STATE.parse_action(text)
    except cc.ActionSyntaxError:
        return
    assert STATE.parse_action(str(action)) == action


@given(st.sampled_from(["bet", "tile", "winner", "loser", "partner", "die", "roll"]),
       st.lists(st.sampled_from(["blue", "7", "cheer", "boo", "3", "white", "x", "-1", "99"]),
                max_size=3))
def test_near_miss_text_raises_only_action_syntax_error(verb: str, args: list[str]) -> None:
    text = " ".join([verb, *args])
    try:
        action = STATE.parse_action(text)
    except cc.ActionSyntaxError:
        return
    assert str(action) == " ".join(text.split())


def test_every_legal_action_round_trips_in_both_editions() -> None:
    for state in (STATE, STATE_1, game().new_state(), STATE.child("roll")):
        for action in state.legal_actions():
            assert state.parse_action(str(action)) == action
