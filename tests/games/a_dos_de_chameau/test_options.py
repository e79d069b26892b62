"""Options, player counts and the card set (rules file: Components, Card set, Options)."""

from __future__ import annotations

from collections import Counter

import pytest

import camelcade as cc

from .helpers import GAME_ID, data, game, position


def test_game_is_registered_with_its_title_and_player_range() -> None:
    assert GAME_ID in cc.game_ids()
    the_game = game(3)
    assert (the_game.id, the_game.title) == ("a-dos-de-chameau", "A dos de Chameau")
    assert (the_game.players, the_game.min_players, the_game.max_players) == (3, 2, 4)


def test_default_options() -> None:
    assert cc.load(GAME_ID).options == {
        "players": 4,
        "oasis_cards": [1, 1, 2, 2, 3, 3, 4],
        "oasis_points": [1, 2, 3, 4, 5, 6],
        "leader_target": "outside-oasis",
    }


@pytest.mark.parametrize("players", [1, 5])
def test_bad_player_count_names_the_allowed_range(players: int) -> None:
    with pytest.raises(cc.OptionError) as error:
        cc.load(GAME_ID, players=players)
    assert str(error.value) == f"A dos de Chameau is played by 2 to 4 players, not {players}"


def test_player_count_must_be_a_whole_number() -> None:
    with pytest.raises(cc.OptionError, match="players must be a whole number from 2 to 4"):
        cc.load(GAME_ID, players="three")


@pytest.mark.parametrize(
    "value", [[1, 1, 2, 2, 3, 3], [1, 1, 2, 2, 3, 3, 5], [0, 1, 2, 2, 3, 3, 4], "a,b", 7]
)
def test_bad_oasis_cards_name_what_is_allowed(value: object) -> None:
    with pytest.raises(cc.OptionError) as error:
        cc.load(GAME_ID, oasis_cards=value)
    message = str(error.value)
    assert message.startswith(f"A dos de Chameau option oasis_cards={value!r} is not allowed")
    assert message.endswith("allowed: seven values 1-4")


@pytest.mark.parametrize("value", [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 100], [-1, 2, 3, 4, 5, 6]])
def test_bad_oasis_points_name_what_is_allowed(value: list[int]) -> None:
    with pytest.raises(cc.OptionError, match=r"allowed: six whole numbers 0-99"):
        cc.load(GAME_ID, oasis_points=value)


def test_bad_leader_target_names_the_choices() -> None:
    with pytest.raises(cc.OptionError) as error:
        cc.load(GAME_ID, leader_target="inside")
    assert "must be one of 'outside-oasis', 'any'" in str(error.value)
    assert str(error.value).endswith("allowed: 'outside-oasis' or 'any'")


def test_unknown_option_lists_the_options() -> None:
    with pytest.raises(cc.OptionError) as error:
        cc.load(GAME_ID, camels=4)
    assert str(error.value) == (
        "A dos de Chameau has no option 'camels'; "
        "its options are: players, oasis_cards, oasis_points, leader_target"
    )


def test_options_typed_as_text_are_accepted() -> None:
    the_game = cc.load(GAME_ID, players="2", oasis_cards="4,4,4,4,4,4,4",
                       oasis_points="6, 5, 4, 3, 2, 1")
    assert the_game.options["players"] == 2
    assert the_game.options["oasis_cards"] == [4] * 7
    assert the_game.options["oasis_points"] == [6, 5, 4, 3, 2, 1]


def test_card_set_is_7_oasis_3_mirage_leader_storm() -> None:
    state = game(2).new_state()
    for seat in range(2):
        pile = data(state)["piles"][seat]
        assert len(pile) == 12
        assert Counter(pile) == Counter({
            "oasis1": 2, "oasis2": 2, "oasis3": 2, "oasis4": 1,
            "mirage1": 1, "mirage2": 1, "mirage3": 1, "leader": 1, "storm": 1,
        })


def test_oasis_cards_option_changes_deck() -> None:
    state = game(3, oasis_cards=[4, 4, 4, 3, 3, 1, 1]).new_state()
    assert data(state)["piles"][2] == [
        "oasis1", "oasis1", "oasis3", "oasis3", "oasis4", "oasis4", "oasis4",
        "mirage1", "mirage2", "mirage3", "leader", "storm",
    ]
    # The first draw is a chance node over that pile: three oasis4 out of twelve.
    assert dict((str(a), p) for a, p in state.chance_outcomes())["draw oasis4"] == 3 / 12
    assert "draw oasis2" not in [str(a) for a, _ in state.chance_outcomes()]


def test_oasis_points_option() -> None:
    spaces = [[31, 32, 33], [34, 35, 36]]
    hands = ["oasis1", "oasis1"]
    default = position(spaces, hands, end="oasis-full")
    assert (default.returns(), default.winners()) == ([6.0, 15.0], [1])
    reverse = position(spaces, hands, end="oasis-full", oasis_points=[6, 5, 4, 3, 2, 1])
    assert (reverse.returns(), reverse.winners()) == ([15.0, 6.0], [0])
    flat = position(spaces, hands, end="oasis-full", oasis_points=[1, 1, 1, 1, 1, 1])
    assert (flat.returns(), flat.winners()) == ([3.0, 3.0], [0, 1])
