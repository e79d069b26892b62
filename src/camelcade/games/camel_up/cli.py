"""``camelcade camel-up odds``: exact leg odds, race odds and action values from the shell.

Either a saved record (``--record FILE [--upto N] [--seat S]``: the position after the
first N actions, valued for seat S, by default the seat to move) or a typed position
(``--position "1:blue,red 3:green ..." [--pyramid blue,grey] [--tiles 7:cheer]``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from camelcade.core.errors import OptionError, StateError
from camelcade.core.types import CHANCE
from camelcade.core.words import t
from camelcade.games.camel_up.advice import Evaluator
from camelcade.games.camel_up.odds import parse_position
from camelcade.games.camel_up.report import advice_text, position_text
from camelcade.games.camel_up.spec import SETUP
from camelcade.games.camel_up.state import CamelUpState

app = typer.Typer(help="Camel Up tools: exact odds and expected values.", no_args_is_help=True)


@app.command("odds")
def odds_command(
    record: Annotated[Path | None, typer.Option(help="a saved game record (JSON)")] = None,
    upto: Annotated[int | None, typer.Option(help="use the position after N actions")] = None,
    seat: Annotated[int | None, typer.Option(help="value the actions of this seat")] = None,
    position: Annotated[str | None, typer.Option(
        help='camels per space, bottom first: "1:blue,red 3:green 14:black 16:white"')] = None,
    pyramid: Annotated[str | None, typer.Option(
        help='dice still in the pyramid: "blue,green,grey" (default: all)')] = None,
    tiles: Annotated[str | None, typer.Option(help='tiles: "7:cheer 10:boo"')] = None,
    edition: Annotated[int, typer.Option(help="1 or 2 (typed positions)")] = 2,
    samples: Annotated[int, typer.Option(help="Monte Carlo races")] = 10_000,
    seed: Annotated[int, typer.Option(help="seed of the Monte Carlo races")] = 0,
) -> None:
    """Show the exact leg odds, the race odds and each action's expected value."""
    typer.echo(odds_text(record, upto, seat, position, pyramid, tiles, edition, samples, seed))


def odds_text(record: Path | None, upto: int | None, seat: int | None, position: str | None,
              pyramid: str | None, tiles: str | None, edition: int, samples: int,
              seed: int) -> str:
    """What ``odds`` prints (a function, so tests need no terminal)."""
    if (record is None) == (position is None):
        raise OptionError(t("give either --record FILE or --position TEXT"))
    if samples < 1:
        raise OptionError(t("--samples must be at least 1"))
    if position is not None:
        if edition not in (1, 2):
            raise OptionError(t("--edition must be 1 or 2"))
        return position_text(parse_position(position, pyramid, tiles, edition), samples, seed)
    from camelcade.records import Record, replay

    assert record is not None
    loaded = Record.load(record)
    if loaded.game != "camel-up":
        raise StateError(t("{record} is a record of {game}, not camel-up", record=record,
                             game=loaded.game))
    state = replay(loaded, upto=upto)
    assert isinstance(state, CamelUpState)
    if state.phase == SETUP:
        raise StateError(t("the position is still being set up: there are no odds yet"))
    if seat is None:
        seat = state.turn if state.current_player in (CHANCE, state.turn) else 0
    if not 0 <= seat < state.game.players:
        raise OptionError(t("--seat must be 0 to {last}", last=state.game.players - 1))
    return advice_text(state.view(seat), Evaluator(samples, seed))
