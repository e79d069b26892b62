"""Two small games built so that a search's honesty and its tree's keys show in its choice.

**Coins** (two seats). North (seat 0) starts with ``safe`` (a 70% chance to win) or the
game's third opening (option ``third``), ``open`` or ``roll``:

- ``open``: South (seat 1) hides a coin (``hide heads``/``hide tails``, seen only by
  South; North's history says ``hide ?``), then North guesses it (``guess heads``,
  ``guess tails``: right wins, wrong loses) or folds (``fold``: a 60% chance to win).
  North cannot know the coin, so guessing is worth 50% and folding 60%; a search that
  reads the coin (or, planning ahead, assumes it will know it) guesses instead.
- ``roll``: a coin is tossed for all to see (``toss heads``/``toss tails``), then North
  calls it (``call heads``/``call tails``) and wins if the call matches: a sure win for
  a search that plans its call after the toss, a coin flip for one that does not tell
  the toss outcomes apart.

**Pick** (two seats): each seat in turn names a number, ``low 0``..``low 29`` or
``high 30``..``high 59`` (sixty actions of two kinds); the higher number wins, equal
numbers tie. Big enough to show progressive widening and action groups.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from camelcade.bots.evaluators import Evaluator
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
from camelcade.core.options import choice

SIDES = ("heads", "tails")
SAFE_WIN, FOLD_WIN = 0.7, 0.6


@dataclass(frozen=True, slots=True)
class Word(Action):
    """Every Coins action is a word or two: its text is its notation."""

    text: str

    def __str__(self) -> str:
        return self.text


DECISIONS: dict[str, tuple[str, ...]] = {
    "hide": tuple(f"hide {side}" for side in SIDES),
    "guess": (*(f"guess {side}" for side in SIDES), "fold"),
    "call": tuple(f"call {side}" for side in SIDES),
}
CHANCES: dict[str, tuple[tuple[str, float], ...]] = {
    "safe": (("safe win", SAFE_WIN), ("safe lose", 1 - SAFE_WIN)),
    "fold": (("fold win", FOLD_WIN), ("fold lose", 1 - FOLD_WIN)),
    "toss": (("toss heads", 0.5), ("toss tails", 0.5)),
}
MOVER = {"start": 0, "hide": 1, "guess": 0, "call": 0}


class CoinsState(State):
    def __init__(self, game: CoinsGame) -> None:
        super().__init__(game)
        self.phase = "start"
        self.coin: str | None = None
        """The hidden coin (South's secret)."""
        self.toss: str | None = None
        self.winner: int | None = None

    def _current_player(self) -> PlayerId:
        if self.winner is not None:
            return TERMINAL
        return CHANCE if self.phase in CHANCES else MOVER[self.phase]

    def _legal_actions(self) -> Sequence[Action]:
        if self.phase == "start":
            return [Word("safe"), Word(self.game.option("third"))]
        return [Word(text) for text in DECISIONS[self.phase]]

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return [(Word(text), odds) for text, odds in CHANCES[self.phase]]

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Word)
        verb, _, side = action.text.partition(" ")
        if self.phase == "start":
            self.phase = {"safe": "safe", "open": "hide", "roll": "toss"}[verb]
        elif verb == "hide":
            self.coin, self.phase = side, "guess"
        elif verb == "guess":
            self.winner = 0 if side == self.coin else 1
        elif verb == "fold" and self.phase == "guess":
            self.phase = "fold"
        elif verb == "toss":
            self.toss, self.phase = side, "call"
        elif verb == "call":
            self.winner = 0 if side == self.toss else 1
        else:  # the outcome of a 'safe' or 'fold' chance
            self.winner = 0 if side == "win" else 1

    def _parse_action(self, text: str) -> Action:
        known = {"safe", "open", "roll", *(t for words in DECISIONS.values() for t in words),
                 *(t for pairs in CHANCES.values() for t, _ in pairs)}
        if text not in known:
            raise ActionSyntaxError(f"no Coins action {text!r}; they are: {', '.join(known)}")
        return Word(text)

    def _scores(self) -> list[float]:
        return [float(self.winner == seat) for seat in range(2)]

    def _ranking(self) -> list[list[PlayerId]]:
        assert self.winner is not None
        return [[self.winner], [1 - self.winner]]

    def _seen_by_hook(self, action: Action) -> tuple[PlayerId, ...] | None:
        return (1,) if str(action).startswith("hide") else None

    def _hidden_text(self, action: Action) -> str:
        return "hide ?"

    def _observation(self, player: PlayerId) -> JSONDict:
        seen = self._public_observation()
        seen["coin"] = self.coin if player == 1 else None
        return seen

    def _public_observation(self) -> JSONDict:
        return {"phase": self.phase, "hidden": self.coin is not None, "toss": self.toss,
                "winner": self.winner}

    def _resample(self, player: PlayerId, rng: random.Random) -> None:
        if player != 1 and self.coin is not None:
            self.coin = SIDES[int(rng.random() * 2)]

    def _to_data(self) -> JSONDict:
        return {"phase": self.phase, "coin": self.coin, "toss": self.toss,
                "winner": self.winner}

    def _copy_into(self, other: State) -> None:
        return None

    def _describe(self, player: PlayerId | None) -> str:
        return f"Coins, {self.phase}."

    def _describe_action(self, action: Action, player: PlayerId | None) -> str:
        return f"{action}."


