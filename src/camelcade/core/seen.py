"""What a presenter is given: one viewer's view of a position, never the true state.

Everything that turns a position into something a person or a learner reads — the words
(``Game.words``), the terminal board and a game's prompt commands (``TerminalSlot``), the
web layout (``WebSlot.layout``), the learning tensor — takes a :class:`Seen`. It holds:

- ``role``: the seat it is made for, or None for a spectator;
- ``state``: a copy of the position with everything ``role`` may not see redrawn
  (``Game.determinize``: for a spectator, redrawn for two seats in turn, so nothing
  private to any seat is left) and an empty history. A presenter reads the position
  from it as it always has, and whatever it reads is true or a guess — never a secret;
- ``history``: the actions so far as ``role`` saw them (hidden ones redacted);
- ``actions``: ``role``'s legal actions (empty unless it is to move), and
  ``current_player``;
- ``after(action)``: the position after a legal ``action``, redrawn the same way — what
  a sentence about an action says comes next ("the oasis is full").

The true state reaches only the rules, the server's authority and the record: a
presenter typed ``Seen`` cannot be handed it, and ``check_game`` redraws what the viewer
cannot see with several seeds and requires every presenter's output unchanged.

The server, the terminal and the learning wrappers make one ``Seen`` per position and
viewer; the copy costs one ``determinize`` (a clone and the redraw, no JSON). The redraw
uses a fixed seed, so a presenter's output is reproducible whatever it reads.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Generic, TypeVar, cast

from camelcade.core.action import Action
from camelcade.core.errors import CamelcadeError
from camelcade.core.types import JSONDict, PlayerId
from camelcade.core.view import SeatHistory, StaleViewError

if TYPE_CHECKING:
    from camelcade.core.game import Game, State

S = TypeVar("S", bound="State", covariant=True)
S2 = TypeVar("S2", bound="State")

REDRAW_SEED = 30
"""The seed of the redraw behind every ``Seen``: output is the same run after run."""
GIVEN_TRIES = 200
"""Redraws tried for a copy in which an action being described is legal (``Seen._given``);
each succeeds with the chance that a hand holds the card played, so a few suffice."""


def redrawn(state: S2, role: PlayerId | None, rng: random.Random) -> S2:
    """A copy of ``state`` holding nothing ``role`` (None: a spectator) may not see.

    A seat's copy is ``Game.determinize``. A spectator's is determinised for seat 0, then
    that copy for seat 1: the first redraws all but seat 0's own secrets, the second
    those, so what is left of the true position is what every seat knows.
    """
    game = state.game
    if role is not None:
        return cast(S2, game.determinize(state, role, rng))
    copy = game.determinize(state, 0, rng)
    return cast(S2, game.determinize(copy, 1, rng) if game.players > 1 else copy)


class Seen(Generic[S]):
    """One viewer's view of one position (see the module docstring)."""

    __slots__ = ("__moves", "__seed", "__source", "_observation", "actions",
                 "current_player", "game", "history", "role", "state")

    def __init__(self, state: S, role: PlayerId | None, *,
                 observation: JSONDict | None = None, seed: int = REDRAW_SEED) -> None:
        """The view of ``state`` for ``role`` (a seat, or None for a spectator).

        ``observation``, when the caller has made it already (the server has, for the same
        message), must be exactly ``role``'s (``public_observation()`` for None): it saves
        making it again. ``seed`` seeds the redraw (``check_game`` tries several: no
        presenter's output may depend on it).
        """
        if role is not None:
            role = state._check_player(role)
        self.game: Game = state.game
        self.role = role
        self.current_player: PlayerId = state.current_player
        self.actions: tuple[Action, ...] = (
            state._legal() if role is not None and self.current_player == role else ())
        self.history: Sequence[str] = SeatHistory(state._history_text(role),
                                                  len(state._history))
        self.state: S = redrawn(state, role, random.Random(seed))
        self._observation = observation
        self.__seed = seed
        self.__source = state  # for ``after`` only; never handed out
        self.__moves = len(state._history)

    @property
    def observation(self) -> JSONDict:
        """The role's observation (a spectator's: the public one), as JSON-safe data."""
        found = self._observation
        if found is None:
            found = self._observation = (self.state.public_observation() if self.role is None
                                         else self.state.observation(self.role))
        return found

    @property
    def seat(self) -> PlayerId:
        """The role, for a presenter only a seat asks for (a prompt command)."""
        if self.role is None:
            raise CamelcadeError("this is a spectator's view: it has no seat")
        return self.role

    def describe(self) -> str:
        """The position in words for this viewer: the game's ``words.describe_state``
        (a game without ``words`` words it in its state's ``_describe`` hook, called on the
        redrawn copy)."""
        words = type(self.game).words
        if words is None:
            return self.state._describe(self.role)
        return words.describe_state(self)

    def describe_action(self, action: Action) -> str:
        """What the legal ``action`` (of whoever acts, chance included) does, as this viewer
        may know it: the game's ``words.describe_action`` (or, without ``words``, the
        state's ``_describe_action`` hook on the redrawn copy)."""
        self._check_listed(action, "describe_action")
        given = self._given(action)
        words = type(self.game).words
        if words is None:
            return given.state._describe_action(action, given.role)
        return words.describe_action(given, action)

    def _given(self, action: Action) -> Seen[S]:
        """This view, its copy redrawn until ``action`` is legal in it when it is not.

        A sentence about another seat's move is worded while the move is being made: its
        card is in that seat's hand, which the copy redrew. Redrawing until the action is
        listed draws from what the viewer knows *and* that news, and reveals nothing the
        action does not (the sentence is given the action itself anyway). When no redraw
        of ``GIVEN_TRIES`` makes it legal (a discard, legal only with no playable card in
        hand), the sentence is worded on the view's own copy.
        """
        if self.state._is_listed(action):
            return self
        source, rng = self.__source, random.Random(self.__seed)
        for _ in range(GIVEN_TRIES):
            copy = redrawn(source, self.role, rng)
            if copy._is_listed(action):
                given = copy_of(self)
                given.state = copy
                return given
        return self

    def after(self, action: Action) -> S:
        """The position after the legal ``action`` as this viewer will know it: the true
        position moved on, then redrawn like ``state`` (a sentence about an action may say
        what it leads to; the action is the viewer's news, the rest stays hidden)."""
        source = self._check_listed(action, "after")
        moved = source.clone()
        moved.apply(action, check=False)
        return cast(S, redrawn(moved, self.role, random.Random(self.__seed)))

    def _check_listed(self, action: Action, what: str) -> State:
        source = self.__source
        if len(source._history) != self.__moves:
            raise StaleViewError(f"{what}() was asked once the game had moved on; a "
                                 f"presenter reads its view before the position changes")
        if not source._is_listed(action):
            raise CamelcadeError(f"{what}() takes an action legal here, not {action!r}")
        return source

    def __repr__(self) -> str:
        return f"Seen(game={self.game!r}, role={self.role}, after {len(self.history)} actions)"


def copy_of(seen: Seen[S2]) -> Seen[S2]:
    """A shallow copy of ``seen`` (its slots shared)."""
    new = object.__new__(Seen)
    for name in _SLOTS:
        setattr(new, name, getattr(seen, name))
    return new


_SLOTS = tuple(f"_Seen{name}" if name.startswith("__") else name for name in Seen.__slots__)


def seen(state: S2, role: PlayerId | None) -> Seen[S2]:
    """The ``Seen`` of ``state`` for ``role`` (None: a spectator)."""
    return Seen(state, role)
