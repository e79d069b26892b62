"""Camel Up throughput: exact leg odds, Monte Carlo races, random games; and the peer.

Figures (``run(quick) -> dict``, times never asserted):

* exact leg odds of the 2nd edition from a fresh leg (all 6 dice in the pyramid; 5 will
  come out) and after 1 and 2 dice, best of several runs, wall clock and CPU time; with
  and without the expected landings per space; the 1st edition's fresh leg;
* Monte Carlo whole races per second; random full games (4 players) per CPU second,
  through the checked public path and the fast path (``apply(action, check=False)``);
* what a search pays per iteration besides its playout: ``clone``, ``determinize`` (the
  other seats' face-down finish cards redrawn) and a seat's ``observation``, in CPU
  microseconds, from a position with face-down cards on both piles;
* the best installable peer, PyPI ``camel-up-solver`` (exact enumeration of its own fresh
  leg), installed into a throw-away virtual environment (never a dependency of ours) and
  timed in the same run, with the ratio to our fresh-leg time. Its model differs a little
  (it rolls all 6 dice of a leg, moves a random crazy camel, stacks crazy camels under),
  so the ratio compares the cost of one exact fresh-leg answer each, not identical sums.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import camelcade as cc
from camelcade.core.chance import sample_chance
from camelcade.games.camel_up.odds import Position, leg_odds, race_odds

FRESH = ((1, ("red",)), (2, ("blue", "green")), (3, ("yellow", "purple")), (14, ("black",)),
         (16, ("white",)))
AFTER_1 = ((1, ("red",)), (2, ("blue",)), (3, ("yellow", "purple")), (4, ("green",)),
           (14, ("black",)), (16, ("white",)))
AFTER_2 = ((1, ("red",)), (2, ("blue",)), (3, ("yellow",)), (4, ("green",)),
           (5, ("purple",)), (14, ("black",)), (16, ("white",)))
FRESH_1 = ((1, ("blue",)), (2, ("green", "orange")), (3, ("yellow", "white")))

PEER_SCRIPT = """
import time
from camel_up import State, enumerate_leg
state = State(track={1: ["red"], 2: ["blue", "green"], 3: ["yellow", "purple"],
                     14: ["black"], 16: ["white"]})
