"""What a game's plug-in manifest gives the generic searches: evaluators and a grouping.

The searches name no game: they read the ``search`` slot of the manifest registered for
the game they are asked to play (``GamePlugin.search``, a
``camelcade.core.plugin.SearchSlot``). A game that is not registered, or a class that is
not the registered one's (a test's variant), has an empty slot: random rollouts and the
generic grouping.
"""

from __future__ import annotations

from camelcade.bots.evaluators import Evaluator, Rollout
from camelcade.bots.grouping import Grouping, choose_grouping
from camelcade.core.errors import OptionError, UnknownGameError
from camelcade.core.game import Game
from camelcade.core.plugin import SearchSlot
from camelcade.core.registry import plugin
from camelcade.core.words import t

GENERIC_EVALUATOR = "random"
"""The evaluator every game has: random rollouts (``Rollout``)."""


def search_slot(game: Game) -> SearchSlot:
    """The ``search`` slot of ``game``'s manifest, or an empty one."""
    try:
        manifest = plugin(game.id)
    except UnknownGameError:
        return SearchSlot()
    declared = manifest.game.load()
    if not (isinstance(declared, type) and isinstance(game, declared)):
        return SearchSlot()
    return manifest.search


def evaluator_names(game: Game) -> list[str]:
    """The evaluators a search may use on ``game``: the generic one, then the game's."""
    return [GENERIC_EVALUATOR, *sorted(search_slot(game).evaluators)]


def build_evaluator(setting: str | Evaluator, game: Game, *, rollout_limit: int | None,
                    reward: str) -> Evaluator:
    """The evaluator the ``evaluator`` setting names (or is), ready for ``game``.

    ``random`` is random rollouts of ``rollout_limit`` steps valued on the ``reward``
    scale; any other name is one of the game's (its factory is called with the game).
    """
    if isinstance(setting, Evaluator):
        return setting
    if setting == GENERIC_EVALUATOR:
        return Rollout(rollout_limit, reward=reward)
    factories = search_slot(game).evaluators
    factory = factories.get(setting) if isinstance(setting, str) else None
    if factory is None:
        raise OptionError(t("There is no evaluator {evaluator} for {game}; its evaluators "
                            "are: {evaluators}", evaluator=repr(setting), game=game.id,
                            evaluators=", ".join(evaluator_names(game))))
    built = factory.load()(game)
    if not isinstance(built, Evaluator):
        raise TypeError(f"{factory.target} made a {type(built).__name__}, not an Evaluator")
    return built


def game_grouping(setting: str, game: Game) -> Grouping | None:
    """The grouping the ``grouping`` setting asks for on ``game``."""
    declared = search_slot(game).grouping
    return choose_grouping(setting, None if declared is None else declared.load(), game.id)
