"""Plain text for screen readers (describe / describe_action) and the rich terminal board."""

from __future__ import annotations

import io
import re

from rich.console import Console

from camelcade.games.caravan.terminal import COMMANDS, render, seat_name
from tests.games.caravan.helpers import position, start


def test_describe_says_each_square_with_its_camels_in_words() -> None:
    state = position([["d5 salt"], ["d5"]], turn=5)
    assert "d5, meat city: your camel carrying salt; Green's camel." in state.describe(0)
    assert "d5, meat city: your camel; Red's camel carrying salt." in state.describe(1)
    assert "d5, meat city: Red's camel carrying salt; Green's camel." in state.describe()


def test_describe_names_goods_spaces_their_goods_and_demand_markers() -> None:
    state = position([["a7"], []], markers=[2, 0, 0, 0, 0, 0, 1, 1], turn=5)
    text = state.describe(0)
    assert "a7, goods space 1 with salt and 2 demand markers: your camel." in text
    assert "g7, goods space 2 with meat: no camels." in text


def test_describe_counts_identical_camels_and_says_stolen_goods_are_underneath() -> None:
    state = position([["c3", "c3", "c2 meat under"], []], turn=5)
    text = state.describe(1)
    assert "c3: Red's 2 camels." in text
    assert "c2: Red's camel carrying meat underneath (stolen, safe until moved)." in text


def test_describe_gives_the_turn_bag_cities_and_players() -> None:
    state = position([["a7"], []], demand=[3, 0], turn=6, actions_left=2)
    text = state.describe(1)
    assert "Turn 6: Green (you) to act, 2 of 4 actions left." in text
    assert "Bag: 24 goods left." in text
    assert "Cities: ivory d7, meat d5, paper a4, hides c4, swords e4, cloth g4, salt d3, " \
           "gems d1." in text
    assert "Red: 4 camels in the supply, 1 theft marker, 3 demand markers" in text


def test_describe_at_the_end_names_the_winner() -> None:
    state = position([["a1"], ["b1"]], turn=5)
    state.apply("camel a1-a2")
    state.apply("pass")
    state.apply("pass")
    state.apply("pass")
    assert state.is_terminal()
    assert "The game is over: a full round passed without any action." in state.describe()


def test_describe_action_sentences() -> None:
    state = position([["a7", "d2 salt", "d3", "c3"], ["c3 meat", "e5"]], turn=5)
    assert state.describe_action("camel e5", 0) == (
        "Red (you) places a camel from the supply on e5 (2 actions: a camel is already "
        "there).")
    assert state.describe_action("pick a7") == "Red's camel on a7 picks up salt."
    assert state.describe_action("relay salt d2-d3") == (
        "Red moves salt from the camel on d2 to the camel on d3 along the chain and delivers "
        "it in the salt city for 3 points (common good).")
    assert state.describe_action("steal meat c3 1", 1) == (
        "Red steals meat from your camel on c3, hiding it under their own camel there, and "
        "hands the theft marker to you.")
    assert state.describe_action("pass") == "Red ends the turn, leaving 4 actions unused."


def test_describe_action_of_a_draw_names_the_space() -> None:
    state = start(2, goods=())
    assert state.describe_action("draw gems") == (
        "Gems is drawn from the bag onto goods space 1 (a7).")


def _text(renderable: object) -> str:
    out = io.StringIO()
    Console(file=out, width=140, color_system=None).print(renderable)
    return out.getvalue()


def test_terminal_board_shows_cities_spaces_and_lettered_laden_camels() -> None:
    state = position([["d5 salt", "c3 meat under"], ["d5"]], turn=5)
    text = _text(render(state, 0))
    assert re.search(r"│ meat city\s+│", text)
    assert "a7 #1" in text
    assert "R*:salt" in text and "R*(meat)" in text
    assert re.search(r"│ G\s+│", text)  # Green's camel, by its letter
    assert "Green" in text and "Red (you)" in text


def test_terminal_seat_names_and_chains_command() -> None:
    state = position([["a7 salt", "a6", "d3"], []], turn=5)
    assert seat_name(state.game, 1) == "Green (G)"
    chains = COMMANDS["chains"](state, 0)
    assert "Chain a6, a7: goods salt on a7; unladen camels on a6; cities none." in chains
    assert "Chain d3: goods none; unladen camels on d3; cities salt city d3." in chains


def test_terminal_board_for_onlookers_and_at_the_end() -> None:
    state = position([["a1"], ["b1"]], turn=5)
    for _ in range(2):
        state.apply("pass")
    assert state.is_terminal()
    text = _text(render(state, None))
    assert "The game is over" in text
    assert "R*" not in text and "│ R" in text
