"""The generic searches measured on every game: speed, the ``hard`` level's wait, strength.

Three parts, each a section of ``results/search.json`` (written after every game, so a
long run that is stopped keeps what it measured; the strength part resumes from its
results files in ``.bench/search/``):

* ``speed``: iterations per CPU second of the first release's ``mcts`` in the first
  release itself (built from git history by ``first_release.py``, measured by
  ``core_probe.py --mcts`` in its own interpreter, half before and half after today's
  code; the baseline), and of today's ``mcts-plain`` (that same algorithm on today's
  core), ``mcts`` and ``ismcts``, at the six decision points ``core_probe.py`` measures
  (100 iterations a decision, default settings), today's three bots taking turns round
  after round in one process, so the ratios share the machine's load;
* ``levels``: the ``hard`` level each game offers, a fresh bot at each of those decision
  points: wall-clock and CPU seconds a move (its promise: at most about 1 s a move);
* ``strength``: ``ismcts`` against ``mcts-plain`` at equal time a move (CPU seconds of
  each bot's thread, so the shared machine's load cannot favour either), head-to-head
  with paired seeds and seats swapped, until the lab's SPRT (H0: 0 Elo, H1: +50 Elo,
  α = β = 0.05) decides or the game cap is reached.

The machine is shared, so every figure carries the load average beside it, speeds are
ratios within one run, and no time is asserted anywhere. Run:
``python benchmarks/bench_search.py [--quick] [--part speed|levels|strength] [GAME ...]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import camelcade as cc
from camelcade.sim.entrants import parse_entrants
from camelcade.sim.lab import LabRun, SprtSettings, run_tournament
from camelcade.sim.plan import Tournament

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from core_probe import MCTS_ITERATIONS, mcts_positions  # noqa: E402
from first_release import FIRST_RELEASE  # noqa: E402
from first_release import python as first_release_python  # noqa: E402

RESULTS = HERE / "results" / "search.json"
LAB = HERE.parent / ".bench" / "search"
SPEED_BOTS = ("mcts-plain", "mcts", "ismcts")
SECONDS_A_MOVE = 0.05
"""Equal time a move in the strength part: CPU seconds of the bot's thread."""
STRENGTH_GAMES = ("camel-up", "a-dos-de-chameau", "kamelen", "camel-drive", "caravan")
"""The games the strength part plays, in this order (the first three are required)."""
ELO0, ELO1 = 0.0, 50.0
"""The SPRT's hypotheses: H0 no stronger, H1 stronger by 50 Elo (α = β = 0.05)."""
MAX_GAMES = {"full": 800, "quick": 40}


def load() -> float:
    return round(os.getloadavg()[0], 2)


def first_release_mcts(game_id: str, seconds: float) -> float:
    """The first release's ``mcts``, iterations per CPU second, in its own interpreter."""
    done = subprocess.run([str(first_release_python()), str(HERE / "core_probe.py"), game_id,
                           str(seconds), "--mcts"],
                          check=True, capture_output=True, text=True, cwd=HERE)
    return float(json.loads(done.stdout)["mcts"]["iterations_per_cpu_second"])


def speed(game_id: str, seconds: float) -> dict[str, Any]:
    """Iterations per CPU second of each search, in turns at the same decision points,
    against the first release's ``mcts`` measured around them."""
    old_before = first_release_mcts(game_id, seconds / 2)
    game = cc.load(game_id)
    positions = mcts_positions(game)
    spent = dict.fromkeys(SPEED_BOTS, 0.0)
    iterations = dict.fromkeys(SPEED_BOTS, 0)
    before = load()
    rounds = 0
    while rounds == 0 or min(spent.values()) < seconds:
        for name in SPEED_BOTS:
            for index, state in enumerate(positions):
                bot = cc.bots.load(name, iterations=MCTS_ITERATIONS, seed=index)
                started = time.process_time()
                bot.choose(state.view(state.current_player))
                spent[name] += time.process_time() - started
                iterations[name] += MCTS_ITERATIONS
        rounds += 1
    old = (old_before + first_release_mcts(game_id, seconds / 2)) / 2
    rates = {name: round(iterations[name] / spent[name], 1) for name in SPEED_BOTS}
    return {
        "first_release": FIRST_RELEASE,
        "first_release_mcts_iterations_per_cpu_second": round(old, 1),
        "iterations_per_cpu_second": rates,
        "mcts_over_first_release": round(rates["mcts"] / old, 3),
        "ismcts_over_first_release": round(rates["ismcts"] / old, 3),
        "plain_over_first_release": round(rates["mcts-plain"] / old, 3),
        "mcts_over_plain": round(rates["mcts"] / rates["mcts-plain"], 3),
        "ismcts_over_plain": round(rates["ismcts"] / rates["mcts-plain"], 3),
        "positions": len(positions), "rounds": rounds,
        "load_before": before, "load_after": load(),
    }


