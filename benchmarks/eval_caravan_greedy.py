"""``caravan-greedy`` measured: its strength against random bots, and how its games against
itself end (2, 3 and 4 players).

    python benchmarks/eval_caravan_greedy.py              # 1,000 games, 2 worker processes
    python benchmarks/eval_caravan_greedy.py --games 90   # a quicker look
    python benchmarks/eval_caravan_greedy.py --self-play  # 100 games greedy against greedy

Self-play (issue 14): game ``i`` has 2, 3 or 4 players in turn (``2 + i % 3``), seed ``i``,
the greedy bot in every seat and the default options. A game that ends by the bag rule (a
delivery once the bag is empty) is what the bot must bring about; the rest are stalls: the
safety stop (a round of passes), the no-progress stop, or the cap of ``SELF_PLAY_CAP``
actions. ``--label before`` / ``after`` keeps figures side by side in the results file.

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
RESULTS = HERE / "results" / "eval_caravan_greedy.json"
SELF_PLAY_RESULTS = HERE / "results" / "eval_caravan_greedy_self_play.json"
SELF_PLAY_CAP = 20_000
"""Actions after which a self-play game counts as never ending."""

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


SelfResult = tuple[int, int, str, int, int, float]


def self_play_game(seed: int) -> SelfResult:
    """(seed, players, how it ended, actions, goods left in the bag, CPU seconds)."""
    import camelcade as cc
    from camelcade.core.errors import CamelcadeError

    players = COUNTS[seed % len(COUNTS)]
    started = time.process_time()
    agents = [cc.bots.load("caravan-greedy") for _ in range(players)]
    try:
        record = cc.play(cc.load("caravan", players=players), agents, seed=seed,
                         max_actions=SELF_PLAY_CAP)
    except CamelcadeError:
        return seed, players, "cap", SELF_PLAY_CAP, -1, time.process_time() - started
    final = cc.replay(record).to_json()["state"]
    return (seed, players, str(final["end"]), len(record.actions), sum(final["bag"].values()),
            time.process_time() - started)


def _self_summary(results: list[SelfResult]) -> dict[str, object]:
    ends: dict[str, int] = {}
    for result in results:
        ends[result[2]] = ends.get(result[2], 0) + 1
    stalls = [r for r in results if r[2] != "delivery"]
    return {
        "games": len(results),
        "ended_by_the_bag_rule": ends.get("delivery", 0),
        "ends": dict(sorted(ends.items())),
        "goods_left_in_the_bag_at_stalls": sorted(r[4] for r in stalls),
        "mean_actions": round(sum(r[3] for r in results) / len(results), 1) if results else 0,
    }


def self_play(games: int, workers: int = 2) -> dict[str, object]:
    started = time.perf_counter()
    seeds = list(range(games))
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(self_play_game, seeds, chunksize=1))
    else:
        results = [self_play_game(seed) for seed in seeds]
    figures: dict[str, object] = {"opponents": "caravan-greedy in every seat"}
    figures.update(_self_summary(results))
    for players in COUNTS:
        figures[f"{players}p"] = _self_summary([r for r in results if r[1] == players])
    figures["stalled_seeds"] = [r[0] for r in results if r[2] != "delivery"]
    figures["cpu_seconds_per_game"] = round(sum(r[5] for r in results) / len(results), 2)
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
    parser.add_argument("--self-play", action="store_true",
                        help="greedy against greedy: how the games end (default 100 games)")
    parser.add_argument("--label", default="after",
                        help="self-play: the key the figures are kept under (before / after)")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE.parent))
    if args.self_play:
        games = 100 if args.games == parser.get_default("games") else args.games
        figures = self_play(games, args.workers)
        kept = (json.loads(SELF_PLAY_RESULTS.read_text(encoding="utf-8"))
                if SELF_PLAY_RESULTS.exists() else {})
        kept[args.label] = figures
        SELF_PLAY_RESULTS.write_text(json.dumps(kept, indent=1) + "\n", encoding="utf-8")
        print(json.dumps(figures, indent=1))
        return 0
    figures = evaluate(args.games, args.workers)
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in figures.items() if k != "lost_seeds"}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
