"""The transcript golden: one short scripted ``--plain`` game against ``kamelen-search``,
the person's inputs and everything printed, so a change of wording shows in review
(``UPDATE_GOLDEN=1`` rewrites it). The script is ``transcript.py``."""

from __future__ import annotations

import os
import statistics
from pathlib import Path

from tests.cli.conftest import assert_plain

from .transcript import ARGS, BOT_NODES, INPUTS, lines_per_turn, play

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "kamelen" / "transcript.txt"


def transcript() -> str:
    header = (f"# camelcade {' '.join(ARGS)}\n"
              f"# kamelen-search searching {BOT_NODES} positions a move (time_limit=None), "
              "so the game repeats\n"
              f"# inputs: {', '.join(INPUTS[:5])}, then 1 at every prompt\n"
              "# Regenerate with UPDATE_GOLDEN=1 pytest tests/games/kamelen/test_transcript.py\n")
    return header + play()


def test_transcript_golden() -> None:
    text = transcript()
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert GOLDEN.exists(), f"missing {GOLDEN}; run with UPDATE_GOLDEN=1 to create it"
    assert text == GOLDEN.read_text(encoding="utf-8"), (
        f"{GOLDEN.name} differs from a fresh scripted game; if the change of wording is "
        "intended, rerun with UPDATE_GOLDEN=1 and review the diff")


def test_the_transcript_reads_as_a_person_would_want_to_hear_it() -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    assert_plain(text)
    played = text.split("Final scores:")[0]
    assert "(you)" not in played and "Seat " not in played
    for said in ("You move your camel from b2 to c5.", "North moves its ",
                 "The advisor suggests ", "and captures your ", "Your turn, South: ",
                 "Camel elimination: you have no camel left that can reach North's home field",
                 "North wins: 1 point."):
        assert said in text, said
    counts = lines_per_turn(text.split("\n", 4)[4])  # without the four header lines
    assert len(counts) > 20
    assert statistics.median(counts) <= 8 and max(counts) <= 14, counts
