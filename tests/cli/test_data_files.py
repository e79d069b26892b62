"""A map file is a local person's choice: ``play``, ``simulate`` (its worker processes too)
and ``replay`` read one given by path, and the Python API does only when asked to."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import camelcade as cc
from camelcade.core.data import MAX_DATA_BYTES, local_files, local_files_allowed
from tests.cli.conftest import Run
from tests.games.caravan.test_map import GOOD_MAP


@pytest.fixture
def mirror(tmp_path: Path) -> Path:
    path = tmp_path / "mirror.toml"
    path.write_text(GOOD_MAP, encoding="utf-8")
    return path


def test_play_reads_a_map_file_given_by_path(run: Run, mirror: Path, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    result = run("play", "caravan", "--players", "2", "--plain", "--seed", "3", "--option",
                 f"map={mirror}", "--record", str(record), input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Mirror" in result.output
    replayed = run("replay", str(record), "--plain")
    assert replayed.exit_code == 0, replayed.output


def test_simulate_workers_read_the_map_file(run: Run, mirror: Path, tmp_path: Path) -> None:
    out = tmp_path / "lab.jsonl"
    result = run("simulate", "caravan", "--games", "4", "--bots", "random,random", "--seed",
                 "2", "--workers", "2", "--option", f"map={mirror}", "--out", str(out),
                 "--plain")
    assert result.exit_code == 0, result.output
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4
    assert {json.loads(line)["options"]["map"] for line in lines} == {str(mirror)}


def test_the_python_api_reads_a_file_only_when_told(mirror: Path) -> None:
    assert not local_files_allowed()
    with pytest.raises(cc.OptionError, match="has no map"):
        cc.load("caravan", map=str(mirror))
    with local_files():
        assert cc.load("caravan", map=str(mirror)).options["map"] == str(mirror)
    assert not local_files_allowed()


def test_even_locally_devices_and_huge_files_are_refused(tmp_path: Path) -> None:
    huge = tmp_path / "huge.toml"
    huge.write_bytes(b"#" * (MAX_DATA_BYTES + 1))
    with local_files():
        with pytest.raises(cc.OptionError, match="is not a regular file"):
            cc.load("caravan", map="/dev/zero")
        with pytest.raises(cc.OptionError, match="is larger than 64 KB"):
            cc.load("caravan", map=str(huge))


def test_serve_is_not_a_local_command() -> None:
    """The decorator that lets a command read files is on the local commands only."""
    from camelcade.cli import main

    for name in ("play_command", "replay_command", "simulate_command", "balance_command",
                 "ladder_command"):
        assert hasattr(getattr(main, name), "__wrapped__"), name
    assert not hasattr(main.serve_command, "__wrapped__")
