"""Server CPU per move: this checkout's server against main's, in the same run, with profiles.

The latency targets of issue 13 rest on the server's CPU per move (500 moves a second on
one core needs well under 1 ms each), and on a shared machine a CPU figure means something
only beside a baseline taken at the same time. This script builds ``main``'s source tree
(``git archive``, into ``.bench/server-main``), then runs the same paced load (``matches``
A dos de Chameau matches, ``rate`` moves a second in all, the clients of
``server_load.py``) against a server of each tree in turn, alternating ``repeats`` times,
and reports each server's process CPU over the moves it carried.

Each client kind is a separate run: ``board`` clients (the web app, drawing the board)
and ``text`` clients (the terminal client and bots, which say so in ``hello`` with
``"board": false``; main's server does not know the field, so it is measured only for
this checkout). ``--profile`` also takes a cProfile of each server over its measured
window (``.bench/server-<tree>-<clients>.prof``) and prints the top of it.

    python benchmarks/server_cpu.py [--matches 100] [--rate 100] [--seconds 12]
                                    [--repeats 2] [--clients board,text] [--profile]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import pstats
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks import server_load as load

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / ".bench"
RESULTS = ROOT / "benchmarks" / "results" / "server_cpu.json"
PROFILER = """
import cProfile, os, runpy, signal, sys
profile = cProfile.Profile()
def start(*_): profile.enable()
def stop(*_):
    profile.disable(); profile.dump_stats(os.environ["CAMELCADE_PROFILE_OUT"])
signal.signal(signal.SIGUSR1, start)
signal.signal(signal.SIGUSR2, stop)
sys.argv = ["camelcade.server", *sys.argv[1:]]
runpy.run_module("camelcade.server", run_name="__main__", alter_sys=True)
"""
"""Runs the server with a profiler switched on by SIGUSR1 and dumped by SIGUSR2, so the
profile covers the measured window only (not start-up, set-up or goodbyes). Its clock is
cProfile's own (wall time inside the loop's callbacks; uvloop's waits are in C and not
counted): a CPU clock (``time.thread_time``) costs a system call per function call and
slowed the server fivefold, which distorts far more."""


def main_tree() -> Path:
    """``main``'s source, exported fresh (with this checkout's compiled catalogues, which
    git does not hold; the load speaks English, so they are not read)."""
    target = BENCH / "server-main"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "main", "src"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    for compiled in (ROOT / "src/camelcade/locale").glob("*/LC_MESSAGES/*.mo"):
        shutil.copy(compiled, target / compiled.relative_to(ROOT))
    return target / "src"


def run_once(src: Path, name: str, hello: dict[str, Any], matches: int, rate: float,
             seconds: float, warmup: float, profile: bool) -> dict[str, Any]:
    """One fresh server of the tree at ``src`` under the paced load."""
    out = BENCH / f"server-{name}.prof"
    env = {**load.SERVER_ENV, "PYTHONPATH": str(src), "CAMELCADE_PROFILE_OUT": str(out)}
    with tempfile.TemporaryDirectory(prefix="camelcade-cpu-") as tmp:
        log = Path(tmp) / "server.log"
        command = (["-c", PROFILER] if profile else ["-m", "camelcade.server"])
        proc, base = load.start_server(f"sqlite:///{tmp}/cpu.db", log,
                                       {**os.environ, **env}, command)
        try:
            load.HELLO_EXTRA = hello

            def switch(on: bool) -> None:
                os.kill(proc.pid, signal.SIGUSR1 if on else signal.SIGUSR2)

            result: dict[str, Any] = load._run(load.drive(
                base, matches, seconds, warmup, rate, proc.pid,
                on_measure=switch if profile else None))
        finally:
            load.HELLO_EXTRA = {}
            load.stop_server(proc)
    if profile:
        result["profile"] = str(out)
    return result


def top(profile: str, lines: int = 30) -> str:
    """The profile's heaviest functions, by own time and by cumulative time."""
    out = io.StringIO()
    stats = pstats.Stats(profile, stream=out)
    stats.sort_stats("tottime").print_stats(lines)
    stats.sort_stats("cumulative").print_stats(lines)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--rate", type=float, default=100.0, help="moves a second in all")
    parser.add_argument("--seconds", type=float, default=12.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--clients", default="board,text")
    parser.add_argument("--no-main", action="store_true", help="this checkout only")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    trees = {"branch": ROOT / "src"}
    if not args.no_main:
        trees = {"main": main_tree(), **trees}
    kinds = {"board": {}, "text": {"board": False}}
    runs: dict[str, list[dict[str, Any]]] = {}
    for _ in range(args.repeats):
        for tree, src in trees.items():
            for kind in args.clients.split(","):
                if tree == "main" and kind != "board":
                    continue  # main's server refuses the field
                name = f"{tree}-{kind}"
                result = run_once(src, name, kinds[kind], args.matches, args.rate,
                                  args.seconds, args.warmup, args.profile)
                result["load_average"] = os.getloadavg()[0]
                runs.setdefault(name, []).append(result)
                print(name, {k: result[k] for k in ("moves", "moves_per_second",
                                                    "server_cpu_ms_per_move",
                                                    "latency_ms_p50", "latency_ms_p99",
                                                    "load_average")}, flush=True)
    summary = {
        name: {"server_cpu_ms_per_move_each_run": [r["server_cpu_ms_per_move"] for r in rs],
               "latency_ms_p99_each_run": [r["latency_ms_p99"] for r in rs],
               "moves_each_run": [r["moves"] for r in rs],
               "load_average_each_run": [round(r["load_average"], 1) for r in rs],
               "errors": [r["errors"] for r in rs]}
        for name, rs in runs.items()}
    if "main-board" in runs:
        base = min(r["server_cpu_ms_per_move"] for r in runs["main-board"])
        for name, rs in runs.items():
            summary[name]["best_over_main_board"] = round(
                min(r["server_cpu_ms_per_move"] for r in rs) / base, 3)
    figures = {"benchmark": "server_cpu", "game": load.GAME, "matches": args.matches,
               "offered_moves_per_second": args.rate, "seconds": args.seconds,
               "repeats": args.repeats, "when": time.strftime("%Y-%m-%d %H:%M:%S UTC",
                                                              time.gmtime()),
               "calibration_loop_cpu_ms": load.calibration_ms(), "runs": summary}
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(figures, indent=1))
    if args.profile:
        for name, rs in runs.items():
            print(f"==== {name}\n{top(rs[-1]['profile'])}")


if __name__ == "__main__":
    main()
