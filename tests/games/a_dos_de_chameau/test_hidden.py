"""Hidden hands: observations, redacted draws, views and sampled states (style.md habit 3)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

import camelcade as cc
from camelcade.core.chance import sample_chance

from .helpers import data, game, position

SPACES = [[0, 12, 33], [0, 9, 15], [0, 0, 0]]
HANDS = ["oasis3 mirage2 leader", "oasis1 storm", "oasis4 mirage1 mirage3"]
DISCARDS = ["oasis1 oasis2", "", "mirage2"]


def mid_game() -> cc.State:
    return position(SPACES, HANDS, discards=DISCARDS)


def test_hidden_hands_observation_shows_only_own_hand() -> None:
    observation = mid_game().observation(1)
    assert observation == {
        "camels": SPACES,
        "discards": [["oasis1", "oasis2"], [], ["mirage2"]],
        "turn": 0,
        "last": 2,
        "draw_queue": [],
        "end": None,
        "player": 1,
        "current_player": 0,
        "hand": ["oasis1", "storm"],
        "pile": ["oasis1", "oasis2", "oasis2", "oasis3", "oasis3", "oasis4",
                 "mirage1", "mirage2", "mirage3", "leader"],
        "hand_sizes": [3, 2, 3],
        "pile_sizes": [7, 10, 8],
        "scores": [3.0, 0.0, 0.0],
    }
    assert json.loads(json.dumps(observation)) == observation


def test_observation_does_not_change_with_others_hidden_cards() -> None:
    swapped = position(SPACES, ["oasis2 oasis3 oasis4", "oasis1 storm", "oasis2 oasis3 leader"],
                       discards=DISCARDS)
    assert swapped.observation(1) == mid_game().observation(1)
    assert swapped.observation(0) != mid_game().observation(0)


def test_draws_are_seen_only_by_drawer() -> None:
    state = mid_game()
    state.apply("oasis3 12")
    assert state.describe_action("draw mirage1", player=2) == "Red draws a card."
    assert state.describe_action("draw mirage1", player=0) == "You draw mirage 1."
    state.apply("draw mirage1")
    assert state.history_for(0) == ["oasis3 12", "draw mirage1"]
    assert state.history_for(1) == ["oasis3 12", "draw ?"]
    assert state.history_for(2) == ["oasis3 12", "draw ?"]
    assert state.history_for(None) == ["oasis3 12", "draw ?"]
    assert [str(a) for a in state.history] == ["oasis3 12", "draw mirage1"]
    assert state.view(1).history == ("oasis3 12", "draw ?")
    # The saved state keeps who saw what.
    assert state.to_json()["seen_by"] == [None, [0]]
    reloaded = state.game.state_from_json(state.to_json())
    assert reloaded.history_for(1) == ["oasis3 12", "draw ?"]


def test_opening_deal_is_redacted_seat_by_seat() -> None:
    state = game(2).new_state()
    for card in ["oasis1", "oasis2", "oasis3", "mirage1", "mirage2", "mirage3"]:
        state.apply(f"draw {card}")
    assert state.history_for(0) == ["draw oasis1", "draw oasis2", "draw oasis3"] + \
        ["draw ?"] * 3
    assert state.history_for(1) == ["draw ?"] * 3 + \
        ["draw mirage1", "draw mirage2", "draw mirage3"]


def test_view_gives_legal_actions_only_to_the_seat_to_play() -> None:
    state = mid_game()
    assert [str(a) for a in state.view(0).legal_actions()] == [str(a) for a in
                                                               state.legal_actions()]
    assert state.view(1).legal_actions() == []
    assert state.view(1).observation == state.observation(1)


def test_sample_state_keeps_what_the_seat_knows_and_resamples_the_rest() -> None:
    state = mid_game()
    view = state.view(1)
    rng = random.Random(3)
    others = set()
    for _ in range(60):
        sample = view.sample_state(rng)
        assert sample.observation(1) == view.observation
        sampled = data(sample)
        assert sampled["hands"][1] == ["oasis1", "storm"]
        assert sampled["camels"] == SPACES
        assert sampled["discards"] == data(state)["discards"]
        assert [len(hand) for hand in sampled["hands"]] == [3, 2, 3]
        assert sample.history == []
        others.add((tuple(sampled["hands"][0]), tuple(sampled["hands"][2])))
    # Red's unseen cards are its 10 not yet played: many different hands come up.
    assert len(others) > 20


def test_sample_state_at_a_chance_node_mid_game() -> None:
    the_game, rng = game(4), random.Random(8)
    state = the_game.new_state()
    while len(state.history) < 60 or not state.is_chance():
        assert not state.is_terminal()
        action = sample_chance(state, rng) if state.is_chance() else \
            rng.choice(state.legal_actions())
        state.apply(action)
    drawer = data(state)["draw_queue"][0]
    for seat in range(4):
        sample = state.view(seat).sample_state(random.Random(seat))
        assert sample.observation(seat) == state.observation(seat)
        assert sample.is_chance()
        if seat == drawer:  # a seat knows its own pile, so the odds of its draw
            assert sample.chance_outcomes() == state.chance_outcomes()


def test_determinize_keeps_what_the_seat_knows_and_redraws_the_rest() -> None:
    state = mid_game()
    truth = data(state)
    rng, seen = random.Random(5), set()
    for _ in range(60):
        sample = state.game.determinize(state, 1, rng)
        assert sample.observation(1) == state.observation(1)
        assert sample.public_observation() == state.public_observation()
        assert sample.history == []
        sampled = data(sample)
        assert sampled["hands"][1] == truth["hands"][1]
        assert sampled["piles"][1] == truth["piles"][1]
        for seat in (0, 2):  # hand and pile: the seat's cards not yet played, redealt
            assert len(sampled["hands"][seat]) == len(truth["hands"][seat])
            unseen = sorted(sampled["hands"][seat] + sampled["piles"][seat])
            assert unseen == sorted(truth["hands"][seat] + truth["piles"][seat])
        seen.add((tuple(sampled["hands"][0]), tuple(sampled["hands"][2])))
    assert len(seen) > 20
    assert data(state) == truth, "determinize changed the state"


def test_determinize_needs_no_saved_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search's determinisation is a copy and a redeal: no JSON, no validating loader."""
    state = mid_game()
    the_game = state.game

    def refuse(*args: object) -> None:
        raise AssertionError("determinize went through a saved state")

    monkeypatch.setattr(the_game, "_state_from_data", refuse)
    monkeypatch.setattr(the_game, "_sample_state", refuse)
    monkeypatch.setattr(type(state), "_to_data", refuse)
    sample = the_game.determinize(state, 2, random.Random(1))
    assert sample.legal_actions()


