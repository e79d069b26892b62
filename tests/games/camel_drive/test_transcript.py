"""The transcript golden: one short scripted ``--plain`` game against the planner, the
person's inputs and everything printed (``UPDATE_GOLDEN=1`` rewrites it), so a change of
wording shows in review. The script is ``transcript.py``."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from camelcade.cli.main import app
from tests.cli.conftest import assert_plain

from .helpers import check_golden
from .transcript import ARGS, INPUTS

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "camel-drive" / "transcript.txt"


def _transcript() -> str:
    result = CliRunner().invoke(app, ARGS, input="".join(f"{line}\n" for line in INPUTS))
    assert result.exit_code == 0, result.output
    header = (f"# camelcade {' '.join(ARGS)}\n# inputs: {', '.join(INPUTS)}\n"
              "# Regenerate with UPDATE_GOLDEN=1 pytest tests/games/camel_drive/"
              "test_transcript.py\n")
    return header + result.output


def test_transcript_golden() -> None:
    check_golden(GOLDEN.name, _transcript())


def test_the_transcript_is_plain_and_tells_a_whole_match() -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    assert_plain(text)
    for said in ("You play an interjection for Yellow", "You place Red's stone on Blue",
                 "comes home first and loses race 1", "Green wins race 1: +5.",
                 "backed other camels", "race 2 follows", "the match ends",
                 "Team Green and Blue wins the match", "Chance to win the race"):
        assert said in text, said
