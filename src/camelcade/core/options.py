"""Declared game options: a name, a default, what is allowed, and a checker.

Games list their options as data (``Game.option_specs``); the base ``Game`` fills in
defaults, refuses unknown names and bad values with an :class:`OptionError` that names the
option, quotes the value and says what is allowed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from camelcade.core.words import t

Checker = Callable[[Any], Any]
"""Returns the normalised (JSON-safe) value, or raises ``ValueError`` saying why not."""


@dataclass(frozen=True)
class Control:
    """How a form asks a player for an option: the right control, within its bounds.

    ``number``: a whole number from ``low`` to ``high`` (a stepper); ``numbers``: ``length``
    such numbers, each its own small stepper labelled ``item`` ("Card {number}", from 1);
    ``choice``: one of ``choices``, each a value and what players call it (``N_``);
    ``flag``: yes or no; ``text``: anything else, typed.
    """

    kind: str
    low: int = 0
    high: int = 0
    length: int = 0
    item: str = ""
    choices: tuple[tuple[Any, str], ...] = ()


_CONTROLS: dict[Checker, Control] = {}
"""The control each checker made here asks with (``integer``, ``int_list``, ``choice``)."""
FLAG: Final = Control("flag")


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
    label: str = ""
    """What players call the option ("Camels per player"), ``N_``-marked: shown in forms
    and ``--help`` instead of the name of the code."""
    explain: str = ""
    """One sentence for players, without rule-decision codes, ``N_``-marked."""
    control: Control | None = None
    """How a form asks for it; None: the control of its checker (``integer`` ...)."""

    def form(self) -> Control:
        """The control a form shows for this option."""
        return self.control or _CONTROLS.get(self.check) or Control("text")


@dataclass(frozen=True)
class Preset:
    """A named way to play from the game's rulebook ("Introductory game: six camels"):
    option values over the defaults, with one sentence for players (both ``N_``-marked)."""

    name: str
    sentence: str
    options: Mapping[str, Any] = field(default_factory=dict)


def choice(*values: str) -> Checker:
    """A checker accepting exactly one of ``values``."""

    def check(value: Any) -> Any:
        if value not in values:
            raise ValueError(t("must be one of {values}",
                               values=", ".join(repr(v) for v in values)))
        return value

    _CONTROLS[check] = Control("choice", choices=tuple((value, value) for value in values))
    return check


def integer(low: int, high: int) -> Checker:
    """A checker for an ``int`` in ``low..high`` (text digits are accepted, for the CLI)."""

    def check(value: Any) -> Any:
        number = _as_int(value)
        if not low <= number <= high:
            raise ValueError(t("must be a whole number from {low} to {high}", low=low, high=high))
        return number

    _CONTROLS[check] = Control("number", low=low, high=high)
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

    _CONTROLS[check] = Control("numbers", low=low, high=high, length=length)
    return check


def _as_int(value: Any) -> int:
    if isinstance(value, bool):
        raise ValueError(t("must be a whole number, not a boolean"))
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    raise ValueError(t("must be a whole number"))