def redeals_seen(state: cc.State, seat: int, seen: Callable[[cc.State], object]) -> int:
    """How many of 40 determinisations for ``seat`` show another ``seen(state)`` than the
    truth; each must show what the same position, loaded afresh, shows."""
    truth, rng, changed = seen(state), random.Random(seat), 0
    for _ in range(40):
        sample = state.game.determinize(state, seat, rng)
        assert seen(sample) == seen(sample.game.state_from_json(sample.to_json()))
        changed += seen(sample) != truth
    return changed


def test_determinize_for_a_waiting_seat_redraws_the_movers_hand_and_plays() -> None:
    """Regression: the copy kept the true mover's listed plays although its hand was redealt
    (the state had listed them before), so a search from seat 1 saw Red's real cards."""
    state = mid_game()
    state.legal_actions()
    assert redeals_seen(state, 1, lambda s: s.legal_actions()) > 10
    assert redeals_seen(state, 0, lambda s: s.legal_actions()) == 0


def test_determinize_at_a_draw_redraws_the_drawers_pile_and_its_odds() -> None:
    state = mid_game()
    state.apply("oasis3 12")  # Red draws next, from a pile only Red knows
    state.legal_actions()
    assert redeals_seen(state, 2, lambda s: s.chance_outcomes()) > 10
    assert redeals_seen(state, 0, lambda s: s.chance_outcomes()) == 0
