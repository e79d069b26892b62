"""The ``camelcade`` command: list, rules, play, replay, simulate, report, balance, ladder,
serve and its host's commands (backup, restore, admin), and each game's extras.

Only typer is imported at start; rich and each command's module are imported when the
command runs, so ``camelcade --help`` and ``camelcade list`` answer at once. Every
``CamelcadeError`` (unknown game, bad option, malformed record ...) is reported as one
line, ``Error: <message>``, with exit code 2: such errors are the user's to fix, and their
messages already say what is allowed. A game's ``cli.app`` (see ``cli/hooks.py``) is mounted
as ``camelcade GAME-ID ...`` when asked for, never imported otherwise.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any, TypeVar, cast

import typer
from typer import _click as typer_click
from typer.core import TyperGroup

from camelcade.cli.admin import admin_app
from camelcade.core.errors import CamelcadeError, OptionError
from camelcade.core.words import t, tn

EXIT_USAGE = 2
"""Exit code for every error camelcade raises (the same as a command-line usage error)."""

Command = TypeVar("Command", bound=Callable[..., None])


def _local(command: Command) -> Command:
    """A command run by a person at this machine: a data option may name a file here
    (``camelcade.core.data.local_files``; ``serve`` never is)."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> None:
        from camelcade.core.data import local_files

        with local_files():
            command(*args, **kwargs)

    return cast(Command, run)


def _flags_without_a_type() -> None:
    """``--help`` shows no ``<bool>`` after a flag such as ``--plain``: a flag takes no value.

    typer's rich help prints every option's type, flags included, and a screen reader reads
    "plain, less than bool greater than" for ``--plain``. Its plain help already leaves the
    type of a flag out; this does the same for the rich one (values keep theirs: ``--seat
    <int>``).
    """
    from typer.core import TyperOption

    typed = TyperOption.display_type_rich
    if getattr(typed, "_camelcade", False):
        return

    def display_type_rich(self: TyperOption, ctx: Any) -> str | None:
        return None if self.is_flag else typed(self, ctx)

    display_type_rich._camelcade = True  # type: ignore[attr-defined]
    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]


_flags_without_a_type()


class CamelcadeGroup(TyperGroup):
    """The root command group: mounts game sub-commands lazily and reports our errors."""

    def list_commands(self, ctx: Any) -> list[str]:
        from camelcade.cli.hooks import games_with_cli

        builtin = super().list_commands(ctx)
        return builtin + [name for name in games_with_cli() if name not in builtin]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            return command
        from camelcade.core.registry import game_ids

        if cmd_name not in game_ids():
            return None
        from camelcade.cli.hooks import cli_app

        app = cli_app(cmd_name)
        if app is None:
            return None
        from camelcade.cli.language import translate_help

        group = translate_help(typer.main.get_group(app))
        group.name = cmd_name
        return group

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        """Run as typer does, but tell its usage errors ourselves, in the current
        language (``camelcade.cli.usage``); ``standalone_mode=False`` is left to typer."""
        import sys

        from camelcade.cli.options_help import describe_game_options

        describe_game_options(self, sys.argv[1:] if args is None else args)
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args,
                                **extra)

        from camelcade.cli import usage
        from camelcade.core.words import SOURCE_LANGUAGE, current_language

        if current_language() != SOURCE_LANGUAGE or "typer.rich_utils" in sys.modules:
            usage.speak_help()  # the help's panel titles (English puts them back)
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args,
                                **extra)
        except typer_click.exceptions.ClickException as error:
            if type(error).__name__ == "NoArgsIsHelpError":  # typer printed the help
                shown = error.format_message()
                if shown:
                    typer.echo(shown, err=True)
            else:
                for line in usage.told(error):
                    typer.echo(line, err=True)
            sys.exit(error.exit_code)
        except typer.Abort:
            typer.echo(t("Aborted."), err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except CamelcadeError as error:
            from camelcade.cli.render import error_line

            typer.echo(error_line(" ".join(str(error).split())), err=True)
            raise typer.Exit(EXIT_USAGE) from None


app = typer.Typer(
    cls=CamelcadeGroup,
    name="camelcade",
    help="Camel board games in the terminal: play, watch bots, replay records.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)

Plain = Annotated[
    bool,
    typer.Option("--plain", help="Plain text for screen readers: no colour, no box drawing."),
]
GameId = Annotated[str, typer.Argument(help="A game id, as 'camelcade list' shows.")]
Players = Annotated[
    int | None, typer.Option("--players", "-p", help="Number of seats (default: the game's).")
]
Seed = Annotated[int | None, typer.Option("--seed", help="Seed for chance and bots.")]
Options = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as key=value (repeatable)."),
]


def _version(value: bool) -> None:
    if value:
        from camelcade import __version__

        typer.echo(f"camelcade {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="The language to play in: en, de, fr or da (default: "
                     "CAMELCADE_LANG, else the locale's, else English)."),
    ] = None,
) -> None:
    """Camel board games in the terminal: play, watch bots, replay records."""
    from camelcade.core.words import language
    from camelcade.i18n.languages import choose

    ctx.with_resource(language(choose(lang)))  # main() chose it already; app() alone not


