"""The toy in the terminal: a board renderer, seat names, prompt and advisor commands."""

from __future__ import annotations

from camelcade.core.errors import CamelcadeError, StateError
from camelcade.core.game import Game, State
from tests.toygame.game import SEAT_NAMES, ToyGame

BOARD_MARK = "TOY BOARD FOR SEAT"


def render(state: State, player: int | None) -> str:
    return f"{BOARD_MARK} {player}"


def seat_name(game: Game, seat: int) -> str:
    return SEAT_NAMES[seat]


def count(state: State, seat: int) -> str:
    """How many actions have been played so far."""
    return f"{len(state.history)} actions so far, asked by seat {seat}"


def broken(state: State, seat: int) -> str:
    """A command that fails with a camelcade error."""
    raise CamelcadeError("the advisor is out of camels")


def secret_tip(state: State, seat: int) -> str:
    """An advisor's tip, offered only with --advisor."""
    return f"TIP for seat {seat}"


def position_state(game: Game, text: str) -> State:
    if not isinstance(game, ToyGame):
        raise StateError(f"not a toy game: {game.id}")
    return game.state_from_position(text)
