"""One test per rule of shared/rules/caravan.md, named after the rule.

Positions are reached by choosing chance outcomes (``draw GOOD``) or by loading a saved
position (helpers.position). Standard map: goods spaces 1=a7 2=g7 3=c6 4=f5 5=b3 6=e2
7=a1 8=g1; cities meat d5, hides c4, swords e4, salt d3, ivory d7, paper a4, cloth g4,
gems d1.
"""

from __future__ import annotations

import pytest

import camelcade as cc
from tests.games.caravan.helpers import FULL, data, game, legal, position, start

# -- setup ------------------------------------------------------------------------------------


def test_setup_draws_a_good_onto_each_space_lowest_number_first() -> None:
    state = game(2).new_state()
    assert state.is_chance()
    state.apply("draw gems")
    state.apply("draw salt")
    spaces = data(state)["spaces"]
    assert [s["good"] for s in spaces[:3]] == ["gems", "salt", None]
    for name in FULL[2:]:
        assert state.is_chance()
        state.apply(f"draw {name}")
    assert state.current_player == 0


def test_setup_demand_markers_on_spaces_1_2_7_8() -> None:
    state = start(2)
    assert [s["markers"] for s in data(state)["spaces"]] == [1, 1, 0, 0, 0, 0, 1, 1]


def test_bag_draw_probability_follows_the_goods_left() -> None:
    state = game(4).new_state()  # full game: 9 of each common, 3 of each rare
    odds = {str(a): p for a, p in state.chance_outcomes()}
    assert odds["draw salt"] == pytest.approx(9 / 48)
    assert odds["draw ivory"] == pytest.approx(3 / 48)
    state.apply("draw ivory")
    odds = {str(a): p for a, p in state.chance_outcomes()}
    assert odds["draw ivory"] == pytest.approx(2 / 47)


def test_full_game_has_48_goods_and_short_game_32() -> None:
    assert sum(data(game(4).new_state())["bag"].values()) == 48
    short = data(game(2).new_state())["bag"]
    assert sum(short.values()) == 32
    assert short["salt"] == 6 and short["ivory"] == 2


def test_short_game_is_the_default_for_two_and_three_players_only() -> None:
    assert game(2).options["short_game"] is True
    assert game(3).options["short_game"] is True
    assert game(4).options["short_game"] is False
    assert game(4, short_game=True).options["short_game"] is True
    assert game(2, short_game="false").options["short_game"] is False


def test_each_player_has_five_camels_or_six_in_the_introductory_game() -> None:
    assert data(start(3))["supply"] == [5, 5, 5]
    assert data(start(3, camels=6))["supply"] == [6, 6, 6]
    with pytest.raises(cc.OptionError, match="camels"):
        game(3, camels=4)


def test_each_player_starts_with_one_theft_marker() -> None:
    assert data(start(4))["theft"] == [1, 1, 1, 1]


# -- turns --------------------------------------------------------------------------------------


def test_action_ramp_counts_turns_not_players_1_2_3_then_4() -> None:
    state = start(2)
    allowed = []
    squares = iter(f"{f}{r}" for r in "2345" for f in "abcdefg")
    for _ in range(6):
        seat = state.current_player
        allowed.append((seat, data(state)["actions_left"]))
        state.apply(f"camel {next(squares)}")  # an empty square: 1 action
        if state.current_player == seat:
            state.apply("pass")
    assert allowed == [(0, 1), (1, 2), (0, 3), (1, 4), (0, 4), (1, 4)]


def test_action_ramp_with_three_players() -> None:
    state = start(3)
    allowed = []
    squares = iter(f"{f}{r}" for r in "2345" for f in "abcdefg")
    for _ in range(5):
        allowed.append((state.current_player, data(state)["actions_left"]))
        seat = state.current_player
        state.apply(f"camel {next(squares)}")
        if state.current_player == seat:
            state.apply("pass")
    assert allowed == [(0, 1), (1, 2), (2, 3), (0, 4), (1, 4)]


def test_turn_passes_when_the_actions_are_used_up() -> None:
    state = start(2)
    state.apply("camel d4")  # the first turn has one action
    assert state.current_player == 1
    state.apply("camel c2")
    state.apply("camel c3")
    assert state.current_player == 0


def test_pass_ends_the_turn_early() -> None:
    state = position([["d4"], ["e2"]], turn=5)
    state.apply("camel b2")
    state.apply("pass")
    assert state.current_player == 1
    assert data(state)["actions_left"] == 4


# -- placing and moving camels -----------------------------------------------------------------


def test_placing_onto_an_empty_square_costs_one_action() -> None:
    state = position([[], []], turn=5)
    state.apply("camel b6")
    assert data(state)["actions_left"] == 3
    assert data(state)["camels"][0] == ["b6"]


