"""The ``caravan`` game object: options (the map among them), new states, loading, sampling."""

from __future__ import annotations

import json
import random
from typing import Any, ClassVar

from camelcade.core.errors import StateError
from camelcade.core.game import Game, State
from camelcade.core.types import JSONDict, PlayerId
from camelcade.games.caravan.board import CaravanMap, load_map
from camelcade.games.caravan.spec import COLOURS, OPTIONS
from camelcade.games.caravan.state import CaravanState
from camelcade.games.caravan.validate import FIELDS

SHORT_GAME_MAX_PLAYERS = 3
"""The short game is recommended, and the default, for 2-3 players (besettled)."""


class Caravan(Game):
    """Galleon Games' *Caravan* (2019) for 2-4 players: chains of camels carry goods."""

    id: ClassVar[str] = "caravan"
    title: ClassVar[str] = "Caravan"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = len(COLOURS)
    default_players: ClassVar[int] = 3
    option_specs = OPTIONS
    perfect_information: ClassVar[bool] = True

    def _validate_options(self) -> None:
        """Resolve ``short_game``'s player-count default and load (and check) the map."""
        if self._options["short_game"] is None:
            self._options["short_game"] = self.players <= SHORT_GAME_MAX_PLAYERS
            self._key = json.dumps(self._options, sort_keys=True)
        self._board = load_map(str(self._options["map"]))

    @property
    def board(self) -> CaravanMap:
        """The map in play: goods spaces, cities and the starting demand markers."""
        return self._board

    def new_state(self) -> CaravanState:
        """Demand markers are on their spaces; the eight goods are drawn as chance next."""
        return CaravanState(self)

    def _state_from_data(self, data: Any) -> State:
        state = CaravanState(self)
        state.load_data(data)
        return state

    def _sample_state(self, observation: JSONDict, player: PlayerId, rng: random.Random) -> State:
        """Caravan hides nothing: the observation is the position (the bag's contents are
        public, and its draws are chance nodes, so there is no order to resample)."""
        try:
            data = {key: observation[key] for key in FIELDS}
        except (KeyError, TypeError) as error:
            raise StateError(f"not an observation of {self.id}: {error!r}") from None
        return self._state_from_data(data)
