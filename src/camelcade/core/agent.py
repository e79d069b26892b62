"""The bot protocol: a name and a choice from a ``View``."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from camelcade.core.action import Action
from camelcade.core.view import View


@runtime_checkable
class Agent(Protocol):
    """Anything that picks an action from a seat's view.

    A driver (``cc.play``, the server, a tournament) calls ``begin(game, seat, seed)``
    first when the agent has it, so seeded matches are reproducible.
    """

    name: str

    def choose(self, view: View) -> Action: ...