@app.command("list")
def list_command(plain: Plain = False) -> None:
    """List the games (id, title, players) and the bots."""
    from camelcade import bots
    from camelcade.cli.render import make_screen
    from camelcade.core.registry import game_class, game_ids

    screen = make_screen(plain)
    rows = []
    for game_id in game_ids():
        cls = game_class(game_id)
        rows.append([game_id, cls.title, t("{least} to {most}", least=cls.min_players,
                                           most=cls.max_players), str(cls.default_players)])
    # TRANSLATORS: the heads of the table of games; "Id" is the game's id, as typed.
    screen.table(t("Games"), [t("Id"), t("Title"), t("Players"), t("Default players")], rows)
    screen.say(t("Bots: {bots}.", bots=", ".join(bots.names())))


@app.command("rules")
def rules_command(
    game_id: GameId,
    plain: Plain = False,
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="The rulebook's language: en, de, fr or da (default: the "
                     "language camelcade speaks)."),
    ] = None,
    developer: Annotated[
        bool,
        typer.Option("--developer", help="The complete rules as implemented, with the action "
                     "notation, the odds and the balance reports."),
    ] = False,
) -> None:
    """Show a game's rules for players (--developer: with the action notation)."""
    from camelcade.cli.render import make_screen
    from camelcade.core.registry import game_class
    from camelcade.core.rule_pictures import without_pictures
    from camelcade.core.rules_docs import find_rulebook, find_rules_doc, looked_in
    from camelcade.core.words import current_language, language
    from camelcade.i18n.languages import choose, languages

    game_class(game_id)  # an unknown id raises, naming the games
    code = choose(lang) if lang is not None else current_language()
    screen = make_screen(plain)
    with language(code):
        rulebook = None if developer else find_rulebook(game_id, code)
        if rulebook is not None:
            if rulebook.fallback:
                screen.say(t("These rules are not written in {language} yet; here they are "
                             "in English.", language=languages()[code].name))
            screen.markdown(without_pictures(game_id, rulebook.text))
            return
        path = find_rules_doc(game_id, code)
        if path is None:
            raise CamelcadeError(t("The rules of {game} are not installed; looked for "
                                   "{paths}.", game=repr(game_id), paths=looked_in(game_id)))
        screen.markdown(path.read_text(encoding="utf-8"))


