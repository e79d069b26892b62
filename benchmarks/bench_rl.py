"""Learning wrappers against the engine's own fast path, measured in one run.

For every game (default options), random play for a fixed budget of CPU seconds:

- ``engine``: the bare fast-path playout (``legal_actions()``, ``apply(check=False)``,
  chance drawn the same way): seat decisions and all actions per CPU second — the
  baseline every figure below is divided by;
- ``aec``: PettingZoo's loop (``agent_iter``, ``last()``, a random index of the mask,
  ``step``), one tensor and one mask a step;
- ``gymnasium``: one seat (seat 0) against random bots; an env step is that seat's
  decision, the bots' moves inside it, so the game's decisions per second are given too;
- ``vector``: ``gymnasium.vector.SyncVectorEnv`` of ``VECTOR_ENVS`` such environments;
- ``openspiel``: a random playout through the pyspiel adapter.

    python benchmarks/bench_rl.py [--quick] [GAME-ID ...]   # figures to results/rl.json
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

import camelcade as cc
from camelcade.core.chance import sample_chance
from camelcade.rl.aec import env as aec_env
from camelcade.rl.gym import gym_env
from camelcade.rl.openspiel import load_openspiel

HERE = Path(__file__).resolve().parent
VECTOR_ENVS = 4


def _timed(budget: float, run: Callable[[], tuple[int, int]]) -> dict[str, float]:
    """Call ``run`` (one episode: decisions, all actions) until ``budget`` CPU seconds
    are spent; rates per CPU second."""
    decisions = actions = episodes = 0
    started = time.process_time()
    while time.process_time() - started < budget or episodes == 0:
        done, every = run()
        decisions, actions, episodes = decisions + done, actions + every, episodes + 1
    spent = time.process_time() - started
    return {"decisions_per_cpu_second": round(decisions / spent, 1),
            "actions_per_cpu_second": round(actions / spent, 1),
            "episodes": episodes, "cpu_seconds": round(spent, 2)}


def engine(game: cc.Game, rng: random.Random) -> Callable[[], tuple[int, int]]:
    def run() -> tuple[int, int]:
        state = game.new_state()
        decisions = actions = 0
        while not state.is_terminal():
            if state.is_chance():
                state.apply(sample_chance(state, rng), check=False)
            else:
                state.apply(rng.choice(state.legal_actions()), check=False)
                decisions += 1
            actions += 1
        return decisions, actions
    return run


def aec(game: cc.Game, seed: int) -> Callable[[], tuple[int, int]]:
    env = aec_env(game)
    rng = np.random.default_rng(seed)

    def run() -> tuple[int, int]:
        env.reset(seed=int(rng.integers(1 << 30)))
        steps = 0
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        return steps, len(env.game_state.history)
    return run


def gym(game: cc.Game, seed: int) -> Callable[[], tuple[int, int]]:
    env = gym_env(game, opponents="random")
    rng = np.random.default_rng(seed)

    def run() -> tuple[int, int]:
        _, info = env.reset(seed=int(rng.integers(1 << 30)))
        steps = 0
        while True:
            legal = np.flatnonzero(info["action_mask"])
            _, _, terminated, truncated, info = env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
            if terminated or truncated:
                state = env.table.state
                return steps, len(state.history)
    return run


def vector(game: cc.Game, seed: int, budget: float) -> dict[str, float]:
    """Vector steps of ``VECTOR_ENVS`` environments (each a seat's decision)."""
    envs = gymnasium.vector.SyncVectorEnv(
        [lambda: gym_env(game, opponents="random") for _ in range(VECTOR_ENVS)])
    rng = np.random.default_rng(seed)
    _, info = envs.reset(seed=seed)
    steps = 0
    started = time.process_time()
    while time.process_time() - started < budget:
        masks = info["action_mask"]
        actions = np.array([
            int(np.flatnonzero(mask)[rng.integers(mask.sum())]) if mask.any() else 0
            for mask in masks])
        _, _, _, _, info = envs.step(actions)
        steps += 1
    spent = time.process_time() - started
    envs.close()
    return {"env_steps_per_cpu_second": round(steps * VECTOR_ENVS / spent, 1),
            "vector_steps": steps, "envs": VECTOR_ENVS, "cpu_seconds": round(spent, 2)}


def openspiel(game: cc.Game, seed: int) -> Callable[[], tuple[int, int]]:
    spiel = load_openspiel(game.id, players=game.players)
    rng = np.random.default_rng(seed)

    def run() -> tuple[int, int]:
        state = spiel.new_initial_state()
        decisions = actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.integers(len(legal)))])
                decisions += 1
            actions += 1
        return decisions, actions
    return run


def run(quick: bool, only: list[str] | None = None) -> dict[str, Any]:
    budget = 0.4 if quick else 3.0
    figures: dict[str, Any] = {"cpu_seconds_per_figure": budget, "vector_envs": VECTOR_ENVS}
    for game_id in cc.game_ids():
        if only and game_id not in only:
            continue
        game = cc.load(game_id)
        base = _timed(budget, engine(game, random.Random(1)))
        measured: dict[str, Any] = {
            "players": game.players,
            "engine_fast_path": base,
            "aec": _timed(budget, aec(game, 1)),
            "gymnasium": _timed(budget, gym(game, 1)),
            "vector": vector(game, 1, budget),
            "openspiel": _timed(budget, openspiel(game, 1)),
        }
        fast = base["decisions_per_cpu_second"]
        measured["over_engine_decisions"] = {
            "aec": round(measured["aec"]["decisions_per_cpu_second"] / fast, 3),
            # a Gymnasium step is one seat's decision and the bots' moves after it:
            # compared by every action the game took (chance included)
            "gymnasium_game_actions": round(
                measured["gymnasium"]["actions_per_cpu_second"]
                / base["actions_per_cpu_second"], 3),
            "openspiel": round(measured["openspiel"]["decisions_per_cpu_second"] / fast, 3),
        }
        figures[game_id] = measured
        print(game_id, json.dumps({
            "engine decisions/s": fast,
            "aec steps/s": measured["aec"]["decisions_per_cpu_second"],
            "gym steps/s": measured["gymnasium"]["decisions_per_cpu_second"],
            "vector env steps/s": measured["vector"]["env_steps_per_cpu_second"],
            "openspiel decisions/s": measured["openspiel"]["decisions_per_cpu_second"],
            **measured["over_engine_decisions"]}), flush=True)
    return figures


if __name__ == "__main__":
    games = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    quick = "--quick" in sys.argv
    sys.path.insert(0, str(HERE))
    from run import machine  # the figures' file looks like every other benchmark's

    started = time.perf_counter()
    found = run(quick, games or None)
    result = {"benchmark": "bench_rl", "measured_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
              "quick": quick, "machine": machine(),
              "seconds": round(time.perf_counter() - started, 2), "figures": found}
    if not games:
        (HERE / "results" / "rl.json").write_text(json.dumps(result, indent=1) + "\n",
                                                  encoding="utf-8")
    print(json.dumps(found, indent=1))
