"""How much stronger is ``camel-drive-planner`` than random play? Seeded matches, with CI.

One planner against random bots, the planner's seat rotating with the seed; a shared win
counts as 1/k. The figure is the planner's match-win share with a Wilson 95 % interval,
beside the share a seat would get by chance (1/players). Run by ``make bench`` (through
``run``) or directly: ``python benchmarks/eval_camel_drive_planner.py [--quick]``.
Results go to benchmarks/results/eval_camel_drive_planner.json.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import camelcade as cc
from camelcade.bots.random_bot import RandomBot
from camelcade.games.camel_drive.bots import PlannerBot

RESULTS = Path(__file__).resolve().parent / "results" / "eval_camel_drive_planner.json"


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win share (shared wins counted fractionally)."""
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / (
        1 + z * z / games)
    return centre - half, centre + half


def _chunk(args: tuple[int, int, int, dict[str, Any]]) -> float:
    players, first, count, settings = args
    game = cc.load("camel-drive", players=players)
    wins = 0.0
    for seed in range(first, first + count):
        seat = seed % players
        agents: list[Any] = [RandomBot() for _ in range(players)]
        agents[seat] = PlannerBot(**settings)
        record = cc.play(game, agents, seed=seed)
        assert record.winners is not None
        if seat in record.winners:
            wins += 1 / len(record.winners)
    return wins


def evaluate(players: int, games: int, *, workers: int = 2,
             settings: dict[str, Any] | None = None) -> dict[str, Any]:
    """Planner (one seat, rotating) against random bots over seeds 0..games-1."""
    chunks = workers * 4
    size = math.ceil(games / chunks)
    jobs = [(players, i * size, min(size, games - i * size), settings or {})
            for i in range(chunks) if games - i * size > 0]
    started = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        wins = sum(pool.map(_chunk, jobs))
    low, high = wilson(wins, games)
    return {
        "players": players, "games": games, "settings": settings or {},
        "planner_wins": wins, "win_share": wins / games, "ci95": [low, high],
        "chance_share": 1 / players, "seconds": time.perf_counter() - started,
    }


def run(quick: bool) -> dict[str, Any]:
    workers = min(2, os.cpu_count() or 1)
    main = 100 if quick else 1000
    side = 30 if quick else 200
    results = [evaluate(4, main, workers=workers)]
    results += [evaluate(p, side, workers=workers) for p in (2, 3, 6)]
    results.append(evaluate(4, side, workers=workers, settings={"memory": True}))
    report = {"bench": "eval_camel_drive_planner", "quick": quick, "results": results}
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return report


if __name__ == "__main__":
    for row in run("--quick" in sys.argv)["results"]:
        low, high = row["ci95"]
        print(f"{row['players']} players {row['settings'] or ''}: planner wins "
              f"{100 * row['win_share']:.1f}% of {row['games']} "
              f"(95% CI {100 * low:.1f}-{100 * high:.1f}%, chance {100 * row['chance_share']:.0f}%)"
              f" in {row['seconds']:.0f} s")
