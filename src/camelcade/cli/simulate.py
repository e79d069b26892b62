"""``camelcade simulate``: bots play each other; the CLI only reports.

Planning, seat rotation, seeds, worker processes and the statistics live in
``camelcade.sim.tournament``; this module shows progress and formats the table.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import IO

from camelcade.cli.render import RichScreen, Screen
from camelcade.core.errors import CamelcadeError
from camelcade.core.game import Game
from camelcade.sim.tournament import MatchResult, Summary, plan, run_matches, summarise


def progress_marks(total: int) -> list[int]:
    """Game counts at which plain mode reports progress: every tenth of the run."""
    return sorted({max(1, -(-total * tenth // 10)) for tenth in range(1, 11)})


def run_simulate(
    game: Game,
    entrants: Sequence[str],
    *,
    games: int,
    seed: int,
    workers: int,
    screen: Screen,
    out: Path | None = None,
) -> Summary:
    """Play the tournament, write records to ``out`` (JSON lines), print the results."""
    matches = plan(game, entrants, games, seed)
    screen.heading(f"{game.title}: {games} games, {game.players} players")
    screen.say(f"Bots: {', '.join(entrants)} (seats rotate every game). Seed {seed}. "
               f"Workers: {workers}.")
    results: list[MatchResult] = []
    with ExitStack() as stack:
        sink = _open_out(out, stack)
        marks = set(progress_marks(games))

        def on_result(result: MatchResult) -> None:
            results.append(result)
            if sink is not None:
                sink.write(json.dumps(result.record.to_json()) + "\n")
            if screen.plain and len(results) in marks:
                percent = 100 * len(results) // games
                screen.note(f"Played {len(results)} of {games} games ({percent}%).")

        if isinstance(screen, RichScreen):
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

            with Progress(
                "Playing", BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                console=screen.console, transient=True,
            ) as progress:
                task = progress.add_task("games", total=games)

                def advance(result: MatchResult) -> None:
                    on_result(result)
                    progress.advance(task)

                for _ in run_matches(matches, workers=workers, on_result=advance):
                    pass
        else:
            for _ in run_matches(matches, workers=workers, on_result=on_result):
                pass
    summary = summarise(results, entrants)
    show_summary(screen, summary)
    if out is not None:
        screen.say(f"{len(results)} records written to {out}.")
    return summary


def _open_out(out: Path | None, stack: ExitStack) -> IO[str] | None:
    if out is None:
        return None
    try:
        return stack.enter_context(out.open("w", encoding="utf-8"))
    except OSError as error:
        raise CamelcadeError(f"cannot write {str(out)!r}: {error.strerror}") from None


def show_summary(screen: Screen, summary: Summary) -> None:
    """The result table: per entrant games, wins, win rate with its 95% interval, mean score."""
    rows = []
    for standing in summary.standings:
        low, high = standing.interval()
        rows.append([
            standing.label,
            str(standing.games),
            f"{standing.wins:g}",
            f"{standing.win_rate:.1%}",
            f"{low:.1%} to {high:.1%}",
            f"{standing.mean_score:.2f}",
        ])
    columns = ["Bot", "Games", "Wins", "Win rate", "95% interval", "Mean score"]
    screen.table("Results (ties split)", columns, rows)
    screen.say(f"Average game length: {summary.mean_length:.1f} actions "
               f"(chance draws included), over {summary.games} games.")
