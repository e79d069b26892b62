"""The error hierarchy of the public API.

Every error is a ``ValueError`` so callers that only know the standard library still
catch bad input; the subclasses keep "no such game", "bad option", "can't parse",
"illegal here", "not your turn" and "game over" apart, as python-chess does. Messages
quote the input and say what is allowed instead.
"""

from __future__ import annotations


class CamelcadeError(ValueError):
    """Base of every error camelcade raises on bad input."""


class UnknownGameError(CamelcadeError):
    """``cc.load`` was given an id that is not registered."""


class OptionError(CamelcadeError):
    """A player count or game option is outside what the rules allow."""


class StateError(CamelcadeError):
    """A saved state, observation or record is malformed or inconsistent."""


class IllegalActionError(CamelcadeError):
    """The action is not legal in this position (the state is left unchanged)."""


class ActionSyntaxError(IllegalActionError):
    """The action text does not parse in this game's notation."""


class NotYourTurnError(IllegalActionError):
    """A seat tried to act while it is not that seat's turn."""


class GameOverError(IllegalActionError):
    """An action was applied to a terminal state."""


def check_state(condition: bool, message: str) -> None:
    """Raise ``StateError`` with ``message`` unless ``condition`` holds.

    Games validate saved positions field by field with it, so each failure names its field.
    """
    if not condition:
        raise StateError(message)