def test_placing_onto_an_occupied_square_costs_two_actions() -> None:
    state = position([[], ["d4"]], turn=5)
    state.apply("camel d4")
    assert data(state)["actions_left"] == 2


def test_any_camel_colour_makes_a_square_occupied_even_your_own() -> None:
    state = position([["d4"], []], turn=5)
    state.apply("camel d4")
    assert data(state)["actions_left"] == 2
    assert data(state)["camels"][0] == ["d4", "d4"]


def test_an_occupied_square_needs_two_actions_left() -> None:
    state = position([["a3"], ["d4"]], turn=5, actions_left=1)
    assert "camel d4" not in legal(state)
    assert "camel a3-d4" not in legal(state)
    assert "camel d3" in legal(state)
    with pytest.raises(cc.IllegalActionError, match="costs 2 actions"):
        state.apply("camel d4")


def test_a_camel_moves_to_any_square_without_adjacency() -> None:
    state = position([["a1"], []], turn=5)
    state.apply("camel a1-g7")
    assert data(state)["camels"][0] == ["g7"]
    assert data(state)["actions_left"] == 3


def test_moving_onto_an_occupied_square_costs_two_actions() -> None:
    state = position([["a1"], ["g7"]], turn=5)
    state.apply("camel a1-g7")
    assert data(state)["actions_left"] == 2


def test_laden_camels_cannot_move() -> None:
    state = position([["a2 salt", "a3"], []], turn=5)
    assert not any(text.startswith("camel a2-") for text in legal(state))
    assert any(text.startswith("camel a3-") for text in legal(state))
    with pytest.raises(cc.IllegalActionError, match="laden camels cannot move"):
        state.apply("camel a2-b2")


def test_no_placement_without_camels_in_the_supply() -> None:
    state = position([["a1", "a2", "a3", "a4", "a5"], []], turn=5)
    assert not any(text.count(" ") == 1 and text.startswith("camel ") and "-" not in text
                   for text in legal(state))
    with pytest.raises(cc.IllegalActionError, match="supply"):
        state.apply("camel c3")


# -- picking up ---------------------------------------------------------------------------------


def test_pick_up_takes_the_good_and_the_demand_markers_there() -> None:
    state = position([["a7"], []], markers=[2, 1, 0, 0, 0, 0, 1, 1], turn=5)
    state.apply("pick a7")
    after = data(state)
    assert after["camels"][0] == ["a7 salt"]
    assert after["spaces"][0] == {"good": None, "markers": 0}
    assert after["demand"] == [2, 0]
    assert after["actions_left"] == 3


def test_pick_up_needs_your_unladen_camel_on_a_goods_space_with_a_good() -> None:
    state = position([["a7 meat", "c5"], ["g7"]], turn=5)
    assert not any(text.startswith("pick") for text in legal(state))
    with pytest.raises(cc.IllegalActionError, match="not a goods space"):
        state.apply("pick c5")
    with pytest.raises(cc.IllegalActionError, match="no unladen camel"):
        state.apply("pick g7")


def test_pick_up_never_delivers() -> None:
    # A map whose salt city is next to goods space 1: picking up there is just a pick-up.
    state = position([["a7"], []], turn=5)
    state.apply("pick a7")
    assert data(state)["delivered"][0]["salt"] == 0
    assert data(state)["camels"][0] == ["a7 salt"]


# -- relays and delivery ------------------------------------------------------------------------


def test_relay_moves_a_good_along_an_orthogonal_chain_of_your_camels() -> None:
    state = position([["a7 salt", "a6", "a5", "b5"], []], turn=5)
    assert "relay salt a7-b5" in legal(state)
    state.apply("relay salt a7-b5")
    assert sorted(data(state)["camels"][0]) == ["a5", "a6", "a7", "b5 salt"]
    assert data(state)["actions_left"] == 3


def test_relay_chains_are_orthogonal_not_diagonal() -> None:
    state = position([["a7 salt", "b6"], []], turn=5)
    assert not any(text.startswith("relay") for text in legal(state))
    with pytest.raises(cc.IllegalActionError, match="no chain"):
        state.apply("relay salt a7-b6")


def test_relay_chains_need_your_own_camels_not_others() -> None:
    state = position([["a7 salt", "a5"], ["a6"]], turn=5)
    assert "relay salt a7-a5" not in legal(state)


def test_relay_may_pass_through_laden_camels() -> None:
    state = position([["a7 salt", "a6 meat", "a5"], []], turn=5)
    assert "relay salt a7-a5" in legal(state)
    assert "relay meat a6-a5" in legal(state)


