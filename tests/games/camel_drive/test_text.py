"""describe() and describe_action(): plain English, camels named by colour word."""

from __future__ import annotations

from .helpers import game, play, position


def test_describe_says_who_leads() -> None:
    assert "Nobody has scored yet" in game().new_state().describe()
    state = position(scores=[4, 9, 2, 9])
    assert "Yellow and Blue share the lead with 9 points" in state.describe()
    state = position(scores=[4, 11, 2, 9])
    assert "Yellow leads with 11 points" in state.describe()


def test_describe_names_a_team_by_both_colours() -> None:
    state = position(2, scores=[4, 7, 2, 0])
    text = state.describe(0)
    assert "Team Red and Yellow (you) leads with 11 points" in text
    assert "(Red 4, Yellow 7)" in text


def test_describe_says_who_finished_first_and_the_bets() -> None:
    state = play(position(positions=[14, 5, 6, 7]), "draw", "card 2", "bet green",
                 "bet green", "bet yellow")
    text = state.describe()
    assert "Red finished first, lost and is out" in text
    assert "Lane 1: Red, at the finish, finished first (out)" in text
    assert "Bets: on Yellow: Blue (5 points each if Yellow wins); on Green: Yellow, Green " \
           "(3 points each if Green wins)." in text
    assert "Betting round: Red places a betting stone." in text


def test_describe_reports_the_last_race() -> None:
    state = play(position(phase="sprint", positions=[15, 12, 14, 9], first=0,
                          bets=[2, 2, 3, 3], turn=2), "draw", "card 1")
    assert ("Race 1: Red finished first and lost; Green finished second and won. "
            "Points: Red +3, Yellow +5, Green +5, Blue +1.") in state.describe()


def test_describe_marks_the_viewers_camel_and_shows_decks_by_size_and_top_card() -> None:
    state = play(game().new_state(), "draw", "card 1", "card 3")
    text = state.describe(0)
    assert "Lane 1: Red (you), field 4; 10 cards to draw, top discard 3; " \
           "3 interjections left." in text
    assert "It is Yellow's turn (opening double move)." in text


def test_describe_action_sentences() -> None:
    state = game().new_state()
    assert state.describe_action("draw") == ("Red reveals two call cards for the opening "
                                             "double move and moves forward by their sum.")
    state = position(positions=[13, 5, 6, 7], interjections=[1, 3, 3, 3])
    assert state.describe_action("shout left", 0) == (
        "Red (you) plays an interjection (0 interjections left after this): the left "
        "neighbour Yellow moves forward by one revealed call card; then Yellow plays.")
    assert "moves back by one revealed call card" in state.describe_action("shout back")
    play(state, "shout forward", "card 1")
    assert state.describe_action("card 1") == (
        "Red reveals a 1 (with the 1 before, 2 in all), reaches the finish first and so "
        "loses this race; the betting round follows.")
    play(state, "card 1")
    assert state.describe_action("bet green") == (
        "Yellow's betting stone backs Green: 1 stone on it, 5 points each if Green wins.")


def test_describe_action_for_the_winning_card() -> None:
    state = position(phase="sprint", positions=[15, 12, 14, 9], first=0, bets=[2, 2, 3, 3],
                     turn=2)
    play(state, "draw")
    assert state.describe_action("card 1") == "Green reveals a 1, finishes second and wins " \
                                              "the race."


def test_describe_speaks_to_the_seat_whose_turn_it_is() -> None:
    state = game(2).new_state()
    assert "It is your turn with Red (opening double move)." in state.describe(0)
    assert "It is Red's turn (opening double move)." in state.describe(1)
