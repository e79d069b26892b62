"""``camelcade camel-drive ...``: extra commands for Camel Drive (mounted by the CLI).

``balance`` plays many bot matches and prints how lane, seat, race length, the number of
interjections and ``track_length`` change who wins (the report of docs/games/camel-drive.md).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from camelcade.core.errors import OptionError
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
    seed: Annotated[int, typer.Option(help="Seed of the first match.")] = 0,
    workers: Annotated[int, typer.Option(min=1, help="Worker processes.")] = 1,
    plot: Annotated[Path | None, typer.Option(help="Write a PNG plot here.")] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write figures here.")] = None,
) -> None:
    """Play bot matches per option value; print who wins by lane, seat and race length."""
    names = list(balance.SWEEPS) if sweep == "both" else [sweep]
    unknown = [name for name in names if name not in balance.SWEEPS]
    if unknown:
        raise OptionError(f"--sweep {sweep!r} is not allowed; allowed: "
                          f"{', '.join(balance.SWEEPS)} or both")
    if bot not in ("random", "camel-drive-planner"):
        raise OptionError(f"--bot {bot!r} is not allowed; allowed: random, camel-drive-planner")
    panels = {name: balance.sweep(name, games=games, players=players, bot=bot, seed=seed,
                                  workers=workers) for name in names}
    for name, summaries in panels.items():
        typer.echo(f"\n{name} ({bot} bots, {players} players, {games} matches each):\n")
        typer.echo(balance.markdown_table(summaries))
    default = next((s for s in panels.get("track_length", []) if s.setting["track_length"] == 15),
                   None)
    if default is not None:
        typer.echo("\nRace winner's lane by race length (track_length=15):\n")
        typer.echo(balance.length_table(default))
    if plot is not None:
        typer.echo(f"\nplot: {balance.plot(panels, plot)}")
    if json_out is not None:
        json_out.write_text(json.dumps({name: [s.to_json() for s in summaries]
                                        for name, summaries in panels.items()}, indent=1),
                            encoding="utf-8")
        typer.echo(f"figures: {json_out}")
