"""Finding a game's rules, for the terminal's ``rules`` and the web's ``/rules/``.

A game has two: the player's rulebook, short, in each language, in its own folder
(``rules/<lang>.md`` in the game's package, see ``find_rulebook``), and the developer
document: the rules as implemented, with the notation, the odds and the balance, in
``docs/games/<id>.md`` (English) and ``docs/games/<lang>/<id>.md``. An installed package
carries them as ``camelcade/docs/games/...``; a source checkout has them in the
repository's ``docs/`` folder. Both are looked up, the package first; the rules in the
current language first, then in English.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from camelcade.core.words import SOURCE_LANGUAGE, current_language

SOURCE_ROOT = Path(__file__).resolve().parents[3]
"""The checkout this module is in (``src/camelcade/core/rules_docs.py``)."""


def doc_dirs() -> list[Path]:
    """Folders that may hold ``<id>.md``, in the order they are tried."""
    dirs: list[Path] = []
    try:
        packaged = resources.files("camelcade") / "docs" / "games"
        if isinstance(packaged, Path):
            dirs.append(packaged)
    except (ModuleNotFoundError, TypeError):
        pass
    dirs.append(SOURCE_ROOT / "docs" / "games")
    return dirs


def _candidates(game_id: str, lang: str) -> list[Path]:
    """Where the rules of ``game_id`` in ``lang`` may be, in the order they are tried."""
    return [(folder if lang == SOURCE_LANGUAGE else folder / lang) / f"{game_id}.md"
            for folder in doc_dirs()]


def rules_doc_in(game_id: str, lang: str) -> Path | None:
    """The rules document of ``game_id`` written in ``lang``, or None (no fallback)."""
    for candidate in _candidates(game_id, lang):
        if candidate.is_file():
            return candidate
    return None


def find_rules_doc(game_id: str, lang: str | None = None) -> Path | None:
    """The rules document of ``game_id`` in ``lang`` (default: the current language),
    else in English, or None when no folder has it."""
    wanted = current_language() if lang is None else lang
    for code in dict.fromkeys((wanted, SOURCE_LANGUAGE)):
        found = rules_doc_in(game_id, code)
        if found is not None:
            return found
    return None


def rules_languages(game_id: str, codes: list[str], first: str | None = None) -> list[str]:
    """The languages of ``codes`` that ``game_id``'s rules are written in, ``first`` (the
    language of the game's own rulebook) first and the others in their given order."""
    ordered = ([first] if first in codes else []) + [code for code in codes if code != first]
    return [code for code in ordered if rules_doc_in(game_id, code) is not None]


def looked_in(game_id: str) -> str:
    """Where ``find_rules_doc`` looked, for an error message that helps fix packaging."""
    return ", ".join(str(path) for code in dict.fromkeys((current_language(),
                                                          SOURCE_LANGUAGE))
                     for path in _candidates(game_id, code))


# The player's rulebook: short, per language, in the game's own folder.

RULEBOOK_FOLDER = "rules"
"""The folder of a game's package holding its player's rulebooks, ``<lang>.md`` each."""


@dataclass(frozen=True)
class Rulebook:
    """A game's player's rulebook as found: its Markdown and the language it is written in,
    which is not the one asked for when that one is missing (English stands in)."""

    game_id: str
    text: str
    lang: str
    wanted: str

    @property
    def fallback(self) -> bool:
        """Whether the rulebook is not in the language asked for."""
        return self.lang != self.wanted


def rulebook_folder(game_id: str) -> Traversable | None:
    """The ``rules`` folder of the game's package (the one its manifest's game class is
    in), or None: found through the package, so an installed outside game ships its own."""
    from camelcade.core.registry import plugin

    try:
        folder = resources.files(plugin(game_id).package) / RULEBOOK_FOLDER
    except (ModuleNotFoundError, TypeError):
        return None
    return folder if folder.is_dir() else None


def rulebook_in(game_id: str, lang: str) -> str | None:
    """The Markdown of ``game_id``'s player's rulebook written in ``lang``, or None (no
    fallback). ``lang`` is a language code, never a path."""
    folder = rulebook_folder(game_id)
    if folder is None or not lang.isalpha():
        return None
    found = folder / f"{lang}.md"
    return found.read_text(encoding="utf-8") if found.is_file() else None


def find_rulebook(game_id: str, lang: str | None = None) -> Rulebook | None:
    """``game_id``'s player's rulebook in ``lang`` (default: the current language), else in
    English, or None when the game ships none."""
    wanted = current_language() if lang is None else lang
    for code in dict.fromkeys((wanted, SOURCE_LANGUAGE)):
        text = rulebook_in(game_id, code)
        if text is not None:
            return Rulebook(game_id, text, code, wanted)
    return None


def rulebook_languages(game_id: str, codes: list[str]) -> list[str]:
    """The languages of ``codes`` that ``game_id``'s rulebook is written in, in the given
    order (one fixed order on every page)."""
    return [code for code in codes if rulebook_in(game_id, code) is not None]
