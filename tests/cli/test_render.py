"""Small pieces of the output layer: plain tables."""

from __future__ import annotations

import pytest

from camelcade.cli.render import Screen


def test_plain_table_is_one_sentence_per_row(capsys: pytest.CaptureFixture[str]) -> None:
    Screen().table("Final scores", ["Seat", "Score", "Result"],
                   [["Red", "12", "winner"], ["Yellow", "9", ""]])
    assert capsys.readouterr().out.splitlines() == [
        "Final scores:",
        "Red: score 12, result winner.",
        "Yellow: score 9.",
    ]
