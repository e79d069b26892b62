"""Kamelen: move generation, perft, random games, playouts, search speed and bot strength.

Speed figures come with a baseline measured in the same run, in CPU seconds: the public
``legal_actions`` against the bare move generator it calls, random games through the
checked path against the fast one (``apply(action, check=False)``), random playouts
(``state.playout``, the rollouts of the Monte Carlo bots) by Kamelen's rejection sampler
against the generic loop it stands in for, with ``mcts-plain`` iterations by each, and
``kamelen-search`` nodes per CPU second against the first release's search (its separate
``Engine``), run by ``kamelen_search_probe.py`` in each version's own interpreter.
Strength: ``kamelen-search`` with a fixed node budget per move (so results do not depend
on the machine) against random, the one-ply ``kamelen-greedy``, the game-agnostic flat
Monte Carlo baseline and the generic ``mcts`` bot, seats alternating, seeds fixed. Win
rates come with a 95 % Wilson lower bound.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import camelcade as cc
from camelcade.bots.mcts import MCTSBot
from camelcade.bots.random_bot import RandomBot
from camelcade.core.game import State
from camelcade.games.kamelen.baselines import FlatMonteCarloBot
from camelcade.games.kamelen.bots import GreedyBot, SearchBot
from camelcade.games.kamelen.game import KamelenGame
from camelcade.games.kamelen.movegen import generate, tables
from camelcade.games.kamelen.perft import perft as state_perft
from camelcade.games.kamelen.state import KamelenState

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from core_probe import mcts as mcts_iterations  # noqa: E402
from first_release import FIRST_RELEASE  # noqa: E402
from first_release import python as first_release_python  # noqa: E402
from kamelen_search_probe import positions as sample_positions  # noqa: E402

NODE_BUDGET = 300
"""kamelen-search's nodes per move in the strength runs (about 5 ms a move)."""


def _timed(work: Callable[[], int]) -> tuple[int, float]:
    started = time.process_time()
    done = work()
    return done, time.process_time() - started


def movegen(quick: bool) -> dict[str, Any]:
    game = KamelenGame()
    positions = [state for state in sample_positions(200 if quick else 1000, every=7)
                 if isinstance(state, KamelenState)]
    repeats = 2 if quick else 5

    def public() -> int:
        for _ in range(repeats):
            for state in positions:
                state._legal_cache = None
                state.legal_actions()
        return repeats * len(positions)

    boards = [(list(s.board), [sq for sq in range(len(s.board)) if s.board[sq] in
                                ((1, 2) if s.side == 0 else (3, 4))], s.side) for s in positions]
    table = tables(game.geometry)

    def bare() -> int:
        for _ in range(repeats):
            for board, squares, side in boards:
                generate(board, squares, side, table)
        return repeats * len(boards)

    count, seconds = _timed(public)
    raw, raw_seconds = _timed(bare)
    mean_moves = sum(len(s.legal_actions()) for s in positions) / len(positions)
    return {
        "sample_positions": len(positions),
        "mean_legal_moves": round(mean_moves, 1),
        "legal_actions_positions_per_second": round(count / seconds),
        "bare_generate_positions_per_second": round(raw / raw_seconds),
        "public_api_overhead_ratio": round((raw / raw_seconds) / (count / seconds), 2),
    }


def perft(quick: bool) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    for board in ("11x11", "11x12", "11x13"):
        game = KamelenGame(board=board)
        state = game.new_state()
        depth = 3 if quick else 4
        nodes, seconds = _timed(partial(state_perft, state, depth))
        figures[board] = {
            f"perft_{depth}_nodes": nodes,
            "perft_leaves_per_cpu_second": round(nodes / seconds),
        }
    return figures


def random_games(quick: bool) -> dict[str, Any]:
    """Seeded random games from the start, through the checked path and the fast one."""
    game = KamelenGame()
    games = 20 if quick else 100
    figures: dict[str, Any] = {"games": games}
    for label, check in (("checked", True), ("fast", False)):
        plies = 0
        started = time.process_time()
        for seed in range(games):
            rng = random.Random(seed)
            state = game.new_state()
            while not state.is_terminal():
                state.apply(rng.choice(state.legal_actions()), check=check)
            plies += len(state.history)
        seconds = time.process_time() - started
        figures[f"{label}_plies_per_cpu_second"] = round(plies / seconds)
        figures["mean_plies"] = round(plies / games, 1)
    figures["fast_over_checked"] = round(
        figures["fast_plies_per_cpu_second"] / figures["checked_plies_per_cpu_second"], 2)
    return figures


def _with_playout_loop(loop: Callable[..., int], work: Callable[[], float]) -> float:
    own = KamelenState._playout
    KamelenState._playout = loop  # type: ignore[method-assign]
    try:
        return work()
    finally:
        KamelenState._playout = own  # type: ignore[method-assign]


