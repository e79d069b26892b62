"""Rules of the refill, the end of the game and scoring, one test each (see test_rules.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

import camelcade as cc
from camelcade.games.caravan.spec import STOP_ROUND, penalty
from camelcade.games.caravan.state import CaravanState
from tests.games.caravan.helpers import data, game, legal, position

ROOT = Path(__file__).resolve().parents[3]

EMPTY_BAG = dict.fromkeys(("ivory", "cloth", "gems", "paper", "meat", "swords", "salt",
                           "hides"), 0)
ROW = ["salt", "meat", "hides", "swords", "ivory", "cloth", "gems", "paper"]


def endgame(camels: list[list[str]], delivered: list[dict[str, int]], **kwargs: object
            ) -> cc.State:
    """A two-player short game with the bag empty (every good accounted for)."""
    return position(camels, spaces=ROW, bag=EMPTY_BAG, delivered=delivered, **kwargs)


# -- refill -------------------------------------------------------------------------------------


def test_refill_after_four_pick_ups_stops_the_turn_at_once() -> None:
    state = position([["a7"], []], spaces=["salt", None, None, None, "meat", "hides", "gems",
                                           "paper"], markers=[0, 0, 0, 0, 0, 1, 0, 0], turn=5)
    state.apply("pick a7")
    assert state.is_chance()
    after = data(state)
    assert after["refilling"] is True
    assert [s["markers"] for s in after["spaces"]] == [0, 0, 0, 0, 1, 2, 1, 1]


def test_refill_fills_the_empty_spaces_from_the_bag_then_the_turn_goes_on() -> None:
    state = position([["a7"], []], spaces=["salt", None, None, None, "meat", "hides", "gems",
                                           "paper"], turn=5)
    state.apply("pick a7")
    for name in ("ivory", "salt", "meat", "cloth"):
        state.apply(f"draw {name}")
    assert [s["good"] for s in data(state)["spaces"]] == [
        "ivory", "salt", "meat", "cloth", "meat", "hides", "gems", "paper"]
    assert state.current_player == 0
    assert data(state)["actions_left"] == 3
    assert data(state)["refilling"] is False


def test_refill_after_the_last_action_hands_the_turn_on() -> None:
    state = position([["a7"], []], spaces=["salt", None, None, None, "meat", "hides", "gems",
                                           "paper"], turn=5, actions_left=1)
    state.apply("pick a7")
    for name in ("ivory", "salt", "meat", "cloth"):
        state.apply(f"draw {name}")
    assert state.current_player == 1
    assert data(state)["actions_left"] == 4


def test_fewer_than_four_pick_ups_do_not_refill() -> None:
    state = position([["a7"], []], spaces=["salt", None, None, "swords", "meat", "hides",
                                           "gems", "paper"], turn=5)
    state.apply("pick a7")
    assert not state.is_chance()
    assert [s["good"] for s in data(state)["spaces"]][:4] == [None, None, None, "swords"]


def test_demand_markers_accumulate_over_refills() -> None:
    state = position([["a7"], []], spaces=["salt", None, None, None, "meat", "hides", "gems",
                                           "paper"], markers=[0, 0, 0, 0, 2, 0, 3, 0], turn=5)
    state.apply("pick a7")
    assert [s["markers"] for s in data(state)["spaces"]][4:] == [3, 1, 4, 1]


@pytest.mark.parametrize(("short_game", "expected"), [(False, 10), (True, 6)])
def test_the_full_bag_refills_exactly_ten_times_and_the_short_one_six(
    short_game: bool, expected: int
) -> None:
    # 8 goods at setup, then 4 per refill until the last refill empties the bag.
    refills = 0
    state = position([["a7", "g7", "c6", "f5"], []], spaces=ROW, turn=5,
                     short_game=short_game)
    while data(state)["bag"] != EMPTY_BAG:
        for square in ("a7", "g7", "c6", "f5"):
            if state.current_player != 0:
                while state.current_player != 0:
                    state.apply("pass")
            state.apply(f"pick {square}")
        assert state.is_chance()
        refills += 1
        while state.is_chance():
            state.apply(state.legal_actions()[0])
        state = _unload(state)
    assert refills == expected
    assert data(state)["refilling"] is False


def _unload(state: CaravanState) -> CaravanState:
    """The same position with seat 0's goods delivered (a test shortcut)."""
    raw = data(state)
    for index, text in enumerate(raw["camels"][0]):
        parts = text.split()
        if len(parts) > 1:
            raw["delivered"][0][parts[1]] += 1
            raw["camels"][0][index] = parts[0]
    raw["idle"] = 0
    document = state.to_json()
    document["state"] = raw
    document["history"], document["seen_by"] = [], []
    loaded = state.game.state_from_json(document)
    assert isinstance(loaded, CaravanState)
    return loaded