def test_relay_must_end_on_an_unladen_camel() -> None:
    state = position([["a7 salt", "a6 meat"], []], turn=5)
    assert not any(text.startswith("relay") for text in legal(state))
    with pytest.raises(cc.IllegalActionError, match="no unladen camel on a6"):
        state.apply("relay salt a7-a6")


def test_relay_between_two_camels_on_one_square() -> None:
    # Decision: a chain of one square: the good moves to another camel on the same square.
    state = position([["b2 salt", "b2"], []], turn=5)
    assert "relay salt b2-b2" in legal(state)
    state.apply("relay salt b2-b2")
    assert data(state)["camels"][0] == ["b2", "b2 salt"]


def test_relay_delivers_in_the_city_that_wants_the_good() -> None:
    state = position([["d2 salt", "d3"], []], turn=5)
    state.apply("relay salt d2-d3")
    after = data(state)
    assert after["delivered"][0]["salt"] == 1
    assert after["camels"][0] == ["d2", "d3"]
    assert state.scores()[0] == 3


def test_relay_into_another_city_does_not_deliver() -> None:
    state = position([["e3 salt", "e4"], []], turn=5)  # e4 is the swords city
    state.apply("relay salt e3-e4")
    assert data(state)["delivered"][0]["salt"] == 0
    assert data(state)["camels"][0] == ["e3", "e4 salt"]


def test_rare_goods_score_six_and_common_goods_three() -> None:
    state = position([["d6 ivory", "d7", "d2 salt", "d3"], []], turn=5)
    state.apply("relay ivory d6-d7")
    state.apply("relay salt d2-d3")
    assert state.scores()[0] == 9


# -- theft ----------------------------------------------------------------------------------------


def test_steal_puts_the_good_under_your_camel_and_hands_the_marker_to_the_victim() -> None:
    state = position([["c3"], ["c3 meat"]], turn=5)
    assert "steal meat c3 1" in legal(state)
    state.apply("steal meat c3 1")
    after = data(state)
    assert after["camels"] == [["c3 meat under"], ["c3"]]
    assert after["theft"] == [0, 2]
    assert after["actions_left"] == 3


def test_steal_needs_a_theft_marker() -> None:
    state = position([["c3"], ["c3 meat"]], theft=[0, 2], turn=5)
    assert not any(text.startswith("steal") for text in legal(state))
    with pytest.raises(cc.IllegalActionError, match="no theft marker"):
        state.apply("steal meat c3 1")


def test_steal_needs_your_unladen_camel_on_the_square() -> None:
    state = position([["c3 salt", "c4"], ["c3 meat"]], turn=5)
    assert not any(text.startswith("steal") for text in legal(state))


def test_the_victim_can_use_the_theft_marker_later() -> None:
    state = position([["c3", "e5 salt"], ["c3 meat", "e5"]], turn=5)
    state.apply("steal meat c3 1")
    state.apply("pass")
    assert state.current_player == 1
    assert "steal salt e5 0" in legal(state)


def test_a_good_under_a_camel_cannot_be_stolen() -> None:
    state = position([["c3"], ["c3 meat under"]], turn=5)
    assert not any(text.startswith("steal") for text in legal(state))


def test_a_camel_with_a_good_under_it_counts_as_laden() -> None:
    state = position([["c3 meat under", "c4"], ["c3 salt"]], turn=5)
    texts = legal(state)
    assert not any(text.startswith("camel c3-") for text in texts)
    assert "steal salt c3 1" not in texts
    assert "relay meat c3-c4" in texts


def test_a_stolen_good_goes_on_top_when_moved() -> None:
    state = position([["c3 meat under", "c4"], []], turn=5)
    state.apply("relay meat c3-c4")
    assert data(state)["camels"][0] == ["c3", "c4 meat"]


def test_theft_never_delivers_even_in_the_matching_city() -> None:
    state = position([["d5"], ["d5 meat"]], turn=5)  # d5 is the meat city
    state.apply("steal meat d5 1")
    assert data(state)["delivered"][0]["meat"] == 0
    assert data(state)["camels"][0] == ["d5 meat under"]


def test_you_cannot_steal_from_yourself() -> None:
    state = position([["c3", "c3 meat"], []], turn=5)
    with pytest.raises(cc.IllegalActionError, match="yourself"):
        state.apply("steal meat c3 0")


def test_relay_moves_a_good_on_top_before_a_safe_one_underneath() -> None:
    state = position([["c3 meat", "c3 meat under", "c4"], []], turn=5)
    state.apply("relay meat c3-c4")
    assert data(state)["camels"][0] == ["c3", "c3 meat under", "c4 meat"]
