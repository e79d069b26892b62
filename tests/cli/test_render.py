"""Small pieces of the output layer: result sentences and plain tables."""

from __future__ import annotations

import pytest

from camelcade.cli.render import Screen, result_sentence


def test_result_sentence_for_one_winner_a_shared_win_and_a_draw() -> None:
    labels = ["Red (you)", "Yellow (random)", "Orange (first)"]
    assert result_sentence(labels, [1], [3, 9, 4]) == "Yellow (random) wins with 9 points."
    assert result_sentence(labels, [0, 2], [7, 1, 7]) == \
        "Red (you) and Orange (first) share the win with 7 points."
    assert result_sentence(labels, [], [0.5, 0.5, 0.5]) == "Nobody wins: the game is a draw."


def test_plain_table_is_one_sentence_per_row(capsys: pytest.CaptureFixture[str]) -> None:
    Screen().table("Final scores", ["Seat", "Score", "Result"],
                   [["Red", "12", "winner"], ["Yellow", "9", ""]])
    assert capsys.readouterr().out.splitlines() == [
        "Final scores:",
        "Red: score 12, result winner.",
        "Yellow: score 9.",
    ]
