"""A dos de Chameau's position notation: a position as one line of JSON (``play --position``).

The line is an object of the saved layout's fields (``position.ADosPosition``: ``camels``,
``hands``, ``discards``, ``turn``...); a field left out keeps its value at the start of a
new game of the same options, the draws done, so a lesson or a test writes only what
matters. One field is worked out instead when left out: ``piles``, each seat's twelve
cards less its hand and its discards, because a hand written by hand would otherwise
leave a pile that does not add up. The whole is then checked as a saved position is
(``ADosPosition.from_data``): a bad line raises ``StateError`` naming the field.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from camelcade.core.errors import StateError
from camelcade.core.game import Game
from camelcade.core.saved import written_position
from camelcade.games.a_dos_de_chameau.spec import sort_cards
from camelcade.games.a_dos_de_chameau.state import ADosState


def position_state(game: Game, text: str) -> ADosState:
    """The position ``text`` as a fresh state of ``game``; bad text raises ``StateError``."""
    start = game.new_state()
    if not isinstance(start, ADosState):
        raise StateError(f"position_state needs an a-dos-de-chameau game, got {game.id!r}")
    while start.is_chance():  # the opening hands, the first card of each pile
        start = start.child(start.chance_outcomes()[0][0])
    saved = start.to_json()
    hands, piles = saved["state"]["hands"], saved["state"]["piles"]
    decks = [Counter(hand) + Counter(pile) for hand, pile in zip(hands, piles, strict=True)]
    fields, data = written_position(text, saved["state"])
    if "piles" not in fields:
        data["piles"] = _rest_in_piles(data, decks)
    state = game.state_from_json({**saved, "history": [], "seen_by": [], "state": data})
    assert isinstance(state, ADosState)
    return state


def _rest_in_piles(data: dict[str, Any], decks: list[Counter[str]]) -> Any:
    """Each seat's cards less its hand and discards (left as they were if the fields are
    malformed, or a seat holds a card twice too often: ``from_data`` then names what is
    wrong)."""
    try:
        piles = []
        for seat, deck in enumerate(decks):
            used = Counter(data["hands"][seat]) + Counter(data["discards"][seat])
            if used - deck:
                return data["piles"]
            piles.append(sort_cards(list((deck - used).elements())))
    except (TypeError, KeyError, IndexError):
        return data["piles"]
    return piles
