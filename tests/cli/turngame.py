"""Haul: a small game with what the front ends must tell well, plugged in by manifest alone.

Seats take turns of up to two actions (``mark SQUARE``, ``draw``, ``storm``, ``pass``), so a
turn goes on across prompts; ``storm`` makes every seat draw two cards in a row (runs of
one event, told once in the counted form "North draws 2 cards."); a drawn card is seen by
its drawer only; the action that ends the game is told with the scoring, one line a seat.
The manifest declares a guide, counted forms, a game command and an advisor command.
Nothing of it exists outside the tests: the front ends must serve it through
``GamePlugin`` alone.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
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
from camelcade.core.plugin import GamePlugin, Ref, TerminalSlot
from camelcade.core.seen import Seen
from camelcade.core.words import Counted, and_list, t, tn

HAUL_ID = "haul"
SEAT_NAMES = ("North", "South", "East")
SQUARES = tuple(f"{column}{row}" for column in "abcde" for row in "12345")
ACTIONS_A_TURN = 2
STORM_DRAWS = 2
COUNTED = {"{seat} draws a card.": Counted("{seat} draws {count} card.",
                                           "{seat} draws {count} cards.")}


@dataclass(frozen=True, slots=True)
class Mark(Action):
    square: str

    def __str__(self) -> str:
        return f"mark {self.square}"


@dataclass(frozen=True, slots=True)
class Simple(Action):
    word: str

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Card(Action):
    value: int

    def __str__(self) -> str:
        return f"card {self.value}"


DRAW, STORM, PASS = Simple("draw"), Simple("storm"), Simple("pass")


class HaulState(State):
    def __init__(self, game: HaulGame) -> None:
        super().__init__(game)
        self.turn = 0
        self.turns_done = 0
        self.left = ACTIONS_A_TURN
        self.marks: dict[str, int] = {}
        self.cards: list[list[int]] = [[] for _ in range(game.players)]
        self.drawing: list[int] = []
        """Seats still to draw a card, first first."""

    # -- rules ----------------------------------------------------------------------------

    def _current_player(self) -> PlayerId:
        if self.drawing:
            return CHANCE
        if self.turns_done >= self.game.option("rounds") * self.game.players:
            return TERMINAL
        return self.turn

    def _legal_actions(self) -> Sequence[Action]:
        free = [Mark(square) for square in SQUARES if square not in self.marks]
        return [*free, DRAW, STORM, PASS]

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return [(Card(value), 1 / 3) for value in (1, 2, 3)]

    def _apply(self, action: Action) -> None:
        if isinstance(action, Card):
            self.cards[self.drawing.pop(0)].append(action.value)
            return
        if isinstance(action, Mark):
            self.marks[action.square] = self.turn
        elif action == DRAW:
            self.drawing.append(self.turn)
        elif action == STORM:
            self.drawing += [seat for seat in range(self.game.players)
                             for _ in range(STORM_DRAWS)]
        self.left = 0 if action == PASS else self.left - 1
        if self.left == 0:
            self.turn = (self.turn + 1) % self.game.players
            self.turns_done += 1
            self.left = ACTIONS_A_TURN

    def _parse_action(self, text: str) -> Action:
        if text in ("draw", "storm", "pass"):
            return Simple(text)
        found = re.fullmatch(r"(mark) ([a-e][1-5])|(card) ([1-3])", text)
        if found is None:
            raise ActionSyntaxError(f"cannot read {text!r}: an action is 'mark SQUARE' (a1 to "
                                    "e5), 'draw', 'storm' or 'pass'")
        return Mark(found[2]) if found[1] else Card(int(found[4]))

    def _scores(self) -> list[float]:
        return [float(sum(self.cards[seat]) + list(self.marks.values()).count(seat))
                for seat in range(self.game.players)]

    def _ranking(self) -> list[list[PlayerId]]:
        return rank_by_points(self._scores())

    def _seen_by_hook(self, action: Action) -> tuple[PlayerId, ...] | None:
        return (self.drawing[0],) if isinstance(action, Card) else None

    def _hidden_text(self, action: Action) -> str:
        return "card ?"

    def _observation(self, player: PlayerId) -> JSONDict:
        return {**self._public_observation(), "cards": list(self.cards[player])}

    def _public_observation(self) -> JSONDict:
        return {"turn": self.turn, "turns_done": self.turns_done, "left": self.left,
                "marks": dict(self.marks), "drawing": list(self.drawing),
                "held": [len(cards) for cards in self.cards]}

    def _resample(self, player: PlayerId, rng: random.Random) -> None:
        self.cards = [cards if seat == player else [rng.randint(1, 3) for _ in cards]
                      for seat, cards in enumerate(self.cards)]

    def _to_data(self) -> JSONDict:
        return {"turn": self.turn, "turns_done": self.turns_done, "left": self.left,
                "marks": dict(self.marks), "cards": [list(c) for c in self.cards],
                "drawing": list(self.drawing)}

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, HaulState)
        other.marks = dict(self.marks)
        other.cards = [list(cards) for cards in self.cards]
        other.drawing = list(self.drawing)

    # -- words --------------------------------------------------------------------------

    def _describe(self, player: PlayerId | None) -> str:
        lines = [t("Your turn, {count} of 2 actions left.", count=self.left)
                 if self.turn == player else
                 t("{seat}'s turn, {count} of 2 actions left.", seat=SEAT_NAMES[self.turn],
                   count=self.left)]
        marked = sorted(self.marks)
        lines.append(t("Marked: {squares}.", squares=and_list(marked)) if marked
                     else t("Nothing is marked yet."))
        if player is not None:
            lines.append(t("Your cards: {cards}.", cards=and_list([str(c) for c in
                                                                  self.cards[player]]))
                         if self.cards[player] else t("You hold no card."))
        return "\n".join(lines)

    def _describe_action(self, action: Action, player: PlayerId | None) -> str:
        told = self._sentence(action, player)
        after = self.clone()
        after._apply(action)
        if after._current_player() != TERMINAL:
            return told
        scores = after._scores()
        lines = [told, t("The game ends; the scoring:")]
        lines += [tn("You score {count} point.", "You score {count} points.", int(scores[seat]))
                  if seat == player else
                  tn("{seat} scores {count} point.", "{seat} scores {count} points.",
                     int(scores[seat]), seat=SEAT_NAMES[seat])
                  for seat in range(self.game.players)]
        return "\n".join(lines)

    def _sentence(self, action: Action, player: PlayerId | None) -> str:
        if isinstance(action, Card):
            seat = self.drawing[0]
            if seat == player:
                return t("You draw a {value}.", value=action.value)
            return t("{seat} draws a card.", seat=SEAT_NAMES[seat])
        you = self.turn == player
        name = SEAT_NAMES[self.turn]
        if isinstance(action, Mark):
            return (t("You mark {square}.", square=action.square) if you
                    else t("{seat} marks {square}.", seat=name, square=action.square))
        if action == DRAW:
            return t("You draw.") if you else t("{seat} draws.", seat=name)
        if action == STORM:
            return (t("You call a storm: everyone draws 2 cards.") if you
                    else t("{seat} calls a storm: everyone draws 2 cards.", seat=name))
        return t("You pass.") if you else t("{seat} passes.", seat=name)


class HaulGame(Game):
    id: ClassVar[str] = HAUL_ID
    title: ClassVar[str] = "Haul"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    default_players: ClassVar[int] = 2
    option_specs = (Option("rounds", 3, "1 to 10", integer(1, 10), "turns each seat takes"),)

    def new_state(self) -> HaulState:
        return HaulState(self)

    def _state_from_data(self, data: Any) -> State:
        keys = {"turn", "turns_done", "left", "marks", "cards", "drawing"}
        if not isinstance(data, dict) or set(data) != keys:
            raise StateError(f"a haul state has {', '.join(sorted(keys))}")
        state = HaulState(self)
        state.turn, state.turns_done, state.left = data["turn"], data["turns_done"], data["left"]
        state.marks = dict(data["marks"])
        state.cards = [list(c) for c in data["cards"]]
        state.drawing = list(data["drawing"])
        return state

    def _sample_state(self, observation: JSONDict, player: PlayerId, rng: random.Random) -> State:
        cards = [[rng.randint(1, 3) for _ in range(n)] for n in observation["held"]]
        cards[player] = list(observation["cards"])
        return self._state_from_data({
            "turn": observation["turn"], "turns_done": observation["turns_done"],
            "left": observation["left"], "marks": observation["marks"], "cards": cards,
            "drawing": observation["drawing"]})


# -- the terminal and the manifest ------------------------------------------------------


def seat_name(game: Game, seat: int) -> str:
    return SEAT_NAMES[seat]


def cards_command(seen: Seen[Any]) -> str:
    """Your cards and how many each other seat holds."""
    state = seen.state
    assert isinstance(state, HaulState)
    return t("You hold {count} cards.", count=len(state.cards[seen.seat]))


def tip_command(seen: Seen[Any]) -> str:
    """Which square the advisor would mark."""
    return f"HAUL TIP for seat {seen.seat}"


def guide(game: Game) -> str:
    return "\n".join([
        t("Haul: mark squares and draw cards; the most points win."),
        t("Each turn you take up to 2 actions."),
        t("mark c3: mark the square c3, worth 1 point."),
        t("draw: draw a card, worth its number."),
        t("storm: everyone draws 2 cards."),
        t("pass: end your turn."),
    ])


HAUL_PLUGIN = GamePlugin(
    id=HAUL_ID,
    game=Ref("tests.cli.turngame:HaulGame"),
    summary="Mark squares and draw cards, two actions a turn (a test game).",
    terminal=TerminalSlot(
        seat_name=Ref("tests.cli.turngame:seat_name"),
        commands={"cards": Ref("tests.cli.turngame:cards_command")},
        advisor_commands={"tip": Ref("tests.cli.turngame:tip_command")},
    ),
    guide=Ref("tests.cli.turngame:guide"),
    counted=Ref("tests.cli.turngame:COUNTED"),
)


@contextmanager
def plugged_in() -> Iterator[str]:
    """Haul registered for the block (as a fixture: ``with plugged_in() as game_id``)."""
    from camelcade.cli.hooks import terminal_hooks
    from camelcade.core import registry

    registry.register(HAUL_PLUGIN)
    terminal_hooks.cache_clear()
    try:
        yield HAUL_ID
    finally:
        registry.unregister(HAUL_ID)
        terminal_hooks.cache_clear()