started, cpu = time.perf_counter(), time.process_time()
stats = enumerate_leg(state)
print(time.perf_counter() - started, time.process_time() - cpu, stats.completions)
"""


def best_of(repeats: int, work: Callable[[], object]) -> tuple[float, float]:
    """(best wall-clock seconds, best CPU seconds) over ``repeats`` runs."""
    wall, cpu = float("inf"), float("inf")
    for _ in range(repeats):
        w0, c0 = time.perf_counter(), time.process_time()
        work()
        wall = min(wall, time.perf_counter() - w0)
        cpu = min(cpu, time.process_time() - c0)
    return wall, cpu


def timed_odds(position: Position, repeats: int, landings: bool = False) -> dict[str, Any]:
    wall, cpu = best_of(repeats, lambda: leg_odds(position, landings=landings))
    return {"ms": round(wall * 1000, 2), "cpu_ms": round(cpu * 1000, 2),
            "outcomes": leg_odds(position).outcomes}


def random_games(count: int, players: int = 4, edition: int = 2) -> dict[str, Any]:
    """Seeded random games, through the public (checked) path and the fast path."""
    game = cc.load("camel-up", players=players, edition=edition)
    figures: dict[str, Any] = {"games": count}
    for name, check in (("public", True), ("fast", False)):
        rng = random.Random(0)
        actions = 0
        started = time.process_time()
        for _ in range(count):
            state = game.new_state()
            while not state.is_terminal():
                action = (sample_chance(state, rng) if state.is_chance()
                          else rng.choice(state.legal_actions()))
                state.apply(action, check=check)
                actions += 1
        seconds = time.process_time() - started
        figures[f"{name}_actions_per_cpu_s"] = round(actions / seconds)
        figures[f"{name}_games_per_cpu_s"] = round(count / seconds, 1)
    return figures


def search_costs(repeats: int) -> dict[str, float]:
    """CPU microseconds of a clone, a determinisation and an observation, mid-game."""
    game = cc.load("camel-up", players=4)
    rng = random.Random(2)
    state = game.new_state()
    while not (all(state.pile(p) for p in ("winner", "loser")) and state.phase == "play"):
        state.apply(sample_chance(state, rng) if state.is_chance()
                    else rng.choice(state.legal_actions()))
    seat = state.current_player

    def each(work: Callable[[], object]) -> float:
        return round(best_of(7, lambda: [work() for _ in range(repeats)])[1] / repeats * 1e6, 2)

    return {"clone_us": each(state.clone),
            "determinize_us": each(lambda: game.determinize(state, seat, rng)),
            "observation_us": each(lambda: state.observation(seat))}


def peer(timeout: float = 300.0) -> dict[str, Any]:
    """Install camel-up-solver into a temporary venv and time its exact fresh leg."""
    with tempfile.TemporaryDirectory() as folder:
        venv = Path(folder) / "venv"
        try:
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True,
                           capture_output=True, timeout=120)
            python = venv / "bin" / "python"
            subprocess.run([str(python), "-m", "pip", "install", "--quiet",
                            "camel-up-solver==0.1.2"], check=True, capture_output=True,
                           timeout=300)
        except (subprocess.SubprocessError, OSError) as error:
            return {"installed": False, "why": f"could not install camel-up-solver: {error}"}
        try:
            done = subprocess.run([str(python), "-c", PEER_SCRIPT], check=True,
                                  capture_output=True, text=True, timeout=timeout)
        except (subprocess.SubprocessError, OSError) as error:
            return {"installed": True, "why": f"camel-up-solver did not finish: {error}"}
        seconds, cpu, completions = done.stdout.split()
        return {"installed": True, "package": "camel-up-solver 0.1.2",
                "fresh_leg_ms": round(float(seconds) * 1000, 1),
                "fresh_leg_cpu_ms": round(float(cpu) * 1000, 1),
                "completions": int(completions)}


def run(quick: bool) -> dict[str, Any]:
    repeats = 2 if quick else 7
    figures: dict[str, Any] = {
        "leg_odds_fresh_6_dice": timed_odds(Position(2, FRESH), repeats),
        "leg_odds_fresh_6_dice_with_landings": timed_odds(Position(2, FRESH), repeats, True),
        "leg_odds_after_1_die": timed_odds(
            Position(2, AFTER_1, pyramid=("blue", "yellow", "red", "purple", "grey")), repeats),
        "leg_odds_after_2_dice": timed_odds(
            Position(2, AFTER_2, pyramid=("blue", "yellow", "red", "grey")), repeats),
        "leg_odds_edition_1_fresh_5_dice": timed_odds(Position(1, FRESH_1), repeats),
    }
    samples = 1000 if quick else 10_000
    started = time.perf_counter()
    race_odds(Position(2, FRESH), samples=samples, seed=0)
    figures["monte_carlo_races_per_s"] = round(samples / (time.perf_counter() - started))
    figures["random_games_4p"] = random_games(3 if quick else 30)
    figures["random_games_4p_edition_1"] = random_games(3 if quick else 30, edition=1)
    figures["search_costs"] = search_costs(200 if quick else 2000)
    if quick:
        figures["peer"] = {"skipped": "quick run"}
    else:
        figures["peer"] = peer()
        ours = figures["leg_odds_fresh_6_dice"]
        if "fresh_leg_ms" in figures["peer"]:
            figures["peer"]["ratio_peer_over_ours"] = round(
                figures["peer"]["fresh_leg_ms"] / ours["ms"], 1)
            figures["peer"]["ratio_peer_over_ours_cpu"] = round(
                figures["peer"]["fresh_leg_cpu_ms"] / ours["cpu_ms"], 1)
    return figures


if __name__ == "__main__":
    print(json.dumps(run("--quick" in sys.argv), indent=1))
