"""Core v2 against the first release, measured in one run on this machine.

For every game (default options): random playouts through the public (checked) path and
the fast path, ``mcts`` iterations per CPU second (100 iterations a decision at six
decision points of a seeded game, otherwise the bot's defaults), and ``cc.play`` with
random bots per action over the bare fast loop (the bots built before the clock starts,
their building given apart: ``core_probe.play_overhead``). The first release is built from git
history (``first_release.py``) and measured by the same probe (``core_probe.py``) in its
own interpreter, game by game, right before today's code, in three back-to-back pairs
whose ratios' median is reported (with every pair's).

``--play-only`` measures today's ``cc.play`` over the bare fast loop alone (no first
release, no playouts or search): the quick loop while working on ``cc.play``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import camelcade as cc

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from first_release import FIRST_RELEASE  # noqa: E402
from first_release import python as first_release_python  # noqa: E402


def _probe(interpreter: str, game_id: str, seconds: float, *flags: str) -> dict[str, Any]:
    done = subprocess.run(
        [interpreter, str(HERE / "core_probe.py"), game_id, str(seconds), *flags],
        check=True, capture_output=True, text=True, cwd=HERE)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def play_only(quick: bool, only: list[str] | None = None) -> dict[str, Any]:
    """``cc.play`` per action over the bare fast loop, today's code alone, per game."""
    seconds = 0.5 if quick else 4.0
    figures: dict[str, Any] = {"seconds_per_figure": seconds}
    for game_id in cc.game_ids():
        if only and game_id not in only:
            continue
        found = _probe(sys.executable, game_id, seconds, "--play")["play_overhead"]
        figures[game_id] = {
            "play_overhead": found,
            "play_over_bare_fast_loop": round(found["play_over_bare"], 3),
            "play_with_bot_loading_over_bare_fast_loop": round(
                found["play_with_bot_loading_over_bare"], 3),
        }
        print(game_id, json.dumps({k: v for k, v in figures[game_id].items()
                                   if not isinstance(v, dict)}), flush=True)
    return figures


ROUNDS = 3
"""Pairs of probes a game, first release then today's code, each pair back to back."""


def _ratio(new: dict[str, Any], old: dict[str, Any]) -> dict[str, float]:
    old_public = old["public_playouts"]["actions_per_cpu_second"]
    return {
        "mcts_speedup": new["mcts"]["iterations_per_cpu_second"]
        / old["mcts"]["iterations_per_cpu_second"],
        "fast_playouts_over_first_release_public":
            new["fast_playouts"]["actions_per_cpu_second"] / old_public,
        "public_playouts_over_first_release_public":
            new["public_playouts"]["actions_per_cpu_second"] / old_public,
        "play_over_bare_fast_loop": new["play_overhead"]["play_over_bare"],
        "play_with_bot_loading_over_bare_fast_loop":
            new["play_overhead"]["play_with_bot_loading_over_bare"],
    }


def run(quick: bool, only: list[str] | None = None) -> dict[str, Any]:
    """Every ratio is the median over ``ROUNDS`` pairs of probes, each pair's two probes
    back to back: this machine's speed drifts by a third within minutes (a shared host),
    and a ratio of two probes taken a minute apart drifted with it."""
    seconds = 0.5 if quick else 2.0
    rounds = 1 if quick else ROUNDS
    old_python = str(first_release_python())
    figures: dict[str, Any] = {"first_release": FIRST_RELEASE, "seconds_per_figure": seconds,
                               "rounds": rounds}
    for game_id in cc.game_ids():
        if only and game_id not in only:
            continue
        pairs = []
        for _ in range(rounds):
            old = _probe(old_python, game_id, seconds)
            pairs.append((old, _probe(sys.executable, game_id, seconds)))
        ratios = [_ratio(new, old) for old, new in pairs]
        figures[game_id] = {"first_release": pairs[-1][0], "now": pairs[-1][1]}
        for name in ratios[0]:
            each = sorted(r[name] for r in ratios)
            figures[game_id][name] = round(each[len(each) // 2], 3)
            figures[game_id][f"{name}_each_round"] = [round(r[name], 3) for r in ratios]
        print(game_id, json.dumps({k: v for k, v in figures[game_id].items()
                                   if not isinstance(v, dict)}), flush=True)
    return figures


if __name__ == "__main__":
    # python benchmarks/bench_core.py [--quick] [--play-only] [GAME-ID ...]
    games = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    measure = play_only if "--play-only" in sys.argv else run
    print(json.dumps(measure("--quick" in sys.argv, games or None), indent=1))
