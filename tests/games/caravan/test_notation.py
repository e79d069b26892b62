"""The notation of the rules file (a contract): every example parses and prints back,
and junk raises only ActionSyntaxError."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import camelcade as cc
from camelcade.games.caravan.actions import Draw, Move, Pass, Pick, Place, Relay, Steal, parse
from camelcade.games.caravan.spec import GOODS, SQUARE_ID
from tests.games.caravan.helpers import start

EXAMPLES = {
    "camel d4": Place(SQUARE_ID["d4"]),
    "camel b2-d4": Move(SQUARE_ID["b2"], SQUARE_ID["d4"]),
    "pick a7": Pick(SQUARE_ID["a7"]),
    "relay salt a7-d4": Relay(GOODS.index("salt"), SQUARE_ID["a7"], SQUARE_ID["d4"]),
    "steal salt c3 2": Steal(GOODS.index("salt"), SQUARE_ID["c3"], 2),
    "pass": Pass(),
    "draw salt": Draw(GOODS.index("salt")),
}


@pytest.mark.parametrize(("text", "action"), EXAMPLES.items())
def test_rules_file_examples_parse_and_print_back(text: str, action: cc.Action) -> None:
    assert parse(text) == action
    assert str(action) == text


def test_squares_run_a1_to_g7_files_left_to_right_ranks_bottom_to_top() -> None:
    assert SQUARE_ID["a1"] == 0 and SQUARE_ID["g1"] == 6 and SQUARE_ID["a2"] == 7
    assert SQUARE_ID["g7"] == 48


def test_parsing_ignores_case_and_extra_spaces() -> None:
    assert parse("  RELAY  Salt A7-D4 ") == EXAMPLES["relay salt a7-d4"]


@pytest.mark.parametrize("text", ["camel h1", "camel a8", "camel a0", "pick", "relay salt a7",
                                  "relay silk a7-d4", "steal salt c3", "steal salt c3 x",
                                  "draw", "draw gold", "passes", "camel a1 b2", "move a1-b2"])
def test_malformed_text_is_an_action_syntax_error(text: str) -> None:
    with pytest.raises(cc.ActionSyntaxError, match="an action is"):
        parse(text)


def test_every_legal_action_round_trips_through_the_state() -> None:
    state = start(3)
    for action in state.legal_actions():
        assert state.parse_action(str(action)) == action


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_junk_text_raises_only_action_syntax_error(text: str) -> None:
    try:
        action = parse(text) if text.strip() else None
    except cc.ActionSyntaxError:
        return
    assert action is None or str(action) == " ".join(text.lower().split())


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["camel ", "pick ", "relay ", "steal ", "draw ", "pass"]),
       st.text(alphabet="abcdefgh0123456789 -salt", max_size=16))
def test_near_misses_raise_only_action_syntax_error(verb: str, rest: str) -> None:
    state = start(2)
    with contextlib.suppress(cc.IllegalActionError):
        state.apply(verb + rest)
