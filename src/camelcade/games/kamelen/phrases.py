"""The small words of Kamelen, shared by the position text, the narration, the guide, the
terminal and the web board: the sides' names, the animals, square lists, home fields.

Every function returns a whole message made with ``camelcade.core.words`` (so the
translations replace sentences, not fragments) and takes the listener: ``player`` is the
seat hearing it (None: a spectator). The listener's own side is "you" and their things
"your", written as messages of their own ("Your camel ...", never "South (you)'s").

Animal nouns (``animal``) go into sentences as the ``{animal}`` placeholder. That is safe
in the languages planned (German, French, Danish): camel and dromedary have the same
gender in each (Kamel/Dromedar, chameau/dromadaire, kamel/dromedar), so the sentence
around them never changes with the animal.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from camelcade.core.seen import Seen
from camelcade.core.types import PlayerId
from camelcade.core.words import Sentence, and_list, t
from camelcade.games.kamelen.actions import Move
from camelcade.games.kamelen.geometry import square_name
from camelcade.games.kamelen.spec import CAMEL, OWNER

if TYPE_CHECKING:  # the rules' reasons (reasons.py, read by the state) use these words too
    from camelcade.games.kamelen.state import KamelenState


def side(seat: PlayerId) -> Sentence:
    """The side's name: seat 0 is South (moves first, ranks 1-3), seat 1 North."""
    return t("South") if seat == 0 else t("North")


def animal(code: int) -> Sentence:
    """"camel" or "dromedary" for a piece code of either side."""
    return t("camel") if code in CAMEL else t("dromedary")


def squares(found: Iterable[int]) -> str:
    """"c2, e2 and g2": square names in the order given, as a list in words."""
    return and_list([square_name(square) for square in found])


def home(state: KamelenState, seat: PlayerId) -> str:
    """The name of ``seat``'s home field: f1 for South, f11 (f12, f13) for North."""
    return square_name(state.geometry.homes[seat])


def home_field(state: KamelenState, seat: PlayerId, player: PlayerId | None) -> Sentence:
    """"your home field f1" or "North's home field f11", as the listener hears it."""
    if seat == player:
        return t("your home field {square}", square=home(state, seat))
    return t("{side}'s home field {square}", side=side(seat), square=home(state, seat))


def home_of(seat: PlayerId, player: PlayerId | None) -> Sentence:
    """"your home field" or "North's home field", without the square."""
    return t("your home field") if seat == player else t("{side}'s home field", side=side(seat))


def piece(code: int, player: PlayerId | None) -> Sentence:
    """"your camel", "North's dromedary", "a rock" or "empty": what stands on a square."""
    owner = OWNER[code]
    if owner is None:
        return t("a rock") if code else t("empty")
    if owner == player:
        return t("your {animal}", animal=animal(code))
    return t("{side}'s {animal}", side=side(owner), animal=animal(code))


def raiders(state: KamelenState, seat: PlayerId) -> list[int]:
    """``seat``'s camels able to reach the enemy home field (on its colour), by square."""
    geo, cells = state.geometry, state.cells
    return [s for s in state.animal_squares[seat] if geo.attacker(seat, cells[s], s)]


def last_move(seen: Seen[KamelenState]) -> Move | None:
    """The move just made (None at the start, after a pass, or in a loaded position), read
    from the history the viewer saw (every Kamelen move is public)."""
    history = seen.history
    if not history:
        return None
    action = seen.state.parse_action(history[-1])
    return action if isinstance(action, Move) else None
