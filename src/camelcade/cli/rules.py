"""Finding a game's rules document and turning its Markdown into plain text.

Each game's rules as implemented, with its notation, live in ``docs/games/<id>.md``
(English), and in another language in ``docs/games/<lang>/<id>.md``. An installed package
carries them as ``camelcade/docs/games/...``; a source checkout has them in the
repository's ``docs/`` folder. Both are looked up, the package first; the rules in the
current language first, then in English.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import camelcade
from camelcade.core.words import SOURCE_LANGUAGE, current_language

_TABLE_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_EMPHASIS = re.compile(r"(\*\*|__|`)")
_ITALIC = re.compile(r"(?<![\w*])[*_]([^*_\s][^*_\n]*?)[*_](?![\w*])")
_ANCHOR = re.compile(r"\[([^\]]+)\]\(#[^)]*\)")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)]+)\)")


def doc_dirs() -> list[Path]:
    """Folders that may hold ``<id>.md``, in the order they are tried."""
    dirs: list[Path] = []
    try:
        packaged = resources.files("camelcade") / "docs" / "games"
        if isinstance(packaged, Path):
            dirs.append(packaged)
    except (ModuleNotFoundError, TypeError):
        pass
    source_root = Path(camelcade.__file__).resolve().parents[2]  # src/camelcade/__init__.py
    dirs.append(source_root / "docs" / "games")
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


def notation_section(markdown: str) -> str | None:
    """The "Notation" section of a rules document (heading included), or None."""
    lines = markdown.splitlines()
    start = level = None
    for index, line in enumerate(lines):
        heading = _HEADING.match(line)
        if heading is None:
            continue
        depth = len(heading.group(1))
        if start is None and "notation" in heading.group(2).lower():
            start, level = index, depth
        elif start is not None and level is not None and depth <= level:
            return "\n".join(lines[start:index]).strip()
    return None if start is None else "\n".join(lines[start:]).strip()


def markdown_to_plain(markdown: str) -> str:
    """Markdown as plain sentences for screen readers: no markup characters read aloud.

    Headings lose their ``#``, emphasis and code marks go, links keep their text (and
    their address, unless it points within the page), and each table row becomes one line
    of its cells separated by semicolons (the header row is kept so the columns are named
    once).
    """
    out: list[str] = []
    for raw in markdown.splitlines():
        line = raw.rstrip()
        if _TABLE_RULE.match(line) and "-" in line:
            continue
        if line.strip() in ("---", "***") or set(line.strip()) == {"-"}:
            continue
        heading = _HEADING.match(line)
        if heading is not None:
            line = heading.group(2).rstrip(":") + ":"
        elif line.lstrip().startswith("|"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            line = "; ".join(cell for cell in cells if cell) + "."
        line = _ANCHOR.sub(r"\1", line)  # a link within the page: its text is enough
        line = _LINK.sub(r"\1 (\2)", line)
        line = _EMPHASIS.sub("", line)
        line = _ITALIC.sub(r"\1", line)
        out.append(line)
    text = "\n".join(out)
    return re.sub(r"\n{3,}", "\n\n", text).strip()
