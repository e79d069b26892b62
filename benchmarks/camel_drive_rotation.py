"""Camel Drive with 2-3 players: the start rotation by player against the first release's.

The rules decision after the first release (rules file, "Start rotation by player") makes
the next *player* start each race, their two camels in lanes 1-2; ``start_rotation="camel"``
keeps the first release's per-camel rotation. Bots play whole matches of the default game
with each rotation, all seats alike (random bots, then ``camel-drive-planner`` bots at the
balance settings), and the figures are the lane and seat shares of ``balance``.

Writes benchmarks/results/camel_drive_rotation.json and .md.
Run: ``python benchmarks/camel_drive_rotation.py [--quick]`` (a few minutes on two cores).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

from camelcade.games.camel_drive.spec import START_ROTATIONS, TEAM_PLAYERS

sys.path.insert(0, str(Path(__file__).resolve().parent))

from camel_drive_balance import markdown_table, run_setting, write_results


def run(quick: bool) -> dict[str, Any]:
    workers = min(2, os.cpu_count() or 1)
    games = {"random": 40 if quick else 1000, "camel-drive-planner": 6 if quick else 200}
    started = time.process_time()
    report: dict[str, Any] = {"quick": quick, "games": games, "results": []}
    markdown = ["# Camel Drive start rotation, 2-3 players", ""]
    for bot, count in games.items():
        for players in TEAM_PLAYERS:
            summaries = [run_setting({"start_rotation": rotation}, players=players,
                                     bot=bot, games=count, workers=workers)
                         for rotation in START_ROTATIONS]
            report["results"] += [s.to_json() for s in summaries]
            markdown += [f"## {bot} bots, {players} players", "",
                         markdown_table(summaries), ""]
    report["cpu_seconds"] = time.process_time() - started
    print(write_results("camel_drive_rotation", report, markdown).read_text(encoding="utf-8"))
    return report


if __name__ == "__main__":
    run("--quick" in sys.argv)
