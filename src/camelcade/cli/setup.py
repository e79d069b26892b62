"""Turning command-line text into a game, bots and a seed, with errors that say what is allowed.

Shared by ``play`` and ``simulate``. Every problem raises a ``CamelcadeError`` subclass, which
the command group prints as one line with exit code 2.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from camelcade import bots as bot_registry
from camelcade.core.errors import OptionError
from camelcade.core.game import Game
from camelcade.core.registry import load
from camelcade.core.words import t


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """``["board=11x13", "oasis_cards=1,1,2,2,3,3,4"]`` → a dict of text values.

    Values stay text: every game option accepts text for whole numbers and comma lists,
    and the game's checker says what is allowed.
    """
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise OptionError(t("--option takes key=value, not {given}.", given=repr(pair)))
        if key in options:
            raise OptionError(t("The option {option} is given twice.", option=repr(key)))
        options[key] = value.strip()
    return options


def load_game(game_id: str, players: int | None, pairs: Sequence[str]) -> Game:
    """The game with ``--players`` and ``--option`` values checked by the game itself."""
    options: dict[str, object] = dict(parse_options(pairs))
    if players is not None:
        if "players" in options and str(options["players"]) != str(players):
            raise OptionError(t("--players {players} and --option players={option} disagree.",
                                players=players, option=options["players"]))
        options["players"] = players
    return load(game_id, **options)


def split_names(text: str | None) -> list[str]:
    """``"random, first"`` → ``["random", "first"]``; empty entries are refused."""
    if text is None:
        return []
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise OptionError(t(
            "--bots takes bot names separated by commas, not {given}; the bots are: {bots}.",
            given=repr(text), bots=", ".join(bot_registry.names())))
    return names


def check_bot_names(names: Sequence[str], game_id: str) -> None:
    """Refuse unknown bot names and levels (``@hard``) before any game starts (the error
    lists what there is)."""
    for name in dict.fromkeys(names):
        bot_registry.resolve(game_id, name)


def choose_seed(seed: int | None) -> int:
    """The given seed, or a fresh one (reported and recorded so the run can be repeated)."""
    return seed if seed is not None else random.SystemRandom().randrange(2**31)


def check_writable(path: Path | None) -> None:
    """Fail before a long game or run, not after it, when ``path`` cannot be written."""
    if path is None:
        return
    if path.is_dir():
        raise OptionError(t("{path} is a folder; give a file name.", path=repr(str(path))))
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise OptionError(t("Cannot write {path}: the folder {folder} does not exist.",
                            path=repr(str(path)), folder=repr(str(parent))))
