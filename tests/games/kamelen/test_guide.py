"""The player's guide: how each animal leaps and captures, the home fields, the two wins,
the draws and how to type a move, one idea and one example a line, true for the options
of the game being played."""

from __future__ import annotations

import re

import pytest

from camelcade.core.registry import plugin
from camelcade.games.kamelen.guide import guide
from tests.games.kamelen.helpers import game, legal, position, targets


def lines(**options: object) -> list[str]:
    return guide(game(**options)).splitlines()


def line_starting(found: list[str], start: str) -> str:
    matches = [line for line in found if line.startswith(start)]
    assert len(matches) == 1, (start, found)
    return matches[0]


def listed(line: str) -> set[str]:
    """The squares a sentence lists ("... to a3, a5 and c1.")."""
    return set(re.findall(r"\b[a-k]\d{1,2}\b", line))


def test_the_plugin_declares_the_guide() -> None:
    declared = plugin("kamelen").guide
    assert declared is not None and declared.load() is guide


def test_the_guide_explains_both_animals_and_how_they_are_blocked() -> None:
    found = lines()
    assert line_starting(found, "Camel: two squares in a straight line")
    assert line_starting(found, "Dromedary: two squares diagonally")
    assert line_starting(found, "No jumping: the two squares an animal passes")
    assert line_starting(found, "An animal lands on an empty square, or on an enemy animal")
    assert line_starting(found, "Colours matter: a camel's leap keeps the colour")


@pytest.mark.parametrize("board", ["11x11", "11x12", "11x13"])
@pytest.mark.parametrize("third_step", ["outward", "any"])
def test_the_example_leaps_are_the_leaps_of_this_game(board: str, third_step: str) -> None:
    found = lines(board=board, third_step=third_step)
    camel = line_starting(found, "From d4 a camel can leap to ")
    dromedary = line_starting(found, "From f4 a dromedary can leap to ")
    others = {"a2": "C", "b2": "C", "k10": "c"}  # a camel able to reach a home, each side
    camel_alone = position({"d4": "C", **others}, board=board, third_step=third_step)
    dromedary_alone = position({"f4": "D", **others}, board=board, third_step=third_step)
    assert listed(camel.split(".")[0]) - {"d4"} == targets(camel_alone, "d4")
    assert listed(dromedary.split(".")[0]) - {"f4"} == targets(dromedary_alone, "f4")


def test_the_rocks_a_leap_cannot_land_on_are_named() -> None:
    dromedary = line_starting(lines(), "From f4 a dromedary can leap to ")
    assert dromedary.endswith("Not c6 and i6, which hold rocks.")


def test_the_typed_examples_are_legal_at_the_start_and_each_on_its_own_line() -> None:
    found = lines()
    start = legal(game().new_state())
    for move in ("b2-c5", "a3-d5"):
        assert move in start
        assert line_starting(found, f"{move}: the ")
    assert line_starting(found, "b2-c5: ") == \
        "b2-c5: the camel on b2 passes b3 and b4 and lands on c5."
    assert line_starting(found, "a3-d5: ") == \
        "a3-d5: the dromedary on a3 passes b4 and c5 and lands on d5."
    assert line_starting(found, "pass: only when you have no legal move.")


def test_the_two_wins_and_the_draws_are_told_with_their_points() -> None:
    found = lines()
    assert line_starting(found, "Home conquest:").endswith("You win double: 2 points.")
    assert line_starting(found, "Camel elimination:").endswith("You win: 1 point.")
    assert line_starting(found, "Draws, half a point each:")
    assert line_starting(found, "Threefold repetition:")
    assert line_starting(found, "Two passes in a row")
    assert line_starting(found, "No capture for 100 plies in a row")


def test_the_guide_follows_the_options() -> None:
    big = lines(board="11x13", no_capture_limit=0)
    assert line_starting(big, "The board has 11 files").startswith(
        "The board has 11 files, a to k from left to right, and 13 ranks, 1 to 13.")
    assert line_starting(big, "Home fields: ") == "Home fields: f1 is South's, f13 is North's."
    assert line_starting(big, "Rocks stand on a7, c7, e7, g7, i7 and k7.")
    assert not [line for line in big if line.startswith("No capture for")]
    assert not [line for line in lines() if "bend back" in line]
    assert line_starting(lines(third_step="any"), "At this table the third step may also bend")


def test_the_guide_is_for_players_and_reads_a_line_at_a_time() -> None:
    text = guide(game())
    assert "to_json" not in text and "state." not in text and "StateError" not in text
    assert "\t" not in text and "   " not in text  # no columns
    assert "'hint' asks the advisor" in text and "--advisor" in text
