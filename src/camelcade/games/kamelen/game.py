"""The ``kamelen`` game object: options, new states, loading positions and sampling."""

from __future__ import annotations

import random
from functools import cached_property
from typing import Any, ClassVar

from camelcade.core.errors import StateError
from camelcade.core.game import Game, State, Words
from camelcade.core.types import JSONDict, PlayerId
from camelcade.games.kamelen import text
from camelcade.games.kamelen.geometry import Geometry, geometry
from camelcade.games.kamelen.position import KamelenLayout
from camelcade.games.kamelen.spec import BOARDS, OPTIONS, PRESETS
from camelcade.games.kamelen.state import KamelenState


class KamelenGame(Game):
    """Fred Horn's Kamelen (1991): camels and dromedaries leaping for the enemy home field."""

    id: ClassVar[str] = "kamelen"
    title: ClassVar[str] = "Kamelen"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    option_specs = OPTIONS
    presets = PRESETS
    perfect_information: ClassVar[bool] = True
    words: ClassVar[Words] = text

    @cached_property
    def geometry(self) -> Geometry:
        """The board's squares, rocks, home fields and leap tables (shared, immutable)."""
        return geometry(BOARDS[self.option("board")], self.option("third_step"))

    def new_state(self) -> KamelenState:
        return KamelenState(self)

    def layout(self, data: Any) -> KamelenLayout:
        """``to_json()["state"]`` read and checked for this game (``StateError`` if bad)."""
        return KamelenLayout.from_data(data, self.geometry, self.option("no_capture_limit"))

    def _state_from_data(self, data: Any) -> State:
        return KamelenState.from_layout(self, self.layout(data))

    def state_from_position(self, text: str) -> KamelenState:
        """A state (with no history) from a one-line position; bad text raises StateError.

        See ``camelcade.games.kamelen.notation`` and ``docs/games/kamelen.md`` for the
        notation, e.g. ``game.state_from_position("... s 0 0")``.
        """
        return KamelenState.from_layout(self, self.layout({"position": text, "earlier": []}))

    def _sample_state(self, observation: JSONDict, player: PlayerId, rng: random.Random) -> State:
        """Kamelen has perfect information: the observation *is* the position."""
        try:
            data = {"position": observation["position"], "earlier": observation["earlier"]}
        except (KeyError, TypeError) as error:
            raise StateError(f"not an observation of {self.id}: {error!r}") from None
        return self._state_from_data(data)


def position_state(game: Game, text: str) -> KamelenState:
    """The position ``text`` as a fresh state of ``game``; bad text raises ``StateError``
    (the manifest's ``position`` slot: the command line's ``play --position``)."""
    if not isinstance(game, KamelenGame):
        raise StateError(f"position_state needs a kamelen game, got {game.id!r}")
    return game.state_from_position(text)
