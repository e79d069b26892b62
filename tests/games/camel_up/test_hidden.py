"""Face-down overall bets: observations, redacted history, views and sampled states."""

from __future__ import annotations

import json
import random

import pytest

from .helpers import START, data, roll, setup


def betting_position():
    state = setup(START, players=4)
    state.apply("winner purple")  # seat 0
    state.apply("loser red")  # seat 1
    state.apply("winner blue")  # seat 2
    state.apply("winner red")  # seat 3
    state.apply("loser green")  # seat 0
    return state


def test_observation_shows_own_cards_and_only_count_and_order_of_others() -> None:
    observation = betting_position().observation(0)
    assert observation["piles"] == {
        "winner": [[0, "purple"], [2, None], [3, None]],
        "loser": [[1, None], [0, "green"]],
    }
    assert observation["hand"] == ["blue", "yellow", "red"]
    assert observation["hand_sizes"] == [3, 4, 4, 4]
    assert "hands" not in observation
    assert json.loads(json.dumps(observation)) == observation


def test_observation_does_not_change_with_others_hidden_cards() -> None:
    one = betting_position()
    other = setup(START, players=4)
    for action in ("winner purple", "loser blue", "winner green", "winner yellow",
                   "loser green"):
        other.apply(action)
    assert one.observation(0) == other.observation(0)
    assert one.observation(1) != other.observation(1)


def test_overall_bets_are_seen_only_by_their_owner_in_the_history() -> None:
    state = betting_position()
    assert state.history_for(1)[-5:] == ["winner ?", "loser red", "winner ?", "winner ?",
                                         "loser ?"]
    assert state.history_for(None)[-5:] == ["winner ?", "loser ?", "winner ?", "winner ?",
                                            "loser ?"]
    # seat 1 hears the winner pile card by card without a colour (Red there is seat 3's)
    from camelcade.games.camel_up.text import pile_line

    assert pile_line(state, "winner", 1) == (
        "Overall winner pile, earliest card first: Player 1, Player 3 and Player 4.")
    assert "Yours: Red to lose." in state.describe(1)
    assert "Red to win" not in state.describe(1)


def test_describe_action_hides_the_card_from_others() -> None:
    state = betting_position()  # seat 1 to move
    assert "Yellow" in state.describe_action("winner yellow", player=1)
    assert "Yellow" not in state.describe_action("winner yellow", player=0)
    assert "face down" in state.describe_action("winner yellow", player=None)


def test_sampled_states_deal_others_cards_consistently_with_what_they_hold() -> None:
    state = betting_position()
    view = state.view(0)
    seen = set()
    for seed in range(40):
        sample = view.sample_state(random.Random(seed))
        assert sample.observation(0) == state.observation(0)
        position = data(sample)
        for seat in (1, 2, 3):
            played = [c for pile in position["piles"].values() for s, c in pile if s == seat]
            assert sorted(played + position["hands"][seat]) == sorted(state.edition.racing)
        seen.add(tuple(c for _, c in position["piles"]["winner"]))
    assert len(seen) > 5  # the hidden colours really are resampled


def test_the_piles_are_turned_over_at_the_end() -> None:
    from .helpers import purple_on_15

    state = purple_on_15()
    state.apply("winner purple")
    roll(state, "purple 2")
    assert state.is_terminal()
    assert state.observation(2)["piles"]["winner"] == [[state.pile("winner")[0][0], "purple"]]


def test_determinize_redraws_only_the_others_face_down_cards() -> None:
    state = betting_position()
    truth = data(state)
    seen_piles = set()
    for seed in range(60):
        sample = state.game.determinize(state, 0, random.Random(seed))
        assert sample.observation(0) == state.observation(0)
        assert sample.public_observation() == state.public_observation()
        position = data(sample)
        assert {k: v for k, v in position.items() if k not in ("hands", "piles")} == \
            {k: v for k, v in truth.items() if k not in ("hands", "piles")}
        assert position["hands"][0] == truth["hands"][0]
        for seat in (1, 2, 3):
            played = [c for pile in position["piles"].values() for s, c in pile if s == seat]
            assert sorted(played + position["hands"][seat]) == sorted(state.edition.racing)
        seen_piles.add(json.dumps(position["piles"]))
    assert data(state) == truth  # the state itself is untouched
    assert len(seen_piles) > 20


def test_determinize_draws_each_hidden_card_uniformly_from_its_owners_colours() -> None:
    """Player 2 has one card face down (on the loser pile): as far as seat 0 knows, it is
    any of seat 1's five colours, each equally likely."""
    state = betting_position()
    counts = dict.fromkeys(state.edition.racing, 0)
    draws = 2000
    rng = random.Random(7)
    for _ in range(draws):
        sample = state.game.determinize(state, 0, rng)
        (card,) = [c for s, c in sample.pile("loser") if s == 1]
        counts[card] += 1
    assert all(abs(n / draws - 1 / 5) < 0.04 for n in counts.values()), counts


def test_determinize_needs_no_saved_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    """It costs about a clone: no JSON, no validating loader."""
    from camelcade.games.camel_up.position import CamelUpPosition

    state = betting_position()

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("determinize went through the saved layout")

    monkeypatch.setattr(CamelUpPosition, "from_data", refuse)
    monkeypatch.setattr(type(state), "_to_data", refuse)
    sample = state.game.determinize(state, 2, random.Random(1))
    assert sample.pile("winner")[1][1] == "blue"  # seat 2's own card


def test_nothing_is_redrawn_once_the_piles_are_turned_over() -> None:
    from .helpers import purple_on_15

    state = purple_on_15()
    state.apply("winner purple")
    state.apply("loser red")
    roll(state, "purple 2")
    assert state.is_terminal()
    for seed in range(5):
        assert data(state.game.determinize(state, 3, random.Random(seed))) == data(state)


def test_a_view_from_the_observation_alone_samples_like_determinize() -> None:
    from camelcade.core.view import View

    state = betting_position()
    observation = state.observation(0)
    view = View.from_observation(state.game, 0, state.current_player, observation)
    piles = set()
    for seed in range(30):
        sample = view.sample_state(random.Random(seed))
        assert sample.observation(0) == observation
        piles.add(json.dumps(data(sample)["piles"]))
    assert len(piles) > 10


def test_spectators_see_who_bet_on_which_pile_in_which_order_but_no_camel() -> None:
    state = betting_position()
    public = state.public_observation()
    assert public["piles"] == {"winner": [[0, None], [2, None], [3, None]],
                               "loser": [[1, None], [0, None]]}
    assert "hand" not in public and "player" not in public
    assert public["hand_sizes"] == [3, 4, 4, 4]
    assert state.observation(2)["piles"]["winner"][1] == [2, "blue"]
