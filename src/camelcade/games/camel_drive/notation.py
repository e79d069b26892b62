"""Camel Drive's position notation: a position as one line of JSON (``play --position``).

The line is an object of the saved layout's fields (``position.Position``: ``phase``,
``turn``, ``positions``, ``bets``...); a field left out keeps its value at the start of a
new match of the same options, so a lesson or a test writes only what matters, say
``{"positions": [13, 7, 8, 9], "opened": [true, true, true, true]}``. The whole is then
checked as a saved position is (``Position.from_data``): a bad line raises ``StateError``
naming the field and what is allowed.
"""

from __future__ import annotations

from camelcade.core.errors import StateError
from camelcade.core.game import Game
from camelcade.core.saved import written_position
from camelcade.games.camel_drive.state import CamelDriveState


def position_state(game: Game, text: str) -> CamelDriveState:
    """The position ``text`` as a fresh state of ``game``; bad text raises ``StateError``."""
    start = game.new_state()
    if not isinstance(start, CamelDriveState):
        raise StateError(f"position_state needs a camel-drive game, got {game.id!r}")
    _, data = written_position(text, start.to_json()["state"])
    state = game.state_from_json({**start.to_json(), "state": data})
    assert isinstance(state, CamelDriveState)
    return state
