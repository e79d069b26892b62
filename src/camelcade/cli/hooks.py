"""How a game plugs into the ``camelcade`` command, without the CLI knowing any game.

The CLI looks beside the module that defines a game's class (``cc.core.registry.game_module``;
for built-in games that is the package ``camelcade.games.<pkg>``) for two optional modules.
Both are found with ``importlib.util.find_spec`` and imported only when a command needs
them, so a game without them costs nothing and ``camelcade`` starts fast.

``<pkg>.terminal`` — the game in the terminal (every name optional):

``render(state: State, player: int | None) -> rich renderable``
    The board as ``player`` may see it (None: what everyone sees), drawn in rich mode by
    ``play`` and ``replay``. Colour must always come with words or letters: a camel is
    named, never only coloured. ``--plain`` never calls it; it prints
    ``state.describe(player)``, so a game's plain text must stand on its own.

``COMMANDS: dict[str, Callable[[State, int], str]]``
    Extra words the ``play`` prompt accepts on the human's turn, e.g. Camel Up's
    ``"odds": advise`` leg-odds advisor. Each gets the true state and the asking seat and
    returns text to print; it must reveal nothing that seat may not see (use
    ``state.view(seat)`` or ``state.observation(seat)``). Built-in words (help, legal,
    board, quit) win over a game word of the same name. ``help`` lists them with the
    first line of each function's docstring.

``ADVISOR_COMMANDS: dict[str, Callable[[State, int], str]]``
    Like ``COMMANDS``, but help that rated play must not give (e.g. Camel Up's ``odds``):
    accepted only when ``play`` runs with ``--advisor``.

``seat_name(game: Game, seat: int) -> str``
    How seats are called in prompts and results ("Red"); the default is "Seat 0" ...

``<pkg>.position_state(game: Game, text: str) -> State`` — a game with a one-line
position notation (Kamelen's) exposes it in its package; ``play --position TEXT`` starts
from that position, and the record keeps the start (``extra["start"]``) so it replays.

``<pkg>.cli`` — extra sub-commands:

``app: typer.Typer``
    Mounted as ``camelcade GAME-ID ...``, e.g. ``camelcade camel-up odds``. Errors it raises
    that derive from ``cc.CamelcadeError`` are reported like every other command's: one
    line, exit code 2.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

from camelcade.core.errors import OptionError
from camelcade.core.game import Game, State
from camelcade.core.registry import game_ids, game_module
from camelcade.core.types import PlayerId

if TYPE_CHECKING:
    import typer

Command = Callable[[State, PlayerId], str]
Renderer = Callable[[State, "PlayerId | None"], Any]


def default_seat_name(game: Game, seat: PlayerId) -> str:
    """Seats are numbered from 0, as in ``--seat`` and the API."""
    return f"Seat {seat}"


@dataclass(frozen=True)
class TerminalHooks:
    """What a game's ``terminal`` module offers, with defaults for what it leaves out."""

    render: Renderer | None = None
    commands: Mapping[str, Command] = field(default_factory=dict)
    advisor_commands: Mapping[str, Command] = field(default_factory=dict)
    seat_name: Callable[[Game, PlayerId], str] = default_seat_name


def game_package(game_id: str) -> str:
    """The package holding ``game_id``'s class module: where its companions live."""
    module = game_module(game_id)
    spec = importlib.util.find_spec(module)
    if spec is not None and spec.submodule_search_locations is not None:
        return module  # the class is defined in the package's __init__
    return module.rpartition(".")[0]


def _companion(game_id: str, name: str) -> ModuleType | None:
    """Import ``<package>.<name>`` if it exists; a module that fails to import is a bug and
    raises as usual rather than being silently skipped."""
    package = game_package(game_id)
    if not package:
        return None
    target = f"{package}.{name}"
    if importlib.util.find_spec(target) is None:
        return None
    return importlib.import_module(target)


@cache
def terminal_hooks(game_id: str) -> TerminalHooks:
    """The game's terminal hooks (cached: a game's modules do not change while running)."""
    module = _companion(game_id, "terminal")
    if module is None:
        return TerminalHooks()
    render = getattr(module, "render", None)
    commands = getattr(module, "COMMANDS", {})
    advisor = getattr(module, "ADVISOR_COMMANDS", {})
    seat_name = getattr(module, "seat_name", default_seat_name)
    for name, mapping in (("COMMANDS", commands), ("ADVISOR_COMMANDS", advisor)):
        if not isinstance(mapping, Mapping):
            raise TypeError(f"{module.__name__}.{name} must be a dict of name -> function")
    return TerminalHooks(
        render=render if callable(render) else None,
        commands={str(key).lower(): value for key, value in commands.items()},
        advisor_commands={str(key).lower(): value for key, value in advisor.items()},
        seat_name=seat_name,
    )


def position_state(game: Game, text: str) -> State:
    """The state of the position ``text`` in the game's own notation.

    Raises ``OptionError`` when the game has no position notation, and the game's own
    ``StateError`` when the text is malformed.
    """
    package = game_package(game.id)
    module = importlib.import_module(package) if package else None
    builder = getattr(module, "position_state", None)
    if not callable(builder):
        having = [g for g in game_ids() if _has_position(g)]
        raise OptionError(
            f"{game.id} has no position notation, so --position cannot be used with it; "
            f"games with one: {', '.join(having) or 'none'}"
        )
    state: State = builder(game, text)
    return state


def _has_position(game_id: str) -> bool:
    package = game_package(game_id)
    return bool(package) and callable(
        getattr(importlib.import_module(package), "position_state", None)
    )


def cli_app(game_id: str) -> typer.Typer | None:
    """The game's ``cli.app`` sub-command group, or None when it has none."""
    module = _companion(game_id, "cli")
    if module is None:
        return None
    app = getattr(module, "app", None)
    if app is None:
        raise TypeError(f"{module.__name__} has no 'app' (a typer.Typer) to mount")
    return app  # type: ignore[no-any-return]


def games_with_cli() -> list[str]:
    """Registered games that ship a ``cli`` module (checked without importing it)."""
    found = []
    for game_id in game_ids():
        package = game_package(game_id)
        if package and importlib.util.find_spec(f"{package}.cli") is not None:
            found.append(game_id)
    return found
