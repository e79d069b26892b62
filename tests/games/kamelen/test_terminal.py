"""The rich board for ``camelcade play`` and the prompt's commands: ``position`` is a
plain command, ``hint`` advice that needs ``--advisor``."""

from __future__ import annotations

from rich.console import Console
from typer.testing import CliRunner

from camelcade.cli.main import app
from camelcade.core.registry import plugin
from camelcade.games.kamelen import terminal
from tests.games.kamelen.helpers import game, position

BACKGROUND = {"a2": "C", "k10": "c"}


def _printed(renderable: object) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_render_draws_the_board_with_coordinates_and_letters() -> None:
    state = game(board="11x13").new_state()
    state.apply("b2-c5")
    lines = _printed(terminal.render(state.seen(0))).splitlines()
    assert lines[0] == "It is North's turn."
    assert lines[1].split() == list("abcdefghijk")
    assert lines[2].split() == ["13", "·", "d", "·", "d", "·", "⌂", "·", "d", "·", "d", "·", "13"]
    row_7 = next(line for line in lines if line.strip().startswith("7 "))
    assert row_7.split() == ["7", "#", "·", "#", "·", "#", "·", "#", "·", "#", "·", "#", "7"]
    row_5 = next(line for line in lines if line.strip().startswith("5 "))
    assert row_5.split()[3] == "C"
    assert lines[-1] == "Last move: b2-c5."


def test_the_legend_names_every_mark_the_board_draws() -> None:
    state = game(board="11x12").new_state()
    legend = _printed(terminal.render(state.seen(1)))
    for said in ("You play North: c, d.",
                 "C and D: South's camels and dromedaries; c and d: North's.",
                 "#: a rock. ⌂: an empty home field, South's f1 and North's f12 (green). ·: an "
                 "empty square.",
                 "the last move's two squares are blue"):
        assert said in legend, said
    assert "You play" not in _printed(terminal.render(state.seen(None)))


def test_seat_names_are_south_and_north() -> None:
    assert [terminal.seat_name(game(), seat) for seat in (0, 1)] == ["South", "North"]


def test_position_is_a_command_and_hint_is_advice() -> None:
    slot = plugin("kamelen").terminal
    assert set(slot.commands) == {"position"} and set(slot.advisor_commands) == {"hint"}
    assert slot.commands["position"].load() is terminal.position_command
    assert slot.advisor_commands["hint"].load() is terminal.hint_command


def test_position_command_prints_the_position_line() -> None:
    state = game().new_state()
    assert terminal.position_command(state.seen(0)) == state.position()


def test_hint_suggests_a_legal_move_in_words_and_says_the_same_twice() -> None:
    state = game().new_state()
    answer = terminal.hint_command(state.seen(0))
    first = answer.splitlines()[0]
    move = first.split("suggests ")[1].split(":")[0]
    assert move in [str(a) for a in state.legal_actions()]
    assert first.startswith(f"The advisor suggests {move}: your ")
    assert answer.splitlines()[1].startswith("It expects this line to follow: ")
    assert answer.splitlines()[2].startswith("It rates the position ")
    assert terminal.hint_command(state.seen(0)) == answer  # a node budget, not a clock
    assert terminal.hint_command(state.seen(1)) == "A hint is given on your turn."


def test_hint_sees_a_win_in_one() -> None:
    state = position({"e8": "C", **BACKGROUND})
    answer = terminal.hint_command(state.seen(0))
    assert answer.startswith("The advisor suggests e8-f11: your camel from e8 to f11.")
    assert answer.endswith("It sees a forced win for you.")


def test_hint_at_the_prompt_needs_the_advisor_flag() -> None:
    def run(*flags: str) -> str:
        return CliRunner().invoke(app, ["play", "kamelen", "--plain", "--seed", "1", *flags],
                                  input="hint\nquit\n").output

    assert "The advisor suggests" not in run()
    assert "The advisor suggests" in run("--advisor")


def test_terminal_exposes_position_state_for_play_position() -> None:
    the_game = game()
    line = the_game.new_state().position()
    assert terminal.position_state(the_game, line) == the_game.new_state()
