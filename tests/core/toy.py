"""Broken variants of the toy game (``tests/toygame``): each must be caught by the
conformance suite."""

from __future__ import annotations

import random
from collections.abc import Sequence

from camelcade.core import Action, JSONDict, PlayerId, State
from tests.toygame.game import Add, Deal, ToyGame, ToyState

__all__ = ["Add", "Deal", "ToyGame", "ToyState", "variant"]


class LeakyState(ToyState):
    """Broken: shows every secret to every seat."""

    def _observation(self, player: PlayerId) -> JSONDict:
        data = super()._observation(player)
        data["all_secrets"] = list(self.secrets)
        return data


class LeakyPublicState(ToyState):
    """Broken: spectators see seat 0's secret (which only seat 0 knows)."""

    def _public_observation(self) -> JSONDict:
        data = super()._public_observation()
        data["first_secret"] = self.secrets[0] if self.secrets else None
        return data


class SharedListState(ToyState):
    """Broken: a clone shares its secrets list with the original."""

    def _copy_into(self, other: State) -> None:
        pass


class BadOddsState(ToyState):
    """Broken: chance probabilities sum to more than 1."""

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return [(Deal(n), 0.5) for n in (1, 2, 3)]


class EndlessState(ToyState):
    """Broken: the total never grows, so the game never ends."""

    def _apply(self, action: Action) -> None:
        if isinstance(action, Deal):
            self.secrets.append(action.secret)
        else:
            self.turn = (self.turn + 1) % self.game.players


class CopiedSecretsState(ToyState):
    """Broken: determinisation keeps the other seats' true secrets (a leak to searches)."""

    def _resample(self, player: PlayerId, rng: random.Random) -> None:
        return None


class ResampledOwnSecretState(ToyState):
    """Broken: determinisation redraws the seat's own secret too."""

    def _resample(self, player: PlayerId, rng: random.Random) -> None:
        self.secrets = [rng.randint(1, 3) for _ in self.secrets]


class UnrankedState(ToyState):
    """Broken: the ranking leaves a seat out."""

    def _ranking(self) -> list[list[PlayerId]]:
        return [[0]]


def variant(state_class: type[ToyState]) -> ToyGame:
    """A toy game whose states are of ``state_class``."""
    cls = type(f"Toy{state_class.__name__}", (ToyGame,), {"state_class": state_class})
    game: ToyGame = cls()
    return game
