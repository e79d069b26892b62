"""Saved positions: complete, round-tripping, and refused with the field named when bad."""

from __future__ import annotations

import json
from typing import Any

import pytest

import camelcade as cc

from .helpers import data, game, play, position, position_data, wrap


def _load(players: int = 4, **fields: Any) -> cc.State:
    the_game = game(players)
    return the_game.state_from_json(wrap(the_game, position_data(players, **fields)))


def test_state_round_trips_through_json_at_every_phase() -> None:
    state = play(position(positions=[14, 5, 6, 7]), "draw")
    for text in ("card 2", "bet yellow", "bet yellow", "bet blue", "bet blue", "draw", "card 3"):
        saved = json.loads(json.dumps(state.to_json()))
        assert game().state_from_json(saved) == state
        play(state, text)


@pytest.mark.parametrize(("fields", "message"), [
    ({"positions": [16, 0, 0, 0]}, "position of camel 0 must be a whole number from 0 to 15"),
    ({"positions": [15, 0, 0, 0]}, "no camel has finished before the betting round"),
    ({"piles": [[3, 3, 3, 3]] * 4, "discards": [[1, 0, 0, 0]] + [[0] * 4] * 3},
     "not its twelve call cards"),
    ({"piles": [[2, 3, 3, 3]] + [[3] * 4] * 3, "tops": [2, None, None, None]},
     "top discard 2 is not among its discards"),
    ({"tops": [0, None, None, None]}, "top discard exactly when"),
    ({"phase": "lunch"}, "'phase' must be one of"),
    ({"bets": [1, None, None, None]}, "bets are placed only in the betting round"),
    ({"scores": [30, 0, 0, 0]}, "cannot still be in a race"),
    ({"interjections": [4, 3, 3, 3]}, "interjections of camel 0"),
    ({"opened": [False, True, True, True]}, "opening double move in lane order"),
    ({"turn": 4}, "'turn' must be a whole number from 0 to 3"),
    ({"winners": [0]}, "'winners' must be null until the match is over"),
    ({"racers": [0, 1]}, "non-empty exactly in a tie race"),
    ({"bet_queue": [1]}, "'bet_queue' is empty outside the betting round"),
    ({"pending": {"camel": 2, "cards": 1, "direction": "forward", "revealed": 0,
                  "actor": 0}}, "only a neighbour"),
    ({"turn": 1, "pending": {"camel": 0, "cards": 1, "direction": "back", "revealed": 0,
                             "actor": 1}}, "only an interjection moves a camel other than"),
    ({"last_race": {"race": 1}}, "'last_race' must be null or an object"),
])
def test_bad_positions_raise_state_error_naming_the_problem(
    fields: dict[str, Any], message: str
) -> None:
    with pytest.raises(cc.StateError, match=message):
        _load(**fields)


@pytest.mark.parametrize(("fields", "message"), [
    ({"phase": "betting", "positions": [15, 3, 3, 3], "first": 0, "turn": 1,
      "bet_queue": [2, 0], "bets": [None, 1, None, 1]}, "remaining camels clockwise"),
    ({"phase": "betting", "positions": [15, 3, 3, 3], "first": 0, "turn": 1,
      "bet_queue": [3, 0], "bets": [None, 2, 2, 2]}, "no stone placed"),
    ({"phase": "sprint", "positions": [15, 3, 3, 3], "first": 0, "turn": 1,
      "bets": [0, 1, 1, 1]}, "no stone may back the first finisher"),
    ({"phase": "sprint", "positions": [15, 3, 3, 3], "first": 0, "turn": 1,
      "bets": [None, 1, 1, 1]}, "every stone is placed before the sprint"),
    ({"phase": "sprint", "positions": [15, 15, 3, 3], "first": 0, "turn": 2,
      "bets": [1, 1, 1, 1]}, "exactly the first finisher stands at the finish"),
    ({"phase": "over", "winners": None}, "'winners' must be a sorted list"),
])
def test_bad_phase_positions_are_refused(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(cc.StateError, match=message):
        _load(**fields)


def test_missing_and_unknown_fields_are_named() -> None:
    the_game = game()
    bad = position_data()
    del bad["scores"]
    with pytest.raises(cc.StateError, match="lacks \\['scores'\\]"):
        the_game.state_from_json(wrap(the_game, bad))
    bad = position_data()
    bad["weather"] = "sandstorm"
    with pytest.raises(cc.StateError, match="unknown fields \\['weather'\\]"):
        the_game.state_from_json(wrap(the_game, bad))


def test_a_loaded_position_plays_on_like_the_original() -> None:
    state = position(positions=[13, 5, 6, 7], interjections=[1, 0, 2, 3])
    copy = game().state_from_json(json.loads(json.dumps(state.to_json())))
    for text in ("shout forward", "card 1", "card 2", "bet blue"):
        play(state, text)
        play(copy, text)
    assert data(copy) == data(state)
