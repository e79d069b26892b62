"""A plain SVG of a game's accessible board, for notebooks (``State._repr_svg_``).

The browser boards are ES modules drawn in the browser, out of reach of Python. What a
game gives Python is its accessible layout (``WebSlot.layout``, see ``docs/web.md``): a
grid or a list of cells, each with the words the game wrote for it. This draws that
layout, as a spectator sees it, as boxes in rows with each cell's words inside (and whole,
as the cell's tooltip); the picture's title is the board's label and its description the
position in words, so a screen reader in the notebook reads the same as on the web page.

Plain Python, no numpy: it is imported on a notebook's first display of a state, with or
without the ``rl`` extra.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

if TYPE_CHECKING:
    from camelcade.core.game import State
    from camelcade.core.seen import Seen

CELL_WIDTH = 96
CELL_HEIGHT = 60
LABEL_WIDTH = 44
HEADER_HEIGHT = 20
GAP = 4
FONT = 10
LINE = 12
LIST_WIDTH = 8
"""Cells per line when a track (a list) is drawn."""
CHARACTERS = 17
LINES = 4


def layout_of(state: State, player: int | None = None) -> dict[str, Any] | None:
    """The game's accessible board for ``player`` (None: a spectator), or None if the game
    declares no layout."""
    return board_of(state.seen(player))


def board_of(seen: Seen[Any]) -> dict[str, Any] | None:
    """The game's accessible board for the viewer of ``seen``, or None if the game declares
    no layout."""
    from camelcade.core.registry import plugin

    slot = plugin(seen.game.id).web
    if slot is None or slot.layout is None:
        return None
    board = slot.layout.load()(seen).get("board")
    return board if isinstance(board, dict) else None


def _cell(x: int, y: int, cell: dict[str, Any]) -> list[str]:
    text = str(cell.get("text", ""))
    lines = textwrap.wrap(text, CHARACTERS)[:LINES] or [""]
    if len(textwrap.wrap(text, CHARACTERS)) > LINES:
        lines[-1] = lines[-1][: CHARACTERS - 1] + "…"
    out = [f'<g data-cell="{escape(str(cell.get("id", "")))}"><title>{escape(text)}</title>',
           f'<rect x="{x}" y="{y}" width="{CELL_WIDTH}" height="{CELL_HEIGHT}" rx="4" '
           'fill="#fbf6ea" stroke="#6b5a3a"/>']
    for number, line in enumerate(lines):
        out.append(f'<text x="{x + 4}" y="{y + 4 + LINE * (number + 1)}" '
                   f'font-size="{FONT}">{escape(line)}</text>')
    out.append("</g>")
    return out


def _rows(board: dict[str, Any]) -> tuple[list[tuple[str, list[dict[str, Any]]]], list[str]]:
    """Rows to draw (label, cells) and the column headers; a list wraps into lines."""
    rows = [(str(row.get("label", "")), list(row.get("cells", [])))
            for row in board.get("rows", [])]
    if board.get("kind") == "grid":
        return rows, [str(c) for c in board.get("columns") or []]
    cells = [cell for _, row_cells in rows for cell in row_cells]
    return [("", cells[i:i + LIST_WIDTH]) for i in range(0, len(cells), LIST_WIDTH)], []


def render_board(board: dict[str, Any], description: str = "", title: str | None = None
                 ) -> str:
    """The SVG text of a layout's ``board`` (see the module docstring); ``title`` (a
    rulebook's words for the picture) stands for the board's own label, and is also the
    picture's accessible name where the SVG is inline in a page."""
    rows, columns = _rows(board)
    labelled = any(label for label, _ in rows)
    left = LABEL_WIDTH if labelled else GAP
    top = HEADER_HEIGHT if columns else GAP
    wide = max((len(cells) for _, cells in rows), default=0)
    width = left + wide * (CELL_WIDTH + GAP) + GAP
    height = top + len(rows) * (CELL_HEIGHT + GAP) + GAP
    label = str(board.get("label", "Board")) if title is None else title
    named = "" if title is None else f' aria-label="{escape(title, {chr(34): "&quot;"})}"'
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img"{named} font-family="sans-serif">',
           f"<title>{escape(label)}</title>", f"<desc>{escape(description)}</desc>"]
    for number, column in enumerate(columns):
        x = left + number * (CELL_WIDTH + GAP) + CELL_WIDTH // 2
        out.append(f'<text x="{x}" y="{HEADER_HEIGHT - 6}" font-size="{FONT}" '
                   f'text-anchor="middle">{escape(column)}</text>')
    for row_number, (row_label, cells) in enumerate(rows):
        y = top + row_number * (CELL_HEIGHT + GAP)
        if row_label:
            out.append(f'<text x="{GAP}" y="{y + CELL_HEIGHT // 2}" font-size="{FONT}">'
                       f"{escape(row_label)}</text>")
        for number, cell in enumerate(cells):
            out += _cell(left + number * (CELL_WIDTH + GAP), y, cell)
    out.append("</svg>")
    return "\n".join(out)


def board_svg(state: State, player: int | None = None) -> str | None:
    """The SVG of ``state``'s board as ``player`` (None: a spectator) may see it, or None
    when the game declares no web layout (a notebook then shows the text)."""
    seen = state.seen(player)
    board = board_of(seen)
    if board is None:
        return None
    return render_board(board, seen.describe())


__all__ = ["board_svg", "layout_of", "render_board"]
