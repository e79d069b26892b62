"""Hidden information: decks are face down and only the top discard stays visible."""

from __future__ import annotations

import random

from .helpers import data, game, open_race, play, position


def test_observation_shows_sizes_and_the_top_discard_only() -> None:
    state = open_race(game().new_state(), (1, 2), (0, 3), (2, 2), (3, 3))
    seen = state.observation(1)
    assert seen["pile_sizes"] == [10] * 4
    assert seen["discard_sizes"] == [2] * 4
    assert seen["tops"] == [2, 3, 2, 3]
    assert "piles" not in seen and "discards" not in seen


def test_sampled_states_keep_the_observation_and_vary_the_hidden_decks() -> None:
    state = position(piles=[[0, 1, 2, 3], [3, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]],
                     positions=[4, 5, 6, 7])
    view = state.view(0)
    samples = [view.sample_state(random.Random(seed)) for seed in range(30)]
    assert all(s.observation(0) == state.observation(0) for s in samples)
    assert all(s.legal_actions() == state.legal_actions() for s in samples)
    assert len({str(data(s)["piles"]) for s in samples}) > 5
    for sample in samples:
        for pile, discards in zip(data(sample)["piles"], data(sample)["discards"], strict=True):
            assert [p + d for p, d in zip(pile, discards, strict=True)] == [3, 3, 3, 3]


def test_sampling_keeps_a_reveal_in_progress() -> None:
    state = play(position(positions=[4, 5, 6, 7]), "shout forward", "card 2")
    sample = state.view(2).sample_state(random.Random(1))
    assert sample.is_chance()
    assert sample.observation(2) == state.observation(2)
    assert data(sample)["discards"][0][2] >= 1  # the revealed 2 is still the top discard


def test_every_seat_sees_the_same_table() -> None:
    state = open_race(game(3).new_state(), (1, 2), (0, 3), (2, 2), (3, 3), (1, 1), (0, 0))
    views = [state.observation(seat) for seat in range(3)]
    for view in views:
        del view["player"]
    assert views[0] == views[1] == views[2]


def test_determinize_redraws_every_deck_from_its_size_and_top_card() -> None:
    state = position(piles=[[0, 1, 2, 3], [3, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]],
                     positions=[4, 5, 6, 7])
    samples = [state.game.determinize(state, 1, random.Random(seed)) for seed in range(30)]
    assert all(s.observation(1) == state.observation(1) for s in samples)
    assert all(s.public_observation() == state.public_observation() for s in samples)
    for camel in range(4):
        assert len({str(data(s)["piles"][camel]) for s in samples}) > 3, camel
    assert data(state)["piles"][0] == [0, 1, 2, 3]  # the original keeps its decks


def test_a_view_sent_as_data_samples_through_the_observation() -> None:
    import camelcade as cc

    state = play(position(piles=[[0, 1, 2, 3], [3, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]],
                          positions=[4, 5, 6, 7]), "shout forward", "card 2")
    view = cc.View.from_observation(state.game, 3, state.current_player, state.observation(3))
    samples = [view.sample_state(random.Random(seed)) for seed in range(20)]
    assert all(s.observation(3) == state.observation(3) for s in samples)
    assert len({str(data(s)["piles"]) for s in samples}) > 5
