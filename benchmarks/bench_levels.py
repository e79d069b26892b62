"""Time per move of every level a game offers people (``easy`` ... ``expert``).

The levels promise a pace as well as a strength: ``hard`` is meant to answer within about a
second on this machine. For each game (default options, fewest players) the level's bot is
built fresh, as the server's bot pool builds it, and asked for one move at decision points
spread over a seeded random game; the figure is CPU seconds per move (mean, slowest). The
baseline in the same run is the ``random`` bot at the same positions, so a reader sees what
the bot itself costs over merely answering.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

import camelcade as cc
from camelcade.core.chance import sample_chance

HARD_TARGET_SECONDS = 1.0
"""What ``hard`` may take a move (the issue's promise); the figure says whether it holds."""


def decision_points(game: cc.Game, count: int, seed: int = 11) -> list[cc.State]:
    """``count`` positions where a seat has a real choice, spread over one random game."""
    rng = random.Random(seed)
    state = game.new_state()
    found: list[cc.State] = []
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_chance(state, rng))
            continue
        if len(state.legal_actions()) > 1:
            found.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    step = max(1, len(found) // count)
    return found[::step][:count]


def seconds_per_move(game: cc.Game, spec: str, positions: list[cc.State]) -> list[float]:
    """CPU seconds the bot ``spec`` (a name or ``@level``) takes for each position."""
    times = []
    for index, state in enumerate(positions):
        cls, settings = cc.bots.resolve(game.id, spec)
        bot = cls.load()(**settings)
        seat = state.current_player
        if hasattr(bot, "begin"):
            bot.begin(game, seat, index)
        view = state.view(seat)
        started = time.process_time()
        bot.choose(view)
        times.append(time.process_time() - started)
    return times


def _summary(times: list[float]) -> dict[str, float]:
    return {"mean_seconds": round(statistics.fmean(times), 4),
            "max_seconds": round(max(times), 4)}


def run(quick: bool) -> dict[str, Any]:
    count = 3 if quick else 10
    figures: dict[str, Any] = {"positions_per_level": count,
                               "hard_target_seconds": HARD_TARGET_SECONDS}
    for game_id in cc.game_ids():
        game = cc.load(game_id)
        positions = decision_points(game, count)
        row: dict[str, Any] = {"random": _summary(seconds_per_move(game, "random", positions))}
        for level, declared in cc.bots.levels(game_id).items():
            row[level] = {"bot": declared.bot, "settings": dict(declared.settings),
                          **_summary(seconds_per_move(game, "@" + level, positions))}
        if "hard" in row:
            row["hard_within_target"] = row["hard"]["max_seconds"] <= HARD_TARGET_SECONDS
        figures[game_id] = row
        print(game_id, {name: value.get("max_seconds") if isinstance(value, dict) else value
                        for name, value in row.items()}, flush=True)
    return figures


if __name__ == "__main__":
    run(quick=True)
