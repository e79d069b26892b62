"""The transcript golden: a scripted ``--plain`` game against ``camel-up-ev``, every input
and every line printed, so a change of wording shows in review (``UPDATE_GOLDEN=1``
rewrites it)."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from camelcade.cli.main import app

from .helpers import check_golden
from .transcript import ARGS, FIRST_TURN, GOLDEN, PROMPT, inputs, lines_per_turn


def transcript() -> str:
    result = CliRunner().invoke(app, list(ARGS), input="\n".join(inputs()) + "\n")
    assert result.exit_code == 0, result.output
    return result.output


def test_the_scripted_game_reads_as_the_golden_transcript() -> None:
    check_golden(GOLDEN, transcript())


def test_the_transcript_is_a_whole_game_with_its_scoring_told() -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    typed = [line[len(PROMPT):] for line in text.splitlines() if line.startswith(PROMPT)]
    assert typed[:len(FIRST_TURN)] == list(FIRST_TURN)
    assert "Error: illegal action 'tile 1 cheer': no tile may go on space 1" in text
    for sight in ("Leg 1 ends:", "The race is over:", "The overall winner pile is turned over",
                  "Final coins:", "The game is over"):
        assert sight in text, sight
    assert "(you)" not in text.split("You play against")[1].split("The game is over")[0]
    assert len(lines_per_turn(text)) > 10


def test_the_help_gives_its_examples_one_per_line() -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    help_text = text.split(f"{PROMPT}help\n")[1].split(PROMPT)[0]
    shown = help_text.split("Type it as shown:\n")[1].split("\n\n")[0]
    examples = [line.split(":")[0] for line in shown.splitlines()]
    assert examples == ["bet blue", "tile 7 cheer", "tile 12 boo", "roll", "winner purple",
                        "loser blue"]
    for line in help_text.splitlines():
        assert not re.search(r"\S {2,}\S", line), f"two columns: {line!r}"
