"""Camel Drive: random full matches per second, rollouts per second, planner decisions.

Figures, all measured with ``time.perf_counter`` over fixed counts in one run:

* random full matches (4 players, defaults) through the public API, and the same matches
  driven through the private hooks (no legality or turn checks): the ratio is the price
  of the checks;
* ``sim.finish_race`` race endings per second from a race's start (the planner's inner
  loop), against full race endings through the rules engine in the same run;
* ``camel-drive-planner`` decisions per second on race positions where it deliberates.
"""

from __future__ import annotations

import random
import time
from typing import Any

import camelcade as cc
from camelcade.core.chance import sample_chance
from camelcade.games.camel_drive.bots import PlannerBot
from camelcade.games.camel_drive.sim import Table, deal, finish_race
from camelcade.games.camel_drive.state import CamelDriveState


def _public_match(game: cc.Game, rng: random.Random) -> int:
    state = game.new_state()
    steps = 0
    while not state.is_terminal():
        state.apply(sample_chance(state, rng) if state.is_chance()
                    else rng.choice(state.legal_actions()))
        steps += 1
    return steps


def _unchecked_match(game: cc.Game, rng: random.Random) -> int:
    state = game.new_state()
    assert isinstance(state, CamelDriveState)
    steps = 0
    while not state.is_terminal():
        if state.is_chance():
            outcomes = state._chance_outcomes()
            point, total, chosen = rng.random(), 0.0, outcomes[-1][0]
            for action, probability in outcomes:
                total += probability
                if point < total:
                    chosen = action
                    break
            state._apply(chosen)
        else:
            state._apply(rng.choice(list(state._legal_actions())))
        steps += 1
    return steps


def _timed(count: int, body: Any) -> tuple[float, int]:
    started = time.perf_counter()
    steps = sum(body(i) for i in range(count))
    return time.perf_counter() - started, steps


def _engine_race(game: cc.Game, rng: random.Random) -> int:
    """One race from the start, card moves only, through the public API."""
    state = game.new_state()
    assert isinstance(state, CamelDriveState)
    steps = 0
    while state.race == 1:
        if state.is_chance():
            state.apply(sample_chance(state, rng))
        else:
            state.apply(state.legal_actions()[0])
        steps += 1
    return steps


def _deliberation(game: cc.Game, rng: random.Random) -> cc.View | None:
    """The first position of a random match where the planner weighs its interjections."""
    state = game.new_state()
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_chance(state, rng))
            continue
        assert isinstance(state, CamelDriveState)
        if (len(state.legal_actions()) > 1 and state.phase == "race"
                and max(state.position(c) for c in range(state.camels)) >= 6):
            return state.view(state.current_player)
        state.apply(rng.choice(state.legal_actions()))
    return None


def run(quick: bool) -> dict[str, Any]:
    game = cc.load("camel-drive", players=4)
    matches = 20 if quick else 300
    seconds, steps = _timed(matches, lambda i: _public_match(game, random.Random(i)))
    raw_seconds, _ = _timed(matches, lambda i: _unchecked_match(game, random.Random(i)))

    races = 200 if quick else 5000
    table = Table.from_observation(game.new_state().observation(0), 4, 15)
    rng = random.Random(1)
    started = time.perf_counter()
    for _ in range(races):
        finish_race(table.copy(), deal(table, rng), rng)
    sim_seconds = time.perf_counter() - started
    engine_races = races // 10
    engine_seconds, _ = _timed(engine_races, lambda i: _engine_race(game, random.Random(i)))

    wanted = 10 if quick else 60
    positions = []
    for seed in range(10 * wanted):
        view = _deliberation(game, random.Random(seed))
        if view is not None:
            positions.append(view)
        if len(positions) == wanted:
            break
    bot = PlannerBot(seed=3)
    started = time.perf_counter()
    for view in positions:
        bot.choose(view)
    bot_seconds = time.perf_counter() - started
    return {
        "random_matches": matches,
        "matches_per_second": matches / seconds,
        "actions_per_second": steps / seconds,
        "unchecked_matches_per_second": matches / raw_seconds,
        "api_cost_ratio": seconds / raw_seconds,
        "sim_race_endings_per_second": races / sim_seconds,
        "engine_race_endings_per_second": engine_races / engine_seconds,
        "sim_speedup_over_engine": (races / sim_seconds) / (engine_races / engine_seconds),
        "planner_decisions": len(positions),
        "planner_decisions_per_second": len(positions) / bot_seconds,
    }


if __name__ == "__main__":
    for key, value in run(quick=True).items():
        print(f"{key}: {value:.4g}" if isinstance(value, float) else f"{key}: {value}")