@app.command("play")
@_local
def play_command(
    game_id: GameId,
    players: Players = None,
    seat: Annotated[int, typer.Option("--seat", help="Your seat, from 0.")] = 0,
    bots: Annotated[
        str | None,
        typer.Option("--bots", help="Bots for the other seats in order, comma-separated, "
                     "each BOT[:key=value...] or @LEVEL (@easy, @hard); one fills them all "
                     "(default: random)."),
    ] = None,
    hotseat: Annotated[
        bool, typer.Option("--hotseat", help="Every seat is a person at this keyboard.")
    ] = False,
    seed: Seed = None,
    plain: Plain = False,
    record: Annotated[
        Path | None, typer.Option("--record", help="Save the game record (JSON) here.")
    ] = None,
    option: Options = None,
    position: Annotated[
        str | None,
        typer.Option("--position", help="Start from this position, in the game's position "
                     "notation (see 'camelcade rules GAME'); Kamelen has one."),
    ] = None,
    advisor: Annotated[
        bool, typer.Option("--advisor", help="Offer the game's advice commands at the "
                           "prompt (such as 'odds' or 'hint'); off by default, as in rated "
                           "play, and never in a hot-seat game."),
    ] = False,
) -> None:
    """Play a game at the terminal against bots, or hot-seat with friends."""
    from camelcade.cli import setup
    from camelcade.cli.play import PlaySession, seat_players
    from camelcade.cli.render import make_screen

    names = setup.split_names(bots)
    if players is None and len(names) > 1:
        players = len(names) + 1  # one bot per other seat
    game = setup.load_game(game_id, players, option or [])
    setup.check_writable(record)
    start = None
    if position is not None:
        from camelcade.cli.hooks import position_state

        start = position_state(game, position)
    session = PlaySession(
        seating=seat_players(game, seat, names, hotseat=hotseat),
        seed=setup.choose_seed(seed),
        screen=make_screen(plain),
        record_path=record,
        hotseat=hotseat,
        start=start,
        advisor=advisor,
    )
    session.run()


@app.command("learn")
@_local
def learn_command(
    game_id: GameId,
    plain: Plain = False,
    seed: Seed = None,
    lesson: Annotated[
        str | None, typer.Option("--lesson", help="Start at this lesson (its number or id).")
    ] = None,
) -> None:
    """Learn a game by playing: short lessons, each a position and a goal, then a first
    game against the easy bot with the advisor on."""
    from camelcade.cli import setup
    from camelcade.cli.learn import LearnSession
    from camelcade.cli.render import make_screen
    from camelcade.core.learn import course
    from camelcade.core.registry import game_class

    game_class(game_id)  # an unknown id raises, naming the games
    lessons = course(game_id)
    start = 1 if lesson is None else lessons.lesson(lesson).number
    LearnSession(lessons, make_screen(plain), setup.choose_seed(seed),
                 first_lesson=start).run()


@app.command("replay")
@_local
def replay_command(
    file: Annotated[Path, typer.Argument(help="A record file (camelcade-record/1 JSON).")],
    plain: Plain = False,
    step: Annotated[bool, typer.Option("--step", help="Wait for Enter between actions.")] = False,
    ask: Annotated[
        str | None, typer.Option("--ask", help="Instead of the replay, the answer of one of "
                                 "the game's prompt words (advice included) at the position "
                                 "after --upto actions, for --seat.")
    ] = None,
    upto: Annotated[
        int | None, typer.Option("--upto", min=0, help="With --ask: the position after this "
                                 "many actions (default: all of them).")
    ] = None,
    seat: Annotated[
        int | None, typer.Option("--seat", help="With --ask: the seat asking, from 0 "
                                 "(default: the seat to move).")
    ] = None,
) -> None:
    """Replay a recorded game, every action with what it did, then the result."""
    from camelcade.cli.render import make_screen
    from camelcade.cli.replay import run_replay

    if ask is None and (upto is not None or seat is not None):
        raise OptionError(t("--upto and --seat choose the position and the seat for --ask; "
                            "give --ask WORD with them"))
    if ask is not None:
        from camelcade.cli.replay import ask as ask_word

        typer.echo(ask_word(file, ask, upto=upto, seat=seat))
        return
    run_replay(file, make_screen(plain), step=step)


Workers = Annotated[int, typer.Option("--workers", "-w", min=1, help="Local worker processes.")]
Scheduler = Annotated[
    str | None,
    typer.Option("--scheduler", help="Run on a Dask cluster instead: the scheduler's address, "
                 "tcp://HOST:8786 (needs pip install 'camelcade[lab]'; see docs/bots.md)."),
]
Bots = Annotated[
    str,
    typer.Option("--bots", help="Competing bots, comma-separated, each BOT[:key=value...] "
                 "(mcts:iterations=50) or @LEVEL; without --players there is one seat per "
                 "bot."),
]