def playouts(quick: bool) -> dict[str, Any]:
    """``state.playout`` by Kamelen's own loop (the rejection sampler) against the generic
    loop (``State._playout``: list the moves, take ``actions[floor(u * n)]``), swapped in
    for the baseline in the same run, runs alternating: plies per CPU second of playouts
    from positions of seeded random games to the end, and ``mcts-plain`` iterations per
    CPU second (``core_probe``: 100 a decision at six positions, as ``bench_core.py``)."""
    seconds = 0.5 if quick else 3.0
    runs = 1 if quick else 3
    starts = [state for state in sample_positions(40 if quick else 200, every=7)
              if not state.is_terminal()]

    def plies_per_second() -> float:
        rng, plies = random.Random(1), 0
        started = time.process_time()
        while time.process_time() - started < seconds:
            for start in starts:
                plies += start.clone().playout(rng)
        return plies / (time.process_time() - started)

    def iterations_per_second() -> float:
        rate: float = mcts_iterations(cc.load("kamelen"), seconds)["iterations_per_cpu_second"]
        return rate

    figures: dict[str, Any] = {"start_positions": len(starts), "runs": runs}
    for name, work in (("playout_plies", plies_per_second),
                       ("mcts_plain_iterations", iterations_per_second)):
        own, generic = [], []
        for _ in range(runs):
            generic.append(_with_playout_loop(State._playout, work))
            own.append(_with_playout_loop(KamelenState._playout, work))
        figures[name] = {
            "sampler_per_cpu_second": round(statistics.median(own)),
            "generic_loop_per_cpu_second": round(statistics.median(generic)),
            "sampler_over_generic_loop": round(statistics.median(own)
                                               / statistics.median(generic), 2),
        }
    return figures


def _search_probe(interpreter: str, budget: str) -> dict[str, Any]:
    done = subprocess.run([interpreter, str(HERE / "kamelen_search_probe.py"), budget],
                          check=True, capture_output=True, text=True, cwd=HERE)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


SEARCH_BUDGETS = ("5000", "30000", "0.5s")
"""Nodes a position, or the bot's clock (its default: half a second a move)."""


def search_speed(quick: bool) -> dict[str, Any]:
    """kamelen-search nodes per CPU second, today and in the first release: the same
    positions and budgets, runs alternating, the median of each reported."""
    runs = 1 if quick else 5
    old_python = str(first_release_python())
    figures: dict[str, Any] = {"first_release": FIRST_RELEASE, "runs": runs}
    for budget in SEARCH_BUDGETS[:1] if quick else SEARCH_BUDGETS:
        now, old = [], []
        for _ in range(runs):
            old.append(_search_probe(old_python, budget))
            now.append(_search_probe(sys.executable, budget))
        rate_now = statistics.median(r["nodes_per_cpu_second"] for r in now)
        rate_old = statistics.median(r["nodes_per_cpu_second"] for r in old)
        figures[budget] = {
            "positions": now[0]["positions"],
            "nodes_per_cpu_second": round(rate_now),
            "first_release_nodes_per_cpu_second": round(rate_old),
            "over_first_release": round(rate_now / rate_old, 3),
            "depths_reached": now[0]["depths"],
            "first_release_depths_reached": old[0]["depths"],
        }
    return figures


def wilson_lower(wins: int, games: int, z: float = 1.96) -> float:
    """95 % lower confidence bound of a win rate (Wilson score interval)."""
    if not games:
        return 0.0
    p = wins / games
    centre = p + z * z / (2 * games)
    margin = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return (centre - margin) / (1 + z * z / games)


def match(make_bot: Callable[[], Any], make_other: Callable[[], Any], games: int,
          board: str = "11x11") -> dict[str, Any]:
    """``games`` seeded games, the bot taking seat 0 in even games and seat 1 in odd ones."""
    game = cc.load("kamelen", board=board) if "kamelen" in cc.game_ids() \
        else KamelenGame(board=board)
    wins = draws = losses = 0
    points = 0.0
    plies = 0
    started = time.perf_counter()
    for seed in range(games):
        bot, other = make_bot(), make_other()
        mine = seed % 2
        seats = [bot, other] if mine == 0 else [other, bot]
        record = cc.play(game, seats, seed=seed)
        assert record.returns is not None
        plies += len(record.actions)
        points += record.returns[mine]
        if record.returns[mine] > record.returns[1 - mine]:
            wins += 1
        elif record.returns[mine] == record.returns[1 - mine]:
            draws += 1
        else:
            losses += 1
    return {
        "games": games, "wins": wins, "draws": draws, "losses": losses,
        "win_rate": round(wins / games, 3),
        "win_rate_95_lower": round(wilson_lower(wins, games), 3),
        "points_per_game": round(points / games, 3),
        "mean_plies": round(plies / games, 1),
        "seconds": round(time.perf_counter() - started, 1),
    }


def strength(quick: bool) -> dict[str, Any]:
    def search() -> SearchBot:
        return SearchBot(time_limit=None, max_nodes=NODE_BUDGET)

    def strong() -> SearchBot:
        return SearchBot(time_limit=None, max_nodes=2_000)

    return {
        "search_node_budget": NODE_BUDGET,
        "search_vs_random": match(search, RandomBot, 20 if quick else 200),
        "search_vs_random_11x13": match(search, RandomBot, 6 if quick else 50, "11x13"),
        "greedy_vs_random": match(GreedyBot, RandomBot, 20 if quick else 200),
        "search_vs_greedy": match(search, GreedyBot, 6 if quick else 40),
        "search2000_vs_greedy": match(strong, GreedyBot, 2 if quick else 40),
        "search2000_vs_search300": match(strong, search, 2 if quick else 40),
        "search_vs_flat_mc_200": match(
            search, lambda: FlatMonteCarloBot(playouts=200, horizon=60), 2 if quick else 10),
        "search2000_vs_mcts_100": match(
            strong, lambda: MCTSBot(iterations=100, rollout_limit=60), 2 if quick else 10),
    }


def run(quick: bool) -> dict[str, Any]:
    return {
        "movegen": movegen(quick),
        "perft": perft(quick),
        "random_games": random_games(quick),
        "playouts": playouts(quick),
        "search": search_speed(quick),
        "strength": strength(quick),
    }


if __name__ == "__main__":
    import json
    import sys

    print(json.dumps(run("--quick" in sys.argv), indent=1))
