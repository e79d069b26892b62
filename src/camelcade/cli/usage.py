"""The command line's own refusals — a mistyped option, a missing argument — in its language.

typer (0.29) words its usage errors with f-strings in its bundled copy of click, out of any
catalogue's reach, and prints them in a box. ``camelcade`` tells them instead, like every
other error it reports: a usage line, where to find help, and one ``Error: ...`` line,
each in the current language. The wording goes by the error's kind (no such option,
missing argument, bad value — the value's reason worded as the server words pydantic's,
``camelcade.i18n.validation`` — no such command, extra arguments); a kind it does not
know keeps typer's own words. The help's panel titles ("Options", "Arguments") are
typer's module constants, set from the catalogue before each run.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from camelcade.core.words import N_, t, translate
from camelcade.i18n.validation import reason

PANEL_TITLES = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "DEFAULT_STRING": N_("[default: {}]"),
}
"""typer's help texts kept as module constants, with their English."""

NO_SUCH_COMMAND = re.compile(r"No such command '(?P<name>.*?)'\.(?: Did you mean (?P<near>.*)\?)?$")
EXTRA_ARGUMENTS = re.compile(r"Got unexpected extra argument(?:s|\(s\))? \((?P<args>.*)\)$")
NEEDS_A_VALUE = re.compile(r"Option '(?P<option>[^']*)' requires (?:an argument|\d+ arguments)\.$")
USAGE_PREFIX = "Usage: "
MISSING_COMMAND = "Missing command."
"""typer's words for a group called without its command (``camelcade --lang de``)."""


def speak_help() -> None:
    """typer's help panel titles in the current language (English puts the English back)."""
    from typer import rich_utils

    for name, english in PANEL_TITLES.items():
        if hasattr(rich_utils, name):
            setattr(rich_utils, name, translate(english))


def refusal(error: Any) -> str:
    """What was wrong, in the current language (``error`` is typer's click exception)."""
    kind = type(error).__name__
    if kind == "NoSuchOption":
        near: list[str] = sorted(getattr(error, "possibilities", None) or [])
        if near:
            return t("There is no option {option}; did you mean {options}?",
                     option=error.option_name, options=", ".join(near))
        return t("There is no option {option}.", option=error.option_name)
    hint = _hint(error)
    if kind == "MissingParameter" and hint:
        param = getattr(error, "param", None)
        if getattr(param, "param_type_name", None) == "option":
            return t("The option {parameter} is missing.", parameter=hint)
        return t("The argument {parameter} is missing.", parameter=hint)
    if kind == "BadParameter":
        cause = error.__cause__
        why = ("; ".join(reason(e) for e in cause.errors(include_url=False)[:1])
               if isinstance(cause, ValidationError) else str(error.message))
        return t("Invalid value for {parameter}: {reason}", parameter=hint, reason=why) \
            if hint else t("Invalid value: {reason}", reason=why)
    message = str(getattr(error, "message", "") or error.format_message())
    found = NO_SUCH_COMMAND.match(message)
    if found:
        close = found.group("near")
        return (t("There is no command '{command}'; did you mean {commands}?",
                  command=found.group("name"), commands=close) if close
                else t("There is no command '{command}'.", command=found.group("name")))
    found = EXTRA_ARGUMENTS.match(message)
    if found:
        return t("Unexpected extra arguments: {arguments}.", arguments=found.group("args"))
    found = NEEDS_A_VALUE.match(message)
    if found:
        return t("The option {option} needs a value.", option=found.group("option"))
    if message == MISSING_COMMAND:
        return t("A command is missing.")
    return str(error.format_message())


def _hint(error: Any) -> str | None:
    """The parameter the error is about, as typer names it (``'--seat'``, ``'game_id'``)."""
    given = getattr(error, "param_hint", None)
    if given is not None:
        return " / ".join(f"'{h}'" for h in given) if isinstance(given, list | tuple) \
            else str(given)
    param = getattr(error, "param", None)
    return str(param.get_error_hint()) if param is not None else None


def told(error: Any) -> list[str]:
    """The lines a usage error is told in: usage, where the help is, the error itself."""
    from camelcade.cli.render import error_line

    lines: list[str] = []
    ctx = getattr(error, "ctx", None)
    if ctx is not None:
        from camelcade.cli.language import usage_prefix

        usage = ctx.get_usage()
        for prefix in (usage_prefix(), USAGE_PREFIX):  # a spoken context's, or typer's
            if usage.startswith(prefix):
                usage = usage[len(prefix):]
                break
        lines.append(t("Usage: {usage}", usage=usage))
        lines.append(t("Try '{command} --help' for help.", command=ctx.command_path))
    lines.append(error_line(refusal(error)))
    return lines
