"""A pseudo-translation for tests of the machinery: real catalogues are the translators'.

``Pseudo(code)`` answers every message with ``«code» `` before the English, keeping its
placeholders, so a test sees in which language each sentence was worded without any
catalogue having been written. ``pseudo_catalogues()`` installs one per language (all but
the messages it is told to leave out, to test the fallback) and puts the packaged
catalogues back after the test.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from camelcade.core.words import set_catalogue_loader

Translate = Callable[[str, str], str]


class Pseudo(gettext.NullTranslations):
    """Every message as ``[code] message``; ``missing`` ones untranslated (English)."""

    def __init__(self, code: str, missing: frozenset[str] = frozenset(),
                 words: dict[str, str] | None = None) -> None:
        super().__init__()
        self.code = code
        self.missing = missing
        self.words = words or {}

    def _mark(self, message: str) -> str:
        return message if message in self.missing else f"«{self.code}» {message}"

    def gettext(self, message: str) -> str:
        return self._mark(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._mark(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        if context == "command word":
            return self.words.get(message, message)
        return self._mark(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self._mark(msgid1 if n == 1 else msgid2)


@contextmanager
def pseudo_catalogues(missing: frozenset[str] = frozenset(),
                      words: dict[str, dict[str, str]] | None = None,
                      codes: tuple[str, ...] = ("de", "fr", "da")) -> Iterator[None]:
    """Install a pseudo-translation of each language in ``codes`` for the block."""
    chosen = {code: Pseudo(code, missing, (words or {}).get(code)) for code in codes}
    set_catalogue_loader(chosen.get)
    try:
        yield
    finally:
        set_catalogue_loader(None)
