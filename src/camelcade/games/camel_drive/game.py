"""The ``camel-drive`` game object: options, new states, loading and sampling."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from camelcade.core.errors import StateError
from camelcade.core.game import Game, State
from camelcade.core.types import JSONDict, PlayerId
from camelcade.games.camel_drive.spec import CARD_VALUES, COPIES, DECK_SIZE, OPTIONS
from camelcade.games.camel_drive.state import CamelDriveState

PUBLIC_FIELDS = (
    "race", "start", "phase", "turn", "positions", "opened", "first", "bets", "bet_queue",
    "interjections", "scores", "tops", "pending", "racers", "winners", "last_race",
)


class CamelDrive(Game):
    """Race your camel to finish *second*; bet on who will (Gottwald, 2020 prototype)."""

    id: ClassVar[str] = "camel-drive"
    title: ClassVar[str] = "Camel Drive"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    option_specs = OPTIONS

    def new_state(self) -> CamelDriveState:
        return CamelDriveState(self)

    def _state_from_data(self, data: Any) -> State:
        state = CamelDriveState(self)
        state.load_data(data)
        return state

    def _sample_state(self, observation: JSONDict, player: PlayerId, rng: random.Random) -> State:
        """Split each deck afresh between pile and discards, keeping the top discard.

        Nobody may look through a discard pile, so all a seat knows of a deck is the pile
        size and the top discard; the other discards are a uniform draw from the rest.
        """
        try:
            data = {key: observation[key] for key in PUBLIC_FIELDS}
            piles, discards = [], []
            for top, pile_size, discard_size in zip(
                observation["tops"], observation["pile_sizes"], observation["discard_sizes"],
                strict=True,
            ):
                if pile_size + discard_size != DECK_SIZE:
                    raise StateError(f"a deck holds {DECK_SIZE} cards, not "
                                     f"{pile_size + discard_size}")
                unseen = [v for v in CARD_VALUES for _ in range(COPIES)]
                pile, gone = [0] * len(CARD_VALUES), [0] * len(CARD_VALUES)
                if top is not None:
                    unseen.remove(top)
                    gone[top] += 1
                rng.shuffle(unseen)
                for index, value in enumerate(unseen):
                    if index < discard_size - (top is not None):
                        gone[value] += 1
                    else:
                        pile[value] += 1
                piles.append(pile)
                discards.append(gone)
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, StateError):
                raise
            raise StateError(f"not an observation of {self.id}: {error!r}") from None
        data.update(piles=piles, discards=discards)
        return self._state_from_data(data)
