"""A game's rules document at the terminal: its notation section, and its Markdown as
plain text for screen readers (finding the document is ``camelcade.core.rules_docs``'s,
shared with the web app)."""

from __future__ import annotations

import re

_TABLE_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_EMPHASIS = re.compile(r"(\*\*|__|`)")
_ITALIC = re.compile(r"(?<![\w*])[*_]([^*_\s][^*_\n]*?)[*_](?![\w*])")
_ANCHOR = re.compile(r"\[([^\]]+)\]\(#[^)]*\)")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)]+)\)")


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
