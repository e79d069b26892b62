"""A tiny game with chance and hidden information, used to test the core by itself.

Each seat is dealt a secret number 1-3 (chance, seat 0 first); then seats take turns adding
1 or 2 to a shared total. Whoever brings the total to ``target`` or more scores 5; every
seat adds its secret. Ties on points are broken by who reached the target. Broken variants
in ``tests/core/toy.py`` must be caught by the conformance suite.
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
    rank_by_points,
)
from camelcade.core.options import integer

TOY_ID = "toy"
SEAT_NAMES = ("North", "South", "East")


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

    def _ranking(self) -> list[list[PlayerId]]:
        groups = []
        for group in rank_by_points(self._scores()):
            first = [p for p in group if p == self.reached]
            groups += [first, [p for p in group if p != self.reached]]
        return [group for group in groups if group]

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

    def _resample(self, player: PlayerId, rng: random.Random) -> None:
        self.secrets = [s if seat == player else rng.randint(1, 3)
                        for seat, s in enumerate(self.secrets)]

    def _to_data(self) -> JSONDict:
        return {"secrets": list(self.secrets), "total": self.total, "turn": self.turn,
                "reached": self.reached}

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, ToyState)
        other.secrets = list(self.secrets)

    def _describe(self, player: PlayerId | None) -> str:
        text = f"Total {self.total}; {SEAT_NAMES[self.turn]} to add."
        if player is not None and player < len(self.secrets):
            text += f" Your secret is {self.secrets[player]}."
        return text

    def _describe_action(self, action: Action, player: PlayerId | None) -> str:
        if isinstance(action, Deal):
            seat = len(self.secrets)
            told = f"{action.secret}" if player == seat else "a secret"
            return f"{SEAT_NAMES[seat]} is dealt {told}."
        return f"{SEAT_NAMES[self.turn]} plays {action}."


class ToyGame(Game):
    id: ClassVar[str] = TOY_ID
    title: ClassVar[str] = "Toy"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 3
    default_players: ClassVar[int] = 2
    option_specs = (Option("target", 7, "4 to 20", integer(4, 20), "the total that ends it"),)
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

    def state_from_position(self, text: str) -> ToyState:
        """``"TOTAL TURN s1,s2"``: the toy's one-line position notation."""
        match = re.fullmatch(r"(\d+) (\d) ([1-3](?:,[1-3])*)", text.strip())
        if match is None:
            raise StateError(f"cannot read toy position {text!r}: expected 'TOTAL TURN s1,s2'")
        secrets = [int(s) for s in match[3].split(",")]
        if len(secrets) != self.players or int(match[2]) >= self.players:
            raise StateError(f"toy position {text!r} does not fit {self.players} seats")
        state = self._state_from_data({"secrets": secrets, "total": int(match[1]),
                                       "turn": int(match[2]), "reached": None})
        assert isinstance(state, ToyState)
        return state
