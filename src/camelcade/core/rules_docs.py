"""Finding a game's rules document, for the terminal's ``rules`` and the web's ``/rules/``.

Each game's rules as implemented, with its notation, live in ``docs/games/<id>.md``
(English), and in another language in ``docs/games/<lang>/<id>.md``. An installed package
carries them as ``camelcade/docs/games/...``; a source checkout has them in the
repository's ``docs/`` folder. Both are looked up, the package first; the rules in the
current language first, then in English.
"""

from __future__ import annotations

from importlib import resources
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
