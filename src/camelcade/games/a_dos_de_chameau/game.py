"""The ``a-dos-de-chameau`` game object: options, new states, loading and sampling."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, ClassVar

from camelcade.core.errors import StateError
from camelcade.core.game import Game, State, Words
from camelcade.core.types import JSONDict, PlayerId
from camelcade.games.a_dos_de_chameau import text
from camelcade.games.a_dos_de_chameau.position import PUBLIC_FIELDS, ADosPosition
from camelcade.games.a_dos_de_chameau.spec import COLOURS, OPTIONS, PRESETS, card_set, sort_cards
from camelcade.games.a_dos_de_chameau.state import ADosState


class ADosDeChameau(Game):
    """A card-driven race to the oasis for 2-4 players (HABA's *Karawane*, adapted)."""

    id: ClassVar[str] = "a-dos-de-chameau"
    title: ClassVar[str] = "A dos de Chameau"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = len(COLOURS)
    default_players: ClassVar[int] = 4
    option_specs = OPTIONS
    presets = PRESETS
    words: ClassVar[Words] = text

    def new_state(self) -> ADosState:
        return ADosState(self)

    def _state_from_data(self, data: Any) -> State:
        position = ADosPosition.from_data(data, players=self.players, deck=self._deck())
        return ADosState.from_position(self, position)

    def _deck(self) -> Counter[str]:
        return card_set(self.option("oasis_cards"))

    def _sample_state(self, observation: JSONDict, player: PlayerId, rng: random.Random) -> State:
        """Deal every other seat's unseen cards (hand and pile) afresh from what it can hold.

        A seat knows its own twelve cards, its hand, and every card played face up; the
        others' hands are a uniform draw from their cards not yet played. The layout made
        is checked like any loaded one: an observation may come from the network.
        """
        try:
            deck = self._deck()
            hands, piles = [], []
            for seat in range(self.players):
                if seat == player:
                    hands.append(list(observation["hand"]))
                    piles.append(list(observation["pile"]))
                    continue
                unseen = list((deck - Counter(observation["discards"][seat])).elements())
                rng.shuffle(unseen)
                size = observation["hand_sizes"][seat]
                hands.append(sort_cards(unseen[:size]))
                piles.append(sort_cards(unseen[size:]))
            data = {key: observation[key] for key in PUBLIC_FIELDS}
        except (KeyError, TypeError, IndexError) as error:
            raise StateError(f"not an observation of {self.id}: {error!r}") from None
        data.update(hands=hands, piles=piles)
        return self._state_from_data(data)
