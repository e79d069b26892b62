"""``camelcade replay``: a good record action by action, and clear errors for bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import camelcade as cc
from camelcade.core.results import result_sentence
from camelcade.records import Record
from tests.cli.conftest import GAME, Run, assert_plain


@pytest.fixture
def record_file(tmp_path: Path) -> tuple[Path, Record]:
    game = cc.load(GAME, players=2)
    record = cc.play(game, [cc.bots.load("random"), cc.bots.load("first")], seed=4)
    path = tmp_path / "game.json"
    record.save(path)
    return path, record


def test_replay_shows_every_action_and_the_result(run: Run,
                                                  record_file: tuple[Path, Record]) -> None:
    path, record = record_file
    result = run("replay", str(path), "--plain")
    assert result.exit_code == 0, result.output
    assert_plain(result.output)
    out = result.output
    assert "Seats: Red (random) and Yellow (first)." in out
    state = cc.load(GAME, players=2).new_state()
    for number, text in enumerate(record.actions, 1):
        line = f"{number}. {text} — {state.describe_action(text)}"
        assert line in out
        state.apply(text)
    assert "1. draw " in out and "— Red draws a card." in out  # the drawn card is named
    assert "The game is over" in out
    labels = [f"{colour} ({player})" for colour, player in zip(["Red", "Yellow"],
                                                               record.players, strict=True)]
    assert result_sentence(labels, state.ranking(), state.returns()) in out


def test_replay_rich_draws_the_final_board(run: Run, record_file: tuple[Path, Record]) -> None:
    path, record = record_file
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert f"{len(record.actions)}. {record.actions[-1]}" in result.output
    assert "Camels: R Red, Y Yellow" in result.output and "Final scores" in result.output


def test_replay_step_waits_and_quits(run: Run, record_file: tuple[Path, Record]) -> None:
    path, record = record_file
    result = run("replay", str(path), "--plain", "--step", input="\nb\n\nq\n")
    assert result.exit_code == 0, result.output
    assert "3. " in result.output and "4. " not in result.output
    assert "Replay stopped after action 3." in result.output
    assert cc.replay(record, upto=2).describe() in result.output  # 'b' drew the board
    assert "The game is over" not in result.output


def test_replay_of_an_unfinished_record(run: Run, tmp_path: Path,
                                        record_file: tuple[Path, Record]) -> None:
    _, record = record_file
    record.actions, record.returns, record.winners = record.actions[:20], None, None
    path = tmp_path / "short.json"
    record.save(path)
    result = run("replay", str(path), "--plain")
    assert result.exit_code == 0, result.output
    assert "The record stops after 20 actions; the game was not finished." in result.output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read record"),
        ("{not json", "is not JSON"),
        ('{"format": "camelcade-record/9"}', "unknown record format 'camelcade-record/9'"),
        (json.dumps({"format": "camelcade-record/1", "game": "no-such", "options": {},
                     "players": [], "actions": []}), "no game 'no-such'"),
        (json.dumps({"format": "camelcade-record/1", "game": GAME, "options": {"players": 2},
                     "players": ["a", "b"], "actions": ["draw oasis1", "oasis4 3"]}),
         "record action 1 'oasis4 3' does not apply"),
        (json.dumps({"format": "camelcade-record/1", "game": GAME, "options": {"players": 9},
                     "players": [], "actions": []}), "record options are not valid"),
    ],
)
def test_replay_errors_name_the_problem(run: Run, tmp_path: Path, content: str | None,
                                        message: str) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 2
    assert result.output.startswith("Error: ") and message in result.output
    assert "Traceback" not in result.output
    assert "1. " not in result.output  # nothing was shown before the error
