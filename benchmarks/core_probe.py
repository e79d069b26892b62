"""Measures one version of camelcade from inside its own interpreter (see bench_core.py).

Runs unchanged against the first release (which has no fast path) and against today's
code, so both are measured by the same lines in the same run. Prints JSON:

    python core_probe.py GAME SECONDS          # every figure (bench_core.py)
    python core_probe.py GAME SECONDS --mcts   # the plain mcts alone (bench_search.py)
    python core_probe.py GAME SECONDS --play   # cc.play over the bare loop alone
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

import camelcade as cc
from camelcade.core.chance import sample_chance

MCTS_ITERATIONS = 100
"""Iterations per decision; every other MCTS setting is the bot's default."""
MCTS_POSITIONS = 6
PLAIN_MCTS = "mcts-plain"
"""The first release's ``mcts`` under its later name: the probe measures that algorithm in
both versions (``mcts`` itself became a stronger search after the first release)."""


def plain_mcts_name() -> str:
    """The first release's search: ``mcts-plain`` where it exists, ``mcts`` before."""
    return PLAIN_MCTS if PLAIN_MCTS in cc.bots.names() else "mcts"


def has_fast_path(state: cc.State) -> bool:
    try:
        state.clone().apply(state.legal_actions()[0], check=False)  # type: ignore[call-arg]
    except TypeError:
        return False
    return True


def playouts(game: cc.Game, seconds: float, fast: bool) -> dict[str, float]:
    """Random games from the start for ``seconds`` of CPU; actions per CPU second."""
    rng = random.Random(1)
    actions = games = 0
    started = time.process_time()
    while time.process_time() - started < seconds or games == 0:
        state = game.new_state()
        while not state.is_terminal():
            action = (sample_chance(state, rng) if state.is_chance()
                      else rng.choice(state.legal_actions()))
            if fast:
                state.apply(action, check=False)  # type: ignore[call-arg]
            else:
                state.apply(action)
            actions += 1
        games += 1
    spent = time.process_time() - started
    return {"actions_per_cpu_second": actions / spent, "games": games,
            "mean_length": actions / games}


def play_overhead(game: cc.Game, seconds: float) -> dict[str, float]:
    """cc.play with random bots against the bare fast loop, per action, same seeds.

    The bots are built by name before the clock starts: making them is the caller's
    setup, as the bare loop's is none (its own generator aside, which both time). Their
    building is timed apart and given as ``play_with_bot_loading_over_bare`` too, the
    figure this probe gave until the bots' building was taken out of ``play_over_bare``.
    """
    bare_actions = play_actions = 0
    bare_time = play_time = loading_time = 0.0
    seed = 0
    fast = has_fast_path(game.new_state())
    while bare_time + play_time < 2 * seconds or seed < 2:
        rng = random.Random(seed)
        started = time.process_time()
        state = game.new_state()
        while not state.is_terminal():
            if state.is_chance():
                action = sample_chance(state, rng)
            else:
                action = rng.choice(state.legal_actions())
            if fast:
                state.apply(action, check=False)  # type: ignore[call-arg]
            else:
                state.apply(action)
            bare_actions += 1
        bare_time += time.process_time() - started
        started = time.process_time()
        agents = [cc.bots.load("random") for _ in range(game.players)]
        loading_time += time.process_time() - started
        started = time.process_time()
        record = cc.play(game, agents, seed=seed)
        play_time += time.process_time() - started
        play_actions += len(record.actions)
        seed += 1
    bare = bare_time / bare_actions
    play = play_time / play_actions
    loading = loading_time / play_actions
    return {"bare_seconds_per_action": bare, "play_seconds_per_action": play,
            "play_over_bare": play / bare,
            "bot_loading_seconds_per_action": loading,
            "play_with_bot_loading_over_bare": (play + loading) / bare, "games": seed}


def mcts_positions(game: cc.Game) -> list[cc.State]:
    """Decision points of one seeded random game, spread over its length."""
    rng = random.Random(7)
    state = game.new_state()
    decisions = []
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_chance(state, rng))
            continue
        if len(state.legal_actions()) > 1:
            decisions.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    step = max(1, len(decisions) // MCTS_POSITIONS)
    return decisions[::step][:MCTS_POSITIONS]


def mcts(game: cc.Game, seconds: float) -> dict[str, float]:
    positions = mcts_positions(game)
    name = plain_mcts_name()
    iterations = 0
    started = time.process_time()
    rounds = 0
    while time.process_time() - started < seconds or rounds == 0:
        for index, state in enumerate(positions):
            bot = cc.bots.load(name, iterations=MCTS_ITERATIONS, seed=index)
            bot.choose(state.view(state.current_player))
            iterations += MCTS_ITERATIONS
        rounds += 1
    spent = time.process_time() - started
    return {"iterations_per_cpu_second": iterations / spent, "positions": len(positions)}


def main() -> None:
    game_id, seconds = sys.argv[1], float(sys.argv[2])
    game = cc.load(game_id)
    if "--mcts" in sys.argv[3:]:
        print(json.dumps({"players": game.players, "mcts": mcts(game, seconds)}))
        return
    if "--play" in sys.argv[3:]:
        print(json.dumps({"players": game.players,
                          "play_overhead": play_overhead(game, seconds)}))
        return
    fast = has_fast_path(game.new_state())
    figures: dict[str, Any] = {
        "players": game.players,
        "public_playouts": playouts(game, seconds, fast=False),
        "mcts": mcts(game, seconds),
    }
    if fast:
        figures["fast_playouts"] = playouts(game, seconds, fast=True)
        figures["play_overhead"] = play_overhead(game, seconds)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