def test_no_refill_once_the_bag_is_empty() -> None:
    state = position([["a7", "g7", "c6", "f5"], []], spaces=ROW, bag=EMPTY_BAG,
                     delivered=[{"salt": 5, "meat": 5, "ivory": 1, "cloth": 1},
                                {"hides": 5, "swords": 5, "gems": 1, "paper": 1}])
    for square in ("a7", "g7", "c6", "f5"):
        state.apply(f"pick {square}")
    assert not state.is_chance()
    assert [s["good"] for s in data(state)["spaces"]][:4] == [None] * 4


# -- the end ------------------------------------------------------------------------------------


BEFORE_END = [{"salt": 4, "meat": 5, "ivory": 1, "cloth": 1},
              {"hides": 5, "swords": 5, "gems": 1, "paper": 1}]


def test_once_the_bag_is_empty_the_next_delivery_ends_the_game_at_once() -> None:
    state = endgame([["d2 salt", "d3"], ["a1"]], BEFORE_END)
    assert data(state)["actions_left"] == 4
    state.apply("relay salt d2-d3")
    assert state.is_terminal()
    assert data(state)["end"] == "delivery"
    assert state.legal_actions() == []
    with pytest.raises(cc.GameOverError):
        state.apply("pass")


def test_a_delivery_before_the_bag_is_empty_does_not_end_the_game() -> None:
    state = position([["d2 salt", "d3"], []], turn=5)
    state.apply("relay salt d2-d3")
    assert not state.is_terminal()


def test_a_relay_that_does_not_deliver_does_not_end_the_game() -> None:
    state = endgame([["d2 salt", "d1"], ["a1"]], BEFORE_END)
    assert "relay salt d2-d1" in legal(state)
    state.apply("relay salt d2-d1")
    assert not state.is_terminal()


def test_safety_stop_default_is_round_in_the_options_the_rules_and_the_docs() -> None:
    """The rules file (End) and decision CA13: ``safety_stop="round"`` by default."""
    assert game(2).options["safety_stop"] == STOP_ROUND == "round"
    docs = (ROOT / "docs" / "games" / "caravan.md").read_text(encoding="utf-8")
    assert '| `safety_stop` | `"round"` |' in docs
    rules = ROOT.parent / "shared" / "rules" / "caravan.md"
    if rules.exists():  # the shared rules sit beside the checkout, not inside it
        assert '`safety_stop="round"`, the default' in rules.read_text(encoding="utf-8")


def test_safety_stop_by_default_ends_the_game_before_the_bag_is_empty() -> None:
    state = position([["a1"], ["b1"]], turn=5)
    assert sum(data(state)["bag"].values()) > 0
    state.apply("pass")
    state.apply("pass")
    assert state.is_terminal() and data(state)["end"] == "stalled"


