"""Camel Drive balance report: who wins, by lane, seat, race length, interjections, track.

The seed is a 2020 prototype with no published play-testing, so these are the numbers its
author would want. It is the generic balance sweep (``camelcade.sim.balance.run_balance``,
paired seeds, one results file) with Camel Drive's probe (``balance.RaceProbe``), 4
players unless stated; one option varies at a time (``balance.SWEEPS``), everything else
at its default:

* all-random seats: cheap, many matches; shows the mechanics without strategy;
* all-``camel-drive-planner`` seats (``balance.FAST_PLANNER``): play for second place,
  interjections used on purpose, bets on the likely winner;
* the default game at every player count 2-6, for the lane and seat effects.

Writes benchmarks/results/camel_drive_balance.json and .md and, on a full run, the lane
plots docs/games/img/camel-drive-balance[-random]-OPTION.png. The games themselves go to
``.bench/camel-drive-balance/`` (so a stopped run resumes).
Run: ``python benchmarks/camel_drive_balance.py [--quick]`` (a full run takes ~half an hour
on two cores).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from camelcade.games.camel_drive import balance

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
IMAGES = HERE.parent / "docs" / "games" / "img"
GAMES = HERE.parent / ".bench" / "camel-drive-balance"


def run(quick: bool) -> dict[str, Any]:
    workers = min(2, os.cpu_count() or 1)
    games = {"random": 40 if quick else 1000, "camel-drive-planner": 6 if quick else 200}
    started = time.perf_counter()
    report: dict[str, Any] = {"quick": quick, "games": games, "sweeps": {}, "players": {}}
    markdown = ["# Camel Drive balance figures", ""]
    for bot in balance.BOTS:
        folder = GAMES / ("quick" if quick else "full") / bot
        panels = balance.sweeps(list(balance.SWEEPS), bot=bot, games=games[bot],
                                workers=workers, out=folder, draw=False)
        report["sweeps"][bot] = {name: [f.to_json() for f in found]
                                 for name, found in panels.items()}
        for name, found in panels.items():
            markdown += [f"## {bot} bots, 4 players: {name}", "",
                         balance.markdown_table(found), ""]
        default = next(f for f in panels["track_length"] if f.setting["track_length"] == "15")
        markdown += [f"## {bot} bots: race winner's lane by race length (defaults)", "",
                     balance.length_table(default), ""]
        by_players = balance.run(["players=2,3,4,5,6"], bot=bot, players=None,
                                 games=games[bot], workers=workers, out=folder, draw=False)
        report["players"][bot] = [f.to_json() for f in by_players]
        markdown += [f"## {bot} bots: lane and seat by player count (defaults)", "",
                     balance.players_table(by_players), ""]
        if not quick:
            suffix = "" if bot == "camel-drive-planner" else "-random"
            balance.lane_plots(panels, IMAGES / f"camel-drive-balance{suffix}.png")
    report["seconds"] = time.perf_counter() - started
    write_results("camel_drive_balance", report, markdown)
    return report


def write_results(name: str, report: dict[str, Any], markdown: list[str]) -> Path:
    """``report`` as results/NAME.json and ``markdown`` as results/NAME.md (``_quick``
    added to NAME for a quick run); returns the Markdown file."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    name += "_quick" if report["quick"] else ""
    (RESULTS / f"{name}.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    target = RESULTS / f"{name}.md"
    target.write_text("\n".join(markdown), encoding="utf-8")
    return target


if __name__ == "__main__":
    result = run("--quick" in sys.argv)
    name = "camel_drive_balance" + ("_quick" if result["quick"] else "")
    print((RESULTS / f"{name}.md").read_text(encoding="utf-8"))
    print(f"{result['seconds']:.0f} s")
