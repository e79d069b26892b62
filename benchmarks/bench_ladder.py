"""Every game's strength ladder climbed by the lab: each rung against the one below by SPRT.

The rungs are each game's own (``GamePlugin.ladder``, weakest first, every search at its
stated CPU time a move); ``camelcade.sim.ladder.climb`` plays each step head-to-head with
paired seeds until the SPRT (H0: 0 Elo, H1: +50 Elo, α = β = 0.05) decides or the cap is
reached, and the expert also meets every search below it directly. The results files go
to ``.bench/ladder`` (``--out``), so a stopped run resumes and a finished one is re-read
without playing; ``results/ladder.json`` gets each step's verdict, ratings, scores and the
CPU seconds each bot took a move, and ``ladder.md`` beside the results files is the table
``docs/bots.md`` quotes.

    python benchmarks/bench_ladder.py [GAME ...] [--games CAP] [--workers N] [--out DIR]
    python benchmarks/run.py ladder [--quick]

A full climb of the five games takes hours on two cores; ``--quick`` climbs only Kamelen's
first step, as a smoke run.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import camelcade as cc
from camelcade.sim.ladder import Step, climb, ladder_rungs, write_climbed

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_search import figures  # noqa: E402

RESULTS = HERE / "results" / "ladder.json"
LAB = HERE.parent / ".bench" / "ladder"
ELO = 50.0
CAP = 600
"""The most games a step plays when the SPRT has not decided."""


def step_figures(step: Step) -> dict[str, Any]:
    found = figures(step.run, step.stronger, step.weaker)
    found["sprt"]["elo1"] = ELO
    for label in (step.stronger, step.weaker):
        mean = step.run.summary.standing(label).seconds_a_move
        found["standings"][label]["cpu_seconds_a_move"] = None if mean is None \
            else round(mean, 4)
    return found


def climb_game(game_id: str, cap: int, workers: int, out: Path,
               rungs: list[str] | None = None) -> tuple[list[Step], dict[str, Any]]:
    started = time.perf_counter()
    before = os.getloadavg()[0]
    chosen = rungs or ladder_rungs(game_id)
    steps = climb(game_id, chosen, elo=ELO, games=cap, seed=1, out=out, workers=workers)
    return steps, {"players": cc.load(game_id).players, "rungs": chosen,
                   "steps": [step_figures(step) for step in steps],
                   "wall_seconds": round(time.perf_counter() - started, 1),
                   "load_before": round(before, 2), "load_after": round(os.getloadavg()[0], 2)}


def run(quick: bool) -> dict[str, Any]:
    """For ``benchmarks/run.py``: the whole climb, or Kamelen's first step (quick)."""
    if quick:
        _, found = climb_game("kamelen", 60, 2, LAB / "quick", ladder_rungs("kamelen")[:2])
        return {"kamelen": found}
    climbed, results = {}, {}
    for game_id in cc.game_ids():
        climbed[game_id], results[game_id] = climb_game(game_id, CAP, 2, LAB)
    write_climbed(climbed, LAB)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--games", dest="cap", type=int, default=CAP,
                        help=f"the most games a step plays (default {CAP})")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=LAB)
    args = parser.parse_args()
    saved: dict[str, Any] = json.loads(RESULTS.read_text(encoding="utf-8")) \
        if RESULTS.exists() else {}
    climbed = {}
    for game_id in args.games or cc.game_ids():
        climbed[game_id], saved[game_id] = climb_game(game_id, args.cap, args.workers, args.out)
        saved["measured_at"] = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        RESULTS.write_text(json.dumps(saved, indent=1) + "\n", encoding="utf-8")
        print(game_id, json.dumps(saved[game_id])[:300], flush=True)
    write_climbed(climbed, args.out)


if __name__ == "__main__":
    main()
