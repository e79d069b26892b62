"""Strength of ``caravan-greedy``: seeded games against random bots, 2, 3 and 4 players.

    python benchmarks/eval_caravan_greedy.py              # 1,000 games, 2 worker processes
    python benchmarks/eval_caravan_greedy.py --games 90   # a quicker look

Game ``i`` uses seed ``i``, has 2, 3 or 4 players in turn (``2 + i % 3``) and puts the bot
in seat ``(i // 3) % players`` (seats rotate, so no seat advantage helps it); every other
seat is a random bot. Options are the defaults (short game for 2-3 players). A game counts
as won when the bot is among the winners (a full tie after the tie-break is shared); sole
wins are reported too. The 95 % confidence intervals are Wilson's; a random bot would win
about 1/players. Figures go to benchmarks/results/eval_caravan_greedy.json.
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
COUNTS = (2, 3, 4)

Result = tuple[int, int, bool, bool, float, int, str]


def one_game(seed: int) -> Result:
    """(seed, players, won, won alone, bot's points minus the best random bot's, actions,
    how the game ended)."""
    import camelcade as cc

    players = COUNTS[seed % len(COUNTS)]
    seat = (seed // len(COUNTS)) % players
    agents = [cc.bots.load("random") for _ in range(players)]
    agents[seat] = cc.bots.load("caravan-greedy")
    record = cc.play(cc.load("caravan", players=players), agents, seed=seed)
    returns = record.returns or []
    winners = record.winners or []
    others = max(r for s, r in enumerate(returns) if s != seat)
    end = cc.replay(record).to_json()["state"]["end"]
    return (seed, players, seat in winners, winners == [seat], returns[seat] - others,
            len(record.actions), str(end))


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def _summary(results: list[Result]) -> dict[str, object]:
    games = len(results)
    wins = sum(r[2] for r in results)
    low, high = wilson(wins, games)
    return {
        "games": games,
        "wins": wins,
        "win_rate": round(wins / games, 4) if games else 0.0,
        "win_rate_ci95": [round(low, 4), round(high, 4)],
        "sole_wins": sum(r[3] for r in results),
        "mean_margin_points": round(sum(r[4] for r in results) / games, 2) if games else 0.0,
        "mean_actions": round(sum(r[5] for r in results) / games, 1) if games else 0.0,
        "ended_by_delivery": sum(r[6] == "delivery" for r in results),
    }


def evaluate(games: int, workers: int = 2) -> dict[str, object]:
    started = time.perf_counter()
    seeds = list(range(games))
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(one_game, seeds, chunksize=2))
    else:
        results = [one_game(seed) for seed in seeds]
    figures: dict[str, object] = {"opponents": "random bots in every other seat"}
    figures.update(_summary(results))
    for players in COUNTS:
        part = [r for r in results if r[1] == players]
        figures[f"{players}p"] = {**_summary(part), "random_bot_expectation": round(
            1 / players, 4)}
    figures["lost_seeds"] = [r[0] for r in results if not r[2]]
    figures["seconds"] = round(time.perf_counter() - started, 1)
    figures["workers"] = workers
    return figures


def run(quick: bool) -> dict[str, object]:
    """For a benchmark runner: 60 games when quick, else the full 1,000."""
    return evaluate(60 if quick else 1000)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args()
    sys.path.insert(0, str(HERE.parent))
    figures = evaluate(args.games, args.workers)
    out = HERE / "results" / "eval_caravan_greedy.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in figures.items() if k != "lost_seeds"}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
