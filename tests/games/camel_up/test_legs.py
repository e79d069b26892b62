"""Leg tickets, pyramid tickets, the end of a leg, leg scoring and the start player
(rules file: turn actions 1 and 3, "Leg end")."""

from __future__ import annotations

import pytest

import camelcade as cc

from .helpers import START, legal, rolls, setup

LEG = ("red 1", "blue 1", "yellow 1", "green 1", "white 1")


def test_leg_tickets_are_5_3_2_2_taken_from_the_top_until_gone() -> None:
    state = setup(START, players=3)
    for _ in range(4):
        state.apply("bet red")
    assert state.tickets(0) == [("red", 5), ("red", 2)]
    assert state.tickets(1) == [("red", 3)] and state.tickets(2) == [("red", 2)]
    assert state.ticket_stack("red") == []
    assert "bet red" not in legal(state)
    with pytest.raises(cc.IllegalActionError, match="all taken"):
        state.apply("bet red")


def test_a_player_may_take_several_tickets_of_one_colour() -> None:
    state = setup(START, players=3)
    state.apply("bet blue")
    state.apply("roll")
    state.apply("die red 1")
    state.apply("tile 9 cheer")
    state.apply("bet blue")
    assert state.tickets(0) == [("blue", 5), ("blue", 3)]


def test_pyramid_ticket_taken_by_each_roll_pays_one_at_leg_scoring() -> None:
    state = setup(START, players=5)
    rolls(state, *LEG)  # seats 0-4 each roll once; the 5th die ends the leg
    assert state.coins() == [4, 4, 4, 4, 4]


def test_leg_ends_when_5_of_the_6_dice_are_out() -> None:
    state = setup(START)
    rolls(state, *LEG[:4])
    assert state.leg == 1 and len(state.pyramid()) == 2
    state.apply("roll")
    assert {str(a) for a, _ in state.chance_outcomes()} == {
        "die purple 1", "die purple 2", "die purple 3", "die black 1", "die black 2",
        "die black 3", "die white 1", "die white 2", "die white 3"}
    state.apply("die white 1")
    assert state.leg == 2 and len(state.pyramid()) == 6 and state.rolled() == []


def test_the_last_roller_still_moves_before_the_leg_is_scored() -> None:
    state = setup(START)
    state.apply("bet yellow")  # seat 0
    rolls(state, "red 1", "blue 1", "green 1", "purple 1")  # seats 1, 2, 3, 0
    state.apply("roll")  # seat 1 takes the 5th pyramid ticket
    state.apply("die yellow 3")  # yellow (under purple) moves 3 first, then scoring
    assert state.coins()[0] == 3 + 5 + 1  # yellow first: the 5-ticket, plus a pyramid ticket


def test_leg_scoring_pays_face_value_plus_one_for_second_minus_one_else() -> None:
    state = setup(START, players=3)
    state.apply("bet green")  # seat 0: green 5
    state.apply("bet blue")  # seat 1: blue 5
    state.apply("bet red")  # seat 2: red 5
    rolls(state, "blue 1", "green 2", "red 1", "white 1", "purple 1")  # seats 0 1 2 0 1
    assert state.camel_order()[:2] == ["green", "blue"]
    # seat 0: 5 + 2 pyramid tickets; seat 1: +1 + 2 pyramid; seat 2: -1 + 1 pyramid
    assert state.coins() == [3 + 5 + 2, 3 + 1 + 2, 3 - 1 + 1]


def test_money_never_drops_below_zero_at_leg_scoring() -> None:
    state = setup(START, players=3)
    for action in ("bet red", "bet green", "bet green", "bet yellow", "roll", "die blue 1",
                   "roll", "die green 2", "bet purple", "roll", "die red 1", "roll",
                   "die white 1", "bet red", "roll", "die purple 1"):
        state.apply(action)
    assert state.leg == 2
    # seat 0 held four losing tickets (-4) and had 3 coins: it ends on 0, not -1
    assert state.coins() == [0, 3 + 5 + 3, 3 + 3 + 2]


def test_start_player_passes_to_the_left_of_the_last_roller() -> None:
    state = setup(START)
    state.apply("bet blue")  # seat 0
    rolls(state, *LEG)  # seats 1, 2, 3, 0, 1: seat 1 takes the last pyramid ticket
    assert state.leg == 2 and state.start_player == 2 and state.current_player == 2


def test_cleanup_returns_tickets_tiles_and_dice() -> None:
    state = setup(START)
    state.apply("bet blue")
    state.apply("tile 8 cheer")
    rolls(state, *LEG)
    assert state.tiles() == {} and all(not state.tickets(s) for s in range(4))
    assert state.ticket_stack("blue") == [5, 3, 2, 2] and len(state.pyramid()) == 6
