"""Nim: players take turns taking one to three stones from one pile; whoever takes the
last stone wins. Everything is in sight, so the core's defaults do the observations, the
sampling, the copies, the saved position and the ranking."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from camelcade.core import TERMINAL, Action, ActionSyntaxError, Game, Option, PlayerId, State
from camelcade.core.options import integer
from camelcade.core.words import N_, player_name, t, tn


@dataclass(frozen=True, slots=True)
class Take(Action):
    stones: int

    def __str__(self) -> str:
        return f"take {self.stones}"


class NimState(State):
    def __init__(self, game: NimGame) -> None:
        super().__init__(game)
        self.left: int = game.option("stones")
        self.turn = 0

    def _current_player(self) -> PlayerId:
        return TERMINAL if self.left == 0 else self.turn

    def _legal_actions(self) -> Sequence[Action]:
        return [Take(n) for n in range(1, min(3, self.left) + 1)]

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Take)
        self.left -= action.stones
        if self.left:
            self.turn = (self.turn + 1) % self._game.players

    def _parse_action(self, text: str) -> Action:
        if match := re.fullmatch(r"take ([1-3])", text):
            return Take(int(match[1]))
        raise ActionSyntaxError(t("Type take and one to three stones, as in take 2."))

    def _scores(self) -> list[float]:
        return [float(self.left == 0 and seat == self.turn) for seat in range(self._game.players)]

    def _describe(self, player: PlayerId | None) -> str:
        seat = player_name(self.turn)
        if self.left == 0:
            return t("{seat} took the last stone and wins.", seat=seat)
        left = tn("{count} stone is left.", "{count} stones are left.", self.left)
        turn = t("{seat} takes next.", seat=seat)
        return f"{left} {turn}"

    def _describe_action(self, action: Action, player: PlayerId | None) -> str:
        assert isinstance(action, Take)
        return tn("{seat} takes {count} stone.", "{seat} takes {count} stones.",
                  action.stones, seat=player_name(self.turn))


class NimGame(Game):
    id: ClassVar[str] = "nim"
    title: ClassVar[str] = "Nim"
    min_players, max_players, default_players = 2, 4, 2
    perfect_information: ClassVar[bool] = True
    option_specs = (Option("stones", 15, N_("5 to 40"), integer(5, 40), N_("stones in the pile")),)

    def new_state(self) -> NimState:
        return NimState(self)
