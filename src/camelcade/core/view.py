"""What a bot is given: one seat's observation, its legal actions, and a sampler.

A ``View`` holds no reference to the true state, only the seat's observation, so a bot
cannot cheat by construction. ``sample_state`` asks the game to build a full state that
agrees with everything the seat has seen, hidden parts (others' hands, face-down bets,
the order of future draws) drawn from the caller's random generator: the determinisation
that ISMCTS and similar searches need.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from camelcade.core.action import Action
from camelcade.core.types import JSONDict, PlayerId

if TYPE_CHECKING:
    from camelcade.core.game import Game, State


@dataclass(frozen=True)
class View:
    """One seat's information state."""

    game: Game
    player: PlayerId
    current_player: PlayerId
    observation: JSONDict
    history: tuple[str, ...]
    """The actions so far as this seat saw them (hidden ones redacted)."""
    actions: tuple[Action, ...] = field(repr=False)

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions; empty when it is not this seat's turn."""
        return list(self.actions)

    def sample_state(self, rng: random.Random) -> State:
        """A full state consistent with this observation; hidden parts resampled.

        The sample is a position, not a replay: its ``history`` is empty.
        """
        return self.game._sample_state(self.observation, self.player, rng)
