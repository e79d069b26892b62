"""Bots by name: ``cc.bots.load("random", seed=1)``.

The game-agnostic bots are listed here — ``random``, ``first``, the tree searches
``mcts`` (true actions; for perfect information) and ``ismcts`` (information sets; for
any game), and ``mcts-plain``, the first release's search kept for comparisons; a
game's own bots are declared in its plug-in manifest (``GamePlugin.bots``), so this
package names no game. Bot names are one
namespace: a game's bot may not take a generic bot's name or another game's.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from camelcade.core.agent import Agent
from camelcade.core.errors import OptionError
from camelcade.core.plugin import Level, Ref
from camelcade.core.registry import game_class, plugin, plugins
from camelcade.core.words import t, tn

GENERIC: dict[str, Ref[Callable[..., Any]]] = {
    "random": Ref("camelcade.bots.random_bot:RandomBot"),
    "first": Ref("camelcade.bots.random_bot:FirstActionBot"),
    "eager": Ref("camelcade.bots.eager:EagerBot"),
    "mcts": Ref("camelcade.bots.mcts:MCTSBot"),
    "ismcts": Ref("camelcade.bots.ismcts:ISMCTSBot"),
    "mcts-plain": Ref("camelcade.bots.plain_mcts:PlainMCTSBot"),
}


def register(name: str, target: str) -> None:
    """Register a game-agnostic bot class under ``name`` (``"package.module:Class"``)."""
    GENERIC[name] = Ref(target)


def _all() -> dict[str, Ref[Callable[..., Any]]]:
    found = dict(GENERIC)
    for manifest in plugins():
        for name, ref in manifest.bots.items():
            if name in found and found[name] != ref:
                raise OptionError(f"bot name {name!r} of {manifest.id} is taken already")
            found[name] = ref
    return found


def names(game_id: str | None = None) -> list[str]:
    """Every bot name, sorted; with ``game_id``, the generic ones and that game's own."""
    if game_id is None:
        return sorted(_all())
    return sorted({*GENERIC, *plugin(game_id).bots})


def levels(game_id: str) -> dict[str, Level]:
    """The strengths a game offers people (``easy`` ... ``expert``), with their bots."""
    return dict(plugin(game_id).levels)


LEVEL_PREFIX = "@"
"""A bot spec ``@hard`` names one of a game's levels instead of a bot (the one definition:
the command line, the lab, the server and the web page all read it from here)."""


def level(game_id: str, name: str) -> Level:
    """The level ``name`` of ``game_id``, given as ``hard`` or as the bot spec ``@hard``.

    The one lookup of a level by name. An unknown one raises ``OptionError`` listing the
    game's levels spelled as this one was asked for (``@easy, @hard`` for a bot spec,
    ``easy, hard`` for a bare name), so the list can be copied back as it stands.
    """
    spec = name.startswith(LEVEL_PREFIX)
    bare = name.removeprefix(LEVEL_PREFIX)
    offered = levels(game_id)
    chosen = offered.get(bare)
    if chosen is None:
        prefix = LEVEL_PREFIX if spec else ""
        raise OptionError(t("{game} has no level {level}; its levels are: {levels}.",
                            game=game_class(game_id).title, level=repr(bare[:40]),
                            levels=", ".join(prefix + key for key in offered)))
    return chosen


def ref(name: str) -> Ref[Callable[..., Any]]:
    """Where the bot ``name`` lives (its class), without importing it."""
    known = _all()
    found = known.get(name) if isinstance(name, str) else None
    if found is None:
        shown = name[:64] if isinstance(name, str) else name
        raise OptionError(t("There is no bot {bot}; the bots are: {bots}.", bot=repr(shown),
                             bots=", ".join(sorted(known))))
    return found


def resolve(game_id: str, spec: str) -> tuple[Ref[Callable[..., Any]], dict[str, Any]]:
    """A bot name, or ``@level`` of ``game_id``, as the bot's class and its settings."""
    if spec.startswith(LEVEL_PREFIX):
        chosen = level(game_id, spec)
        return ref(chosen.bot), dict(chosen.settings)
    return ref(spec), {}


def load(name: str, **kwargs: Any) -> Agent:
    """Build the bot ``name``; an unknown name raises ``OptionError`` listing the names."""
    cls = ref(name).load()
    parameters = inspect.signature(cls).parameters.values()
    taken = [p.name for p in parameters if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    open_ended = any(p.kind is p.VAR_KEYWORD for p in parameters)
    unknown = [] if open_ended else [key for key in kwargs if key not in taken]
    if unknown:
        raise OptionError(tn("The bot {bot} has no setting {settings}; its settings are: "
                             "{allowed}", "The bot {bot} has no settings {settings}; its "
                             "settings are: {allowed}", len(unknown), bot=repr(name),
                             settings=", ".join(unknown), allowed=", ".join(taken)))
    bot: Agent = cls(**kwargs)
    return bot


def load_level(game_id: str, name: str) -> Agent:
    """The bot a game offers at level ``name``; an unknown level names the game's levels."""
    chosen = level(game_id, name)
    return load(chosen.bot, **dict(chosen.settings))


__all__ = ["LEVEL_PREFIX", "level", "levels", "load", "load_level", "names", "ref",
           "register", "resolve"]
