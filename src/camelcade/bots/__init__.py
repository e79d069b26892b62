"""Bots by name: ``cc.bots.load("random", seed=1)``.

Game-agnostic bots live here; game-specific ones in their game's package, registered
below by ``"module:Class"`` text so nothing is imported until it is used.
"""

from __future__ import annotations

import importlib
from typing import Any

from camelcade.core.agent import Agent
from camelcade.core.errors import OptionError

_BOTS: dict[str, str] = {
    "random": "camelcade.bots.random_bot:RandomBot",
    "first": "camelcade.bots.random_bot:FirstActionBot",
    "camel-drive-planner": "camelcade.games.camel_drive.bots:PlannerBot",
    "mcts": "camelcade.bots.mcts:MCTSBot",
    "kamelen-search": "camelcade.games.kamelen.bots:SearchBot",
    "kamelen-greedy": "camelcade.games.kamelen.bots:GreedyBot",
    "camel-up-ev": "camelcade.games.camel_up.bots:ExpectedValueBot",
    "caravan-greedy": "camelcade.games.caravan.bots:GreedyBot",
}


def register(name: str, target: str) -> None:
    """Register a bot class under ``name`` (``target`` is ``"package.module:Class"``)."""
    _BOTS[name] = target


def names() -> list[str]:
    """Every registered bot name, sorted."""
    return sorted(_BOTS)


def load(name: str, **kwargs: Any) -> Agent:
    """Build the bot ``name``; an unknown name raises ``OptionError`` listing the names."""
    try:
        target = _BOTS[name]
    except (KeyError, TypeError):
        raise OptionError(f"no bot {name!r}; the bots are: {', '.join(names())}") from None
    module_name, _, class_name = target.partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    try:
        bot: Agent = cls(**kwargs)
    except TypeError as error:
        raise OptionError(f"bot {name!r} does not take these settings: {error}") from None
    return bot


__all__ = ["load", "names", "register"]