def hard_level(game_id: str) -> dict[str, Any]:
    """The ``hard`` level's seconds a move, a fresh bot at each decision point."""
    level = cc.bots.levels(game_id)["hard"]
    game = cc.load(game_id)
    walls, cpus, iterations = [], [], []
    before = load()
    for seat_seed, state in enumerate(mcts_positions(game)):
        bot = cc.bots.load_level(game_id, "hard")
        begin = getattr(bot, "begin", None)
        if callable(begin):
            begin(game, state.current_player, seat_seed)
        wall, cpu = time.perf_counter(), time.process_time()
        bot.choose(state.view(state.current_player))
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        report = getattr(bot, "last", None)
        if report is not None:
            iterations.append(report.iterations)
    return {
        "bot": level.bot, "settings": dict(level.settings),
        "moves": len(walls), "wall_seconds_max": round(max(walls), 3),
        "wall_seconds_mean": round(sum(walls) / len(walls), 3),
        "cpu_seconds_mean": round(sum(cpus) / len(cpus), 3),
        "iterations_mean": round(sum(iterations) / len(iterations)) if iterations else None,
        "load_before": before, "load_after": load(),
    }


def entrant(name: str) -> str:
    return f"{name}:time_limit={SECONDS_A_MOVE}:clock=cpu"


def strength(game_id: str, max_games: int, workers: int) -> dict[str, Any]:
    """ismcts against mcts-plain at equal CPU time a move: the lab's SPRT, head-to-head."""
    game = cc.load(game_id)
    first, second = entrant("ismcts"), entrant("mcts-plain")
    entrants = tuple(parse_entrants([first, second], game.id))
    settings = SprtSettings(first, second, elo0=ELO0, elo1=ELO1)
    tournament = Tournament(game.id, game.options, entrants, format="head-to-head", seed=1,
                            sprt={"first": first, "second": second, "elo0": ELO0,
                                  "elo1": ELO1})
    LAB.mkdir(parents=True, exist_ok=True)
    before = load()
    started = time.perf_counter()
    run = run_tournament(tournament, max_games, LAB / f"{game_id}.jsonl", workers=workers,
                         sprt=settings)
    return {"players": game.players, "seconds_a_move": SECONDS_A_MOVE, "clock": "cpu",
            **figures(run, first, second),
            "wall_seconds": round(time.perf_counter() - started, 1),
            "load_before": before, "load_after": load()}


def figures(run: LabRun, first: str, second: str) -> dict[str, Any]:
    sprt = run.sprt
    assert sprt is not None
    summary = run.summary
    standings = {}
    for label in (first, second):
        standing = summary.standing(label)
        standings[label] = {
            "games": standing.games,
            "win_rate": round(standing.win_rate, 4),
            "win_interval": [round(x, 4) for x in standing.win_interval()],
            "score": round(standing.score_rate, 4),
            "score_interval": [round(x, 4) for x in standing.score_interval()],
            "mean_place": round(standing.mean_place, 3),
        }
    head_to_head, pairs = summary.versus_rate(first, second)
    return {
        "first": first, "second": second,
        "sprt": {"elo0": ELO0, "elo1": ELO1, "llr": round(sprt.llr, 3),
                 "bounds": [round(sprt.lower, 3), round(sprt.upper, 3)],
                 "state": sprt.state or "undecided", "blocks": sprt.samples,
                 "verdict": sprt.verdict()},
        "games": len(run.records), "played_now": run.played,
        "first_ahead_of_second": round(head_to_head, 4), "pairs_compared": pairs,
        "standings": standings,
        "ratings": [{"bot": r.label, "value": round(r.value, 1), "low": round(r.low, 1),
                     "high": round(r.high, 1), "method": r.method} for r in run.ratings],
        "mean_length": round(summary.mean_length, 1),
        "game_cpu_seconds": round(run.cpu, 1),
    }


def saved() -> dict[str, Any]:
    """The results written so far (none yet: empty)."""
    if not RESULTS.exists():
        return {}
    found: dict[str, Any] = json.loads(RESULTS.read_text(encoding="utf-8"))
    return found


def save(part: str, game_id: str, figures: dict[str, Any]) -> None:
    """Write one game's figures of one part, keeping everything else in the file as it
    is now (so two runs of different parts at once do not undo each other's work)."""
    results = saved()
    results["cpu_count"] = os.cpu_count()
    results.setdefault(part, {})[game_id] = figures
    RESULTS.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--quick", action="store_true", help="short runs, for a try")
    parser.add_argument("--part", choices=["speed", "levels", "strength"], action="append")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", dest="max_games", type=int,
                        help="the strength part's cap of games a game (default 800, quick 40);"
                             " a cap no higher than the games already played only reports them")
    args = parser.parse_args()
    parts = args.part or ["speed", "levels", "strength"]
    games = args.games or cc.game_ids()
    for part in parts:
        order = [g for g in STRENGTH_GAMES if g in games] if part == "strength" else games
        for game_id in order:
            if part == "speed":
                figures = speed(game_id, 0.5 if args.quick else 4.0)
            elif part == "levels":
                figures = hard_level(game_id)
            else:
                cap = args.max_games or MAX_GAMES["quick" if args.quick else "full"]
                figures = strength(game_id, cap, args.workers)
            print(part, game_id, json.dumps(figures)[:400], flush=True)
            save(part, game_id, figures)


if __name__ == "__main__":
    main()
