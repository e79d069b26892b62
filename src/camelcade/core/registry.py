"""Which games exist, and loading them by id with their modules imported lazily.

Registration maps an id to ``"module:Class"`` text, so ``import camelcade`` stays fast and
a game's module is imported only when it is loaded.
"""

from __future__ import annotations

import importlib
from typing import Any

from camelcade.core.errors import UnknownGameError
from camelcade.core.game import Game

_GAMES: dict[str, str] = {}


def register(game_id: str, target: str) -> None:
    """Register ``game_id`` as the class named by ``target`` (``"package.module:Class"``)."""
    if ":" not in target:
        raise ValueError(f"target must look like 'package.module:Class', got {target!r}")
    _GAMES[game_id] = target


def game_ids() -> list[str]:
    """The ids of every registered (complete) game, sorted."""
    return sorted(_GAMES)


def game_module(game_id: str) -> str:
    """The name of the module that defines ``game_id``'s class, without importing it.

    Front ends (the terminal, the server) look for optional companion modules beside it,
    such as a rich board renderer, so they need the name before anything is imported.
    """
    try:
        return _GAMES[game_id].partition(":")[0]
    except (KeyError, TypeError):
        known = ", ".join(game_ids()) or "none"
        raise UnknownGameError(f"no game {game_id!r}; the games are: {known}") from None


def game_class(game_id: str) -> type[Game]:
    """The class registered for ``game_id``; raises ``UnknownGameError`` naming the ids."""
    try:
        target = _GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(game_ids()) or "none"
        raise UnknownGameError(f"no game {game_id!r}; the games are: {known}") from None
    module_name, _, class_name = target.partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise TypeError(f"{target} is not a Game subclass")
    return cls


def load(game_id: str, **options: Any) -> Game:
    """The game ``game_id`` with ``options`` (``players=`` among them) checked and filled in."""
    return game_class(game_id)(**options)
