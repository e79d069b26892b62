"""The bot protocol: a name and a choice from a ``View``; and how drivers ask for it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from camelcade.core.action import Action
from camelcade.core.errors import IllegalActionError
from camelcade.core.types import PlayerId
from camelcade.core.view import LiveView, View

if TYPE_CHECKING:
    from camelcade.core.game import State


@runtime_checkable
class Agent(Protocol):
    """Anything that picks an action from a seat's view.

    A driver (``cc.play``, the server, a tournament) calls ``begin(game, seat, seed)``
    first when the agent has it, so seeded matches are reproducible. An agent that picks
    from the offered list may also have ``choose_index(view) -> int``, the position of its
    choice in ``view.actions`` (the same choice ``choose`` makes): a driver that knows it
    checks an index in constant time instead of looking the action up among them all.
    """

    name: str

    def choose(self, view: View) -> Action: ...


Chooser = Callable[["State", PlayerId], Action]
"""One seat's agent as a driver asks it: (state, the seat on move) -> a checked action."""


def chooser(agent: Agent) -> Chooser:
    """How a driver (``cc.play``, a tournament's match) asks ``agent`` for its moves.

    The function gives the agent a view of the seat on move and returns its choice
    checked, so the driver applies it with ``apply(action, check=False)``: an index from
    ``choose_index`` must name one of the view's actions; an action from ``choose`` is
    found by identity among them (the object the agent was offered), else it goes through
    the full check (text, an equal value, or an error saying why it is illegal).
    """
    by_index = getattr(agent, "choose_index", None)
    if callable(by_index):
        def choose_by_index(state: State, seat: PlayerId) -> Action:
            actions = state._legal()
            index = by_index(LiveView(state, seat, seat, actions))
            if type(index) is int and 0 <= index < len(actions):
                return actions[index]
            raise IllegalActionError(
                f"{getattr(agent, 'name', type(agent).__name__)} chose action index "
                f"{index!r} for seat {seat}; the index of one of its {len(actions)} legal "
                f"actions is a whole number from 0 to {len(actions) - 1}"
            )
        return choose_by_index

    choose_action = agent.choose

    def choose(state: State, seat: PlayerId) -> Action:
        actions = state._legal()
        action = choose_action(LiveView(state, seat, seat, actions))
        for listed in actions:  # a plain loop: the fastest identity scan in CPython
            if listed is action:
                return action
        return state.check_action(action)

    return choose
