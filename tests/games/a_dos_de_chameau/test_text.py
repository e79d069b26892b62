"""describe() and describe_action(): plain English, nothing hidden named (api.md: State)."""

from __future__ import annotations

import pytest

import camelcade as cc

from .helpers import game, position


def three_players() -> cc.State:
    return position(
        [[0, 12, 33], [0, 9, 15], [0, 0, 0]],
        ["oasis3 mirage2 leader", "oasis1 storm", "oasis4 mirage1 mirage3"],
        discards=["oasis1 oasis2", "", "mirage2"],
    )


PUBLIC = """\
A dos de Chameau, 3 players. It is Red's turn.
Town: Red 1, Yellow 1, Orange 3.
Path: 9 Yellow; 12 Red; 15 Yellow.
Oasis: 31 empty (1 point); 32 empty (2 points); 33 Red (3 points); 34 empty (4 points); \
35 empty (5 points); 36 empty (6 points).
Scores: Red 3, Yellow 0, Orange 0.
Red: 3 cards in hand, 7 cards in the pile, 2 cards played (top card oasis 2).
Yellow: 2 cards in hand, 10 cards in the pile, 0 cards played (none).
Orange: 3 cards in hand, 8 cards in the pile, 1 card played (top card mirage 2)."""


def test_describe_public_position() -> None:
    assert three_players().describe() == PUBLIC
    assert str(three_players()) == PUBLIC


def test_describe_for_the_seat_to_play_adds_its_hand() -> None:
    lines = PUBLIC.splitlines()
    lines[0] = "A dos de Chameau, 3 players. It is Red (you)'s turn."
    lines[5] = lines[5].replace("Red:", "Red (you):")
    lines.append("Your hand: oasis 3, mirage 2, caravan leader.")
    lines.append("Your pile, 7 cards: oasis 1, oasis 2, oasis 3, oasis 4, mirage 1, mirage 3, "
                 "sandstorm.")
    assert three_players().describe(0) == "\n".join(lines)


def test_describe_for_another_seat_shows_only_its_own_hand_and_pile() -> None:
    text = three_players().describe(1)
    assert text.splitlines()[0] == "A dos de Chameau, 3 players. It is Red's turn."
    assert "Yellow (you): 2 cards in hand" in text
    assert text.splitlines()[-2:] == [
        "Your hand: oasis 1, sandstorm.",
        "Your pile, 10 cards: oasis 1, oasis 2, oasis 2, oasis 3, oasis 3, oasis 4, mirage 1, "
        "mirage 2, mirage 3, caravan leader.",
    ]
    told_of_others = "\n".join(text.splitlines()[:-2])  # all but Yellow's own cards
    for hidden in ["oasis 3", "caravan leader", "oasis 4", "mirage 3"]:
        assert hidden not in told_of_others


def test_describe_never_names_another_seats_cards() -> None:
    """Changing the hidden cards of other seats changes nothing that seat 1 is told."""
    spaces = [[0, 12, 33], [0, 9, 15], [0, 0, 0]]
    one = position(spaces, ["oasis3 mirage2 leader", "oasis1 storm", "oasis4 mirage1 mirage3"])
    other = position(spaces, ["oasis1 oasis1 oasis2", "oasis1 storm", "oasis2 oasis3 leader"])
    assert one.describe(1) == other.describe(1)
    assert one.describe() == other.describe()
    assert one.describe(0) != other.describe(0)


@pytest.mark.parametrize(
    ("action", "sentence"),
    [
        ("oasis3 0", "Red plays oasis 3: the camel in the town moves forward to space 3."),
        ("oasis3 12", "Red plays oasis 3: the camel on space 12 moves forward to space 16, "
                      "passing over 1 camel."),
        ("oasis3 33", "Red plays oasis 3: the camel on space 33 moves forward to oasis "
                      "space 36 (6 points)."),
        ("mirage2 9", "Red plays mirage 2: Yellow's camel on space 9 goes back to space 7."),
        ("leader 0", "Red plays the caravan leader: the camel in the town jumps to space 16, "
                     "in front of Yellow's camel on space 15."),
    ],
)
def test_describe_action_for_each_card(action: str, sentence: str) -> None:
    state = three_players()
    before = state.to_json()
    assert state.describe_action(action) == sentence
    assert state.describe_action(action, player=0) == sentence.replace("Red", "Red (you)", 1)
    assert state.to_json() == before


