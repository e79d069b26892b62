"""What a bot is given: one seat's observation and history, its legal actions, a sampler.

A ``View`` is read through the seat's own observation, its redacted history and its
legal actions, never the true state, so a bot cannot see what its seat may not. It is made
in constant time: the observation and the history are read from the position only when a
bot first asks for them, which must be while the position is still the one the view was
made for. When the position changes the view *lapses*: what was read stays readable, the
rest raises ``StaleViewError`` — a bot reads its view while choosing, as every driver
(``cc.play``, the server, tournaments) asks it to.

``sample_state`` draws a full state that agrees with everything the seat has seen, hidden
parts (others' hands, face-down bets, the order of future draws) redrawn from the caller's
random generator: the determinisation ISMCTS and similar searches need. The first call
makes a template — a determinised copy of the position, so it holds nothing hidden — and
each call then costs one ``Game.determinize`` of it: a clone and the redraw, no JSON.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

from camelcade.core.action import Action
from camelcade.core.errors import CamelcadeError
from camelcade.core.types import JSONDict, PlayerId

if TYPE_CHECKING:
    from camelcade.core.game import Game, State


class StaleViewError(CamelcadeError):
    """A view was read after the position it was made for had changed."""


class SeatHistory(Sequence[str]):
    """A seat's history text up to one moment: a prefix of the state's own record of it.

    The state extends each viewer's text only when it is read and never rewrites an entry,
    so the first ``length`` entries of that list stay exact however far the game goes on.
    """

    __slots__ = ("_length", "_texts")

    def __init__(self, texts: Sequence[str], length: int) -> None:
        self._texts = texts
        self._length = length

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        if isinstance(index, slice):
            return tuple(self._texts[: self._length][index])
        if not -self._length <= index < self._length:
            raise IndexError("history index out of range")
        return self._texts[index % self._length]

    def __iter__(self) -> Iterator[str]:
        texts = self._texts
        return (texts[i] for i in range(self._length))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            if len(other) != self._length:
                return False
            return all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"SeatHistory({list(self)!r})"


class View:
    """One seat's information state (see the module docstring)."""

    __slots__ = ("_cell", "_history", "_observation", "_template", "actions",
                 "current_player", "game", "player")

    def __init__(
        self,
        game: Game,
        player: PlayerId,
        current_player: PlayerId,
        actions: tuple[Action, ...] = (),
        *,
        observation: JSONDict | None = None,
        history: Sequence[str] = (),
    ) -> None:
        self.game = game
        self.player = player
        self.current_player = current_player
        self.actions = actions
        self._observation = observation
        self._history: Sequence[str] | None = tuple(history)
        self._cell: list[State | None] | None = None
        self._template: State | None = None

    @classmethod
    def from_observation(cls, game: Game, player: PlayerId, current_player: PlayerId,
                         observation: JSONDict, history: Sequence[str] = (),
                         actions: Sequence[Action] = ()) -> View:
        """A view built from data alone (what a server sent): it samples through the
        game's observation loader once, then determinises that template."""
        return cls(game, player, current_player, tuple(actions), observation=observation,
                   history=history)

    @property
    def _source(self) -> State | None:
        """The position this view was made for while it is still that position, else None.

        A live view reads it through the state's cell (``State._live``), which the state
        empties when the position changes: one store lapses every view of a position.
        """
        cell = self._cell
        return None if cell is None else cell[0]

    def _live(self, what: str) -> State:
        source = self._source
        if source is None:
            raise StaleViewError(
                f"this view's {what} was not read before the game moved on; a bot reads "
                f"its view while choosing"
            )
        return source

    @property
    def observation(self) -> JSONDict:
        """All this seat may see, as JSON-safe data (read once, then kept)."""
        try:
            found = self._observation
        except AttributeError:  # a live view reads it on first use
            found = None
        if found is None:
            found = self._observation = self._live("observation")._observation(self.player)
        return found

    @property
    def history(self) -> Sequence[str]:
        """The actions so far as this seat saw them (hidden ones redacted)."""
        try:
            found = self._history
        except AttributeError:  # a live view reads it on first use
            found = None
        if found is None:  # read while live: the history is as long as when it was made
            source = self._live("history")
            found = self._history = SeatHistory(source._history_text(self.player),
                                                len(source._history))
        return found

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions; empty when it is not this seat's turn."""
        return list(self.actions)

    def sample_state(self, rng: random.Random) -> State:
        """A full state consistent with this seat's information; hidden parts redrawn.

        The sample is a position, not a replay: its ``history`` is empty.
        """
        try:
            template = self._template
        except AttributeError:  # a live view makes it on first use
            template = None
        if template is None:
            observation = getattr(self, "_observation", None)
            if self._source is None and observation is not None:
                template = self.game._sample_state(observation, self.player, rng)
            else:
                template = self.game.determinize(self._live("position"), self.player, rng)
            self._template = template
        return self.game.determinize(template, self.player, rng)

    def __repr__(self) -> str:
        return (f"View(game={self.game!r}, player={self.player}, "
                f"current_player={self.current_player})")

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (sent to another process) as the data it holds, read now."""
        return (View.from_observation, (self.game, self.player, self.current_player,
                                        self.observation, tuple(self.history), self.actions))


class LiveView(View):
    """A view of a live position (``State.view``): made in constant time, reading nothing.

    Only the fields every bot needs are set; the observation, the history text and the
    sampling template are read from the position on first use (see ``View``).
    """

    __slots__ = ()

    def __init__(self, state: State, player: PlayerId, current_player: PlayerId,
                 actions: tuple[Action, ...]) -> None:
        self.game = state._game
        self.player = player
        self.current_player = current_player
        self.actions = actions
        cell = state._live  # the cell all views of this position share (``State._live``)
        if cell is None:
            cell = state._live = [state]
        self._cell = cell
