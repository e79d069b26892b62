"""The caravan leader and the sandstorm (rules file: Turn, AD3)."""

from __future__ import annotations

import pytest

import camelcade as cc

from .helpers import camels, data, game, legal, position

FULL_PILE = [
    "oasis1", "oasis1", "oasis2", "oasis2", "oasis3", "oasis3", "oasis4",
    "mirage1", "mirage2", "mirage3", "leader", "storm",
]


def test_leader_jumps_in_front_of_most_advanced_camel_outside_oasis() -> None:
    # Yellow's camels on 32 and 33 are in the oasis; the leader is Yellow's camel on 20.
    state = position([[0, 5, 31], [20, 32, 33]], ["leader", "oasis1"])
    assert legal(state) == ["leader 0", "leader 5"]
    state.apply("leader 5")
    assert camels(state) == [[0, 21, 31], [20, 32, 33]]


def test_leader_brings_a_camel_out_of_town() -> None:
    state = position([[0, 5, 6], [20, 0, 0]], ["leader", "oasis1"])
    state.apply("leader 0")
    assert camels(state) == [[5, 6, 21], [0, 0, 20]]


def test_leader_when_every_camel_is_in_town_goes_to_space_one() -> None:
    state = position([[0, 0, 0], [0, 0, 0]], ["leader", "oasis1"])
    assert legal(state) == ["leader 0"]
    state.apply("leader 0")
    assert camels(state) == [[0, 0, 1], [0, 0, 0]]


def test_leader_on_own_leading_camel_gives_plus_one() -> None:
    state = position([[0, 3, 20], [19, 0, 0]], ["leader", "oasis1"])
    assert legal(state) == ["leader 0", "leader 3", "leader 20"]
    state.apply("leader 20")
    assert camels(state) == [[0, 3, 21], [0, 0, 19]]


def test_leader_forbidden_when_target_is_oasis() -> None:
    # Yellow leads on 30: the space in front of it is oasis space 31.
    state = position([[0, 0, 10], [30, 0, 0]], ["leader oasis1", "oasis1"])
    assert legal(state) == ["oasis1 0", "oasis1 10"]
    before = state.to_json()
    with pytest.raises(cc.IllegalActionError,
                       match="the leader cannot bring a camel into the oasis"):
        state.apply("leader 10")
    assert state.to_json() == before


def test_leader_cannot_move_a_camel_already_in_the_oasis() -> None:
    state = position([[0, 10, 31], [12, 0, 0]], ["leader", "oasis1"])
    assert legal(state) == ["leader 0", "leader 10"]
    with pytest.raises(cc.IllegalActionError, match="a camel in the oasis stays there"):
        state.apply("leader 31")


def test_leader_target_any_option_card_dead_when_leader_in_oasis() -> None:
    spaces = [[0, 0, 10], [0, 15, 32]]
    default = position(spaces, ["leader", "oasis1"])
    assert legal(default) == ["leader 0", "leader 10"]
    default.apply("leader 10")
    assert camels(default) == [[0, 0, 16], [0, 15, 32]]

    any_leader = position(spaces, ["leader", "oasis1"], leader_target="any")
    assert legal(any_leader) == ["discard leader"]


def test_leader_target_any_option_is_the_default_rule_while_the_oasis_is_empty() -> None:
    state = position([[0, 0, 10], [0, 0, 15]], ["leader", "oasis1"], leader_target="any")
    state.apply("leader 10")
    assert camels(state) == [[0, 0, 16], [0, 0, 15]]


def test_sandstorm_gathers_all_twelve_cards_and_deals_three_each() -> None:
    state = position(
        [[0, 4, 9], [0, 0, 7], [2, 3, 0]],
        ["oasis1 oasis4 leader", "oasis2 mirage3 storm", "oasis3"],
        discards=["oasis2 mirage1", "oasis1 oasis1 leader", "oasis1 oasis1 oasis2 mirage2"],
        turn=1,
    )
    state.apply("storm")
    after = data(state)
    assert after["camels"] == [[0, 4, 9], [0, 0, 7], [0, 2, 3]]
    assert after["hands"] == [[], [], []]
    assert after["discards"] == [[], [], []]
    assert after["piles"] == [FULL_PILE] * 3
    assert after["draw_queue"] == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    assert state.chance_outcomes()[0] == (cc.load("a-dos-de-chameau", players=3)
                                          .new_state().chance_outcomes()[0])
    drawers = []
    for card in ["oasis1", "oasis2", "storm"] * 3:
        drawers.append(state.current_player == cc.CHANCE and data(state)["draw_queue"][0])
        state.apply(f"draw {card}")
    assert drawers == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    assert data(state)["hands"] == [["oasis1", "oasis2", "storm"]] * 3
    # Play goes on clockwise from the seat that played the sandstorm.
    assert state.current_player == 2


def test_sandstorm_is_always_playable() -> None:
    # No mirage target (Yellow is in town or the oasis), the leader blocked by Red's own
    # camel on 30: only the storm has a use, and it is played, not discarded.
    state = position([[0, 0, 30], [0, 31, 32]], ["mirage1 leader storm", "oasis1"])
    assert legal(state) == ["storm"]


def test_sandstorm_is_not_part_of_a_normal_draw_turn() -> None:
    # The storm player draws only in the redeal, like everyone else.
    state = position([[0, 0, 0], [0, 0, 0]], ["oasis1 storm", "oasis1 oasis2"],
                     piles=["", "oasis3"])
    state.apply("storm")
    assert data(state)["draw_queue"] == [0, 0, 0, 1, 1, 1]
    assert sum(len(pile) for pile in data(state)["piles"]) == 24


def test_new_game_is_a_chance_node_dealing_from_full_piles() -> None:
    state = game(2).new_state()
    outcomes = {str(action): probability for action, probability in state.chance_outcomes()}
    assert outcomes == {
        "draw oasis1": 2 / 12, "draw oasis2": 2 / 12, "draw oasis3": 2 / 12,
        "draw oasis4": 1 / 12, "draw mirage1": 1 / 12, "draw mirage2": 1 / 12,
        "draw mirage3": 1 / 12, "draw leader": 1 / 12, "draw storm": 1 / 12,
    }
