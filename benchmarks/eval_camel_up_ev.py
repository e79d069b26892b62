"""Strength of ``camel-up-ev``: seeded 4-player games against three random bots.

    python benchmarks/eval_camel_up_ev.py              # 1,000 games, 2 worker processes
    python benchmarks/eval_camel_up_ev.py --games 100  # a quicker look

Game ``i`` uses seed ``i`` and puts the bot in seat ``i % 4`` (seats rotate, so no seat
advantage helps it). A game counts as won when the bot has the most coins (a shared first
place counts, as the rules let ties share the victory; sole wins are reported too). The
95 % confidence interval is Wilson's. Figures go to benchmarks/results/eval_camel_up_ev.json.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
PLAYERS = 4


def one_game(args: tuple[int, int]) -> tuple[int, bool, bool, float, int]:
    """(seed, won, won alone, bot's coins minus the best random bot's, actions)."""
    import camelcade as cc

    seed, edition = args
    seat = seed % PLAYERS
    agents = [cc.bots.load("random") for _ in range(PLAYERS)]
    agents[seat] = cc.bots.load("camel-up-ev")
    record = cc.play(cc.load("camel-up", players=PLAYERS, edition=edition), agents, seed=seed)
    returns = record.returns or []
    winners = record.winners or []
    others = max(r for s, r in enumerate(returns) if s != seat)
    return seed, seat in winners, winners == [seat], returns[seat] - others, len(record.actions)


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def evaluate(games: int, edition: int = 2, workers: int = 2) -> dict[str, object]:
    started = time.perf_counter()
    jobs = [(seed, edition) for seed in range(games)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(one_game, jobs, chunksize=4))
    else:
        results = [one_game(job) for job in jobs]
    wins = sum(r[1] for r in results)
    alone = sum(r[2] for r in results)
    low, high = wilson(wins, games)
    return {
        "opponents": "3 x random",
        "players": PLAYERS,
        "edition": edition,
        "games": games,
        "wins": wins,
        "win_rate": wins / games,
        "win_rate_ci95": [round(low, 4), round(high, 4)],
        "sole_wins": alone,
        "mean_margin_coins": round(sum(r[3] for r in results) / games, 2),
        "mean_actions": round(sum(r[4] for r in results) / games, 1),
        "lost_seeds": [r[0] for r in results if not r[1]],
        "seconds": round(time.perf_counter() - started, 1),
        "workers": workers,
    }


def run(quick: bool) -> dict[str, object]:
    """For a benchmark runner: 40 games when quick, else the full 1,000."""
    return evaluate(40 if quick else 1000)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--edition", type=int, default=2)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args()
    sys.path.insert(0, str(HERE.parent))
    figures = evaluate(args.games, args.edition, args.workers)
    suffix = "" if args.edition == 2 else f"_edition{args.edition}"
    out = HERE / "results" / f"eval_camel_up_ev{suffix}.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in figures.items() if k != "lost_seeds"}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
