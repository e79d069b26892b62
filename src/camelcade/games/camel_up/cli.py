"""``camelcade camel-up odds``: exact leg odds, race odds and action values from the shell.

A typed position (``--position "1:blue,red 3:green ..." [--pyramid blue,grey] [--tiles
7:cheer]``). The odds of a saved game's position are the prompt word ``odds`` put to the
record, ``camelcade replay FILE --ask odds --upto N [--seat S]``: the command line reads
the record and gives the word that seat's view (the game never reads records itself).
"""

from __future__ import annotations

from typing import Annotated

import typer

from camelcade.core.errors import OptionError
from camelcade.core.words import t
from camelcade.games.camel_up.odds import parse_position
from camelcade.games.camel_up.report import position_text

app = typer.Typer(help="Camel Up tools: exact odds and expected values.", no_args_is_help=True)


@app.command("odds")
def odds_command(
    position: Annotated[str, typer.Option(
        help='camels per space, bottom first: "1:blue,red 3:green 14:black 16:white"')],
    pyramid: Annotated[str | None, typer.Option(
        help='dice still in the pyramid: "blue,green,grey" (default: all)')] = None,
    tiles: Annotated[str | None, typer.Option(help='tiles: "7:cheer 10:boo"')] = None,
    edition: Annotated[int, typer.Option(help="1 or 2")] = 2,
    samples: Annotated[int, typer.Option(help="Monte Carlo races")] = 10_000,
    seed: Annotated[int, typer.Option(help="seed of the Monte Carlo races")] = 0,
) -> None:
    """Show the exact leg odds, the race odds and each action's expected value."""
    typer.echo(odds_text(position, pyramid, tiles, edition, samples, seed))


def odds_text(position: str, pyramid: str | None, tiles: str | None, edition: int,
              samples: int, seed: int) -> str:
    """What ``odds`` prints (a function, so tests need no terminal)."""
    if samples < 1:
        raise OptionError(t("--samples must be at least 1"))
    if edition not in (1, 2):
        raise OptionError(t("--edition must be 1 or 2"))
    return position_text(parse_position(position, pyramid, tiles, edition), samples, seed)
