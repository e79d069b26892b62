"""Action grouping: a big choice split in two, "which kind of move", then "which one".

With a hundred or more legal actions (a game may offer 100 to 250), a search that tries
every action once before deepening any learns nothing in a second. Grouping (move
groups, Childs, Brodeur & Kocsis 2008) makes each decision two: the search first picks a
group by the statistics of all its actions together, then an action inside it, so a
good kind of move is found after a few visits and its best member after more.

A grouping is a function from an action to a hashable group key. A game may declare
its own in its plug-in manifest (``GamePlugin.search.grouping``: the camel that moves,
say); the generic one, :func:`by_kind`, groups actions by their class —
every game's notation already separates kinds of move into classes ("bet", "tile",
"roll"). Grouping applies only at decisions with more than ``group_above`` actions that
fall into two groups or more; elsewhere a decision is one flat choice.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from camelcade.core.action import Action
from camelcade.core.errors import OptionError
from camelcade.core.words import t

Grouping = Callable[[Action], Hashable]
"""The group of an action: any hashable key, the same for the same action every time."""

GROUPINGS = ("auto", "kind", "game", "none")
"""Values of the bots' ``grouping`` setting: the game's if it declares one else by kind;
by kind; the game's (refused if it declares none); no grouping."""


def by_kind(action: Action) -> Hashable:
    """The generic grouping: an action's class (its kind of move)."""
    return type(action)


def check_grouping(name: str | None) -> str:
    """``name`` if it is one of ``GROUPINGS``; otherwise ``OptionError`` naming them.

    None is ``none``: a bot written ``mcts:grouping=none`` arrives with None, as every
    setting spelt ``none`` does (``time_limit=none``)."""
    if name is None:
        return "none"
    if not isinstance(name, str) or name not in GROUPINGS:
        raise OptionError(t("grouping must be one of {allowed}, got {given}",
                            allowed=", ".join(GROUPINGS), given=repr(name)))
    return name


def choose_grouping(name: str | None, declared: Grouping | None, game_id: str
                    ) -> Grouping | None:
    """The grouping the setting ``name`` asks for, given what the game ``declared``."""
    name = check_grouping(name)
    if name == "none":
        return None
    if name == "kind":
        return by_kind
    if name == "game" and declared is None:
        raise OptionError(t("{game} declares no action grouping; use grouping=auto, kind or "
                            "none", game=game_id))
    return declared if declared is not None else by_kind
