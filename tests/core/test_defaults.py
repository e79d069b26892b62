"""The hooks a perfect-information game may leave out: observations, sampling, copies,
the saved position and the ranking come from the core, and a game that hides something
is told to write them."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

import pytest

from camelcade.core import TERMINAL, Action, Game, PlayerId, State, StateError


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


class Tally(State):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.counts = [0] * game.players
        self.turn = 0

    def _current_player(self) -> PlayerId:
        return TERMINAL if sum(self.counts) >= 4 else self.turn

    def _legal_actions(self) -> Sequence[Action]:
        return [Pass()]

    def _apply(self, action: Action) -> None:
        self.counts[self.turn] += 1
        self.turn = (self.turn + 1) % self._game.players

    def _parse_action(self, text: str) -> Action:
        return Pass()

    def _scores(self) -> list[float]:
        return [float(count) for count in self.counts]


class Open(Game):
    id: ClassVar[str] = "open-tally"
    title: ClassVar[str] = "Tally"
    min_players, max_players, default_players = 2, 3, 3
    perfect_information: ClassVar[bool] = True

    def new_state(self) -> State:
        return Tally(self)


class Hidden(Open):
    id: ClassVar[str] = "hidden-tally"
    perfect_information: ClassVar[bool] = False


def test_a_perfect_information_game_gets_the_defaults() -> None:
    game = Open()
    state = game.new_state()
    state.apply(Pass())
    assert state.observation(1) == state.public_observation() == {"counts": [1, 0, 0],
                                                                  "turn": 1}
    copy = state.clone()
    copy.apply(Pass())
    assert state.observation(0)["counts"] == [1, 0, 0]  # the copy has its own list
    restored = game.state_from_json(state.to_json())
    assert restored == state
    sample = game.determinize(state, 0, random.Random(1))
    assert sample.observation(0) == state.observation(0)
    for _ in range(3):
        state.apply(Pass())
    assert state.ranking() == [[0], [1, 2]]


def test_the_default_saved_position_refuses_wrong_fields_and_types() -> None:
    game = Open()
    data = game.new_state().to_json()
    for wrong, says in (({"counts": [0, 0, 0]}, "exactly the fields counts, turn"),
                        ({"counts": [0, 0, 0], "turn": "0"},
                         "turn of a open-tally position must be of type int, got str")):
        with pytest.raises(StateError, match=says):
            game.state_from_json({**data, "state": wrong})


def test_a_game_that_hides_something_must_write_its_observations() -> None:
    state = Hidden().new_state()
    with pytest.raises(NotImplementedError, match="hidden-tally hides information: it must "
                                                  "write _observation"):
        state.observation(0)
