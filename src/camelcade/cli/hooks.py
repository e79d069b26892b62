"""How a game plugs into the ``camelcade`` command: read from its plug-in manifest.

The CLI names no game. Everything it offers per game comes from that game's
``GamePlugin`` (``camelcade.core.plugin``): the terminal slot (a rich board ``render``,
``seat_name``, prompt ``commands`` and ``advisor_commands``), the player's ``guide`` that
``help`` shows, the ``counted`` forms that tell a run of one event once, the ``position``
parser for ``play --position``, and the ``cli`` sub-command group mounted as
``camelcade GAME-ID ...``.
Each is imported only when a command needs it, so ``camelcade`` starts fast.

``render(seen)`` draws the board from one viewer's ``Seen`` (``camelcade.core.seen``:
its role, a copy of the position holding nothing that role may not see, its history and
legal actions; role None for what everyone sees); colour always comes with words or
letters. ``--plain`` never calls it and prints ``seen.describe()``. A command gets the
asking seat's ``Seen`` too, never the true state. Errors a ``cli`` app raises that derive from
``cc.CamelcadeError`` are reported like every other command's: one line, exit code 2.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from camelcade.core.errors import OptionError
from camelcade.core.game import Game, State
from camelcade.core.plugin import Command, Ref, Renderer
from camelcade.core.registry import plugin, plugins
from camelcade.core.types import PlayerId
from camelcade.core.words import Counted, player_name, t

if TYPE_CHECKING:
    import typer

__all__ = ["Command", "Renderer", "TerminalHooks", "cli_app", "games_with_cli",
           "position_state", "terminal_hooks"]


def default_seat_name(game: Game, seat: PlayerId) -> str:
    """"Player 1", "Player 2": numbered from 1 as people count (``--seat`` and the API
    count from 0), or the name the player gave where one is set (``player_names``)."""
    return player_name(seat)


@dataclass(frozen=True)
class TerminalHooks:
    """What a game's terminal slot offers, loaded, with defaults for what it leaves out."""

    render: Renderer | None = None
    commands: Mapping[str, Command] = field(default_factory=dict)
    advisor_commands: Mapping[str, Command] = field(default_factory=dict)
    seat_name: Callable[[Game, PlayerId], str] = default_seat_name
    guide: Callable[[Game], str] | None = None
    """Help written for players (``GamePlugin.guide``), or None: ``help`` falls back to the
    notation section of the game's rules document."""
    counted: Mapping[str, Counted] = field(default_factory=dict)
    """How a run of one event is told once (``GamePlugin.counted``, for ``group_repeats``)."""


def _commands(refs: Mapping[str, Ref[Command]]) -> dict[str, Command]:
    return {str(name).lower(): ref.load() for name, ref in refs.items()}


@cache
def terminal_hooks(game_id: str) -> TerminalHooks:
    """The game's terminal hooks (cached: a game's modules do not change while running)."""
    manifest = plugin(game_id)
    slot = manifest.terminal
    return TerminalHooks(
        render=slot.render.load() if slot.render else None,
        commands=_commands(slot.commands),
        advisor_commands=_commands(slot.advisor_commands),
        seat_name=slot.seat_name.load() if slot.seat_name else default_seat_name,
        guide=manifest.guide.load() if manifest.guide else None,
        counted=dict(manifest.counted.load()) if manifest.counted else {},
    )


def position_state(game: Game, text: str) -> State:
    """The state of the position ``text`` in the game's own notation.

    Raises ``OptionError`` when the game has no position notation, and the game's own
    ``StateError`` when the text is malformed.
    """
    parser = plugin(game.id).position
    if parser is None:
        having = [p.id for p in plugins() if p.position is not None]
        raise OptionError(t(
            "{game} has no position notation, so --position cannot be used with it; games "
            "with one: {games}.", game=game.id, games=", ".join(having)))
    return parser.load()(game, text)


def cli_app(game_id: str) -> typer.Typer | None:
    """The game's sub-command group, or None when it has none."""
    ref: Ref[Any] | None = plugin(game_id).cli
    return None if ref is None else ref.load()


def games_with_cli() -> list[str]:
    """Registered games that declare command-line tools (nothing is imported)."""
    return [p.id for p in plugins() if p.cli is not None]
