"""Declared game options: a name, a default, what is allowed, and a checker.

Games list their options as data (``Game.option_specs``); the base ``Game`` fills in
defaults, refuses unknown names and bad values with an :class:`OptionError` that names the
option, quotes the value and says what is allowed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from camelcade.core.words import t

Checker = Callable[[Any], Any]
"""Returns the normalised (JSON-safe) value, or raises ``ValueError`` saying why not."""


@dataclass(frozen=True)
class Option:
    """One rule variant a table may choose."""

    name: str
    default: Any
    allowed: str
    """Human description of the allowed values, quoted in error messages: English, marked
    with ``N_`` where it is written, translated where it is said."""
    check: Checker
    help: str = ""


def choice(*values: str) -> Checker:
    """A checker accepting exactly one of ``values``."""

    def check(value: Any) -> Any:
        if value not in values:
            raise ValueError(t("must be one of {values}",
                               values=", ".join(repr(v) for v in values)))
        return value

    return check


def integer(low: int, high: int) -> Checker:
    """A checker for an ``int`` in ``low..high`` (text digits are accepted, for the CLI)."""

    def check(value: Any) -> Any:
        number = _as_int(value)
        if not low <= number <= high:
            raise ValueError(t("must be a whole number from {low} to {high}", low=low, high=high))
        return number

    return check


def int_list(length: int, low: int, high: int) -> Checker:
    """A checker for a list of exactly ``length`` ints in ``low..high``.

    Text such as ``"1,1,2,2,3,3,4"`` is accepted too, so the option can be typed at the
    command line.
    """

    def check(value: Any) -> Any:
        items: Sequence[Any]
        if isinstance(value, str):
            items = [part for part in value.replace(" ", "").split(",") if part]
        elif isinstance(value, list | tuple):
            items = value
        else:
            raise ValueError(t("must be a list of {length} whole numbers", length=length))
        numbers = [_as_int(item) for item in items]
        if len(numbers) != length or any(not low <= n <= high for n in numbers):
            raise ValueError(t("must be {length} whole numbers from {low} to {high}", length=length,
                               low=low, high=high))
        return numbers

    return check


def _as_int(value: Any) -> int:
    if isinstance(value, bool):
        raise ValueError(t("must be a whole number, not a boolean"))
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    raise ValueError(t("must be a whole number"))
