"""The base of every game's action values.

An action is a small immutable, hashable value (like ``chess.Move``) whose ``str`` is the
canonical notation of its game. Games define frozen dataclasses that inherit from
:class:`Action` and implement ``__str__``; ``State.parse_action`` is the inverse.
"""

from __future__ import annotations

from abc import ABC, abstractmethod


class Action(ABC):
    """A move, a card play or a chance outcome. Equality and hashing are by value."""

    __slots__ = ()

    @abstractmethod
    def __str__(self) -> str:
        """The canonical notation, accepted back by ``State.parse_action``."""
