"""Caravan's position notation: a position as one line of JSON (``play --position``).

The line is an object of the saved layout's fields (``position.CaravanPosition``:
``camels``, ``spaces``, ``turn``...); a field left out keeps its value at the start of a
new game of the same options, so a lesson or a test writes only what matters. One field is
worked out instead when left out: ``bag``, the goods not on a goods space, a camel or
delivered, because counting cubes by hand is where a written position goes wrong. The
whole is then checked as a saved position is (``CaravanPosition.from_data``): a bad line
raises ``StateError`` naming the field and what is allowed.
"""

from __future__ import annotations

from camelcade.core.errors import StateError
from camelcade.core.game import Game
from camelcade.core.saved import written_position
from camelcade.games.caravan.spec import GOODS
from camelcade.games.caravan.state import CaravanState


def position_state(game: Game, text: str) -> CaravanState:
    """The position ``text`` as a fresh state of ``game``; bad text raises ``StateError``."""
    start = game.new_state()
    if not isinstance(start, CaravanState):
        raise StateError(f"position_state needs a caravan game, got {game.id!r}")
    fields, data = written_position(text, start.to_json()["state"])
    if "bag" not in fields:
        data["bag"] = _rest_in_bag(data)
    state = game.state_from_json({**start.to_json(), "state": data})
    assert isinstance(state, CaravanState)
    return state


def _rest_in_bag(data: dict[str, object]) -> object:
    """The start's bag less the goods the other fields place (left unchecked if the fields
    are malformed: ``from_data`` then names what is wrong)."""
    bag = data["bag"]
    if not isinstance(bag, dict):
        return bag
    rest = dict(bag)
    try:
        placed = [space["good"] for space in data["spaces"]]  # type: ignore[attr-defined]
        placed += [text.split()[1] for seat in data["camels"]  # type: ignore[attr-defined]
                   for text in seat if len(text.split()) > 1]
        for row in data["delivered"]:  # type: ignore[attr-defined]
            for good, count in row.items():
                rest[good] -= count
    except (TypeError, KeyError, AttributeError, IndexError):
        return bag
    for good in placed:
        if good in rest:
            rest[good] -= 1
    return {good: rest[good] for good in GOODS if good in rest}