@app.command("simulate")
@_local
def simulate_command(
    game_id: GameId,
    games: Annotated[int, typer.Option("--games", "-n", min=1,
                                       help="Games to play (rounded up to whole seed blocks).")
                     ] = 100,
    bots: Bots = "random,random",
    players: Players = None,
    seed: Seed = None,
    workers: Workers = 1,
    scheduler: Scheduler = None,
    plain: Plain = False,
    out: Annotated[
        Path | None, typer.Option("--out", help="The results file (JSON lines, one record a "
                                  "game); it resumes if it holds this tournament already. "
                                  "Default: camelcade-lab/GAME-ID.jsonl.")
    ] = None,
    option: Options = None,
    format: Annotated[
        str, typer.Option("--format", help="round-robin, gauntlet (the first bot against the "
                          "others) or head-to-head (two bots).")
    ] = "round-robin",
    seating: Annotated[
        str, typer.Option("--seating", help="auto, all (every seat permutation) or rotate.")
    ] = "auto",
    chance: Annotated[
        str, typer.Option("--chance", help="keyed (paired seeds: chance keyed by what is "
                          "drawn) or sequential (one random stream per game).")
    ] = "keyed",
    sprt: Annotated[
        float | None, typer.Option("--sprt", help="Run an SPRT: is the first bot stronger "
                                   "than the second by at least this many Elo? Stops the run "
                                   "when it decides.")
    ] = None,
    sprt_bots: Annotated[
        str | None, typer.Option("--sprt-bots", help="The two bots the SPRT compares, A,B.")
    ] = None,
    sprt_elo0: Annotated[float, typer.Option("--sprt-elo0", help="The SPRT's H0 Elo.")] = 0.0,
    sprt_model: Annotated[
        str, typer.Option("--sprt-model", help="logistic or normalized Elo.")
    ] = "logistic",
) -> None:
    """Bots play each other with paired seeds; prints win rates, scores and ratings."""
    from camelcade.cli import setup
    from camelcade.cli.render import make_screen
    from camelcade.cli.simulate import check_sprt, run_simulate
    from camelcade.sim.entrants import parse_entrants, split_entrants

    texts = split_entrants(bots)
    if players is None and len(texts) > 1:
        from camelcade.core.registry import game_class

        cls = game_class(game_id)  # one seat per bot, within what the game allows
        players = max(cls.min_players, min(len(texts), cls.max_players))
    game = setup.load_game(game_id, players, option or [])
    entrants = parse_entrants(texts, game.id)
    settings = check_sprt(entrants, sprt_bots, sprt, sprt_elo0, sprt_model)
    if settings is not None and format == "round-robin" and len(set(texts)) == 2:
        format = "head-to-head"
    setup.check_writable(out)
    if scheduler is not None:
        from camelcade.sim.runner import dask_client

        dask_client(scheduler).close()  # a missing Dask or scheduler fails before any game
    run_simulate(
        game,
        entrants,
        games=games,
        seed=setup.choose_seed(seed),
        workers=workers,
        screen=make_screen(plain),
        out=out,
        scheduler=scheduler,
        format=format,
        seating=seating,
        chance=chance,
        sprt=settings,
    )


@app.command("report")
def report_command(
    results: Annotated[list[Path], typer.Argument(help="Results files (JSON lines) from "
                                                  "'camelcade simulate'; several merge.")],
    out: Annotated[
        Path | None, typer.Option("--out", help="Folder for report.md, report.html and the "
                                  "plots (default: beside the first file).")
    ] = None,
    sprt: Annotated[
        float | None, typer.Option("--sprt", help="Recompute an SPRT trace at this Elo.")
    ] = None,
    sprt_bots: Annotated[
        str | None, typer.Option("--sprt-bots", help="The two bots the SPRT compares, A,B.")
    ] = None,
    plots: Annotated[bool, typer.Option("--plots/--no-plots", help="Draw PNG plots.")] = True,
    plain: Plain = False,
) -> None:
    """Turn results into a markdown table, an HTML page and PNG plots."""
    from camelcade.cli.render import make_screen
    from camelcade.sim.report import write_report

    screen = make_screen(plain)
    folder = out or results[0].with_suffix("")
    written = write_report(results, folder, sprt_elo1=sprt, sprt_bots=sprt_bots, draw=plots)
    screen.markdown(written.markdown)
    screen.say(t("Report written: {files}", files=", ".join(str(p) for p in written.files)))


