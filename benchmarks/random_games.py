"""Random full games through the public API and through the bare rule hooks.

Shared by the per-game benchmarks: the unchecked run drives a game's private hooks
(``_legal_actions``/``_chance_outcomes``/``_apply``, no legality or turn checks, no
history), so the ratio of the two rates, measured in the same run, is the price of the
public API's checks.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import camelcade as cc
from camelcade.core.chance import sample_chance

GamePlayer = Callable[[cc.Game, random.Random], int]


def public_game(game: cc.Game, rng: random.Random) -> int:
    """One random game through ``legal_actions``/``apply``; returns its length."""
    state = game.new_state()
    steps = 0
    while not state.is_terminal():
        state.apply(sample_chance(state, rng) if state.is_chance()
                    else rng.choice(state.legal_actions()))
        steps += 1
    return steps


def unchecked_game(game: cc.Game, rng: random.Random) -> int:
    """The same random game through the game's hooks alone; returns its length."""
    state = game.new_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance():
            outcomes = state._chance_outcomes()
            point, total = rng.random(), 0.0
            chosen = outcomes[-1][0]
            for action, probability in outcomes:
                total += probability
                if point < total:
                    chosen = action
                    break
        else:
            chosen = rng.choice(list(state._legal_actions()))
        state._apply(chosen)
        steps += 1
    return steps


def rate(play: GamePlayer, game: cc.Game, games: int) -> tuple[float, float]:
    """Games per second and actions per second over ``games`` seeded games."""
    rng = random.Random(1)
    started = time.perf_counter()
    actions = sum(play(game, rng) for _ in range(games))
    seconds = time.perf_counter() - started
    return games / seconds, actions / seconds


def api_overhead(game: cc.Game, games: int) -> dict[str, float]:
    """Random games per second, checked and unchecked, and their ratio."""
    public, public_actions = rate(public_game, game, games)
    raw, _ = rate(unchecked_game, game, games)
    return {
        "random_games_per_second": round(public, 1),
        "actions_per_second": round(public_actions),
        "unchecked_games_per_second": round(raw, 1),
        "api_overhead_ratio": round(raw / public, 2),
    }
