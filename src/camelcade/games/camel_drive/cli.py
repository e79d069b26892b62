"""``camelcade camel-drive ...``: extra commands for Camel Drive (mounted by the CLI).

``balance`` is ``camelcade balance camel-drive`` with the game's own two sweeps
(``track_length`` and ``interjections``, ``balance.SWEEPS``) and one bot in every seat:
the generic report (seat win rates with intervals, game length, lead changes, and the
game's probe: lanes, races, interjections, bets), then the race winner's lane by race
length at the default track (the report of docs/games/camel-drive.md).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from camelcade.core.words import t
from camelcade.games.camel_drive import balance

app = typer.Typer(help="Camel Drive tools.", no_args_is_help=True)


@app.callback()
def main() -> None:
    """Camel Drive tools (balance report)."""


@app.command("balance")
def balance_command(
    games: Annotated[int, typer.Option(min=1, help="Matches per setting.")] = 200,
    players: Annotated[int, typer.Option(min=2, max=6, help="Players per match.")] = 4,
    bot: Annotated[str, typer.Option(help="Bot for every seat: random or "
                                          "camel-drive-planner.")] = "random",
    sweep: Annotated[str, typer.Option(help="track_length, interjections or both.")] = "both",
    seed: Annotated[int, typer.Option(help="Seed of the sweep: every setting plays the "
                                           "same seeds.")] = 0,
    workers: Annotated[int, typer.Option(min=1, help="Worker processes.")] = 1,
    plot: Annotated[Path | None, typer.Option(help="Write the race winner's lane against "
                                                   "each swept option here (PNG).")] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write figures here.")] = None,
    out: Annotated[Path | None, typer.Option(
        "--out", help="Folder for the report, its plots and the games (default: "
        "camelcade-lab/balance-camel-drive, shared with camelcade balance).")] = None,
    plain: Annotated[bool, typer.Option(
        "--plain", help="Plain text for screen readers: no colour, no box drawing.")] = False,
) -> None:
    """Play bot matches per option value; print who wins by seat, lane and race length."""
    from camelcade.cli.render import make_screen

    names = balance.sweep_names(sweep)
    balance.entrant(bot)  # a wrong bot is refused before anything is played
    screen = make_screen(plain)
    panels = balance.sweeps(names, bot=bot, players=players, games=games, seed=seed,
                            workers=workers, out=out, screen=screen)
    default = next((f for f in panels.get("track_length", []) if
                    f.setting["track_length"] == "15"), None)
    if default is not None:
        screen.say(t("Race winner's lane by race length (track_length=15):"))
        screen.markdown(balance.length_table(default))
    if plot is not None:
        plots = ", ".join(str(p) for p in balance.lane_plots(panels, plot))
        screen.say(t("plot: {files}", files=plots))
    if json_out is not None:
        json_out.write_text(json.dumps({name: [f.to_json() for f in found]
                                        for name, found in panels.items()}, indent=1),
                            encoding="utf-8")
        screen.say(t("figures: {file}", file=json_out))