@app.command("balance")
@_local
def balance_command(
    game_id: GameId,
    vary: Annotated[
        list[str] | None,
        typer.Option("--vary", help="An option and its values, option=v1,v2 (values that hold "
                     "commas: separate them with ';'). Repeatable: each is swept with the "
                     "others at their defaults (or all combinations with --grid)."),
    ] = None,
    sweep: Annotated[
        str | None,
        typer.Option("--sweep", help="The game's own sweeps, as its manifest names them, "
                     "comma-separated, or all: each is swept like a --vary.")
    ] = None,
    bots: Bots = "random",
    players: Players = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1,
                                       help="Games per setting.")] = 200,
    seed: Seed = None,
    workers: Workers = 1,
    scheduler: Scheduler = None,
    grid: Annotated[bool, typer.Option("--grid", help="Play every combination.")] = False,
    option: Options = None,
    probe: Annotated[
        str | None, typer.Option("--probe", help="Extra game figures: a module:name probe "
                                 "(default: the game's own, if it has one).")
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Folder for balance.md, balance.json, the plots "
                                  "and the results (default: camelcade-lab/balance-GAME-ID).")
    ] = None,
    plots: Annotated[bool, typer.Option("--plots/--no-plots", help="Draw PNG plots.")] = True,
    plain: Plain = False,
) -> None:
    """Sweep a game's options with bots: seat advantage, game length, lead changes."""
    from camelcade.cli import setup
    from camelcade.cli.render import make_screen
    from camelcade.sim.balance import game_sweeps, run_balance

    swept = [] if sweep is None else game_sweeps(
        game_id, [name.strip() for name in sweep.split(",")])
    screen = make_screen(plain)
    base = setup.parse_options(option or [])
    if players is not None:
        base["players"] = str(players)
    run_balance(game_id, [*(vary or []), *swept], bots=bots, base=base, games=games,
                seed=setup.choose_seed(seed), workers=workers, scheduler=scheduler, grid=grid,
                probe=probe, out=out, draw=plots, screen=screen)


@app.command("ladder")
@_local
def ladder_command(
    game_ids: Annotated[list[str] | None, typer.Argument(help="Games (default: all).")] = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1,
                                       help="Games per table, about.")] = 40,
    seed: Seed = 1,
    workers: Workers = 1,
    scheduler: Scheduler = None,
    out: Annotated[
        Path, typer.Option("--out", help="Folder for the results and ladder.md.")
    ] = Path("camelcade-lab/ladder"),
    bots: Annotated[
        str | None, typer.Option("--bots", help="The entrants of every game named (default: "
                                 "random, mcts at 100 iterations and the game's own bots; "
                                 "with --sprt, the game's declared rungs, weakest first).")
    ] = None,
    sprt: Annotated[
        float | None, typer.Option("--sprt", min=1, help="Climb the ladder: test each rung "
                                   "against the one below by SPRT for this many Elo, at "
                                   "most --games games a step.")
    ] = None,
    plain: Plain = False,
) -> None:
    """Measure every game's bots against each other: a ladder with intervals."""
    from camelcade.cli.render import make_screen
    from camelcade.sim.entrants import split_entrants
    from camelcade.sim.ladder import run_climb, run_ladder

    if bots is not None and not game_ids:
        raise OptionError(t("--bots sets the entrants of the games named: name them too."))
    chosen = {game: split_entrants(bots) for game in game_ids or []} if bots else None
    if sprt is not None:
        run_climb(game_ids or None, elo=sprt, games=games, seed=1 if seed is None else seed,
                  workers=workers, scheduler=scheduler, out=out, screen=make_screen(plain),
                  rungs=chosen)
        return
    run_ladder(game_ids or None, games=games, seed=1 if seed is None else seed,
               workers=workers, scheduler=scheduler, out=out, screen=make_screen(plain),
               bots=chosen)