class CoinsGame(Game):
    id: ClassVar[str] = "coins-test"
    title: ClassVar[str] = "Coins"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    option_specs = (Option("third", "open", "open or roll", choice("open", "roll"),
                           "North's third opening: a hidden coin or a public toss"),)

    def new_state(self) -> CoinsState:
        return CoinsState(self)

    def _state_from_data(self, data: Any) -> State:
        if not isinstance(data, dict) or set(data) != {"phase", "coin", "toss", "winner"}:
            raise StateError("a Coins state holds phase, coin, toss and winner")
        state = CoinsState(self)
        state.phase, state.coin = data["phase"], data["coin"]
        state.toss, state.winner = data["toss"], data["winner"]
        return state

    def _sample_state(self, observation: JSONDict, player: PlayerId, rng: random.Random
                      ) -> State:
        coin = observation["coin"]
        if coin is None and observation["hidden"]:
            coin = SIDES[int(rng.random() * 2)]
        return self._state_from_data({"phase": observation["phase"], "coin": coin,
                                      "toss": observation["toss"],
                                      "winner": observation["winner"]})


@dataclass(frozen=True, slots=True)
class Low(Action):
    number: int

    def __str__(self) -> str:
        return f"low {self.number}"


@dataclass(frozen=True, slots=True)
class High(Action):
    number: int

    def __str__(self) -> str:
        return f"high {self.number}"


PICKS: tuple[Action, ...] = (*(Low(n) for n in range(30)), *(High(n) for n in range(30, 60)))


class PickState(State):
    def __init__(self, game: PickGame) -> None:
        super().__init__(game)
        self.picked: list[int] = []

    def _current_player(self) -> PlayerId:
        return TERMINAL if len(self.picked) == 2 else len(self.picked)

    def _legal_actions(self) -> Sequence[Action]:
        return PICKS

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        raise AssertionError("Pick has no chance")

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Low | High)
        self.picked.append(action.number)

    def _parse_action(self, text: str) -> Action:
        for action in PICKS:
            if str(action) == text:
                return action
        raise ActionSyntaxError(f"no Pick action {text!r}: low 0..low 29, high 30..high 59")

    def _scores(self) -> list[float]:
        return [float(n) for n in self.picked] + [0.0] * (2 - len(self.picked))

    def _ranking(self) -> list[list[PlayerId]]:
        """Higher pick first; equal picks share a place."""
        return [[seat for seat, n in enumerate(self.picked) if n == value]
                for value in sorted(set(self.picked), reverse=True)]

    def _observation(self, player: PlayerId) -> JSONDict:
        return {"picked": list(self.picked)}

    def _public_observation(self) -> JSONDict:
        return {"picked": list(self.picked)}

    def _to_data(self) -> JSONDict:
        return {"picked": list(self.picked)}

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, PickState)
        other.picked = list(self.picked)

    def _describe(self, player: PlayerId | None) -> str:
        return f"Picked {self.picked}."

    def _describe_action(self, action: Action, player: PlayerId | None) -> str:
        return f"{action}."


class PickGame(Game):
    id: ClassVar[str] = "pick-test"
    title: ClassVar[str] = "Pick"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    perfect_information: ClassVar[bool] = True

    def new_state(self) -> PickState:
        return PickState(self)

    def _state_from_data(self, data: Any) -> State:
        if not isinstance(data, dict) or not isinstance(data.get("picked"), list):
            raise StateError("a Pick state holds the numbers picked")
        state = PickState(self)
        state.picked = list(data["picked"])
        return state

    def _sample_state(self, observation: JSONDict, player: PlayerId, rng: random.Random
                      ) -> State:
        return self._state_from_data(observation)


def by_tens(action: Action) -> int:
    """Pick's own grouping, as a game would declare it: numbers by their tens."""
    assert isinstance(action, Low | High)
    return action.number // 10


class CountingEvaluator(Evaluator):
    """Values every leaf alike (one half each) and counts how often it was asked."""

    def __init__(self) -> None:
        self.calls = 0

    def evaluate(self, state: State, rng: random.Random) -> Sequence[float]:
        self.calls += 1
        return [0.5, 0.5]


def counting_evaluator(game: Game) -> CountingEvaluator:
    """The factory a manifest names: called with the game."""
    return CountingEvaluator()
