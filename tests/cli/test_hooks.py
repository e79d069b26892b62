"""A game's terminal slot (render, commands, seat names) and CLI tools, from its manifest."""

from __future__ import annotations

from pathlib import Path

from camelcade.cli import hooks
from camelcade.records import Record
from tests.cli.conftest import GAME, Run
from tests.toygame.terminal import BOARD_MARK


def test_builtin_game_has_a_terminal_but_no_cli() -> None:
    found = hooks.terminal_hooks(GAME)
    assert found.render is not None
    assert found.seat_name.__module__ == "camelcade.games.a_dos_de_chameau.terminal"
    assert hooks.cli_app(GAME) is None
    assert GAME not in hooks.games_with_cli()


def test_game_cli_app_is_mounted_under_the_game_id(run: Run, toy_game: str) -> None:
    assert toy_game in hooks.games_with_cli()
    result = run(toy_game, "hello", "--name", "Ada")
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "hello Ada from the toy"
    listing = run("--help")
    assert toy_game in listing.output


def test_game_cli_errors_are_one_line_exit_2(run: Run, toy_game: str) -> None:
    result = run(toy_game, "boom")
    assert result.exit_code == 2
    assert result.output.strip() == "Error: boom needs a bigger camel; allowed: small, large"


def test_unregistered_name_is_not_a_command(run: Run) -> None:
    result = run("toy", "hello")
    assert result.exit_code == 2
    assert "There is no command 'toy'" in result.output


def test_game_commands_render_and_seat_names_are_used_in_play(
    run: Run, toy_game: str, tmp_path: Path
) -> None:
    record = tmp_path / "toy.json"
    answers = "help\ncount\nbroken\nquit\n"
    rich = run("play", toy_game, "--players", "2", "--seed", "2", "--record", str(record),
               input=answers)
    assert rich.exit_code == 0, rich.output
    out = rich.output
    assert f"{BOARD_MARK} 0" in out  # the game's renderer, for the human's seat
    assert "You are North. You play against South (random)." in out
    assert "count: How many actions have been played so far." in out  # listed in help
    assert "broken: A command that fails with a camelcade error." in out
    assert "2 actions so far, asked by seat 0" in out
    assert "Error: the advisor is out of camels" in out
    assert Record.load(record).game == toy_game

    plain = run("play", toy_game, "--players", "2", "--seed", "2", "--plain", input="quit\n")
    assert BOARD_MARK not in plain.output  # plain mode always uses describe()
    assert "Your secret is" in plain.output