@app.command("serve")
def serve_command(
    db: Annotated[
        str | None,
        typer.Option("--db", envvar="CAMELCADE_SERVER_DATABASE_URL",
                     help="Database: a SQLite file, or postgresql+psycopg://... for "
                     "several server processes (default: SQLite in your data folder)."),
    ] = None,
    host: Annotated[str, typer.Option("--host", envvar="CAMELCADE_SERVER_HOST",
                                      help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", envvar="CAMELCADE_SERVER_PORT", min=1,
                                      max=65535, help="Port.")] = 8000,
    public_url: Annotated[str | None, typer.Option(
        "--public-url", help="The address people reach this server at "
        "(https://games.example.org): share links and e-mails use it. Default: "
        "CAMELCADE_SERVER_PUBLIC_URL, else the address a page was opened at.")] = None,
    log_format: Annotated[str | None, typer.Option(
        "--log-format", help="text, or json: one JSON object a line (default: "
        "CAMELCADE_SERVER_LOG_FORMAT, else text).")] = None,
    backup_every: Annotated[str | None, typer.Option(
        "--backup-every", help="Back the database up this often while serving (6h, 30m, "
        "1d), into backups/ beside it.")] = None,
    keep: Annotated[int | None, typer.Option(
        "--keep", min=1, help="How many scheduled backups to keep (default 14).")] = None,
) -> None:
    """Start the game server: online and hot-seat play for every game, over websockets."""
    try:
        from camelcade.server.app import run_server
        from camelcade.server.settings import check_public_url
    except ImportError as error:
        raise OptionError(t(
            "The server needs its extra packages ({package} is missing); install them with: "
            "pip install 'camelcade[server]'", package=error.name)) from None
    if public_url is not None:
        try:
            public_url = check_public_url(public_url)
        except ValueError:
            raise OptionError(t(
                "--public-url must be an http:// or https:// address such as "
                "https://games.example.org, not {url}.", url=repr(public_url[:200]))) from None
    if log_format is not None and log_format not in ("text", "json"):
        raise OptionError(t("--log-format must be text or json, not {value}.",
                            value=repr(log_format[:40])))
    every = None if backup_every is None else _duration("--backup-every", backup_every)
    run_server(db, host, port, public_url, log_format, every, keep)


def _duration(flag: str, text: str) -> float:
    from camelcade.server.settings import duration

    try:
        return duration(text)
    except ValueError:
        raise OptionError(t("{flag} must be a time such as 6h, 30m or 1d, not {value}.",
                            flag=flag, value=repr(text[:40]))) from None


DbOption = Annotated[str | None, typer.Option(
    "--db", envvar="CAMELCADE_SERVER_DATABASE_URL",
    help="The server's database: a SQLite file or postgresql+psycopg://... "
    "(default: SQLite in your data folder).")]


def _backups() -> Any:
    try:
        from camelcade.server import backup
    except ImportError as error:
        raise OptionError(t(
            "The server needs its extra packages ({package} is missing); install them with: "
            "pip install 'camelcade[server]'", package=error.name)) from None
    return backup


@app.command("backup")
def backup_command(
    path: Annotated[Path, typer.Argument(help="The backup file to write.")],
    db: DbOption = None,
) -> None:
    """Back the server's database up into one file, while the server runs."""
    from camelcade.server.settings import normalise_database_url

    backups = _backups()
    try:
        made = backups.backup(normalise_database_url(db), path)
    except backups.BackupError as error:
        raise OptionError(str(error)) from None
    typer.echo(t("Backed up to {path} (schema revision {revision}).", path=str(path),
                 revision=made.revision or "-"))


@app.command("restore")
def restore_command(
    path: Annotated[Path, typer.Argument(help="The backup file to restore.")],
    db: DbOption = None,
    migrate: Annotated[bool, typer.Option(
        "--migrate", help="Migrate a backup of an older schema as it is restored.")] = False,
) -> None:
    """Replace the server's database by a backup (stop the server first)."""
    from camelcade.server.settings import normalise_database_url

    backups = _backups()
    try:
        made = backups.restore(path, normalise_database_url(db), may_migrate=migrate)
    except backups.BackupError as error:
        raise OptionError(str(error)) from None
    typer.echo(t("Restored {path} (schema revision {revision}).", path=str(path),
                 revision=made.revision or "-"))


app.add_typer(admin_app, name="admin")

online_app = typer.Typer(
    help="Play or watch on a camelcade server ('camelcade serve') from the terminal.",
    no_args_is_help=True,
)
app.add_typer(online_app, name="online")
Server = Annotated[
    str,
    typer.Option("--server", envvar="CAMELCADE_SERVER_URL",
                 help="The server's address (or set CAMELCADE_SERVER_URL)."),
]
MatchId = Annotated[str, typer.Argument(help="The match id, as 'camelcade online lobby' shows.")]
Name = Annotated[str | None, typer.Option("--name", help="Your name at the table.")]
Advisor = Annotated[
    bool, typer.Option("--advisor", help="Offer the game's advice commands at the prompt; the "
                       "server gives advice only in a match whose other seats are all bots."),
]


