"""The languages camelcade speaks, and how a front end chooses one.

The list is data (``camelcade/locale/languages.toml``): each language's name in itself,
and its plural forms. A front end asks here which
language a person wants — the terminal from ``--lang``, ``CAMELCADE_LANG`` and the locale
(:func:`from_environment`), the web from a setting and ``Accept-Language``
(:func:`from_accept_language`) — and then words everything inside
``camelcade.core.words.language(code)``. English is the fallback everywhere: a person whose
locale camelcade does not speak gets English, never an error; a language asked for by name
(``--lang xx``) that it does not speak is an error that lists those it does.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from camelcade.core.errors import OptionError
from camelcade.core.words import LOCALE_DIR, SOURCE_LANGUAGE

LANGUAGES_FILE = LOCALE_DIR / "languages.toml"
ENV_VARIABLE = "CAMELCADE_LANG"
"""The variable that chooses camelcade's language, before the locale's own."""
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The locale's variables in gettext's order (after ``LANGUAGE``, a list of its own)."""


@dataclass(frozen=True)
class Language:
    """One language: its code ("de"), its own name ("Deutsch") and its plural forms."""

    code: str
    name: str
    plural_forms: str
    plural_categories: tuple[str, ...]
    nouns_capitalised: bool = False
    """A noun keeps its capital inside a sentence (German), so a table head is not lowered."""


@cache
def languages() -> dict[str, Language]:
    """Every language camelcade speaks, English (the source) first, in the file's order."""
    data = tomllib.loads(LANGUAGES_FILE.read_text(encoding="utf-8"))
    found = {code: Language(code=code, name=str(entry["name"]),
                            plural_forms=str(entry["plural_forms"]),
                            plural_categories=tuple(entry["plural_categories"]),
                            nouns_capitalised=bool(entry.get("nouns_capitalised", False)))
             for code, entry in data.items()}
    if SOURCE_LANGUAGE not in found:
        raise RuntimeError(f"{LANGUAGES_FILE} must declare the source language "
                           f"{SOURCE_LANGUAGE!r}")
    return found


def codes() -> list[str]:
    """The language codes, English first: ``["en", "de", "fr", "da"]``."""
    return list(languages())


def translated_codes() -> list[str]:
    """The languages that have a catalogue (all but the source)."""
    return [code for code in languages() if code != SOURCE_LANGUAGE]


def normalise(tag: str | None) -> str | None:
    """The spoken language a locale name or language tag asks for, else None.

    ``de_DE.UTF-8`` and ``de-CH`` ask for ``de``; ``C``, ``POSIX`` and languages camelcade
    does not speak (``ja_JP``) for none.
    """
    if not tag:
        return None
    primary = tag.strip().split(".")[0].split("@")[0].replace("_", "-").split("-")[0].lower()
    return primary if primary in languages() else None


def require(code: str, source: str = "--lang") -> str:
    """``code`` if camelcade speaks it (a region is ignored: ``de-AT`` is ``de``), else an
    ``OptionError`` that names the languages it does speak."""
    found = normalise(code)
    if found is None:
        spoken = ", ".join(f"{c} ({language.name})" for c, language in languages().items())
        raise OptionError(f"{source} {code!r} is not a language camelcade speaks; it speaks "
                          f"{spoken}")
    return found


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The terminal's language: ``CAMELCADE_LANG``, else the locale as gettext reads it.

    ``CAMELCADE_LANG`` must name a language camelcade speaks (it was set for camelcade).
    Then ``LANGUAGE`` (a list, ``fr:de``: the first spoken one), then the first of
    ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set decides; a locale camelcade does
    not speak, or ``C``, is English.
    """
    env = os.environ if environ is None else environ
    chosen = env.get(ENV_VARIABLE, "").strip()
    if chosen:
        return require(chosen, ENV_VARIABLE)
    for entry in env.get("LANGUAGE", "").split(":"):
        found = normalise(entry)
        if found is not None:
            return found
    for name in LOCALE_VARIABLES:
        value = env.get(name, "").strip()
        if value:
            return normalise(value) or SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def choose(flag: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The terminal's language: ``--lang`` (``flag``), else ``CAMELCADE_LANG``, else the
    locale (:func:`from_environment`), else English."""
    if flag is not None and flag.strip():
        return require(flag.strip())
    return from_environment(environ)


def from_accept_language(header: str | None) -> str | None:
    """The best spoken language of an HTTP ``Accept-Language`` header, else None.

    ``de-CH, de;q=0.9, en;q=0.8`` gives ``de``; ``q=0`` refuses a language; ``*`` and
    languages camelcade does not speak are passed over; equal weights keep their order.
    """
    if not header:
        return None
    weighed: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")[:32]):  # a header is short; bound it
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        code = normalise(tag)
        if code is not None and weight > 0:
            weighed.append((-weight, index, code))
    return min(weighed)[2] if weighed else None


def first_spoken(candidates: Iterable[str | None]) -> str:
    """The first candidate camelcade speaks (each may be a tag or None), else English."""
    for candidate in candidates:
        found = normalise(candidate)
        if found is not None:
            return found
    return SOURCE_LANGUAGE
