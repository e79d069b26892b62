"""The checks of a game's own playout loop (``State._playout``).

A game may run ``State.playout`` in its own tight loop for the searches' sake. Either it
plays exactly what the generic loop plays (a choice among ``n`` listed actions is
``actions[floor(u * n)]``, a chance outcome ``sample_chance``'s, for the next
``u = rng.random()``, applied as ``apply(action, check=False)``): ``reference_playout`` is
that sentence in the public API and ``check_playouts_match`` compares the two from the
same numbers. Or it draws a uniformly random legal action its own way (Kamelen's
rejection sampler): then ``check_playouts_replay`` proves every step a legal action,
applied as the checked ``apply`` applies it, and ``chosen_counts`` with ``chi_square``
tests that the pick is uniform.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator

from camelcade.core.chance import sample_chance
from camelcade.core.game import Game, State

LIMITS: tuple[int | None, ...] = (0, 1, 2, 3, 7, 40, 400, None)
"""Playout lengths tried in turn: a stop at every early step, a search's 400, the end."""


def reference_playout(state: State, rng: random.Random, limit: int | None) -> int:
    """The playout as the generic loop (``State._playout``) plays it, step by public step."""
    played = 0
    while played != limit and not state.is_terminal():
        if state.is_chance():
            action = sample_chance(state, rng)
        else:
            actions = state.legal_actions()
            action = actions[int(rng.random() * len(actions))]
        state.apply(action, check=False)
        played += 1
    return played


def random_positions(game: Game, positions: int, rng: random.Random,
                     every: float) -> Iterator[State]:
    """``positions`` positions of random games of ``game`` (a share ``every`` of their
    positions, the start included), each yielded before the game moves on."""
    found = 0
    while found < positions:
        state = game.new_state()
        while not state.is_terminal() and found < positions:
            if rng.random() < every:
                yield state
                found += 1
            if state.is_chance():
                state.apply(sample_chance(state, rng), check=False)
            else:
                actions = state.legal_actions()
                state.apply(actions[int(rng.random() * len(actions))], check=False)


def _has_own_loop(game: Game) -> None:
    assert type(game.new_state())._playout is not State._playout, (
        f"{game.id} has no playout loop of its own: nothing to compare")


def check_playouts_match(game: Game, positions: int, seed: int = 0,
                         every: float = 0.15) -> int:
    """At ``positions`` positions of random games play out a copy by ``playout`` and
    another by ``reference_playout`` from equal generators, and require the same count,
    history, position, seat to act, legal actions and generator state. Returns how many
    positions were compared."""
    _has_own_loop(game)
    rng = random.Random(seed)
    compared = 0
    for state in random_positions(game, positions, rng, every):
        limit = LIMITS[compared % len(LIMITS)]
        own, reference = state.clone(), state.clone()
        numbers = rng.getrandbits(32)
        own_rng, reference_rng = random.Random(numbers), random.Random(numbers)
        played = own.playout(own_rng, limit)
        assert played == reference_playout(reference, reference_rng, limit)
        assert own.history_for(None) == reference.history_for(None)
        assert own.to_json() == reference.to_json()
        assert own.current_player == reference.current_player
        assert own.legal_actions() == reference.legal_actions()
        assert own_rng.getstate() == reference_rng.getstate()
        compared += 1
    return compared


def check_playouts_replay(game: Game, positions: int, seed: int = 0,
                          every: float = 0.15) -> int:
    """At ``positions`` positions of random games play out a copy by ``playout``, then
    replay the actions it added on another copy through the checked path (``apply`` of
    each action's text, which refuses an illegal one), and require the same count,
    history, position, seat to act and legal actions; a playout stops only at its limit or
    the end. Returns how many positions were compared."""
    _has_own_loop(game)
    rng = random.Random(seed)
    compared = 0
    for state in random_positions(game, positions, rng, every):
        limit = LIMITS[compared % len(LIMITS)]
        own, replayed = state.clone(), state.clone()
        before = len(state.history_for(None))
        played = own.playout(random.Random(rng.getrandbits(32)), limit)
        added = own.history_for(None, before)
        assert played == len(added)
        assert played == limit or own.is_terminal()
        for text in added:
            replayed.apply(text)
        assert replayed.history_for(None) == own.history_for(None)
        assert replayed.to_json() == own.to_json()
        assert replayed.current_player == own.current_player
        assert replayed.legal_actions() == own.legal_actions()
        compared += 1
    return compared


def chosen_counts(state: State, samples: int, seed: int) -> Counter[str]:
    """How often a one-action ``playout`` from ``state`` chose each action, in ``samples``
    playouts from one seeded generator."""
    rng = random.Random(seed)
    before = len(state.history_for(None))
    counts: Counter[str] = Counter()
    for _ in range(samples):
        copy = state.clone()
        copy.playout(rng, 1)
        counts.update(copy.history_for(None, before))
    return counts


def chi_square(counts: Counter[str], categories: list[str]) -> float:
    """Pearson's statistic of ``counts`` against equal shares of ``categories``."""
    expected = sum(counts.values()) / len(categories)
    return sum((counts[category] - expected) ** 2 / expected for category in categories)


def chi_square_critical(freedom: int, z: float = 3.719) -> float:
    """The chi-square value a uniform pick exceeds with probability ~``1 - Phi(z)`` (z =
    3.719: one in 10,000), by Wilson and Hilferty's cube-root normal approximation."""
    ninth = 2.0 / (9.0 * freedom)
    return freedom * (1.0 - ninth + z * math.sqrt(ninth)) ** 3
