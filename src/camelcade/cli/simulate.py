"""``camelcade simulate``: a bot tournament with live progress; the CLI only reports.

Planning, paired seeds, the results store, workers and clusters, the SPRT and the ratings
live in ``camelcade.sim``; this module turns the command line into a tournament, shows
progress (a rich bar with the live table, or a plain line every tenth of the run) and
prints the final table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

from camelcade.cli.render import RichScreen, Screen
from camelcade.core.errors import OptionError
from camelcade.core.game import Game
from camelcade.core.words import pt, t, tn
from camelcade.sim.entrants import Entrant
from camelcade.sim.lab import LabRun, Progress, SprtSettings, run_tournament
from camelcade.sim.plan import Tournament, describe_plan
from camelcade.sim.ratings import Rating
from camelcade.sim.sprt import Sprt
from camelcade.sim.stats import Summary, results_sentence

if TYPE_CHECKING:
    from rich.table import Table

DEFAULT_FOLDER = Path("camelcade-lab")
"""Where results go without ``--out``: one file per tournament, named by its identity, so
running the same command again resumes it."""


def standing_columns() -> list[str]:
    """The heads of the standings, live and final (the final table adds the ratings)."""
    return [t("Bot"), pt("column: games played", "Games"), t("Win rate"), t("95% interval"),
            t("Score"), t("Mean place")]


def progress_marks(total: int) -> list[int]:
    """Game counts at which plain mode reports progress: every tenth of the run."""
    return sorted({max(1, -(-total * tenth // 10)) for tenth in range(1, 11)})


def default_out(tournament: Tournament) -> Path:
    return DEFAULT_FOLDER / f"{tournament.game_id}-{tournament.identity()}.jsonl"


def run_simulate(
    game: Game,
    entrants: Sequence[Entrant],
    *,
    games: int,
    seed: int,
    workers: int,
    screen: Screen,
    out: Path | None = None,
    scheduler: str | None = None,
    format: str = "round-robin",
    seating: str = "auto",
    chance: str = "keyed",
    sprt: SprtSettings | None = None,
) -> LabRun:
    """Play the tournament into ``out`` (JSON lines), showing progress, then the results."""
    tournament = Tournament(game.id, game.options, tuple(entrants), format=format, seed=seed,
                            seating=seating, chance=chance,
                            sprt=None if sprt is None else asdict(sprt))
    path = out or default_out(tournament)
    seeds = tournament.seeds_for(games)
    # TRANSLATORS: the tournament's heading; {format} is its notation (round-robin ...).
    screen.heading(t("{game}: {bots} bots, {players} players, {format}", game=game.title,
                     bots=len(tournament.labels), players=game.players, format=format))
    where = t("Dask cluster at {scheduler}", scheduler=scheduler) if scheduler else tn(
        "{count} local worker", "{count} local workers", workers)
    screen.say(t("{plan} Seed {seed}. {where}.", plan=describe_plan(tournament, seeds),
                 seed=seed, where=where))
    if seeds * tournament.games_per_seed() != games:
        screen.note(tn("Asked for {count} game: rounded up to whole seed blocks.",
                       "Asked for {count} games: rounded up to whole seed blocks.", games))
    timed = [e.label for e in dict.fromkeys(entrants) if e.timed()]
    if timed:
        screen.note(t("{bots} search for a time, so their games depend on the machine's "
                      "speed and the same seed may not repeat them; give a fixed budget "
                      "(time_limit=none with iterations, max_depth ...) for that.",
                      bots=", ".join(timed)))
    screen.say(t("Results file: {path} (run the same command again to resume).", path=path))
    if sprt is not None:
        screen.say(t("SPRT: is {first} stronger than {second} by at least {elo1} Elo "
                     "({model}; H0 {elo0}, alpha {alpha}, beta {beta})? It stops the run "
                     "once it decides.", first=sprt.first, second=sprt.second,
                     elo1=f"{sprt.elo1:g}", model=sprt.model, elo0=f"{sprt.elo0:g}",
                     alpha=f"{sprt.alpha:g}", beta=f"{sprt.beta:g}"))
    try:
        if isinstance(screen, RichScreen):
            run = _run_rich(screen, tournament, games, path, workers, scheduler, sprt)
        else:
            run = _run_plain(screen, tournament, games, path, workers, scheduler, sprt)
    except KeyboardInterrupt:
        screen.say(t("Stopped. Every finished game is in {path}; run the same command "
                     "again to go on from there.", path=path))
        raise SystemExit(130) from None
    show_results(screen, run)
    return run


def _run_plain(screen: Screen, tournament: Tournament, games: int, path: Path, workers: int,
               scheduler: str | None, sprt: SprtSettings | None) -> LabRun:
    state: dict[str, object] = {"marks": None, "shown": -1}

    def on_progress(progress: Progress) -> None:
        if state["marks"] is None:
            state["marks"] = set(progress_marks(progress.total))
            if progress.done:
                screen.note(tn("Resuming: {done} of {count} game is in the results file "
                               "already.", "Resuming: {done} of {count} games are in the "
                               "results file already.", progress.total, done=progress.done))
        marks = state["marks"]
        assert isinstance(marks, set)
        if progress.done in marks and progress.done != state["shown"] and progress.played_now:
            state["shown"] = progress.done
            screen.note(progress_line(progress))

    return run_tournament(tournament, games, path, workers=workers, scheduler=scheduler,
                          sprt=sprt, on_progress=on_progress)


def progress_line(progress: Progress) -> str:
    """One plain sentence: games, the leader, the LLR, time left."""
    percent = 100 * progress.done // max(progress.total, 1)
    parts = [tn("Played {done} of {count} game ({percent}%).",
                "Played {done} of {count} games ({percent}%).", progress.total,
                done=progress.done, percent=percent)]
    ranked = sorted(progress.summary.standings, key=lambda s: -s.score_rate)
    if ranked and ranked[0].games:
        best = ranked[0]
        parts.append(t("Leader {bot}: wins {wins}, score {score}.", bot=best.label,
                       wins=f"{best.win_rate:.0%}", score=f"{best.score_rate:.0%}"))
    if progress.sprt is not None and progress.sprt.samples:
        parts.append(t("LLR {llr} of {bound}.", llr=f"{progress.sprt.llr:.2f}",
                       bound=f"{progress.sprt.upper:.2f}"))
    if progress.eta is not None and progress.done < progress.total:
        parts.append(t("About {time} left.", time=format_seconds(progress.eta)))
    return " ".join(parts)


def format_seconds(seconds: float) -> str:
    if seconds < 90:
        return t("{seconds} s", seconds=f"{seconds:.0f}")
    if seconds < 5400:
        return t("{minutes} min", minutes=f"{seconds / 60:.0f}")
    return t("{hours} h", hours=f"{seconds / 3600:.1f}")


def _run_rich(screen: RichScreen, tournament: Tournament, games: int, path: Path,
              workers: int, scheduler: str | None, sprt: SprtSettings | None) -> LabRun:
    from rich.console import Group
    from rich.live import Live
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.progress import (
        Progress as Bar,
    )

    bar = Bar(t("Playing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
              t("left"), TimeRemainingColumn(), console=screen.console)
    task = bar.add_task("games", total=tournament.seeds_for(games)
                        * tournament.games_per_seed())
    with Live(Group(bar), console=screen.console, transient=True,
              refresh_per_second=4) as live:

        def on_progress(progress: Progress) -> None:
            bar.update(task, completed=progress.done, total=progress.total)
            live.update(Group(bar, live_table(progress.summary, progress.sprt)))

        return run_tournament(tournament, games, path, workers=workers, scheduler=scheduler,
                              sprt=sprt, on_progress=on_progress)


def live_table(summary: Summary, sprt: Sprt | None) -> Table:
    from rich.table import Table

    table = Table(title=t("So far"), title_justify="left")
    for index, column in enumerate(standing_columns()):
        table.add_column(column, justify="left" if index == 0 else "right")
    for row in standing_rows(summary):
        table.add_row(*row)
    if sprt is not None:
        table.caption = sprt.verdict()
    return table


def standing_rows(summary: Summary) -> list[list[str]]:
    rows = []
    for standing in summary.standings:
        low, high = standing.win_interval()
        rows.append([standing.label, str(standing.games), f"{standing.win_rate:.1%}",
                     t("{low} to {high}", low=f"{low:.1%}", high=f"{high:.1%}"),
                     f"{standing.score_rate:.1%}",
                     f"{standing.mean_place:.2f}" if standing.games else "-"])
    return rows


def rating_text(rating: Rating | None) -> str:
    if rating is None:
        return "-"
    digits = 0 if rating.method == "elo" else 1
    return t("{value} ({low} to {high})", value=f"{rating.value:.{digits}f}",
             low=f"{rating.low:.{digits}f}", high=f"{rating.high:.{digits}f}")


def show_results(screen: Screen, run: LabRun) -> None:
    """The result table (per bot: games, wins, win rate with its 95% interval, score,
    mean place, rating with its interval), then seats, length, SPRT and the file."""
    summary = run.summary
    if run.resumed:
        screen.note(tn("{count} game came from the results file, {played} were played now.",
                       "{count} games came from the results file, {played} were played "
                       "now.", run.resumed, played=run.played))
    ratings = {r.label: r for r in run.ratings}
    method = run.ratings[0].method if run.ratings else "elo"
    scale = "Elo" if method == "elo" else "OpenSkill"
    rows = [[*row, rating_text(ratings.get(row[0]))] for row in standing_rows(summary)]
    columns = [*standing_columns(), t("{scale} (95%)", scale=scale)]
    screen.table(t("Results (ties split; score: share of the other seats beaten)"), columns,
                 rows)
    seats = summary.seats
    if seats.games:
        shares = ", ".join(t("seat {seat} {share}", seat=seat,
                             share=f"{seats.win_rate(seat)[0]:.0%}")
                           for seat in range(len(seats.wins)))
        screen.say(t("Wins by seat: {shares}.", shares=shares))
        screen.say(results_sentence(summary))
    screen.say(tn("Average game length: {length} actions (chance draws included), over "
                  "{count} game.", "Average game length: {length} actions (chance draws "
                  "included), over {count} games.", summary.games,
                  length=f"{summary.mean_length:.1f}"))
    if run.sprt is not None:
        screen.say(t("SPRT: {verdict}.", verdict=run.sprt.verdict()))
        if run.sprt.state and run.played + run.resumed < run.planned:
            screen.say(tn("Stopped early: {done} of {count} game.",
                          "Stopped early: {done} of {count} games.", run.planned,
                          done=run.played + run.resumed))
    screen.say(tn("{count} record in {path}. Report: camelcade report {path}",
                  "{count} records in {path}. Report: camelcade report {path}",
                  len(run.records), path=run.path))


def check_sprt(entrants: Sequence[Entrant], spec: str | None, elo1: float | None,
               elo0: float, model: str) -> SprtSettings | None:
    """The SPRT settings from ``--sprt ELO`` and ``--sprt-bots A,B`` (default: the first
    two different bots)."""
    if elo1 is None:
        if spec is not None:
            raise OptionError(t("--sprt-bots needs --sprt ELO (the Elo difference to test)."))
        return None
    labels = list(dict.fromkeys(e.label for e in entrants))
    names = [n.strip() for n in spec.split(",")] if spec else labels[:2]
    if len(names) != 2:
        raise OptionError(t("--sprt-bots names two bots, not {given}.", given=repr(spec)))
    return SprtSettings(names[0], names[1], elo0=elo0, elo1=elo1, model=model)
