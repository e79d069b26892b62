"""Every camelcade error is one line naming what is allowed, with exit code 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import GAME, Run


@pytest.mark.parametrize(
    ("args", "allowed"),
    [
        (["play", "camel-chess"], ["no game 'camel-chess'", GAME]),
        (["simulate", "camel-chess"], ["no game 'camel-chess'", GAME]),
        (["play", GAME, "--bots", "genius"], ["no bot 'genius'", "first", "random"]),
        (["simulate", GAME, "--bots", "random,genius"], ["no bot 'genius'", "random"]),
        (["play", GAME, "--option", "camels=9"],
         ["no option 'camels'", "oasis_cards", "oasis_points", "leader_target"]),
        (["simulate", GAME, "-o", "leader_target=nowhere"],
         ["leader_target='nowhere' is not allowed", "'outside-oasis' or 'any'"]),
        (["play", GAME, "--option", "oasis_cards"], ["--option takes key=value"]),
        (["play", GAME, "--players", "7"], ["played by 2 to 4 players, not 7"]),
        (["play", GAME, "--players", "2", "-o", "players=3"], ["disagree"]),
        (["play", GAME, "--seat", "4"], ["--seat must be from 0 to 3"]),
        (["play", GAME, "--players", "4", "--bots", "random,first"],
         ["--bots names 2 bots, but 3 other seats need one each"]),
        (["simulate", GAME, "--bots", "random,,first"], ["bot names separated by commas"]),
    ],
)
def test_errors_exit_2_with_one_line_saying_what_is_allowed(
    run: Run, args: list[str], allowed: list[str]
) -> None:
    result = run(*args, input="quit\n")
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    for text in allowed:
        assert text in lines[0]


def test_options_are_passed_as_text_and_checked_by_the_game(run: Run, tmp_path: Path) -> None:
    record = tmp_path / "opts.json"
    result = run("play", GAME, "--players", "2", "--seed", "1", "--plain", "--record",
                 str(record), "-o", "oasis_cards=4,4,4,4,4,4,4", "-o", "leader_target=any",
                 input="quit\n")
    assert result.exit_code == 0, result.output
    from camelcade.records import Record

    options = Record.load(record).options
    assert options["oasis_cards"] == [4] * 7 and options["leader_target"] == "any"


def test_record_into_a_missing_folder_fails_before_the_game(run: Run, tmp_path: Path) -> None:
    result = run("play", GAME, "--record", str(tmp_path / "nowhere" / "g.json"))
    assert result.exit_code == 2
    assert "does not exist" in result.output and "Your move" not in result.output


def test_usage_errors_also_exit_2(run: Run) -> None:
    result = run("simulate", GAME, "--games", "zero")
    assert result.exit_code == 2
    assert "Traceback" not in result.output
