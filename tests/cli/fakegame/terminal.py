"""Terminal hooks of the fake game: a board renderer, a seat namer and one prompt command."""

from __future__ import annotations

from camelcade.core.errors import CamelcadeError
from camelcade.core.game import Game, State

BOARD_MARK = "FAKE BOARD FOR SEAT"


def render(state: State, player: int | None) -> str:
    return f"{BOARD_MARK} {player}"


def seat_name(game: Game, seat: int) -> str:
    return ("North", "South", "East", "West")[seat]


def count(state: State, seat: int) -> str:
    """How many actions have been played so far."""
    return f"{len(state.history)} actions so far, asked by seat {seat}"


def broken(state: State, seat: int) -> str:
    """A command that fails with a camelcade error."""
    raise CamelcadeError("the advisor is out of camels")


COMMANDS = {"count": count, "broken": broken}


def secret_tip(state: State, seat: int) -> str:
    """An advisor's tip, offered only with --advisor."""
    return f"TIP for seat {seat}"


ADVISOR_COMMANDS = {"tip": secret_tip}