def test_describe_mirage_passing_camels_into_town() -> None:
    state = position([[1, 2, 20], [4, 0, 0]], ["mirage3", "oasis1"])
    assert state.describe_action("mirage3 4") == (
        "Red plays mirage 3: Yellow's camel on space 4 goes back to the town, "
        "passing over 2 camels."
    )


def test_describe_leader_on_own_leading_camel() -> None:
    state = position([[0, 3, 20], [19, 0, 0]], ["leader", "oasis1"])
    assert state.describe_action("leader 20") == (
        "Red plays the caravan leader: the leading camel, on space 20, moves on to space 21."
    )


def test_describe_leader_from_the_town_at_the_start() -> None:
    state = position([[0, 0, 0], [0, 0, 0]], ["leader", "oasis1"])
    assert state.describe_action("leader 0") == (
        "Red plays the caravan leader: the camel in the town jumps to space 1, "
        "in front of the town."
    )


def test_describe_storm_and_discard() -> None:
    storm = position([[0, 0, 0], [0, 0, 0]], ["oasis1", "storm"], turn=1)
    assert storm.describe_action("storm") == (
        "Yellow plays the sandstorm: every player reshuffles all 12 cards and draws 3."
    )
    dead = position([[0, 0, 30], [0, 0, 0]], ["mirage3 leader", "oasis1"])
    assert dead.describe_action("discard mirage3") == (
        "Red discards mirage 3, which has no legal use."
    )


def test_describe_draw_names_the_card_only_to_the_drawer() -> None:
    state = game(2).new_state()
    assert state.describe_action("draw leader") == "Red draws a card."
    assert state.describe_action("draw leader", player=0) == "Red (you) draws caravan leader."
    assert state.describe_action("draw leader", player=1) == "Red draws a card."
    assert state.describe().splitlines()[0] == "A dos de Chameau, 2 players. Red is drawing a card."


def test_describe_refuses_illegal_actions() -> None:
    with pytest.raises(cc.IllegalActionError, match="Red holds no storm"):
        three_players().describe_action("storm")


def test_describe_game_over() -> None:
    won = position([[31, 32, 33], [34, 35, 36]], ["oasis1", "oasis1"], end="oasis-full")
    assert won.describe().splitlines()[0] == (
        "A dos de Chameau, 2 players. The game is over: the oasis is full. "
        "Yellow wins with 15 points."
    )
    assert won.describe(1).splitlines()[0].endswith("Yellow (you) wins with 15 points.")
    tied = position([[31, 34, 36], [32, 33, 35]], ["oasis1", "oasis1"], end="oasis-full",
                    oasis_points=[1, 1, 1, 1, 1, 1])
    assert tied.describe().splitlines()[0].endswith("Red and Yellow share the win with 3 points.")


def test_describe_game_over_for_lack_of_cards_says_one_point() -> None:
    state = position([[0, 0, 31], [0, 0, 0]], ["", ""], piles=["", ""], end="no-cards")
    assert state.describe().splitlines()[0] == (
        "A dos de Chameau, 2 players. The game is over: no player has a card left. "
        "Red wins with 1 point."
    )


def test_describe_says_when_ones_own_pile_is_empty() -> None:
    state = position([[0, 0, 0], [0, 0, 0]], ["oasis1 oasis2", "oasis1"], piles=["", "oasis3"])
    assert state.describe(0).splitlines()[-1] == "Your pile: empty."
    assert state.describe(1).splitlines()[-1] == "Your pile, 1 card: oasis 3."
