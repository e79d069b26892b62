"""The transcript golden: one scripted ``--plain`` game against the search bot, as printed.

``tests/golden/a-dos-de-chameau/transcript.txt`` is everything ``camelcade play`` prints
to a person at seat 0 (Red) against two ``mcts`` bots of 100 iterations (the wording is
checked, not the bots' strength: at the default 1,000 the game took 40-150 s), seed 4, the
person's typed answers included (piped input is echoed after its prompt): a few commands on
the first turn, then always the first legal move. A change of wording anywhere — the game's
sentences, its guide, the terminal's turn loop — shows here as a diff to review. ``UPDATE_GOLDEN=1``
rewrites it.

``lines_per_turn`` is the figure issue 14 asks for: the lines printed from one of the
person's moves to the next prompt.
"""

from __future__ import annotations

import statistics
from itertools import pairwise
from pathlib import Path

from typer.testing import CliRunner

from camelcade.cli.main import app

from .helpers import GAME_ID, check_golden

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / GAME_ID / "transcript.txt"
ARGS = ["play", GAME_ID, "--players", "3", "--plain", "--bots", "mcts:iterations=100",
        "--seed", "4"]
ANSWERS = "help\nhand\nscores\nplayed\nlegal\n" + "1\n" * 200
PROMPT = "Your move, "


def transcript() -> str:
    result = CliRunner().invoke(app, ARGS, input=ANSWERS)
    assert result.exit_code == 0, result.output
    return f"$ camelcade {' '.join(ARGS)}\n{result.output}"


def lines_per_turn(text: str) -> list[int]:
    """Lines from each move the person made to the next prompt (the prompt included)."""
    lines = text.splitlines()
    moves = [index for index, line in enumerate(lines)
             if line.startswith(PROMPT) and line.rstrip().endswith(": 1")]
    return [after - before for before, after in pairwise(moves)]


def test_transcript_golden() -> None:
    check_golden(GOLDEN, transcript(), "a fresh scripted game")


def test_the_transcript_reads_as_a_person_would_want_to_hear_it() -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    assert "(you)" not in text.split("Final scores:")[0]  # "you", never "Red (you) plays"
    assert "You play " in text and "You draw " in text
    assert "The oasis is full: the game is over." in text
    assert "Points so far, from the camels in the oasis:" in text  # the scores command
    counts = lines_per_turn(text)
    assert len(counts) > 10
    assert statistics.median(counts) <= 15 and max(counts) <= 32, counts
