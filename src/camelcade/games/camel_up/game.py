"""The ``camel-up`` game object: options, player counts, new states, loading and sampling."""

from __future__ import annotations

import random
from functools import cache
from typing import Any, ClassVar

from camelcade.core.errors import OptionError, StateError
from camelcade.core.game import Game, State, Words
from camelcade.core.types import JSONDict, PlayerId
from camelcade.core.words import t
from camelcade.games.camel_up import text
from camelcade.games.camel_up.actions import PILES
from camelcade.games.camel_up.position import PUBLIC_KEYS, CamelUpPosition
from camelcade.games.camel_up.spec import EDITIONS, MAX_PLAYERS, MIN_PLAYERS, OPTIONS, PRESETS
from camelcade.games.camel_up.state import CamelUpState


@cache
def _start_of(game: CamelUp) -> CamelUpState:
    """One start position per game and options (games are equal by id and options)."""
    return CamelUpState(game)


class CamelUp(Game):
    """The camel race with betting, for 3-8 players (2nd edition) or 2-8 (1st edition).

    ``min_players`` is the official range of the default (2nd) edition; 2 players are
    accepted with ``edition=1`` or ``unofficial_two_player=True``.
    """

    id: ClassVar[str] = "camel-up"
    title: ClassVar[str] = "Camel Up"
    min_players: ClassVar[int] = EDITIONS[2].min_players
    max_players: ClassVar[int] = MAX_PLAYERS
    default_players: ClassVar[int] = 4
    option_specs = OPTIONS
    presets = PRESETS
    words: ClassVar[Words | None] = text

    def _check_players(self, players: int | str | None) -> int:
        if isinstance(players, str) and players.strip().isdigit():
            players = int(players.strip())
        if players is None:
            return self.default_players
        if isinstance(players, bool) or not isinstance(players, int) or not (
                MIN_PLAYERS <= players <= MAX_PLAYERS):
            raise OptionError(t("{game} is played by 3 to 8 players (2 with edition=1 or "
                                "unofficial_two_player=True), not {value}",
                                game=self.title, value=repr(players)))
        return players

    def _validate_options(self) -> None:
        edition = EDITIONS[self.option("edition")]
        two_ok = edition.min_players <= 2 or self.option("unofficial_two_player")
        if self.players < edition.min_players and not two_ok:
            raise OptionError(t("{game} (edition {edition}) is played by {low} to {high} "
                                "players; 2 players need unofficial_two_player=True (or "
                                "edition=1)", game=self.title, edition=edition.number,
                                low=edition.min_players, high=edition.max_players))

    def new_state(self) -> CamelUpState:
        """The start (before setup), copied from one kept per game: playouts start many."""
        return _start_of(self).clone()

    def _state_from_data(self, data: Any) -> State:
        return CamelUpState(self, self.position_from_data(data))

    def position_from_data(self, data: Any) -> CamelUpPosition:
        """The validated layout of a saved position (``to_json()["state"]``)."""
        return CamelUpPosition.from_data(data, edition=EDITIONS[self.option("edition")],
                                         players=self.players)

    def _sample_state(self, observation: JSONDict, player: PlayerId, rng: random.Random) -> State:
        """A state from ``player``'s observation: the others' face-down cards dealt afresh.

        Everything but the colours of others' face-down finish cards is public. Each such
        card is first given a colour its owner still has, so the layout is complete and
        is validated like any saved position; then the state's own resampler redraws
        them, as ``determinize`` does.
        """
        try:
            racing = EDITIONS[self.option("edition")].racing
            piles = {name: [list(card) for card in observation["piles"][name]]
                     for name in PILES}
            hands: list[list[str]] = []
            for seat in range(self.players):
                if seat == player:
                    hands.append(list(observation["hand"]))
                    continue
                cards = [card for name in PILES for card in piles[name] if card[0] == seat]
                known = {card[1] for card in cards if card[1] is not None}
                free = [c for c in racing if c not in known]
                hidden = [card for card in cards if card[1] is None]
                for card, colour in zip(hidden, free, strict=False):
                    card[1] = colour
                hands.append(free[len(hidden):])
            data = {key: observation[key] for key in PUBLIC_KEYS}
        except (KeyError, TypeError, IndexError, ValueError) as error:
            raise StateError(f"not an observation of {self.id}: {error!r}") from None
        data.update(hands=hands, piles=piles)
        state = CamelUpState(self, self.position_from_data(data))
        state._resample(player, rng)
        return state