def test_safety_stop_a_full_round_of_passes_without_acting_ends_the_game() -> None:
    state = position([["a1"], ["b1"], ["c1"]], turn=5)
    state.apply("pass")
    state.apply("pass")
    assert not state.is_terminal()
    state.apply("pass")
    assert state.is_terminal()
    assert data(state)["end"] == "stalled"


def test_safety_stop_a_pass_after_acting_does_not_count() -> None:
    state = position([["a1"], ["b1"]], turn=5)
    state.apply("pass")
    state.apply("camel b1-b2")
    state.apply("pass")
    state.apply("pass")
    assert not state.is_terminal()
    state.apply("pass")
    assert state.is_terminal()


def test_safety_stop_bag_empty_option_waits_for_the_empty_bag() -> None:
    state = position([["a1"], ["b1"]], turn=5, safety_stop="bag-empty")
    for _ in range(6):
        state.apply("pass")
    assert not state.is_terminal()
    stuck = position([["a1 salt", "a2 salt", "a3 salt", "a4 salt", "a5 salt"],
                      ["b1 meat", "b2 meat", "b3 meat", "b4 meat", "b5 meat"]],
                     turn=5, safety_stop="bag-empty")
    assert legal(stuck) == ["pass"]
    stuck.apply("pass")
    stuck.apply("pass")
    assert stuck.is_terminal()  # nobody can act at all: the game could never go on
    bag_empty = endgame([["a7"], ["b1"]], [{"salt": 5, "meat": 5, "ivory": 1, "cloth": 1},
                                           {"hides": 5, "swords": 5, "gems": 1, "paper": 1}],
                        safety_stop="bag-empty")
    bag_empty.apply("pass")
    bag_empty.apply("pass")
    assert bag_empty.is_terminal()


# -- scoring ------------------------------------------------------------------------------------


def test_score_goods_delivered_plus_demand_markers() -> None:
    state = position([[], []], delivered=[{"ivory": 1, "salt": 2}, {}], demand=[3, 1])
    assert state.scores() == [6 + 6 + 3, 1]


def test_penalty_for_goods_still_held_is_0_0_1_3_6_then_n_n_minus_1_over_2() -> None:
    assert [penalty(n) for n in range(7)] == [0, 0, 1, 3, 6, 10, 15]


def test_held_goods_on_top_and_underneath_are_penalised() -> None:
    state = position([["a2 salt", "a3 meat under", "a4 hides"], []], demand=[5, 0])
    assert state.scores()[0] == 5 - 3


def test_highest_total_wins() -> None:
    state = endgame([["d2 salt", "d3"], []], [{"salt": 4, "meat": 5, "ivory": 1, "cloth": 1},
                                              {"hides": 5, "swords": 5, "gems": 1,
                                               "paper": 1}], demand=[4, 0])
    state.apply("relay salt d2-d3")
    assert state.returns() == [46.0, 42.0]
    assert state.winners() == [0]


def test_tie_break_most_goods_delivered() -> None:
    # 42 points each; Red delivered 12 goods, Green 10 (plus 7 demand markers and a
    # penalty of 1 for the two swords still on its camels).
    state = position([["d2 salt", "d3"], ["e4 swords", "e5 swords"]], spaces=ROW,
                     bag=EMPTY_BAG, delivered=[{"salt": 4, "meat": 5, "ivory": 1, "cloth": 1},
                                               {"hides": 5, "swords": 3, "gems": 1,
                                                "paper": 1}], demand=[0, 7])
    state.apply("relay salt d2-d3")
    assert state.returns() == [42.0, 42.0]
    assert state.winners() == [0]


def test_a_full_tie_is_a_shared_win() -> None:
    state = endgame([["d2 salt", "d3"], []],
                    [{"salt": 4, "meat": 5, "ivory": 1, "cloth": 1},
                     {"hides": 5, "swords": 5, "gems": 1, "paper": 1}])
    state.apply("relay salt d2-d3")
    assert state.returns() == [42.0, 42.0]
    assert state.winners() == [0, 1]
