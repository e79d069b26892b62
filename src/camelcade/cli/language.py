"""The terminal's language: chosen before the command runs, so its help is translated too.

``camelcade --lang de ...``, else ``CAMELCADE_LANG``, else the locale
(``camelcade.i18n.languages.choose``). The choice is made from the raw arguments before
typer parses them, because typer writes ``--help`` while parsing; the whole command then
runs inside ``camelcade.core.words.language(code)``. The help texts are typer's
``help=`` strings and command docstrings, extracted into the catalogue by
``camelcade.i18n.extract.cli_help``; :func:`translate_help` swaps each for its translation
in a built command tree (a game's sub-commands too, as they are mounted).

typer's own help words are reached without patching it: the usage line's placeholders
("[OPTIONS]", "COMMAND [ARGS]...") are attributes of each command, "Usage:" is the default
prefix of the help formatter a context makes (click's ``Context.formatter_class``), and the
help option's "Show this message and exit." is the help of an option each command makes
on first use, worded by :class:`SpokenContext` as the help is written. The panel titles
are typer's module constants (``camelcade.cli.usage.speak_help``).
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any

import typer
from typer import _click as typer_click

from camelcade.core.words import N_, SOURCE_LANGUAGE, current_language, translate
from camelcade.i18n.languages import choose

LANG_FLAG = "--lang"
USAGE = N_("Usage:")
"""The word before a usage line (click's ``HelpFormatter.write_usage`` prefix)."""
OPTIONS_METAVAR = N_("[OPTIONS]")
SUBCOMMAND_METAVAR = N_("COMMAND [ARGS]...")
HELP_OPTION_HELP = N_("Show this message and exit.")
"""typer's words for the parts of a usage line and for ``--help``, with their English."""


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


class SpokenFormatter(typer_click.HelpFormatter):
    """click's help formatter with its usage prefix in the current language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, usage_prefix() if prefix is None else prefix)


class SpokenContext(typer.Context):
    """A context whose help and usage are in the current language: its formatter's
    prefix, and the help of the ``--help`` option its command makes on first use."""

    formatter_class = SpokenFormatter

    def get_help(self) -> str:
        option = self.command.get_help_option(self)
        if option is not None and option.help == HELP_OPTION_HELP:
            option.help = translate(HELP_OPTION_HELP)
        return super().get_help()


def usage_prefix() -> str:
    """"Usage: " in the current language."""
    return translate(USAGE) + " "


def translate_help(command: Any) -> Any:
    """``command`` (a click command or group) with its help, and its parameters' and
    sub-commands', in the current language, typer's own help words too. English leaves
    it as written."""
    if current_language() == SOURCE_LANGUAGE:
        return command
    command.help = _translated(command.help)
    command.short_help = _translated(command.short_help)
    command.context_class = SpokenContext
    if getattr(command, "options_metavar", None) == OPTIONS_METAVAR:
        command.options_metavar = translate(OPTIONS_METAVAR)
    if getattr(command, "subcommand_metavar", None) == SUBCOMMAND_METAVAR:
        command.subcommand_metavar = translate(SUBCOMMAND_METAVAR)
    for param in command.params:
        if getattr(param, "help", None):
            param.help = _translated(param.help)
    for sub in getattr(command, "commands", {}).values():
        translate_help(sub)
    return command
