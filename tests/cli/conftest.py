"""Running the ``camelcade`` command in-process, with typed input on standard input."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from camelcade.cli.main import app

GAME = "a-dos-de-chameau"
ALWAYS_FIRST = "1\n" * 2000
"""More answers than any game needs: every prompt (including hot-seat passes) gets ``1``."""
ANSI = re.compile(r"\x1b\[")
BOX_DRAWING = re.compile("[\u2500-\u257f]")

Run = Callable[..., Result]


@pytest.fixture
def run() -> Run:
    """``run("play", GAME, input="1\\n")``: the command's result, stdout and stderr mixed."""
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None) -> Result:
        return runner.invoke(app, list(args), input=input)

    return invoke


def assert_plain(text: str) -> None:
    """Plain output: no escape codes, no box drawing, no emoji."""
    assert not ANSI.search(text), "ANSI escape code in plain output"
    assert not BOX_DRAWING.search(text), "box-drawing character in plain output"
    assert not any(ord(char) >= 0x1F000 for char in text), "emoji in plain output"


def write_doc(folder: Path, game_id: str) -> Path:
    """A small rules document with a notation table, as docs/games/<id>.md has."""
    path = folder / f"{game_id}.md"
    path.write_text(
        "# A dos de Chameau — rules\n\n"
        "Race your **three camels** to the `oasis`.\n\n"
        "HABA's *Karawane*; see [Decisions](#decisions) and [HABA](https://haba.de).\n\n"
        "## Setup\n\nEveryone draws 3 cards.\n\n"
        "### Notation (contract)\n"
        "| action | text | notes |\n"
        "|---|---|---|\n"
        "| oasis card | `oasis3 12` | moves your camel |\n"
        "| sandstorm | `storm` | everyone reshuffles |\n\n"
        "## Decisions\n\nSpace 31 is worth 1 point.\n",
        encoding="utf-8",
    )
    return path
