"""Saving and loading positions: round trips, and malformed data refused by name."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import camelcade as cc
from camelcade.core.chance import sample_chance
from camelcade.games.a_dos_de_chameau.position import ADosPosition
from camelcade.games.a_dos_de_chameau.spec import card_set

from .helpers import MAX_ACTIONS, game, position, position_data, wrap


def test_round_trip_at_every_step_of_a_game() -> None:
    for players, seed in [(2, 11), (4, 12)]:
        the_game = game(players)
        state, rng = the_game.new_state(), random.Random(seed)
        while not state.is_terminal():
            assert len(state.history) < MAX_ACTIONS, "the game does not end"
            saved = json.loads(json.dumps(state.to_json()))
            loaded = the_game.state_from_json(saved)
            assert loaded == state
            assert loaded.legal_actions() == state.legal_actions()
            assert loaded.history_for(0) == state.history_for(0)
            action = sample_chance(state, rng) if state.is_chance() else \
                rng.choice(state.legal_actions())
            state.apply(action)
        assert the_game.state_from_json(state.to_json()).winners() == state.winners()


def test_loaded_position_plays_on_like_the_original() -> None:
    state = position([[0, 0, 12], [5, 7, 31]], ["oasis3 mirage2 leader", "oasis1 storm"],
                     discards=["oasis1", "oasis4"], turn=0)
    copy_ = state.game.state_from_json(state.to_json())
    for action in ["mirage2 7", "draw oasis2", "storm", "draw leader"]:
        state.apply(action)
        copy_.apply(action)
    assert copy_.to_json() == state.to_json()


def _base() -> dict[str, Any]:
    return position_data([[0, 0, 12], [5, 7, 31]], ["oasis3 mirage2 leader", "oasis1 storm"],
                         discards=["", "oasis4"])


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data[key] = value
    return change


def _camels(value: Any) -> Callable[[dict[str, Any]], None]:
    return _set("camels", value)


BAD_POSITIONS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("two camels on a space", _camels([[0, 5, 12], [5, 7, 31]]),
     "two camels on space 5; one is allowed"),
    ("four camels", _camels([[0, 0, 0, 12], [5, 7, 31]]),
     "camels of seat 0 must be 3 spaces 0-36, got [0, 0, 0, 12]"),
    ("space off the board", _camels([[0, 0, 37], [5, 7, 31]]),
     "camels of seat 0 must be 3 spaces 0-36, got [0, 0, 37]"),
    ("camels of a third seat", _camels([[0, 0, 12], [5, 7, 31], [0, 0, 0]]),
     "'camels' must be a list with one entry per seat (2)"),
    ("a card too many", lambda d: d["piles"][0].append("oasis1"),
     "seat 0's hand, pile and discards are not its twelve cards (oasis1, oasis1, oasis2, "
     "oasis2, oasis3, oasis3, oasis4, mirage1, mirage2, mirage3, leader, storm)"),
    ("a card missing", lambda d: d["piles"][1].remove("leader"),
     "seat 1's hand, pile and discards are not its twelve cards"),
    ("a card moved between seats", lambda d: d["hands"][1].append(d["piles"][0].pop()),
     "seat 0's hand, pile and discards are not its twelve cards"),
    ("an unknown card", lambda d: d["hands"][0].append("camel"),
     "hand of seat 0 must be a list of card names (oasis1, oasis2, oasis3, oasis4, mirage1, "
     "mirage2, mirage3, leader, storm), got ['oasis3', 'mirage2', 'leader', 'camel']"),
    ("four cards in hand", lambda d: d["hands"][0].append(d["piles"][0].pop()),
     "seat 0 holds more than 3 cards"),
    ("oasis full but not ended", _camels([[31, 32, 33], [34, 35, 36]]),
     "the game ends exactly when the oasis is full"),
    ("ended but oasis not full", _set("end", "oasis-full"),
     "the game ends exactly when the oasis is full"),
    ("unknown end", _set("end", "sandstorm"),
     "'end' must be null, 'oasis-full' or 'no-cards', got 'sandstorm'"),
    ("ended for lack of cards while holding cards", _set("end", "no-cards"),
     "the game ends for lack of cards only when every hand is empty"),
    ("turn of a seat that does not exist", _set("turn", 2),
     "'turn' must be a seat from 0 to 1, got 2"),
    ("turn given as text", _set("turn", "0"), "'turn' must be a seat from 0 to 1, got '0'"),
    ("draw for a seat that does not exist", _set("draw_queue", [5]),
     "draw_queue entry must be a seat from 0 to 1, got 5"),
    ("draws beyond three cards", _set("draw_queue", [0]),
     "seat 0 would hold more than 3 cards after its draws"),
    ("unknown field", _set("dice", [1]),
     "'state' has unknown fields ['dice']; allowed: ['camels', 'discards', 'draw_queue', "
     "'end', 'hands', 'last', 'piles', 'turn']"),
    ("missing field", lambda d: d.pop("piles"), "'state' lacks ['piles']"),
]


@pytest.mark.parametrize(("change", "message"), [(c, m) for _, c, m in BAD_POSITIONS],
                         ids=[name for name, _, _ in BAD_POSITIONS])
def test_malformed_position_is_refused_by_name(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    the_game = game(2)
    data = _base()
    the_game.state_from_json(wrap(the_game, copy.deepcopy(data)))  # the base is fine
    change(data)
    with pytest.raises(cc.StateError) as error:
        the_game.state_from_json(wrap(the_game, data))
    assert message in str(error.value)


def test_seat_to_play_must_hold_a_card() -> None:
    the_game = game(2)
    data = position_data([[0, 0, 0], [0, 0, 0]], ["", "oasis1"], piles=["", ""])
    with pytest.raises(cc.StateError, match="the seat to play must hold a card"):
        the_game.state_from_json(wrap(the_game, data))


def test_draws_beyond_the_pile_are_refused() -> None:
    the_game = game(2)
    data = position_data([[0, 0, 0], [0, 0, 0]], ["oasis1", "oasis1"], piles=["", ""],
                         draw_queue=[0])
    with pytest.raises(cc.StateError, match="seat 0 is to draw more cards than its pile holds"):
        the_game.state_from_json(wrap(the_game, data))


def test_wrong_format_game_or_options_are_refused() -> None:
    the_game = game(2)
    good = position([[0, 0, 12], [5, 7, 31]], ["oasis3", "oasis1"]).to_json()
    for key, value, message in [
        ("format", "camelcade-state/0", "unknown state format 'camelcade-state/0'; "
                                        "expected 'camelcade-state/1'"),
        ("game", "camel-up", "this state is for game 'camel-up', not 'a-dos-de-chameau'"),
        ("options", {**good["options"], "leader_target": "any"}, "this state was saved with "
                                                                  "options"),
        ("seen_by", [None], "'seen_by' must be a list as long as 'history'"),
    ]:
        bad = {**good, key: value}
        with pytest.raises(cc.StateError) as error:
            the_game.state_from_json(bad)
        assert message in str(error.value)
    with pytest.raises(cc.StateError, match="bad action in 'history': cannot read 'oasis9 3'"):
        the_game.state_from_json({**good, "history": ["oasis9 3"], "seen_by": [None]})
    with pytest.raises(cc.StateError, match="this state was saved with options"):
        game(3).state_from_json(good)
    with pytest.raises(cc.StateError, match="a saved state is a JSON object, got list"):
        the_game.state_from_json([])
    with pytest.raises(cc.StateError, match="'state' must be an object"):
        the_game.state_from_json({**good, "state": []})


def test_the_layout_is_the_saved_position() -> None:
    """``position.py`` holds the saved keys once: the state's layout is its saved state."""
    state = position([[0, 0, 12], [5, 7, 31]], ["oasis3 mirage2 leader", "oasis1 storm"],
                     discards=["oasis1", "oasis4"], draw_queue=[])
    saved = state.to_json()["state"]
    assert state.position().to_data() == saved
    assert list(saved) == list(ADosPosition.keys())
    layout = ADosPosition.from_data(saved, players=2, deck=card_set([1, 1, 2, 2, 3, 3, 4]))
    assert layout == state.position()


def test_loading_puts_camels_and_cards_in_their_order() -> None:
    the_game = game(2)
    data = position_data([[12, 0, 0], [31, 7, 5]], ["leader mirage2 oasis3", "storm oasis1"])
    state = the_game.state_from_json(wrap(the_game, data))
    saved = state.to_json()["state"]
    assert saved["camels"] == [[0, 0, 12], [5, 7, 31]]
    assert saved["hands"] == [["oasis3", "mirage2", "leader"], ["oasis1", "storm"]]
