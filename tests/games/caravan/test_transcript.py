"""The transcript golden: one short scripted ``--plain`` game against ``caravan-greedy``,
the person's inputs and everything printed, so a change of wording shows in review
(``UPDATE_GOLDEN=1`` rewrites it). The script is ``transcript.py``."""

from __future__ import annotations

import os
import re
from pathlib import Path

from tests.cli.conftest import assert_plain

from .transcript import ARGS, INPUTS, lines_per_turn, play

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "caravan" / "transcript.txt"


def transcript() -> str:
    header = (f"# camelcade {' '.join(ARGS)}\n"
              f"# inputs: {', '.join(INPUTS[:7])}, then pass at every prompt\n"
              "# Regenerate with UPDATE_GOLDEN=1 pytest tests/games/caravan/test_transcript.py\n")
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
    for said in ("You place a camel from your supply on a1, goods space 7",
                 "Your camel on a1 picks up ", "Green relays ", "and delivers it in the ",
                 "Green scores ", "The game is over: a good was delivered after the bag ran "
                 "out.", "Your final score: ", "Green's final score: "):
        assert said in text, said
    assert not re.search(r"\b1 (points|actions|goods|camels|markers)\b", text)
    for wrong in ("Red (you) places", "their own"):
        assert wrong not in text, wrong
    counts = lines_per_turn(text.split("\n", 3)[3])  # without the three header lines
    assert len(counts) > 10
    assert max(counts) <= 60, counts
