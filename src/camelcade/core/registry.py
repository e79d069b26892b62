"""Which games exist: their plug-in manifests, found once, and loading games by id.

Games are found in three places, in this order: the built-in games' plug-in modules
(listed by ``camelcade.games``), installed packages declaring an entry point in the group
``camelcade.games`` (each naming a module with a ``PLUGIN``), and the modules named in the
``CAMELCADE_PLUGINS`` environment variable (comma-separated; how tests and local
experiments plug a game into every command and the server without installing it). A
plug-in module is small — it imports only this core — so discovery stays fast; the game
itself is imported when it is first loaded.
"""

from __future__ import annotations

import importlib
import os
import threading
from importlib.metadata import entry_points
from typing import Any

from camelcade.core.errors import UnknownGameError
from camelcade.core.game import Game
from camelcade.core.plugin import GamePlugin
from camelcade.core.words import t

ENV_PLUGINS = "CAMELCADE_PLUGINS"
ENTRY_POINT_GROUP = "camelcade.games"

_PLUGINS: dict[str, GamePlugin] = {}
_MODULES: list[str] = []
"""Plug-in modules named so far, imported on the first question about the games."""
_DISCOVERED = False
_LOCK = threading.RLock()


def register(plugin: GamePlugin) -> None:
    """Register a game's manifest; a second game under the same id is refused."""
    if not isinstance(plugin, GamePlugin):
        raise TypeError(f"register() takes a GamePlugin, got {type(plugin).__name__}")
    with _LOCK:
        known = _PLUGINS.get(plugin.id)
        if known is not None and known != plugin:
            raise ValueError(f"a game with id {plugin.id!r} is registered already")
        _PLUGINS[plugin.id] = plugin


def unregister(game_id: str) -> None:
    """Forget a registered game (tests that plug a game in for a while use it)."""
    with _LOCK:
        _PLUGINS.pop(game_id, None)


def register_module(module: str) -> None:
    """Name a module whose ``PLUGIN`` is registered when the games are first asked for."""
    with _LOCK:
        if module not in _MODULES:
            _MODULES.append(module)
        if _DISCOVERED:
            _import_plugin(module)


def _import_plugin(module: str) -> None:
    found = getattr(importlib.import_module(module), "PLUGIN", None)
    if not isinstance(found, GamePlugin):
        raise TypeError(f"module {module} has no PLUGIN (a camelcade.core.plugin.GamePlugin)")
    register(found)


def _discover() -> None:
    global _DISCOVERED
    if _DISCOVERED:
        return
    with _LOCK:
        if _DISCOVERED:
            return
        importlib.import_module("camelcade.games")  # names the built-in plug-in modules
        modules = list(_MODULES)
        for point in entry_points(group=ENTRY_POINT_GROUP):
            modules.append(point.value.partition(":")[0])
        modules += [name.strip() for name in os.environ.get(ENV_PLUGINS, "").split(",")
                    if name.strip()]
        for module in dict.fromkeys(modules):
            _import_plugin(module)
        _DISCOVERED = True


def plugins() -> list[GamePlugin]:
    """Every registered game's manifest, sorted by id."""
    _discover()
    return [_PLUGINS[key] for key in sorted(_PLUGINS)]


def plugin(game_id: str) -> GamePlugin:
    """The manifest of ``game_id``; an unknown id raises ``UnknownGameError`` naming the ids."""
    _discover()
    found = _PLUGINS.get(game_id) if isinstance(game_id, str) else None
    if found is None:
        known = ", ".join(sorted(_PLUGINS)) or "none"
        shown = game_id[:64] if isinstance(game_id, str) else game_id
        raise UnknownGameError(t("There is no game {game}; the games are: {games}.",
                                game=repr(shown), games=known))
    return found


def game_ids() -> list[str]:
    """The ids of every registered game, sorted."""
    _discover()
    return sorted(_PLUGINS)


def game_class(game_id: str) -> type[Game]:
    """The class of ``game_id`` (imported now); raises ``UnknownGameError`` naming the ids."""
    return plugin(game_id).game_class()


def load(game_id: str, **options: Any) -> Game:
    """The game ``game_id`` with ``options`` (``players=`` among them) checked and filled in."""
    return game_class(game_id)(**options)
