"""How every bot's turn opens: nothing to play is a driver's bug, one action needs no thought.

A bot asked to move with no legal action was called out of turn (or on a finished game):
that is refused, naming the seat, rather than answered with a made-up move. With exactly
one legal action there is nothing to weigh, so a searching bot plays it at once instead of
spending its budget (and its random draws) on a choice that is no choice.
"""

from __future__ import annotations

from camelcade.core.action import Action
from camelcade.core.errors import CamelcadeError
from camelcade.core.view import View


def forced_action(view: View) -> Action | None:
    """The only legal action of ``view``, or None when there is a choice to make.

    Raises ``CamelcadeError`` when the seat has no legal action at all.
    """
    actions = view.actions
    if not actions:
        raise CamelcadeError(f"seat {view.player} has no legal action to choose")
    return actions[0] if len(actions) == 1 else None
