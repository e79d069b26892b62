"""The rich board for ``camelcade play``: coordinates, letters, and the prompt commands."""

from __future__ import annotations

from rich.console import Console

from camelcade.games.kamelen import terminal
from tests.games.kamelen.helpers import game


def _printed(renderable: object) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_render_draws_the_board_with_coordinates_and_letters() -> None:
    state = game(board="11x13").new_state()
    state.apply("b2-c5")
    lines = _printed(terminal.render(state, 0)).splitlines()
    assert lines[0].startswith("Kamelen on the 11x13 board. It is North's turn.")
    assert lines[1].split() == list("abcdefghijk")
    assert lines[2].split() == ["13", "·", "d", "·", "d", "·", "⌂", "·", "d", "·", "d", "·", "13"]
    row_7 = next(line for line in lines if line.strip().startswith("7 "))
    assert row_7.split() == ["7", "#", "·", "#", "·", "#", "·", "#", "·", "#", "·", "#", "7"]
    row_5 = next(line for line in lines if line.strip().startswith("5 "))
    assert row_5.split()[3] == "C"
    text = "\n".join(lines)
    assert "South (you): C D camel, dromedary; 4 camels can reach f13" in text
    assert "Last move: b2-c5" in text


def test_seat_names_are_south_and_north() -> None:
    assert [terminal.seat_name(game(), seat) for seat in (0, 1)] == ["South", "North"]


def test_position_command_prints_the_position_line() -> None:
    state = game().new_state()
    assert terminal.COMMANDS["position"](state, 0) == state.position()


def test_hint_command_suggests_a_legal_move_on_your_turn() -> None:
    state = game().new_state()
    answer = terminal.COMMANDS["hint"](state, 0)
    suggested = answer.split(" suggests ")[1].split()[0]
    assert suggested in [str(a) for a in state.legal_actions()]
    assert terminal.COMMANDS["hint"](state, 1) == "A hint is given on your turn."


def test_terminal_exposes_position_state_for_play_position() -> None:
    the_game = game()
    line = the_game.new_state().position()
    assert terminal.position_state(the_game, line) == the_game.new_state()
