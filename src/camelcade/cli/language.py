"""The terminal's language: chosen before the command runs, so its help is translated too.

``camelcade --lang de ...``, else ``CAMELCADE_LANG``, else the locale
(``camelcade.i18n.languages.choose``). The choice is made from the raw arguments before
typer parses them, because typer writes ``--help`` while parsing; the whole command then
runs inside ``camelcade.core.words.language(code)``. The help texts are typer's
``help=`` strings and command docstrings, extracted into the catalogue by
``camelcade.i18n.extract.cli_help``; :func:`translate_help` swaps each for its translation
in a built command tree (a game's sub-commands too, as they are mounted).
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any

from camelcade.core.words import SOURCE_LANGUAGE, current_language, translate
from camelcade.i18n.languages import choose

LANG_FLAG = "--lang"


def flag_value(argv: Sequence[str]) -> str | None:
    """The value of ``--lang`` among the arguments (``--lang de`` or ``--lang=de``), if any.

    Only the arguments before a lone ``--`` count (after it everything is an argument).
    """
    for index, argument in enumerate(argv):
        if argument == "--":
            return None
        if argument == LANG_FLAG:
            return argv[index + 1] if index + 1 < len(argv) else None
        if argument.startswith(LANG_FLAG + "="):
            return argument.split("=", 1)[1]
    return None


def lang_first(argv: Sequence[str]) -> list[str]:
    """``argv`` with ``--lang X`` moved to the front, where the root command reads it, so
    ``camelcade play GAME --lang de`` works as ``camelcade --lang de play GAME`` does
    (and ``make play ARGS="--lang de"``, which puts it after ``play``)."""
    rest = list(argv)
    end = rest.index("--") if "--" in rest else len(rest)
    for index, argument in enumerate(rest[:end]):
        if argument == LANG_FLAG and index + 1 < end:
            return [*rest[index:index + 2], *rest[:index], *rest[index + 2:]]
        if argument.startswith(LANG_FLAG + "="):
            return [argument, *rest[:index], *rest[index + 1:]]
    return rest


def chosen_language(argv: Sequence[str]) -> str:
    """The language of a run of ``camelcade argv...`` (an unknown one raises OptionError)."""
    return choose(flag_value(argv))


def _translated(text: str | None) -> str | None:
    if not text:
        return text
    key = inspect.cleandoc(text)
    found = translate(key)
    return text if found == key else found


def translate_help(command: Any) -> Any:
    """``command`` (a click command or group) with its help, and its parameters' and
    sub-commands', in the current language. English leaves it as written."""
    if current_language() == SOURCE_LANGUAGE:
        return command
    command.help = _translated(command.help)
    command.short_help = _translated(command.short_help)
    for param in command.params:
        if getattr(param, "help", None):
            param.help = _translated(param.help)
    for sub in getattr(command, "commands", {}).values():
        translate_help(sub)
    return command
