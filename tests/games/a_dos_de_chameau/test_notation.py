"""Action notation (rules file: Notation, an API contract): examples, round trips, junk."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import camelcade as cc
from camelcade.games.a_dos_de_chameau.actions import Discard, Draw, Play
from camelcade.games.a_dos_de_chameau.spec import CARD_ORDER

from .helpers import game, position

STATE = game(2).new_state()

DOCUMENTED = {
    "oasis3 12": Play("oasis3", 12),
    "oasis2 0": Play("oasis2", 0),
    "mirage2 17": Play("mirage2", 17),
    "leader 4": Play("leader", 4),
    "storm": Play("storm"),
    "discard mirage3": Discard("mirage3"),
    "draw oasis2": Draw("oasis2"),
}

PLAYED_CARDS = [card for card in CARD_ORDER if card != "storm"]


@pytest.mark.parametrize("text", sorted(DOCUMENTED))
def test_every_documented_example_parses_and_round_trips(text: str) -> None:
    action = STATE.parse_action(text)
    assert action == DOCUMENTED[text]
    assert str(action) == text
    assert STATE.parse_action(str(action)) == action


def test_every_card_and_space_round_trips() -> None:
    actions: list[cc.Action] = [Play(card, space) for card in PLAYED_CARDS for space in range(37)]
    actions += [Play("storm")]
    actions += [Discard(card) for card in CARD_ORDER] + [Draw(card) for card in CARD_ORDER]
    for action in actions:
        assert STATE.parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("OASIS3 12", Play("oasis3", 12)),
        ("Mirage2   17", Play("mirage2", 17)),
        ("  Leader 4 ", Play("leader", 4)),
        ("STORM", Play("storm")),
        ("Discard Mirage3", Discard("mirage3")),
        ("DRAW oasis2", Draw("oasis2")),
        ("oasis1 07", Play("oasis1", 7)),
    ],
)
def test_input_is_case_and_space_insensitive(text: str, expected: cc.Action) -> None:
    assert STATE.parse_action(text) == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty action text"),
        ("storm 3", "the sandstorm names no space"),
        ("oasis3", "oasis3 needs the space of the camel it moves, e.g. 'oasis3 12'"),
        ("leader", "leader needs the space of the camel it moves"),
        ("oasis3 37", "spaces run from 0 (town) to 36"),
        ("oasis3 99", "spaces run from 0 (town) to 36"),
        ("oasis5 3", "an action is 'oasis1'..'oasis4 SPACE'"),
        ("mirage4 3", "an action is"),
        ("oasis3 -1", "an action is"),
        ("oasis3 100", "an action is"),
        ("oasis3 \u0661\u0662", "an action is"),
        ("discard", "an action is"),
        ("discard oasis3 4", "an action is"),
        ("draw", "an action is"),
        ("play oasis3 4", "an action is"),
        ("oasis3 4 5", "an action is"),
        ("oasis34", "an action is"),
    ],
)
def test_bad_text_raises_action_syntax_error_saying_what_is_expected(
    text: str, reason: str
) -> None:
    with pytest.raises(cc.ActionSyntaxError) as error:
        STATE.parse_action(text)
    assert reason in str(error.value)
    assert isinstance(error.value, ValueError)


def test_syntax_error_quotes_the_input() -> None:
    with pytest.raises(cc.ActionSyntaxError, match=r"cannot read 'camel 3': an action is "):
        STATE.parse_action("camel 3")


@given(st.text())
def test_junk_raises_only_action_syntax_error(text: str) -> None:
    try:
        action = STATE.parse_action(text)
    except cc.ActionSyntaxError:
        return
    assert STATE.parse_action(str(action)) == action
    # What parses is the canonical text up to case, spacing and a leading zero.
    assert str(action) == re.sub(r" 0(?=[0-9])", " ", " ".join(text.split()).lower())


@given(st.from_regex(r"(oasis|mirage|leader|storm|discard|draw|[a-z])[0-9 ]{0,4}[a-z0-9]*",
                     fullmatch=True))
def test_near_misses_raise_only_action_syntax_error(text: str) -> None:
    try:
        action = STATE.parse_action(text)
    except cc.ActionSyntaxError:
        return
    assert STATE.parse_action(str(action)) == action


@given(st.text())
def test_applying_junk_raises_an_illegal_action_error_and_changes_nothing(text: str) -> None:
    state = position([[0, 0, 5], [7, 0, 0]], ["oasis1 mirage1 leader", "oasis1"])
    before = state.to_json()
    try:
        state.apply(text)
    except cc.IllegalActionError:
        assert state.to_json() == before
        return
    assert str(state.history[-1]) in {"oasis1 0", "oasis1 5", "mirage1 7", "leader 0",
                                      "leader 5"}


def test_actions_are_hashable_values() -> None:
    assert Play("oasis3", 12) == Play("oasis3", 12)
    assert len({Play("oasis3", 12), Play("oasis3", 12), Draw("oasis3"), Discard("oasis3")}) == 3
    assert repr(Play("storm")) == "Play(card='storm', space=None)"


def test_parse_action_refuses_non_text() -> None:
    with pytest.raises(cc.ActionSyntaxError, match="action text must be a string, got int"):
        STATE.parse_action(12)  # type: ignore[arg-type]
