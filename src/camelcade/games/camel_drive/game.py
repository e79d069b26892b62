"""The ``camel-drive`` game object: options, new states, loading and sampling."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from camelcade.core.errors import StateError
from camelcade.core.game import Game, Words
from camelcade.core.types import JSONDict, PlayerId
from camelcade.games.camel_drive import text
from camelcade.games.camel_drive.deck import COUNTS, DISCARDS, PILES, draw_pile
from camelcade.games.camel_drive.position import Position
from camelcade.games.camel_drive.spec import DECK_SIZE, OPTIONS, PRESETS
from camelcade.games.camel_drive.state import CamelDriveState


class CamelDrive(Game):
    """Race your camel to finish *second*; bet on who will (Gottwald, 2020 prototype)."""

    id: ClassVar[str] = "camel-drive"
    title: ClassVar[str] = "Camel Drive"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    option_specs = OPTIONS
    presets = PRESETS
    rules_version: ClassVar[int] = 2
    """2: with 2-3 players the start passes from player to player (``start_rotation``)."""
    words: ClassVar[Words | None] = text

    @classmethod
    def saved_options(cls, options: JSONDict) -> JSONDict:
        """Options saved before rules version 2 lack ``start_rotation``: those games rotated
        the start per camel, so they replay with ``"camel"``."""
        completed = dict(options)
        completed.setdefault("start_rotation", "camel")
        return completed

    def new_state(self) -> CamelDriveState:
        return CamelDriveState(self)

    def _state_from_data(self, data: Any) -> CamelDriveState:
        return CamelDriveState(self, Position.from_data(data, self))

    def _sample_state(self, observation: JSONDict, player: PlayerId, rng: random.Random
                      ) -> CamelDriveState:
        """Each deck drawn afresh from its pile size and top discard (``deck.draw_pile``).

        Nobody may look through a discard pile, so all a seat knows of a deck is the pile
        size and the top discard; the other discards are a uniform draw from the rest.
        """
        try:
            data = {key: observation[key] for key in Position.public_keys()}
            piles, discards = [], []
            for top, pile_size, discard_size in zip(
                observation["tops"], observation["pile_sizes"], observation["discard_sizes"],
                strict=True,
            ):
                if pile_size + discard_size != DECK_SIZE:
                    raise StateError(f"a deck holds {DECK_SIZE} cards, not "
                                     f"{pile_size + discard_size}")
                if (top, pile_size) not in PILES:
                    raise StateError(f"a deck with top discard {top} cannot have "
                                     f"{pile_size!r} cards in its pile")
                code = draw_pile(top, pile_size, rng)
                piles.append(list(COUNTS[code]))
                discards.append(list(DISCARDS[code]))
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, StateError):
                raise
            raise StateError(f"not an observation of {self.id}: {error!r}") from None
        data.update(piles=piles, discards=discards)
        return self._state_from_data(data)
