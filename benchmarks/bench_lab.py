"""The bot lab's scale: 1 against 2 workers, local processes and a Dask cluster.

Two workloads, each a tournament played through ``camelcade.sim.lab.run_tournament``
exactly as ``camelcade simulate`` plays it (results file, paired seeds):

* ``search``: Camel Up, ``camel-up-ev`` against three ``random`` (about half a CPU second
  a game): the speed-up of two workers over one, locally and on a Dask ``LocalCluster``
  (worker processes on 127.0.0.1), goal ≥ 1.8× in both on an idle two-core machine;
* ``tiny``: Kamelen, ``kamelen-greedy`` against ``random`` (milliseconds a game): Dask's
  overhead per match against local processes, where messages cost the most;
* ``pairing``: for every game with chance, how far paired seeds hold with the core's
  default chance key: ``mcts`` (10 iterations, 20-step playouts) against ``random`` in
  the other seats, every seat arrangement of each seed, the share of chance draws that
  agree between arrangements of one seed (``camelcade.sim.pairing``), keyed chance
  against one sequential stream per game and against different seeds (the chance level).

Wall-clock seconds decide a speed-up, so every figure comes with the CPU seconds the games
took (summed over workers) and the load average before and after: on a shared machine a
speed-up below 2× with a high load says the second core was busy elsewhere. Dask's
overhead is the ratio of its wall time to local processes' at the same worker count, and
its extra milliseconds per match. Cluster start-up is measured apart. Nothing asserts a
time. Run: ``python benchmarks/bench_lab.py [--quick]`` (writes results/lab.json).
"""

from __future__ import annotations

import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import camelcade as cc
from camelcade.sim.entrants import parse_entrants
from camelcade.sim.lab import run_tournament
from camelcade.sim.plan import Tournament

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
PAIRING_BOT = "mcts:iterations=10:rollout_limit=20"
"""Seat 0's bot in the pairing measure: it plays unlike ``random``, so seat arrangements
of one seed really differ (``first`` would do, but it never ends a Caravan game)."""
WORKLOADS = {
    "search": ("camel-up", "camel-up-ev,random,random,random"),
    "tiny": ("kamelen", "kamelen-greedy,random"),
}


def tournament(name: str, seed: int) -> Tournament:
    game_id, bots = WORKLOADS[name]
    texts = bots.split(",")
    game = cc.load(game_id, players=len(texts))
    return Tournament(game.id, game.options, tuple(parse_entrants(texts, game.id)), seed=seed)


def timed_run(name: str, games: int, folder: Path, tag: str, *, workers: int = 1,
              scheduler: str | None = None) -> dict[str, Any]:
    """One tournament from an empty results file: wall and CPU seconds."""
    load_before = os.getloadavg()[0]
    path = folder / f"{name}-{tag}.jsonl"
    started = time.perf_counter()
    run = run_tournament(tournament(name, seed=7), games, path, workers=workers,
                         scheduler=scheduler)
    wall = time.perf_counter() - started
    return {"games": run.played, "wall_seconds": round(wall, 3),
            "game_cpu_seconds": round(run.cpu, 3),
            "ms_per_game": round(1000 * wall / run.played, 3),
            "load_before": round(load_before, 2), "load_after": round(os.getloadavg()[0], 2),
            "records": sorted(json.dumps(r.actions) for r in run.records)}


def local_cluster(workers: int) -> tuple[Any, float]:
    from distributed import LocalCluster

    started = time.perf_counter()
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                           host="127.0.0.1", dashboard_address=None)
    return cluster, time.perf_counter() - started


def pairing(quick: bool, folder: Path) -> dict[str, Any]:
    """Draw agreement within seed blocks, keyed against sequential chance, per game."""
    from camelcade.sim.pairing import measure

    found: dict[str, Any] = {}
    seeds = 4 if quick else 12
    for game_id in cc.game_ids():
        game = cc.load(game_id)
        texts = [PAIRING_BOT, *["random"] * (game.players - 1)]
        entrants = tuple(parse_entrants(texts, game_id))
        figures: dict[str, Any] = {"players": game.players}
        for chance in ("keyed", "sequential"):
            t = Tournament(game.id, game.options, entrants, seed=3, chance=chance)
            run = run_tournament(t, seeds * t.games_per_seed(), folder / f"pair-{game_id}-"
                                 f"{chance}.jsonl", workers=min(2, os.cpu_count() or 1))
            measured = measure(run.records, blocks=seeds)
            if measured is None:
                figures = {"players": game.players, "chance_draws": 0}
                break
            figures[chance] = round(measured.paired, 4)
            figures["different_seeds"] = round(measured.unpaired, 4)
            figures["draws_per_game"] = round(measured.draws_per_game, 1)
        found[game_id] = figures
        print("pairing", game_id, figures, flush=True)
    return found


def run(quick: bool) -> dict[str, Any]:
    counts = {"search": 16 if quick else 96, "tiny": 100 if quick else 1000}
    figures: dict[str, Any] = {"games": counts, "cpus": os.cpu_count()}
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        local = {w: {name: timed_run(name, counts[name], folder, f"local{w}", workers=w)
                     for name in WORKLOADS} for w in (1, 2)}
        dask: dict[int, dict[str, Any]] = {}
        startup = {}
        for workers in (1, 2):
            cluster, seconds = local_cluster(workers)
            startup[workers] = round(seconds, 3)
            try:
                dask[workers] = {name: timed_run(name, counts[name], folder, f"dask{workers}",
                                                 scheduler=cluster.scheduler_address)
                                 for name in WORKLOADS}
            finally:
                cluster.close()
    same = all(local[w][n]["records"] == dask[w][n]["records"] == local[1][n]["records"]
               for w in (1, 2) for n in WORKLOADS)
    for table in (local, dask):
        for per_name in table.values():
            for entry in per_name.values():
                entry.pop("records")
    figures["local"] = local
    figures["dask"] = dask
    figures["dask_startup_seconds"] = startup
    figures["same_games_everywhere"] = same
    with tempfile.TemporaryDirectory() as temp:
        figures["pairing"] = pairing(quick, Path(temp))
    for name in WORKLOADS:
        figures[f"{name}_speedup_local_2_over_1"] = round(
            local[1][name]["wall_seconds"] / local[2][name]["wall_seconds"], 2)
        figures[f"{name}_speedup_dask_2_over_1"] = round(
            dask[1][name]["wall_seconds"] / dask[2][name]["wall_seconds"], 2)
        for workers in (1, 2):
            figures[f"{name}_dask_over_local_{workers}_workers"] = round(
                dask[workers][name]["wall_seconds"] / local[workers][name]["wall_seconds"], 2)
            figures[f"{name}_dask_extra_ms_per_game_{workers}_workers"] = round(
                dask[workers][name]["ms_per_game"] - local[workers][name]["ms_per_game"], 2)
    return figures


def main() -> None:
    quick = "--quick" in sys.argv
    started = time.perf_counter()
    figures = run(quick)
    result = {
        "benchmark": "bench_lab",
        "measured_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "quick": quick,
        "machine": {"python": platform.python_version(), "machine": platform.machine(),
                    "cpus": os.cpu_count()},
        "seconds": round(time.perf_counter() - started, 2),
        "figures": figures,
    }
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / ("lab_quick.json" if quick else "lab.json")
    out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in figures.items() if not isinstance(v, dict)}, indent=1))
    print(f"written to {out}")


if __name__ == "__main__":
    main()
