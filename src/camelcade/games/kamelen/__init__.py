"""Kamelen (Fred Horn, 1991): two armies of leaping camels and dromedaries, 2 players.

Rules as implemented: ``docs/games/kamelen.md``. ``position_state(game, text)`` builds a
state from the one-line position notation (used by the CLI's ``play --position``).
"""

from __future__ import annotations

from camelcade.core.errors import StateError
from camelcade.core.game import Game
from camelcade.games.kamelen.actions import PASS, Move, Pass
from camelcade.games.kamelen.game import KamelenGame
from camelcade.games.kamelen.state import KamelenState


def position_state(game: Game, text: str) -> KamelenState:
    """The position ``text`` as a fresh state of ``game``; bad text raises ``StateError``."""
    if not isinstance(game, KamelenGame):
        raise StateError(f"position_state needs a kamelen game, got {game.id!r}")
    return game.state_from_position(text)


__all__ = ["PASS", "KamelenGame", "KamelenState", "Move", "Pass", "position_state"]
