"""The one-line position notation: written by to_json, read back, bad text refused by name."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import camelcade as cc
from camelcade.core.game import STATE_FORMAT
from camelcade.games.kamelen import game as kamelen
from camelcade.games.kamelen.state import KamelenState
from tests.games.kamelen.helpers import START, game, position, text

BACKGROUND = {"a2": "C", "k10": "c"}


@pytest.mark.parametrize("board", ["11x11", "11x12", "11x13"])
def test_to_json_state_holds_the_position_line(board: str) -> None:
    state = game(board=board).new_state()
    assert state.to_json()["state"] == {"position": START[board], "earlier": []}


@pytest.mark.parametrize("board", ["11x11", "11x12", "11x13"])
def test_state_from_position_reads_the_start_line(board: str) -> None:
    the_game = game(board=board)
    assert the_game.state_from_position(START[board]) == the_game.new_state()
    assert kamelen.position_state(the_game, START[board]) == the_game.new_state()


def test_position_fields_after_the_board_are_optional() -> None:
    short = START["11x11"].split()[0]
    assert game().state_from_position(short).position() == START["11x11"]
    state = game().state_from_position(short + " n 17")
    assert (state.side, state.clock, state.passes) == (1, 17, 0)


def test_a_run_of_digits_is_one_number() -> None:
    rows = START["11x11"].split()[0].split("/")
    rows[3] = "56"  # fifty-six, not five and six
    with pytest.raises(cc.StateError, match="the number 56"):
        game().state_from_position("/".join(rows))
    rows[3] = "0C10"
    with pytest.raises(cc.StateError, match="1 to 11"):
        game().state_from_position("/".join(rows))


def test_json_round_trip_keeps_repetition_history() -> None:
    the_game = game()
    state = the_game.new_state()
    for action in ["a3-d5", "a9-d7", "d5-a3"]:
        state.apply(action)
    data = json.loads(json.dumps(state.to_json()))
    assert len(data["state"]["earlier"]) == 3
    assert data["state"]["earlier"][0] == START["11x11"].rsplit(" ", 2)[0]
    restored = the_game.state_from_json(data)
    assert isinstance(restored, KamelenState)
    assert restored == state and restored.repetitions() == state.repetitions()


def test_position_state_is_exposed_for_the_cli() -> None:
    assert callable(kamelen.position_state)
    with pytest.raises(cc.StateError, match="kamelen"):
        from camelcade.games.a_dos_de_chameau.game import ADosDeChameau

        kamelen.position_state(ADosDeChameau(players=2), START["11x11"])


def _rows(start: str = START["11x11"]) -> list[str]:
    return start.split()[0].split("/")


def _with_row(index: int, row: str) -> str:
    rows = _rows()
    rows[index] = row
    return "/".join(rows) + " s 0 0"


@pytest.mark.parametrize(("bad", "message"), [
    ("", "expected '<ranks>"),
    ("a b c d e", "expected '<ranks>"),
    ("/".join(_rows()[:-1]) + " s 0 0", "10 ranks; the 11x11 board has 11"),
    (_with_row(3, "12"), "the number 12; runs of empty squares are written 1 to 11"),
    (_with_row(3, "6C5"), "covers 12 squares"),
    (_with_row(3, "10"), "covers 10 squares"),
    (_with_row(3, "5q5"), "'q'"),
    (_with_row(5, "11"), "rocks stand on none"),
    (_with_row(5, "#1#1#1#1#1C"), "they are always on a6 c6 e6 g6 i6 k6"),
    (_with_row(3, "CCCCC6"), "South has 13 camels"),
    (_with_row(3, "DDDDDDDDDDD"), "South has 21 dromedaries"),
    (_with_row(3, "C10"), "South has 9 camels"),
    (START["11x11"].replace(" s ", " x "), "'s' (South) or 'n' (North)"),
    (START["11x11"].replace(" s 0 0", " s -1 0"), "no-capture clock"),
    (START["11x11"].replace(" s 0 0", " s 0 3"), "number of passes"),
    (START["11x11"].replace(" s 0 0", " s 101 0"), "drawn at 100"),
    (START["11x11"].replace(" s 0 0", " s 0 1"), "North is said to have passed"),
])
def test_bad_position_text_raises_state_error_naming_the_problem(bad: str, message: str
                                                                 ) -> None:
    with pytest.raises(cc.StateError, match=message.replace("(", r"\(").replace(")", r"\)")):
        game().state_from_position(bad)


def test_more_than_four_camels_on_one_colour_is_refused() -> None:
    with pytest.raises(cc.StateError, match="5 camels on light squares"):
        position({"a2": "C", "c2": "C", "e2": "C", "g2": "C", "i2": "C", "k10": "c"})


def test_a_finished_game_must_have_the_loser_to_move() -> None:
    with pytest.raises(cc.StateError, match="North must be the side to move"):
        position({"f11": "C", **BACKGROUND}, side="s")
    won = position({"f11": "C", **BACKGROUND}, side="n")
    assert won.is_terminal() and won.returns() == [2.0, 0.0]


def test_both_home_fields_taken_is_refused() -> None:
    with pytest.raises(cc.StateError, match="both sides"):
        position({"f11": "C", "f1": "c"}, side="n")


def test_no_reachable_camels_on_either_side_is_refused() -> None:
    with pytest.raises(cc.StateError, match="neither side"):
        position({"b2": "C", "b10": "c"})


def test_a_board_for_another_size_names_the_option() -> None:
    with pytest.raises(cc.StateError, match="'board' option"):
        game(board="11x12").state_from_position(START["11x11"])


@pytest.mark.parametrize(("earlier", "message"), [
    ("not a list", "'earlier' must be a list"),
    (["junk"], "earlier position is '<ranks> <side>'"),
    ([START["11x11"].rsplit(" ", 2)[0]], "turns alternate"),
])
def test_bad_earlier_positions_are_refused(earlier: object, message: str) -> None:
    the_game = game()
    data = the_game.new_state().to_json()
    data["state"] = {"position": START["11x11"].replace(" s 0 0", " n 1 0"),
                     "earlier": earlier}
    if "turns" in message:  # the position before South's turn had North to move
        data["state"]["position"] = START["11x11"].replace(" s 0 0", " s 1 0")
    with pytest.raises(cc.StateError, match=message):
        the_game.state_from_json(data)


def test_earlier_positions_must_have_the_same_animals() -> None:
    the_game = game()
    earlier = text({"d4": "C", **BACKGROUND}, side="n").rsplit(" ", 2)[0]
    data = the_game.new_state().to_json()
    data["state"] = {"position": text({"d5": "C", **BACKGROUND}, clock=1), "earlier": [earlier]}
    loaded = the_game.state_from_json(data)
    assert isinstance(loaded, KamelenState) and loaded.clock == 1
    data["state"]["earlier"] = [text({"d4": "D", **BACKGROUND}, side="n").rsplit(" ", 2)[0]]
    with pytest.raises(cc.StateError, match="nothing has been captured since"):
        the_game.state_from_json(data)
    data["state"]["position"] = text({"d5": "C", **BACKGROUND}, clock=0)
    with pytest.raises(cc.StateError, match="only 0 plies"):
        the_game.state_from_json(data)


def test_state_data_fields_are_checked() -> None:
    the_game = game()
    data = the_game.new_state().to_json()
    data["state"] = {"position": START["11x11"]}
    with pytest.raises(cc.StateError, match="lacks"):
        the_game.state_from_json(data)
    data["state"] = {"position": START["11x11"], "earlier": [], "x": 1}
    with pytest.raises(cc.StateError, match="unknown fields"):
        the_game.state_from_json(data)
    data["format"] = "other"
    with pytest.raises(cc.StateError, match=STATE_FORMAT):
        the_game.state_from_json(data)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="CDcd#0123456789/ snx-", max_size=120))
def test_junk_position_text_raises_only_state_error(junk: str) -> None:
    try:
        state = game().state_from_position(junk)
    except cc.StateError:
        return
    assert state.position().split()[0].count("/") == 10


@settings(max_examples=50, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_positions_of_random_games_round_trip_through_the_line(seed: int) -> None:
    import random

    rng = random.Random(seed)
    the_game = game()
    state = the_game.new_state()
    for _ in range(rng.randrange(60)):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    again = the_game.state_from_position(state.position())
    assert again.position() == state.position()
    assert again.legal_actions() == state.legal_actions()
