"""The ``caravan`` game object: options (the map among them), new states, loading, sampling."""

from __future__ import annotations

import json
import random
from typing import Any, ClassVar

from camelcade.core.errors import StateError
from camelcade.core.game import Game, State, Words
from camelcade.core.types import JSONDict, PlayerId
from camelcade.games.caravan import text
from camelcade.games.caravan.board import CaravanMap, load_map
from camelcade.games.caravan.position import CaravanPosition, Setup
from camelcade.games.caravan.spec import (
    COLOURS,
    NO_PROGRESS_OFF,
    OPTIONS,
    PRESETS,
    STOP_ROUND,
    goods_count,
)
from camelcade.games.caravan.state import CaravanState

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
    presets = PRESETS
    perfect_information: ClassVar[bool] = True
    """Nothing is hidden (see ``CaravanState._resample``)."""
    words: ClassVar[Words | None] = text
    rules_version: ClassVar[int] = 2
    """2: ``no_progress_rounds`` full rounds without a pick-up, delivery, theft or draw end
    the game (10 by default; decision CA18)."""

    @classmethod
    def saved_options(cls, options: JSONDict) -> JSONDict:
        """Options saved before rules version 2 lack ``no_progress_rounds``: those games had
        no such stop, so they replay with 0."""
        completed = dict(options)
        completed.setdefault("no_progress_rounds", NO_PROGRESS_OFF)
        return completed

    def _validate_options(self) -> None:
        """Resolve ``short_game``'s player-count default and load (and check) the map."""
        if self._options["short_game"] is None:
            self._options["short_game"] = self.players <= SHORT_GAME_MAX_PLAYERS
            self._key = json.dumps(self._options, sort_keys=True)
        self._board = load_map(str(self._options["map"]))
        self._setup = Setup(
            players=self.players,
            camels=int(self._options["camels"]),
            goods=goods_count(bool(self._options["short_game"])),
            stop_any_time=self._options["safety_stop"] == STOP_ROUND,
            demand_spaces=self._board.demand_spaces,
            no_progress_turns=int(self._options["no_progress_rounds"]) * self.players,
        )

    @property
    def board(self) -> CaravanMap:
        """The map in play: goods spaces, cities and the starting demand markers."""
        return self._board

    @property
    def setup(self) -> Setup:
        """The option values every position of this game is checked against."""
        return self._setup

    def new_state(self) -> CaravanState:
        """Demand markers are on their spaces; the eight goods are drawn as chance next."""
        return CaravanState(self, CaravanPosition.initial(self._setup))

    def _state_from_data(self, data: Any) -> State:
        return CaravanState(self, CaravanPosition.from_data(data, self._setup))

    def _sample_state(self, observation: JSONDict, player: PlayerId, rng: random.Random) -> State:
        """Caravan hides nothing: the observation is the position (the bag's contents are
        public, and its draws are chance nodes, so there is no order to resample)."""
        saved = CaravanPosition.saved_keys(self._setup)
        try:
            data = {key: observation[key] for key in saved}
        except (KeyError, TypeError) as error:
            raise StateError(f"not an observation of {self.id}: {error!r}") from None
        return self._state_from_data(data)
