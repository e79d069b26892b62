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
from camelcade.core.game import Game, State, rank_by_points
from camelcade.core.options import Option
from camelcade.core.plugin import GamePlugin, Level, LocaleSlot, Ref, TerminalSlot, WebSlot
from camelcade.core.registry import game_class, game_ids, load, plugin, plugins, register
from camelcade.core.types import CHANCE, TERMINAL, JSONDict, PlayerId
from camelcade.core.view import StaleViewError, View

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ActionSyntaxError",
    "Agent",
    "CamelcadeError",
    "Game",
    "GameOverError",
    "GamePlugin",
    "IllegalActionError",
    "JSONDict",
    "Level",
    "LocaleSlot",
    "NotYourTurnError",
    "Option",
    "OptionError",
    "PlayerId",
    "Ref",
    "StaleViewError",
    "State",
    "StateError",
    "TerminalSlot",
    "UnknownGameError",
    "View",
    "WebSlot",
    "game_class",
    "game_ids",
    "load",
    "plugin",
    "plugins",
    "rank_by_points",
    "register",
    "sample_chance",
]
