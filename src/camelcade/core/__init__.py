"""Game-agnostic engine: no game module imports back into it."""

from camelcade.core.action import Action
from camelcade.core.agent import Agent
from camelcade.core.chance import sample_chance
from camelcade.core.errors import (
    ActionSyntaxError,
    CamelcadeError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    OptionError,
    StateError,
    UnknownGameError,
)
from camelcade.core.game import Game, State
from camelcade.core.options import Option
from camelcade.core.registry import game_class, game_ids, load, register
from camelcade.core.types import CHANCE, TERMINAL, JSONDict, PlayerId
from camelcade.core.view import View

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ActionSyntaxError",
    "Agent",
    "CamelcadeError",
    "Game",
    "GameOverError",
    "IllegalActionError",
    "JSONDict",
    "NotYourTurnError",
    "Option",
    "OptionError",
    "PlayerId",
    "State",
    "StateError",
    "UnknownGameError",
    "View",
    "game_class",
    "game_ids",
    "load",
    "register",
    "sample_chance",
]
