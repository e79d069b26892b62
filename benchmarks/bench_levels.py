"""Time per move of every level a game offers people (``easy`` ... ``expert``).

The levels promise a pace as well as a strength: ``hard`` is meant to answer within about a
second on this machine. For each game (default options, fewest players) the level's bot is
built fresh, as the server's bot pool builds it, and asked for one move at decision points
spread over a seeded random game; the figure is CPU seconds per move (mean, slowest). The
baseline in the same run is the ``random`` bot at the same positions, so a reader sees what
the bot itself costs over merely answering.

``hard`` is then asked again at the same positions through the server's own bot pool (one
worker process, the server's default budgets): the position rebuilt from the match's
action texts, the CPU the worker reports. That is the figure the promise is about, and a
move the pool had to give to a fallback fails the run rather than hiding a slow bot.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

import camelcade as cc
from camelcade.core.chance import sample_chance

HARD_TARGET_SECONDS = 1.0
"""What ``hard`` may take a move (the issue's promise); the figure says whether it holds."""


@dataclass(frozen=True)
class Point:
    """A position where a seat has a real choice, and the action texts that led to it
    (what the server sends its bot pool)."""

    state: cc.State
    texts: tuple[str, ...]


def decision_points(game: cc.Game, count: int, seed: int = 11) -> list[Point]:
    """``count`` positions where a seat has a real choice, spread over one random game."""
    rng = random.Random(seed)
    state = game.new_state()
    texts: list[str] = []
    found: list[Point] = []
    while not state.is_terminal():
        if state.is_chance():
            action = sample_chance(state, rng)
        else:
            if len(state.legal_actions()) > 1:
                found.append(Point(state.clone(), tuple(texts)))
            action = rng.choice(state.legal_actions())
        texts.append(str(action))
        state.apply(action)
    step = max(1, len(found) // count)
    return found[::step][:count]


def seconds_per_move(game: cc.Game, spec: str, points: list[Point]) -> list[float]:
    """CPU seconds the bot ``spec`` (a name or ``@level``) takes for each position."""
    times = []
    for index, point in enumerate(points):
        cls, settings = cc.bots.resolve(game.id, spec)
        bot = cls.load()(**settings)
        seat = point.state.current_player
        if hasattr(bot, "begin"):
            bot.begin(game, seat, index)
        view = point.state.view(seat)
        started = time.process_time()
        bot.choose(view)
        times.append(time.process_time() - started)
    return times


def seconds_per_move_in_pool(game: cc.Game, spec: str, points: list[Point]) -> list[float]:
    """CPU seconds the server's bot pool reports for ``spec`` at each position."""
    from camelcade.server.botpool import BotPool
    from camelcade.server.settings import Settings

    defaults = Settings()
    pool = BotPool(workers=1, move_seconds=defaults.bot_move_seconds,
                   deadline=defaults.bot_move_deadline,
                   quick_seconds=defaults.quick_bot_seconds, nice=0)

    async def ask() -> list[float]:
        times = []
        try:
            for index, point in enumerate(points):
                before = pool.stats.bot_cpu_seconds
                action = await pool.choose(f"levels-{game.id}-{index}", game.id,
                                           dict(game.options), list(point.texts),
                                           point.state.current_player, spec, index, True)
                if action is None:
                    raise RuntimeError(f"{game.id} {spec}: the pool gave move {index} to a "
                                       f"fallback (out of time or failed; see its log)")
                times.append(pool.stats.bot_cpu_seconds - before)
        finally:
            await pool.close()
        return times

    return asyncio.run(ask())


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
            row["hard_in_pool"] = _summary(seconds_per_move_in_pool(game, "@hard", positions))
            row["hard_within_target"] = max(row["hard"]["max_seconds"],
                                            row["hard_in_pool"]["max_seconds"]
                                            ) <= HARD_TARGET_SECONDS
        figures[game_id] = row
        print(game_id, {name: value.get("max_seconds") if isinstance(value, dict) else value
                        for name, value in row.items()}, flush=True)
    return figures


if __name__ == "__main__":
    run(quick=True)
