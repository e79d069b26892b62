"""Which games exist: their plug-in manifests, found once, and loading games by id.

Games are found in two places, in this order: the entry points of the group
``camelcade.games`` (each naming a module with a ``PLUGIN``) — the built-in games declare
theirs in camelcade's own ``pyproject.toml`` exactly as an outside package does — and the
modules named in the ``CAMELCADE_PLUGINS`` environment variable (comma-separated; how tests
and local experiments plug a game into every command and the server without installing
it). A plug-in module is small — it imports only this core — so discovery stays fast; the
game itself is imported when it is first loaded.

Entry points are read from the installed distributions' metadata, which a source checkout
run with ``PYTHONPATH=src`` may not have, or may have stale (installed before a game was
added): when camelcade itself is imported from a checkout, its own entry points are read
from the checkout's ``pyproject.toml`` instead of its installed metadata.
"""

from __future__ import annotations

import importlib
import os
import threading
import tomllib
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from camelcade.core.errors import UnknownGameError
from camelcade.core.game import Game
from camelcade.core.plugin import GamePlugin
from camelcade.core.words import add_domain, remove_domain, t

ENV_PLUGINS = "CAMELCADE_PLUGINS"
ENTRY_POINT_GROUP = "camelcade.games"
DISTRIBUTION = "camelcade"
CHECKOUT_PYPROJECT = Path(__file__).resolve().parents[3] / "pyproject.toml"
"""camelcade's ``pyproject.toml`` when this module is imported from a source checkout
(``src/camelcade/core/registry.py``); an installed package has none there."""

_PLUGINS: dict[str, GamePlugin] = {}
_MODULES: list[str] = []
"""Plug-in modules named so far, imported on the first question about the games."""
_DISCOVERED = False
_LOCK = threading.RLock()


def register(plugin: GamePlugin) -> None:
    """Register a game's manifest, and its own translations if it has any; a second game
    under the same id is refused."""
    if not isinstance(plugin, GamePlugin):
        raise TypeError(f"register() takes a GamePlugin, got {type(plugin).__name__}")
    with _LOCK:
        known = _PLUGINS.get(plugin.id)
        if known is not None and known != plugin:
            raise ValueError(f"a game with id {plugin.id!r} is registered already")
        folder = plugin.locale_folder()
        if plugin.locale is not None and folder is not None:
            add_domain(plugin.locale.domain, folder)
        _PLUGINS[plugin.id] = plugin


def unregister(game_id: str) -> None:
    """Forget a registered game, and its translations unless another game shares their
    domain (tests that plug a game in for a while use it)."""
    with _LOCK:
        gone = _PLUGINS.pop(game_id, None)
        if gone is not None and gone.locale is not None and not any(
                other.locale == gone.locale for other in _PLUGINS.values()):
            remove_domain(gone.locale.domain)


def refresh() -> None:
    """Read the entry points again: a package installed since the games were first listed
    (a long-lived process, or a test that installs one) plugs in without a restart."""
    global _DISCOVERED
    with _LOCK:
        _DISCOVERED = False
        _discover()


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
        modules = entry_point_modules() + list(_MODULES)
        modules += [name.strip() for name in os.environ.get(ENV_PLUGINS, "").split(",")
                    if name.strip()]
        for module in dict.fromkeys(modules):
            _import_plugin(module)
        _DISCOVERED = True


def checkout_entry_points(pyproject: Path = CHECKOUT_PYPROJECT) -> list[str] | None:
    """The plug-in modules camelcade's own ``pyproject.toml`` declares, or None when this
    is not a source checkout of camelcade."""
    if not pyproject.is_file():
        return None
    project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
    if project.get("name") != DISTRIBUTION:
        return None
    declared = project.get("entry-points", {}).get(ENTRY_POINT_GROUP, {})
    return [str(value).partition(":")[0] for value in declared.values()]


def entry_point_modules() -> list[str]:
    """The modules of every ``camelcade.games`` entry point: camelcade's own first (from the
    checkout when there is one), then the other installed packages' by name."""
    own = checkout_entry_points()
    found = [] if own is None else list(own)
    for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
        dist = getattr(point, "dist", None)
        if own is not None and dist is not None and dist.name == DISTRIBUTION:
            continue  # the checkout's table wins over metadata installed from it earlier
        found.append(point.value.partition(":")[0])
    return found


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
