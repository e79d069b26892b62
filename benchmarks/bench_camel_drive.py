"""Camel Drive: random full matches per second, rollouts per second, planner decisions.

Figures, all measured in CPU seconds (``time.process_time``) over fixed counts in one run:

* random full matches (4 players, defaults) through the public (checked) API, and the
  same matches through the fast path (``apply(action, check=False)``): the ratio is the
  price of the checks;
* ``play_out_race`` race endings per second from a race's start (the planner's inner
  loop: the rules' own hooks on a private copy), against race endings played through the
  public API in the same run;
* ``camel-drive-planner`` decisions per second on race positions where it deliberates.
"""

from __future__ import annotations

import random
import time
from typing import Any

import camelcade as cc
from camelcade.core.chance import sample_chance
from camelcade.games.camel_drive.bots import PlannerBot
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
    steps = 0
    while not state.is_terminal():
        state.apply(sample_chance(state, rng) if state.is_chance()
                    else rng.choice(state.legal_actions()), check=False)
        steps += 1
    return steps


def _timed(count: int, body: Any) -> tuple[float, int]:
    started = time.process_time()
    steps = sum(body(i) for i in range(count))
    return time.process_time() - started, steps


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
    start = game.new_state()
    assert isinstance(start, CamelDriveState)
    rng = random.Random(1)
    started = time.process_time()
    for _ in range(races):
        start.play_out_race(rng)
    playout_seconds = time.process_time() - started
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
    started = time.process_time()
    for view in positions:
        bot.choose(view)
    bot_seconds = time.process_time() - started
    return {
        "random_matches": matches,
        "matches_per_second": matches / seconds,
        "actions_per_second": steps / seconds,
        "unchecked_matches_per_second": matches / raw_seconds,
        "api_cost_ratio": seconds / raw_seconds,
        "playout_race_endings_per_second": races / playout_seconds,
        "engine_race_endings_per_second": engine_races / engine_seconds,
        "playout_speedup_over_engine": (races / playout_seconds)
        / (engine_races / engine_seconds),
        "planner_decisions": len(positions),
        "planner_decisions_per_second": len(positions) / bot_seconds,
    }


if __name__ == "__main__":
    for key, value in run(quick=True).items():
        print(f"{key}: {value:.4g}" if isinstance(value, float) else f"{key}: {value}")
