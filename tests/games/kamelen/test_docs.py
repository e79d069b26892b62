"""docs/games/kamelen.md shows real positions: its diagrams and lines match the engine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from camelcade.games.kamelen.spec import PIECE_LETTERS
from tests.games.kamelen.helpers import START, game

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "kamelen.md"


def _blocks() -> list[str]:
    """The text of every fenced code block."""
    blocks, current = [], None
    for line in DOC.read_text(encoding="utf-8").splitlines(keepends=True):
        if line.startswith("```"):
            if current is None:
                current = ""
            else:
                blocks.append(current)
                current = None
        elif current is not None:
            current += line
    return blocks


def diagram(board: str) -> str:
    state = game(board=board).new_state()
    geo = state.geometry
    files = "     " + " ".join("abcdefghijk")
    lines = [files]
    for rank in range(geo.ranks - 1, -1, -1):
        cells = []
        for file in range(11):
            square = rank * 11 + file
            code = state.piece(square)
            cells.append(PIECE_LETTERS[code] if code else "+" if square in geo.homes else ".")
        lines.append(f"{rank + 1:>3}  " + " ".join(cells) + f"  {rank + 1}")
    return "\n".join([*lines, files]) + "\n"


@pytest.mark.parametrize("board", ["11x11", "11x12", "11x13"])
def test_start_diagrams_in_the_docs_match_the_setup(board: str) -> None:
    assert diagram(board) in _blocks()


def test_position_lines_in_the_docs_load() -> None:
    lines = [b.strip() for b in _blocks() if re.fullmatch(r"[0-9CDcd#/]+ [sn] \d+ \d\n", b)]
    assert START["11x11"] in lines and len(lines) == 2
    for line in lines:
        assert game().state_from_position(line).position() == line


def test_the_words_shown_in_the_docs_are_what_the_game_says() -> None:
    from camelcade.games.kamelen.terminal import hint_command
    from tests.games.kamelen.test_transcript import GOLDEN

    blocks = _blocks()
    start = game().new_state()
    assert start.describe(0) + "\n" in blocks
    assert hint_command(start.seen(0)) + "\n" in blocks
    ending = next(b for b in blocks if b.startswith("North moves its dromedary from e7"))
    assert ending in GOLDEN.read_text(encoding="utf-8")