def _online() -> Any:
    """The online client module, or a clear error if the websocket library is missing."""
    try:
        import websockets  # noqa: F401

        from camelcade.cli import online
    except ImportError as error:
        raise OptionError(t(
            "Online play needs the server's extra packages ({package} is missing); install "
            "them with: pip install 'camelcade[server]'", package=error.name)) from None
    return online


def _play_online(online: Any, api: Any, match_id: str, token: str | None,
                 advisor: bool = False) -> None:
    """Play (or watch) over the websocket; the match page data names the seats and offers
    the game's commands and guide (an older server without it: seats by number)."""
    try:
        meta = api.match_page(match_id, token)
    except online.OnlineError:
        meta = None
    session = online.OnlineSession(
        api.socket_url(match_id), token, say=typer.echo, ask=input, meta=meta,
        typed=online.keyboard_line, asker=lambda command: api.ask(match_id, token, command),
        advisor=advisor)
    session.run()


def _signed_api(online: Any, server: str) -> Any:
    """The server's API, carrying this terminal's session if it signed in there
    (``camelcade online login``), so the seats it takes are the profile's."""
    from camelcade.cli.online_account import saved_session

    return online.ServerApi(server, saved_session(server))


@online_app.command("login")
def online_login(
    server: Server = "http://127.0.0.1:8000",
    email: Annotated[
        str | None, typer.Option("--email", help="Sign in by a link the server e-mails to "
                                 "this address, pasted back here."),
    ] = None,
    token_stdin: Annotated[
        bool, typer.Option("--token-stdin", help="Read the token from the standard input's "
                           "first line (for scripts) instead of asking for it."),
    ] = False,
) -> None:
    """Sign this terminal in to your profile: paste the token the account page's 'Sign in a
    terminal' shows, or use --email. Your matches then follow you here."""
    import sys

    from camelcade.cli import online_account as account

    online = _online()
    if email is not None and token_stdin:
        raise OptionError(t("--email signs in by a mailed link and --token-stdin by a "
                            "token; give one of them."))
    if email is not None:
        token, profile = account.sign_in_by_mail(
            server, email, lambda prompt: typer.prompt(prompt, hide_input=True), typer.echo)
    else:
        given = sys.stdin.readline() if token_stdin else typer.prompt(
            t("Paste the token from the account page"), hide_input=True)
        token = given.strip()
        profile = account.check_token(server, token)
    account.save_session(server, token)
    typer.echo(t("This terminal is signed in to {server} as {name}.",
                 server=server.rstrip("/"), name=online.shown(profile["name"])))


@online_app.command("logout")
def online_logout(server: Server = "http://127.0.0.1:8000") -> None:
    """Sign this terminal out: its session ends on the server and is forgotten here."""
    from camelcade.cli.online_account import sign_out

    _online()
    had, problem = sign_out(server)
    if not had:
        typer.echo(t("This terminal is not signed in to {server}.", server=server.rstrip("/")))
        return
    if problem is not None:
        typer.echo(t("Forgotten here; the server did not end the session: {problem}",
                     problem=problem))
        return
    typer.echo(t("This terminal is signed out of {server}.", server=server.rstrip("/")))


@online_app.command("games")
def online_games(server: Server = "http://127.0.0.1:8000") -> None:
    """Invitations to you, then your matches on the server: your turn first, then running,
    then finished."""
    from camelcade.cli.online_account import games_lines, invitation_lines, saved_session

    online = _online()
    token = saved_session(server)
    if token is None:
        raise OptionError(t("This terminal is not signed in to {server}; sign in with: "
                            "camelcade online login --server {server}",
                            server=server.rstrip("/")))
    api = online.ServerApi(server, token)
    matches = api.request("GET", "/api/me/matches")["matches"]
    try:  # a server from before invitations has none to list
        received = api.request("GET", "/api/me/invitations")["received"]
    except online.OnlineError:
        received = []
    for line in [*invitation_lines(received), *games_lines(matches, server.rstrip("/"))]:
        typer.echo(line)


