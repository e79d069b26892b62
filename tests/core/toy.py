"""A tiny game with chance and hidden information, used to test the core by itself.

Each seat is dealt a secret number 1-3 (chance, seat 0 first); then seats take turns adding
1 or 2 to a shared total. Whoever brings the total to ``target`` or more scores 5; every
seat adds its secret. Broken variants below must be caught by the conformance suite.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from camelcade.core import (
    CHANCE,
    TERMINAL,
    Action,
    ActionSyntaxError,
    Game,
    JSONDict,
    Option,
    PlayerId,
    State,
    StateError,
)
from camelcade.core.options import integer


@dataclass(frozen=True, slots=True)
class Deal(Action):
    secret: int

    def __str__(self) -> str:
        return f"deal {self.secret}"


@dataclass(frozen=True, slots=True)
class Add(Action):
    amount: int

    def __str__(self) -> str:
        return f"add {self.amount}"


class ToyState(State):
    def __init__(self, game: ToyGame) -> None:
        super().__init__(game)
        self.secrets: list[int] = []
        self.total = 0
        self.turn = 0
        self.reached: int | None = None

    def _current_player(self) -> PlayerId:
        if self.reached is not None:
            return TERMINAL
        if len(self.secrets) < self.game.players:
            return CHANCE
        return self.turn

    def _legal_actions(self) -> Sequence[Action]:
        return [Add(1), Add(2)]

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return [(Deal(n), 1 / 3) for n in (1, 2, 3)]

    def _apply(self, action: Action) -> None:
        if isinstance(action, Deal):
            self.secrets.append(action.secret)
            return
        assert isinstance(action, Add)
        self.total += action.amount
        if self.total >= self.game.option("target"):
            self.reached = self.turn
        self.turn = (self.turn + 1) % self.game.players

    def _parse_action(self, text: str) -> Action:
        match = re.fullmatch(r"(deal|add) ([1-3])", text)
        if not match:
            raise ActionSyntaxError(f"cannot read {text!r}: expected 'add 1', 'add 2' or 'deal N'")
        number = int(match[2])
        return Deal(number) if match[1] == "deal" else Add(number)

    def _scores(self) -> list[float]:
        scores = [float(s) for s in self.secrets] + [0.0] * (self.game.players - len(self.secrets))
        if self.reached is not None:
            scores[self.reached] += 5
        return scores

    def _winners(self) -> list[PlayerId]:
        scores = self._scores()
        return [p for p, s in enumerate(scores) if s == max(scores)]

    def _seen_by_hook(self, action: Action) -> tuple[PlayerId, ...] | None:
        return (len(self.secrets),) if isinstance(action, Deal) else None

    def _hidden_text(self, action: Action) -> str:
        return "deal ?"

    def _observation(self, player: PlayerId) -> JSONDict:
        secret = self.secrets[player] if player < len(self.secrets) else None
        return {"total": self.total, "turn": self.turn, "dealt": len(self.secrets),
                "secret": secret, "reached": self.reached}

    def _public_observation(self) -> JSONDict:
        return {"total": self.total, "turn": self.turn, "dealt": len(self.secrets),
                "reached": self.reached}

    def _to_data(self) -> JSONDict:
        return {"secrets": list(self.secrets), "total": self.total, "turn": self.turn,
                "reached": self.reached}

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, ToyState)
        other.secrets = list(self.secrets)

    def _describe(self, player: PlayerId | None) -> str:
        return f"Total {self.total}; seat {self.turn} to add."

    def _describe_action(self, action: Action, player: PlayerId | None) -> str:
        return f"Seat {self.turn} plays {action}."


class ToyGame(Game):
    id: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 3
    default_players: ClassVar[int] = 2
    option_specs = (Option("target", 7, "4 to 20", integer(4, 20)),)
    state_class: ClassVar[type[ToyState]] = ToyState

    def new_state(self) -> ToyState:
        return self.state_class(self)

    def _state_from_data(self, data: Any) -> State:
        if not isinstance(data, dict) or set(data) != {"secrets", "total", "turn", "reached"}:
            raise StateError("toy state needs secrets, total, turn and reached")
        state = self.state_class(self)
        state.secrets = list(data["secrets"])
        state.total, state.turn, state.reached = data["total"], data["turn"], data["reached"]
        return state

    def _sample_state(self, observation: JSONDict, player: PlayerId, rng: random.Random) -> State:
        secrets = [rng.randint(1, 3) for _ in range(observation["dealt"])]
        if observation["secret"] is not None:
            secrets[player] = observation["secret"]
        return self._state_from_data({"secrets": secrets, "total": observation["total"],
                                      "turn": observation["turn"],
                                      "reached": observation["reached"]})


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


def variant(state_class: type[ToyState]) -> ToyGame:
    """A toy game whose states are of ``state_class``."""
    cls = type(f"Toy{state_class.__name__}", (ToyGame,), {"state_class": state_class})
    game: ToyGame = cls()
    return game
