"""camelcade: five camel board games, one engine.

The public API of ``shared/design/api.md``::

    import camelcade as cc
    game = cc.load("a-dos-de-chameau", players=3)
    record = cc.play(game, [cc.bots.load("random")] * 3, seed=7)
    state = cc.replay(record)
"""

from camelcade import bots, games
from camelcade.core import (
    CHANCE,
    TERMINAL,
    Action,
    ActionSyntaxError,
    Agent,
    CamelcadeError,
    Game,
    GameOverError,
    GamePlugin,
    IllegalActionError,
    NotYourTurnError,
    OptionError,
    StaleViewError,
    State,
    StateError,
    UnknownGameError,
    View,
    game_ids,
    load,
    plugins,
)
from camelcade.records import Record, RulesVersionWarning, play, replay

__version__ = "0.1.0"

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
    "NotYourTurnError",
    "OptionError",
    "Record",
    "RulesVersionWarning",
    "StaleViewError",
    "State",
    "StateError",
    "UnknownGameError",
    "View",
    "__version__",
    "bots",
    "game_ids",
    "games",
    "load",
    "play",
    "plugins",
    "replay",
]
