"""Camel Up's position notation: a position as one line of JSON (``play --position``).

The line is an object of the saved layout's fields (``position.CamelUpPosition``:
``phase``, ``track``, ``rolled``, ``tickets``...); a field left out keeps its value at the
start of a new match of the same options, and ``phase`` defaults to ``play`` when the
line places the camels, so a lesson or a test writes only what matters, say
``{"track": [[3, ["blue", "red"]], ...], "rolled": [["green", 2]]}``. The whole is then
checked as a saved position is (``CamelUpPosition.from_data``): a bad line raises
``StateError`` naming the field and what is allowed.
"""

from __future__ import annotations

from camelcade.core.errors import StateError
from camelcade.core.game import Game
from camelcade.core.saved import written_position
from camelcade.games.camel_up.spec import PLAY
from camelcade.games.camel_up.state import CamelUpState


def position_state(game: Game, text: str) -> CamelUpState:
    """The position ``text`` as a fresh state of ``game``; bad text raises ``StateError``."""
    start = game.new_state()
    if not isinstance(start, CamelUpState):
        raise StateError(f"position_state needs a camel-up game, got {game.id!r}")
    fields, data = written_position(text, start.to_json()["state"])
    if "track" in fields and "phase" not in fields:
        data["phase"] = PLAY
    state = game.state_from_json({**start.to_json(), "state": data})
    assert isinstance(state, CamelUpState)
    return state
