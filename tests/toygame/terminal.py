"""The toy in the terminal: a board renderer, seat names, prompt and advisor commands."""

from __future__ import annotations

from typing import Any

from camelcade.core.errors import CamelcadeError, StateError
from camelcade.core.game import Game, State
from camelcade.core.seen import Seen
from tests.toygame.game import SEAT_NAMES, ToyGame

BOARD_MARK = "TOY BOARD FOR SEAT"


def render(seen: Seen[Any]) -> str:
    return f"{BOARD_MARK} {seen.role}"


def seat_name(game: Game, seat: int) -> str:
    return SEAT_NAMES[seat]


def count(seen: Seen[Any]) -> str:
    """How many actions have been played so far."""
    return f"{len(seen.history)} actions so far, asked by seat {seen.seat}"


def broken(seen: Seen[Any]) -> str:
    """A command that fails with a camelcade error."""
    raise CamelcadeError("the advisor is out of camels")


def secret_tip(seen: Seen[Any]) -> str:
    """An advisor's tip, offered only with --advisor."""
    return f"TIP for seat {seen.seat}"


def position_state(game: Game, text: str) -> State:
    if not isinstance(game, ToyGame):
        raise StateError(f"not a toy game: {game.id}")
    return game.state_from_position(text)
