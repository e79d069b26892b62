"""Saved positions: a round trip keeps everything, and each malformed field is refused with
a StateError that names it."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import camelcade as cc
from camelcade.games.caravan.position import CaravanPosition
from camelcade.games.caravan.spec import GOODS, NO_GOOD, SQUARE_ID
from tests.games.caravan.helpers import data, game, position, position_data, wrap


def test_a_saved_position_round_trips_through_json_text() -> None:
    state = position([["c3 meat under", "c4", "a7 salt"], ["c3", "g1"]],
                     markers=[1, 0, 2, 0, 0, 0, 1, 1], demand=[2, 0], theft=[0, 2], turn=9)
    text = json.dumps(state.to_json())
    again = state.game.state_from_json(json.loads(text))
    assert again == state
    assert again.legal_actions() == state.legal_actions()


def base() -> dict[str, Any]:
    return position_data([["c3 meat", "c4"], ["c3"]], turn=5)


def load(data: dict[str, Any]) -> cc.State:
    the_game = game(2)
    return the_game.state_from_json(wrap(the_game, data))


def test_the_helper_position_is_valid() -> None:
    assert load(base()).current_player == 0


CASES: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    ("missing field", lambda d: d.pop("bag"), r"lacks \['bag'\]"),
    ("unknown field", lambda d: d.update(extra=1), "unknown fields"),
    ("camel text", lambda d: d["camels"][0].append("z9"), "camel 'z9' of seat 0"),
    ("camel good", lambda d: d["camels"][0].append("a1 silk"), "camel 'a1 silk'"),
    ("camel count", lambda d: d["supply"].__setitem__(0, 5), "must have 5 in all"),
    ("seats", lambda d: d["theft"].append(0), "one entry per seat"),
    ("theft total", lambda d: d["theft"].__setitem__(0, 3), "theft markers"),
    ("goods count", lambda d: d["bag"].__setitem__("salt", 1), "salt in the bag"),
    ("bag keys", lambda d: d["bag"].pop("gems"), "must map every good"),
    ("space good", lambda d: d["spaces"][0].__setitem__("good", "gold"), "goods space 1"),
    ("markers", lambda d: d["spaces"][0].__setitem__("markers", -1), "markers on goods space 1"),
    ("turn", lambda d: d.__setitem__("turn", 0), "'turn' must be"),
    ("ramp", lambda d: d.update(turn=2, actions_left=3),
     "turn 2 allows only 2"),
    ("no actions", lambda d: d.__setitem__("actions_left", 0), "'actions_left' is 0"),
    ("end", lambda d: d.__setitem__("end", "won"), "'end' must be"),
    ("delivery end", lambda d: d.__setitem__("end", "delivery"), "only once the bag is empty"),
    ("refill due", lambda d: [s.update(good=None) for s in d["spaces"][:4]],
     "a refill is due"),
    ("markers without good", lambda d: (d["spaces"][2].update(good=None, markers=1),
                                        d["bag"].__setitem__("hides", d["bag"]["hides"] + 1)),
     "empty but holds demand markers"),
    ("idle", lambda d: d.__setitem__("idle", 2), "'idle' is 2"),
    ("stalled", lambda d: d.__setitem__("end", "stalled"), "stalls after 2 turns"),
    ("refilling", lambda d: d.__setitem__("refilling", "yes"), "'refilling' must be"),
    ("refilling, nothing empty", lambda d: d.__setitem__("refilling", True),
     "'refilling' needs an empty goods space"),
]


@pytest.mark.parametrize(("name", "change", "message"), CASES, ids=[c[0] for c in CASES])
def test_malformed_positions_raise_state_error_naming_the_problem(
    name: str, change: Callable[[dict[str, Any]], object], message: str
) -> None:
    data = base()
    change(data)
    if name == "refill due":  # keep the goods' count: the four goods go back to the bag
        for good in ("salt", "meat", "hides", "swords"):
            data["bag"][good] += 1
    with pytest.raises(cc.StateError, match=message):
        load(data)


def test_a_state_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(cc.StateError, match="must be an object"):
        load([])  # type: ignore[arg-type]


def test_observation_is_the_whole_position_for_every_seat() -> None:
    state = position([["c3 meat under"], ["c3"]], turn=5)
    first, second = state.observation(0), state.observation(1)
    assert first["camels"] == second["camels"] == [["c3 meat under"], ["c3"]]
    assert first["player"] == 0 and second["player"] == 1
    assert first["bag"] == second["bag"]


# -- the layout (position.py) and hidden information ----------------------------------------


def test_the_saved_layout_reads_back_to_the_same_position() -> None:
    state = position([["c3 meat under", "c4", "a7 salt", "c4"], ["c3", "g1"]],
                     markers=[1, 0, 2, 0, 0, 0, 1, 1], demand=[2, 0], theft=[0, 2], turn=9)
    layout = state.position()
    assert CaravanPosition.from_data(layout.to_data(), state.game.setup) == layout
    assert layout.camels[0] == ((SQUARE_ID["c3"], GOODS.index("meat"), True),  # by square
                                (SQUARE_ID["c4"], NO_GOOD, False),
                                (SQUARE_ID["c4"], NO_GOOD, False),
                                (SQUARE_ID["a7"], GOODS.index("salt"), False))


def test_a_new_game_is_the_initial_layout() -> None:
    the_game = game(3)
    assert the_game.new_state().position() == CaravanPosition.initial(the_game.setup)
    assert data(the_game.new_state())["spaces"][0] == {"good": None, "markers": 1}


def test_caravan_hides_nothing_so_determinize_redraws_nothing() -> None:
    """Board, loads (stolen goods included), markers and supplies are public, the bag's
    contents follow from them, and each draw is a chance node: nothing to resample."""
    state = position([["c3 meat under", "c4"], ["c3", "g1 salt"]], theft=[0, 2], turn=9)
    assert state.game.perfect_information
    for seat in (0, 1):
        for seed in range(5):
            sample = state.game.determinize(state, seat, random.Random(seed))
            assert sample.to_json()["state"] == state.to_json()["state"]
            assert sample.history == [] and sample.legal_actions() == state.legal_actions()
            sample.apply("camel a1")
            assert data(state)["camels"][0] == ["c3 meat under", "c4"]
            view = state.view(seat).sample_state(random.Random(seed))
            assert view.observation(seat) == state.observation(seat)


def test_a_sample_from_an_observation_alone_is_the_position() -> None:
    state = position([["c3 meat under"], ["c3"]], turn=5)
    view = cc.View.from_observation(state.game, 1, 0, state.observation(1))
    sample = view.sample_state(random.Random(3))
    assert sample.to_json()["state"] == state.to_json()["state"]
