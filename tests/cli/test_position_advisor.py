"""``play --position`` starts from a set-up position (and its record replays from it);
``play --advisor`` turns on a game's advisor commands, which are off by default."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import camelcade as cc
from camelcade.cli.hooks import terminal_hooks
from camelcade.core import registry
from tests.cli.conftest import Run
from tests.toygame.plugin import PLUGIN as TOY_PLUGIN

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


@pytest.fixture
def game_without_notation() -> Iterator[str]:
    """The toy game without its position notation (every shipped game has one now)."""
    registry.register(dataclasses.replace(TOY_PLUGIN, position=None))
    terminal_hooks.cache_clear()
    yield TOY_PLUGIN.id
    registry.unregister(TOY_PLUGIN.id)
    terminal_hooks.cache_clear()


def test_position_on_a_game_without_notation_names_those_with_one(
        run: Run, game_without_notation: str) -> None:
    result = run("play", game_without_notation, "--plain", "--position", "x", input="quit\n")
    assert result.exit_code == 2
    assert "has no position notation" in result.output and "kamelen" in result.output


def test_a_dos_de_chameau_plays_from_a_position(run: Run) -> None:
    text = json.dumps({"camels": [[30, 33, 35], [31, 32, 34]],
                       "hands": [["oasis1", "oasis2", "mirage1"], ["oasis1", "oasis1", "oasis2"]]})
    result = run("play", "a-dos-de-chameau", "--plain", "--players", "2", "--position", text,
                 "--bots", "random", input="oasis1 30\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output and "Error:" not in result.output
    assert "The game is over. You win with 14 points." in result.output


def test_advisor_commands_only_with_the_flag(run: Run, toy_game: str) -> None:
    without = run("play", toy_game, "--plain", input="tip\nquit\n")
    assert "TIP for seat" not in without.output
    assert "Error:" in without.output
    with_flag = run("play", toy_game, "--plain", "--advisor", input="help\ntip\nquit\n")
    assert "TIP for seat 0" in with_flag.output
    assert "tip: An advisor's tip" in with_flag.output
