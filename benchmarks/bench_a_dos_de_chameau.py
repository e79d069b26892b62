"""A dos de Chameau: random games through the public API, the fast path and the bare hooks;
what a search's copies cost.

The baseline of the first ratio is the same random games driven through the game's private
hooks (``_legal_actions``/``_apply``, no legality or turn checks, no history): the price of
the public API's checks, measured in the same run. The fast path (``apply(action,
check=False)``) is what searches and playouts use. ``determinize`` (a copy with the other
seats' hands and piles redealt) is what every iteration of a search starts from; the API
says it should cost about a clone, so both are measured on the same positions. A few games
are played first: the first games of a process make the shared values (hands, piles,
herds) that all later ones look up.
"""

from __future__ import annotations

import random
import time

from benchmarks.core_probe import playouts
from benchmarks.random_games import api_overhead

import camelcade as cc
from camelcade.core.chance import sample_chance

GAME_ID = "a-dos-de-chameau"


def positions(game: cc.Game, count: int) -> list[cc.State]:
    """Positions spread over seeded random games, each without its history."""
    rng = random.Random(2)
    found: list[cc.State] = []
    while len(found) < count:
        state = game.new_state()
        while not state.is_terminal():
            if rng.random() < 0.05:
                found.append(game.determinize(state, 0, rng))
            state.apply(sample_chance(state, rng) if state.is_chance()
                        else rng.choice(state.legal_actions()), check=False)
    return found[:count]


def copy_costs(game: cc.Game, count: int) -> dict[str, float]:
    """Microseconds of CPU per ``clone`` and per ``determinize`` of the same positions."""
    states, rng = positions(game, count), random.Random(3)
    started = time.process_time()
    for state in states:
        state.clone()
    clone = (time.process_time() - started) / count
    started = time.process_time()
    for state in states:
        game.determinize(state, state.current_player if state.current_player >= 0 else 0, rng)
    determinize = (time.process_time() - started) / count
    return {"clone_us": round(clone * 1e6, 2), "determinize_us": round(determinize * 1e6, 2),
            "determinize_over_clone": round(determinize / clone, 1)}


def run(quick: bool) -> dict[str, object]:
    games, seconds = (20, 0.5) if quick else (200, 4.0)
    figures: dict[str, object] = {"games_per_measure": games}
    for players in (2, 3, 4):
        game = cc.load(GAME_ID, players=players)
        playouts(game, 0.0, fast=True)  # one game: makes the shared hands, piles, herds
        checked = playouts(game, seconds, fast=False)["actions_per_cpu_second"]
        fast = playouts(game, seconds, fast=True)["actions_per_cpu_second"]
        figures[f"{players}p"] = {
            **api_overhead(game, games),
            "checked_actions_per_cpu_second": round(checked),
            "fast_actions_per_cpu_second": round(fast),
            "fast_over_checked": round(fast / checked, 2),
            **copy_costs(game, 200 if quick else 2000),
        }
    return figures
