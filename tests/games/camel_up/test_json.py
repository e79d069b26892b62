"""Saved positions: round trips, and every broken invariant named by a StateError."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import camelcade as cc

from .helpers import START, data, game, load, roll, setup


def mid_leg() -> cc.State:
    state = setup(START)
    state.apply("bet red")
    state.apply("tile 8 cheer")
    roll(state, "blue 2")
    state.apply("winner green")
    return state


def test_a_saved_position_loads_back_equal() -> None:
    state = mid_leg()
    restored = state.game.state_from_json(state.to_json())
    assert restored == state and restored.legal_actions() == state.legal_actions()


def broken(change: Any) -> dict[str, Any]:
    position = copy.deepcopy(data(mid_leg()))
    change(position)
    return position


@pytest.mark.parametrize(("change", "message"), [
    (lambda p: p.pop("coins"), "lacks"),
    (lambda p: p.update(extra=1), "unknown fields"),
    (lambda p: p.update(phase="dance"), "'phase' must be one of"),
    (lambda p: p["track"].append([9, ["red"]]), "twice"),
    (lambda p: p["track"].pop(), "every camel"),
    (lambda p: p["track"].append([9, ["pink"]]), "camels of this edition"),
    (lambda p: p["tiles"].append([9, "cheer", 2]), "adjacent"),
    (lambda p: p["tiles"].append([1, "cheer", 1]), "spaces 2-16"),
    (lambda p: p["tiles"].append([12, "cheer", 1]), "has two tiles"),
    (lambda p: p["tiles"].append([12, "oasis", 1]), "tile is"),
    (lambda p: p["rolled"].append(["blue", 1]), "twice"),
    (lambda p: p["tickets"][1].append(["red", 5]), "top of its stack"),
    (lambda p: p["coins"].__setitem__(0, -1), "coins"),
    (lambda p: p["hands"][1].append("green"), "five finish cards"),
    (lambda p: p["partners"].__setitem__(0, 2), "6\\+ players"),
    (lambda p: p.update(turn=7), "seat from 0"),
    (lambda p: p["pyramid_tickets"].__setitem__(0, 3), "pyramid tickets"),
])
def test_broken_positions_are_refused_with_the_reason(change: Any, message: str) -> None:
    the_game = game()
    with pytest.raises(cc.StateError, match=message):
        load(the_game, broken(change))


def test_a_camel_resting_on_a_tile_is_refused() -> None:
    position = broken(lambda p: p["tiles"].append([16, "boo", 2]))
    position["track"] = [[16 if s == 16 else s, u] for s, u in position["track"]]
    with pytest.raises(cc.StateError, match="camel stands on the tile"):
        load(game(), position)


def test_the_layout_fields_are_exactly_the_saved_keys_in_order() -> None:
    from camelcade.games.camel_up.position import CamelUpPosition

    state = mid_leg()
    assert tuple(data(state)) == CamelUpPosition.keys()
    layout = state.position()  # type: ignore[attr-defined]
    again = state.game.position_from_data(layout.to_data())  # type: ignore[attr-defined]
    assert again == layout and again.to_data() == data(state)


@pytest.mark.parametrize(("space", "accepted"), [(19, True), (20, False), (-2, True),
                                                 (-3, False)])
def test_a_finished_game_has_its_crossing_unit_where_a_die_can_take_it(
        space: int, accepted: bool) -> None:
    """A die of 3 from space 16 reaches 19; one of 3 back from space 1 reaches -2."""
    from .helpers import purple_on_15

    state = purple_on_15()
    roll(state, "purple 2")
    position = data(state)
    position["track"] = [[space if s == 17 else s, u] for s, u in position["track"]]
    position["track"].sort()
    if accepted:
        assert load(game(), position).is_terminal()
    else:
        with pytest.raises(cc.StateError, match="too far past the line"):
            load(game(), position)
