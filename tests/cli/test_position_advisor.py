"""``play --position`` starts from a set-up position (and its record replays from it);
``play --advisor`` turns on a game's advisor commands, which are off by default."""

from __future__ import annotations

import json
from pathlib import Path

import camelcade as cc
from tests.cli.conftest import Run

MIDGAME = (
    "1d1d3d1d1/1cccc1cccc1/d1d1d1d1d1d/11/5C5/#1#1#1#1#1#/11/11/D1D1D1D1D1D/1CCC2CCCC1/1D1D3D1D1"
    " n 3 0"
)


def test_play_starts_from_a_position_and_the_record_replays_from_it(
    run: Run, tmp_path: Path
) -> None:
    record_file = tmp_path / "game.json"
    result = run("play", "kamelen", "--plain", "--seed", "3", "--position", MIDGAME,
                 "--record", str(record_file), input="1\n" * 400)
    assert result.exit_code == 0, result.output
    data = json.loads(record_file.read_text())
    start = data["extra"]["start"]
    assert start["state"]["position"].startswith(MIDGAME.split()[0])
    state = cc.replay(cc.Record.from_json(data))
    assert [str(a) for a in state.history] == data["actions"]
    assert cc.replay(cc.Record.from_json(data), upto=0).to_json() == start
    replayed = run("replay", str(record_file), "--plain")
    assert replayed.exit_code == 0, replayed.output


def test_bad_position_text_is_refused_with_the_reason(run: Run) -> None:
    result = run("play", "kamelen", "--plain", "--position", "xyz", input="quit\n")
    assert result.exit_code == 2
    assert "Error:" in result.output and "Traceback" not in result.output


def test_position_on_a_game_without_notation_names_those_with_one(run: Run) -> None:
    result = run("play", "a-dos-de-chameau", "--plain", "--position", "x", input="quit\n")
    assert result.exit_code == 2
    assert "has no position notation" in result.output and "kamelen" in result.output


def test_advisor_commands_only_with_the_flag(run: Run, toy_game: str) -> None:
    without = run("play", toy_game, "--plain", input="tip\nquit\n")
    assert "TIP for seat" not in without.output
    assert "Error:" in without.output
    with_flag = run("play", toy_game, "--plain", "--advisor", input="help\ntip\nquit\n")
    assert "TIP for seat 0" in with_flag.output
    assert "tip: An advisor's tip" in with_flag.output