@online_app.command("lobby")
def online_lobby(server: Server = "http://127.0.0.1:8000") -> None:
    """List the server's open and running matches."""
    online = _online()
    for line in online.lobby_lines(online.ServerApi(server).lobby()):
        typer.echo(line)


@online_app.command("new")
def online_new(
    game_id: GameId,
    players: Players = None,
    bots: Annotated[
        str | None,
        typer.Option("--bots", help="Server bots for the other seats, comma-separated; "
                     "seats without one stay open for friends."),
    ] = None,
    option: Options = None,
    timer: Annotated[
        float | None,
        typer.Option("--timer", min=1.0, help="Seconds per turn; a bot moves when they run out."),
    ] = None,
    name: Name = None,
    advisor: Advisor = False,
    server: Server = "http://127.0.0.1:8000",
) -> None:
    """Open a match with you at seat 0, then play it. It starts when every seat is taken."""
    from camelcade.cli.setup import check_bot_names, load_game, split_names

    online = _online()
    game = load_game(game_id, players, option or [])
    names = split_names(bots)
    check_bot_names(names, game.id)
    if len(names) > game.players - 1:
        raise OptionError(tn(
            "--bots names {count} bot for the {others} other seats of this {players}-player "
            "game.", "--bots names {count} bots for the {others} other seats of this "
            "{players}-player game.", len(names), others=game.players - 1,
            players=game.players))
    seats = [{"kind": "open"}] + [{"kind": "bot", "bot": b} for b in names]
    seats += [{"kind": "open"}] * (game.players - len(seats))
    api = _signed_api(online, server)
    joined = api.create(game.id, dict(game.options), seats, timer,
                        join={"seat": 0, "name": name})
    match_id = joined["match"]["id"]
    typer.echo(tn("Match {match}: {game}, {count} player.", "Match {match}: {game}, {count} "
                  "players.", game.players, match=match_id, game=game.title))
    if len(names) < game.players - 1:
        typer.echo(t("Friends join with: camelcade online join {match} --server {server}",
                     match=match_id, server=api.base))
    typer.echo(t("Your seat token (to come back after leaving): {token}",
                 token=joined["token"]))
    _play_online(online, api, match_id, joined["token"], advisor)


@online_app.command("join")
def online_join(
    match_id: MatchId,
    seat: Annotated[
        int | None, typer.Option("--seat", min=0, help="Seat to take (default: the first open).")
    ] = None,
    token: Annotated[
        str | None, typer.Option("--token", help="Come back to the seat this token holds.")
    ] = None,
    name: Name = None,
    advisor: Advisor = False,
    server: Server = "http://127.0.0.1:8000",
) -> None:
    """Take a seat in a match (or come back to yours with --token) and play."""
    online = _online()
    api = _signed_api(online, server)
    if token is None:
        joined = api.join(match_id, seat, name)
        token = joined["token"]
        typer.echo(t("You have seat {seat}. Your seat token (to come back): {token}",
                     seat=joined["seat"], token=token))
    elif seat is not None or name is not None:
        raise OptionError(t("--token comes back to its own seat; leave out --seat and "
                            "--name."))
    _play_online(online, api, match_id, token, advisor)


@online_app.command("watch")
def online_watch(match_id: MatchId, server: Server = "http://127.0.0.1:8000") -> None:
    """Watch a match as a spectator: the public view and every move as it happens."""
    online = _online()
    _play_online(online, online.ServerApi(server), match_id, None)


def main() -> None:
    """The console-script entry point: the whole run, help included, in the chosen
    language (``camelcade.cli.language``)."""
    import sys

    from camelcade.cli.language import chosen_language, lang_first, translate_help
    from camelcade.core.words import language

    try:
        code = chosen_language(sys.argv[1:])
    except CamelcadeError as error:
        from camelcade.cli.render import error_line

        typer.echo(error_line(str(error)), err=True)
        raise SystemExit(EXIT_USAGE) from None
    with language(code):
        translate_help(typer.main.get_command(app)).main(args=lang_first(sys.argv[1:]),
                                                        prog_name="camelcade")


if __name__ == "__main__":
    main()
