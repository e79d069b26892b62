"""The end of the race, final scoring and the overall bets (rules file: "Game end")."""

from __future__ import annotations

import pytest

import camelcade as cc
from camelcade.games.camel_up.scoring import score_pile

from .helpers import black_on_2, black_on_2_under_red, data, purple_on_15, roll


def test_game_ends_the_moment_a_racing_camel_crosses_the_line() -> None:
    state = purple_on_15()
    assert state.pyramid() == list(state.edition.dice)  # a fresh leg: 6 dice in
    roll(state, "purple 2")  # purple carries nothing (white is below it)
    assert state.is_terminal() and state.phase == "over"
    assert state.track()[17] == ["purple"] and state.camel_order()[0] == "purple"
    assert len(state.pyramid()) == 5  # the rest of the leg is never rolled
    with pytest.raises(cc.GameOverError):
        state.apply("roll")


def test_game_ends_when_a_cheering_tile_on_16_pushes_a_unit_over() -> None:
    state = purple_on_15()
    state.apply("tile 16 cheer")
    tile_owner = state.tiles()[16].owner
    before = state.coins()[tile_owner]
    roll(state, "purple 1")  # lands on 16, cheered on to 17: over the line
    assert state.is_terminal() and state.track()[17] == ["purple"]
    assert state.coins()[tile_owner] >= before + 1


def test_crazy_camel_crossing_backwards_ends_the_game_and_its_riders_rank_last() -> None:
    state = black_on_2_under_red()
    state.apply("loser red")  # the next seat bets red to come last
    bettor = (state.turn - 1) % state.game.players
    before = state.coins()[bettor]
    roll(state, "white 2")  # rule (i): black carries red, so black moves 2 back: 2 -> 0
    assert state.coins()[bettor] == before + 8  # the first correct loser card pays 8
    assert state.is_terminal()
    assert state.track()[0] == ["black", "red"]
    assert state.camel_order()[-1] == "red"
    assert ["red", 1] not in data(state)["track"]
    assert state.pile("loser") == [(bettor, "red")]


def test_crazy_camel_crossing_alone_still_ends_the_game() -> None:
    state = black_on_2()
    roll(state, "black 3")  # 2 -> -1: over the line counterclockwise, carrying nobody
    assert state.is_terminal() and state.track()[-1] == ["black"]
    assert state.camel_order()[-1] != "black"  # crazy camels are never ranked


def test_overall_winner_bets_pay_8_5_3_2_1_1_in_pile_order_and_wrong_ones_cost_1() -> None:
    state = purple_on_15(players=8)
    first = state.turn
    bettors = [(first + i) % 8 for i in range(7)]
    for _ in bettors:
        state.apply("winner purple")
    wrong = state.turn
    state.apply("winner red")
    assert state.turn == first
    state.apply("bet green")  # seat `first` acts, then `first + 1` rolls the last die
    before = state.coins()
    roll(state, "purple 2")
    after = state.coins()
    pays = [8, 5, 3, 2, 1, 1, 1]
    for seat, pay in zip(bettors, pays, strict=True):
        leg = (-1 if seat == first else 0) + (1 if seat == (first + 1) % 8 else 0)
        assert after[seat] == max(0, before[seat] + leg) + pay, seat
    assert after[wrong] == before[wrong] - 1


def test_a_wrong_overall_card_costs_nothing_to_a_player_without_money() -> None:
    coins = [0, 5]
    effects = score_pile([(0, "red"), (1, "red"), (0, "blue")], "blue", coins)
    assert effects == [0, -1, 8] and coins == [8, 4]


def test_overall_bets_use_each_colour_card_once() -> None:
    state = purple_on_15(players=3)
    state.apply("winner purple")
    state.apply("bet blue")
    state.apply("bet blue")
    legal = {str(a) for a in state.legal_actions()}
    assert "winner purple" not in legal and "loser purple" not in legal
    assert "loser red" in legal

