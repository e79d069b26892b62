"""Camel Drive balance report: who wins, by lane, seat, race length, interjections, track.

The seed is a 2020 prototype with no published play-testing, so these are the numbers its
author would want. It is the generic balance sweep (``camelcade.sim.balance.run_balance``,
paired seeds, one results file) with what Camel Drive's manifest gives it (its ``balance``
slot: the probe ``balance.RaceProbe`` and the sweeps), 4 players unless stated; one option
varies at a time, everything else at its default:

* all-random seats: cheap, many matches; shows the mechanics without strategy;
* all-``camel-drive-planner`` seats (``FAST_PLANNER``): play for second place,
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
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from camelcade.core.registry import plugin
from camelcade.games.camel_drive import balance
from camelcade.sim import plots
from camelcade.sim.balance import SettingFigures, report_blocks, run_balance
from camelcade.sim.document import Table, to_markdown

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
IMAGES = HERE.parent / "docs" / "games" / "img"
GAMES = HERE.parent / ".bench" / "camel-drive-balance"

GAME = "camel-drive"
BOTS = ("random", "camel-drive-planner")
"""The bots a report plays with, every seat alike."""
FAST_PLANNER: dict[str, Any] = {"rollouts": 16, "bet_samples": 120}
"""Planner settings for balance runs: cheaper, still far stronger than random."""


def sweep_values() -> Mapping[str, tuple[str, ...]]:
    """The game's sweeps, as its manifest declares them."""
    slot = plugin(GAME).balance
    assert slot is not None
    return slot.sweeps


def entrant(bot: str) -> str:
    """The entrant text for ``bot`` in every seat (the planner at ``FAST_PLANNER``)."""
    settings = FAST_PLANNER if bot == "camel-drive-planner" else {}
    return bot + "".join(f":{key}={value}" for key, value in settings.items())


def run_sweep(vary: Sequence[str], *, bot: str = "random", players: int | None = 4,
              games: int = 200, seed: int = 0, workers: int = 1, grid: bool = False,
              out: Path | None = None, draw: bool = True) -> list[SettingFigures]:
    """The generic balance sweep of Camel Drive with ``bot`` in every seat."""
    base = {} if players is None else {"players": str(players)}
    return run_balance(GAME, vary, bots=entrant(bot), base=base, games=games, seed=seed,
                       workers=workers, grid=grid, out=out, draw=draw)


def sweeps(names: Sequence[str], **kwargs: Any) -> dict[str, list[SettingFigures]]:
    """The game's sweeps in one balance run, split by the option swept."""
    declared = sweep_values()
    vary = [f"{name}={','.join(declared[name])}" for name in names]
    found = run_sweep(vary, **kwargs)
    return {name: [f for f in found if name in f.setting] for name in names}


@contextmanager
def _folder(out: Path | None) -> Iterator[Path]:
    if out is not None:
        yield out
        return
    with tempfile.TemporaryDirectory(prefix="camel-drive-balance-") as temp:
        yield Path(temp)


def run_setting(options: Mapping[str, Any], *, out: Path | None = None,
                **kwargs: Any) -> SettingFigures:
    """One setting (``options`` together, the rest at defaults); its games go to ``out``,
    or to a folder that is thrown away."""
    vary = [f"{name}={value}" for name, value in options.items()]
    with _folder(out) as folder:
        return run_sweep(vary, grid=True, out=folder, draw=False, **kwargs)[0]


def markdown_table(found: Sequence[SettingFigures]) -> str:
    """The balance report's table of these settings (generic columns, then the probe's)."""
    if not found:
        return ""
    tables = [block for block in report_blocks(GAME, "", [], found, Path(), False)
              if isinstance(block, Table)]
    return to_markdown(tables[:1], Path()).rstrip()


def lane_plots(panels: Mapping[str, Sequence[SettingFigures]], path: Path) -> list[Path]:
    """Race-win share by lane against each swept option: ``path`` for one sweep,
    ``path`` with ``-OPTION`` before its suffix for each of several."""
    written = []
    for name, found in panels.items():
        target = path if len(panels) == 1 else path.with_name(
            f"{path.stem}-{name}{path.suffix or '.png'}")
        lanes = len(found[0].probe_totals["wins by lane"])
        series = {f"lane {lane}": [100 * f.probe[f"win lane {lane}"] for f in found]
                  for lane in range(1, lanes + 1)}
        written.append(plots.sweep(target, f"Race winner's lane by {name.replace('_', ' ')}",
                                   [f.setting[name] for f in found], series, None,
                                   name.replace("_", " "), "race wins (%)", 100 / lanes))
    return written


def run(quick: bool) -> dict[str, Any]:
    workers = min(2, os.cpu_count() or 1)
    games = {"random": 40 if quick else 1000, "camel-drive-planner": 6 if quick else 200}
    started = time.perf_counter()
    report: dict[str, Any] = {"quick": quick, "games": games, "sweeps": {}, "players": {}}
    markdown = ["# Camel Drive balance figures", ""]
    for bot in BOTS:
        folder = GAMES / ("quick" if quick else "full") / bot
        panels = sweeps(list(sweep_values()), bot=bot, games=games[bot],
                                workers=workers, out=folder, draw=False)
        report["sweeps"][bot] = {name: [f.to_json() for f in found]
                                 for name, found in panels.items()}
        for name, found in panels.items():
            markdown += [f"## {bot} bots, 4 players: {name}", "",
                         markdown_table(found), ""]
        default = next(f for f in panels["track_length"] if f.setting["track_length"] == "15")
        markdown += [f"## {bot} bots: race winner's lane by race length (defaults)", "",
                     balance.length_table(default), ""]
        by_players = run_sweep(["players=2,3,4,5,6"], bot=bot, players=None,
                               games=games[bot], workers=workers, out=folder, draw=False)
        report["players"][bot] = [f.to_json() for f in by_players]
        markdown += [f"## {bot} bots: lane and seat by player count (defaults)", "",
                     balance.players_table(by_players), ""]
        if not quick:
            suffix = "" if bot == "camel-drive-planner" else "-random"
            lane_plots(panels, IMAGES / f"camel-drive-balance{suffix}.png")
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
