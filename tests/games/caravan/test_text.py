"""Plain text for screen readers (describe / describe_action) and the rich terminal board."""

from __future__ import annotations

import io
import re

from rich.console import Console

import camelcade as cc
from camelcade.core.words import group_repeats
from camelcade.games.caravan.terminal import COMMANDS, render, seat_name
from camelcade.games.caravan.text import COUNTED, guide
from tests.games.caravan.helpers import position, start
from tests.games.caravan.test_bots import EMPTY_BAG, ROW


def test_describe_says_each_square_with_its_camels_in_words() -> None:
    state = position([["d5 salt"], ["d5"]], turn=5)
    assert "d5, meat city: your camel carrying salt; Green's camel." in state.describe(0)
    assert "d5, meat city: your camel; Red's camel carrying salt." in state.describe(1)
    assert "d5, meat city: Red's camel carrying salt; Green's camel." in state.describe()


def test_describe_names_goods_spaces_their_goods_and_demand_markers() -> None:
    state = position([["a7"], []], markers=[2, 0, 0, 0, 0, 0, 1, 1], turn=5)
    text = state.describe(0)
    assert "a7, goods space 1 with salt and 2 demand markers: your camel." in text
    assert ("Goods waiting without camels: g7 meat; c6 hides; f5 swords; b3 ivory; e2 cloth; "
            "a1 gems with 1 demand marker; g1 paper with 1 demand marker.") in text


def test_describe_counts_identical_camels_and_says_stolen_goods_are_underneath() -> None:
    state = position([["c3", "c3", "c2 meat under"], []], turn=5)
    text = state.describe(1)
    assert "c3: Red's 2 camels." in text
    assert "c2: Red's camel carrying meat underneath (stolen, safe until moved)." in text


def test_describe_gives_the_turn_first_then_the_players_the_bag_and_cities() -> None:
    state = position([["a7"], []], demand=[3, 0], turn=6, actions_left=2)
    lines = state.describe(1).splitlines()
    assert lines[0] == "Turn 6: your turn, 2 of 4 actions left."
    assert lines[1].startswith("You: 0 points; 5 camels in your supply, 1 theft marker")
    assert lines[2].startswith("Red: 3 points; 4 camels in the supply, 1 theft marker, "
                               "3 demand markers; delivered nothing; holds 0 goods")
    assert "Bag: 24 goods left." in lines
    assert "Cities: ivory d7, meat d5, paper a4, hides c4, swords e4, cloth g4, salt d3, " \
           "gems d1." in lines
    assert state.describe(0).splitlines()[0] == "Turn 6: Green to act, 2 of 4 actions left."


def test_describe_agrees_in_number() -> None:
    state = position([["a7"], []], demand=[1, 0], turn=1, actions_left=1)
    text = state.describe(0)
    assert "1 of 1 action left." in text
    assert "You: 1 point; 4 camels in your supply" in text
    assert "1 points" not in text and "1 actions" not in text


def test_describe_at_the_end_names_the_winner() -> None:
    state = position([["a1"], ["b1"]], demand=[2, 0], turn=5)
    state.apply("camel a1-a2")
    state.apply("pass")
    state.apply("pass")
    state.apply("pass")
    assert state.is_terminal()
    first = state.describe().splitlines()[0]
    assert first == ("The game is over: a full round passed without any action. Red wins "
                     "with 2 points.")
    assert state.describe(0).splitlines()[0].endswith("You win with 2 points.")


def test_describe_action_sentences_say_you_to_the_listener() -> None:
    state = position([["a7", "d2 salt", "d3", "c3"], ["c3 meat", "e5"]], turn=5)
    assert state.describe_action("camel e5", 0) == (
        "You place a camel from your supply on e5 (2 actions: a camel is already there).")
    assert state.describe_action("camel e5", 1) == (
        "Red places a camel from the supply on e5 (2 actions: a camel is already there).")
    assert state.describe_action("camel c3-b5", 0) == (
        "You move your unladen camel on c3 to b5 (1 action: it is empty).")
    assert state.describe_action("pick a7").splitlines() == [
        "Red's camel on a7 picks up salt.",
        "Holding 2 goods, Red would lose 1 point more at the end."]
    assert state.describe_action("relay salt d2-c3", 1) == (
        "Red relays salt from d2 to c3 along their chain.")
    assert state.describe_action("steal meat c3 1", 1) == (
        "Red steals meat from your camel on c3, hides it under their camel there, and "
        "hands you their theft marker.")
    assert state.describe_action("steal meat c3 1", 0) == (
        "You steal meat from Green's camel on c3, hide it under your camel there, and hand "
        "your theft marker to Green.")
    assert state.describe_action("pass", 0) == "You end your turn, leaving 4 actions unused."
    assert state.describe_action("pass") == "Red ends the turn, leaving 4 actions unused."


def test_a_delivery_says_its_points_on_a_line_of_its_own() -> None:
    state = position([["a7", "d2 salt", "d3", "c3"], ["c3 meat", "e5"]], turn=5)
    assert state.describe_action("relay salt d2-d3", 0).splitlines() == [
        "You relay salt from d2 to d3 along your chain and deliver it in the salt city.",
        "You score 3 points for the salt, a common good."]
    assert state.describe_action("relay salt d2-d3", 1).splitlines()[1] == (
        "Red scores 3 points for the salt, a common good.")


def test_a_pick_up_says_its_demand_markers_and_the_penalty_it_adds() -> None:
    state = position([["a7", "b1 meat", "c1 salt"], []], markers=[2, 0, 0, 0, 0, 0, 0, 0],
                     turn=5)
    assert state.describe_action("pick a7", 0).splitlines() == [
        "Your camel on a7 picks up salt.",
        "You take 2 demand markers: 2 points.",
        "Holding 3 goods, you would lose 2 points more at the end."]
    assert state.describe_action("pick a7", 1).splitlines()[1] == (
        "Red takes 2 demand markers: 2 points.")


def test_the_delivery_that_ends_the_game_scores_every_seat_item_by_item() -> None:
    state = position([["d2 salt", "d3", "a2 meat", "a3 meat"], ["a1"]], spaces=ROW,
                     bag=EMPTY_BAG,
                     delivered=[{"salt": 4, "meat": 3, "ivory": 1, "cloth": 1},
                                {"hides": 5, "swords": 5, "gems": 1, "paper": 1}],
                     demand=[8, 0])
    assert state.describe_action("relay salt d2-d3", 0).splitlines() == [
        "You relay salt from d2 to d3 along your chain and deliver it in the salt city.",
        "You score 3 points for the salt, a common good.",
        "Holding one good fewer, you would lose 2 points less at the end.",
        "The game is over: a good was delivered after the bag ran out.",
        "Your final score: 36 points for deliveries, 8 points for demand markers, minus 1 "
        "point for 2 goods still held: 43 points.",
        "Green's final score: 42 points for deliveries, 0 points for demand markers, minus 0 "
        "points for 0 goods still held: 42 points.",
        "You win with 43 points."]


def test_a_refill_is_told_in_one_line() -> None:
    state = start(2, goods=())
    said = []
    for good in ("gems", "salt", "meat"):
        said.append(state.describe_action(f"draw {good}", 0))
        state.apply(f"draw {good}")
    assert said[0] == "Drawn from the bag: gems onto goods space 1 (a7)."
    assert group_repeats(said, COUNTED) == [
        "Drawn from the bag, 3 goods: gems onto goods space 1 (a7), salt onto goods space 2 "
        "(g7) and meat onto goods space 3 (c6)."]


def test_the_guide_tells_each_action_with_an_example_a_line() -> None:
    text = guide(cc.load("caravan", players=2))
    lines = text.splitlines()
    for example in ("camel d4", "camel b2-d4", "pick a7", "relay salt a7-d4",
                    "steal salt c3 1", "pass"):
        assert any(line.endswith(f": {example}") for line in lines), example
    assert "So it does after 10 full rounds without a pick-up, delivery, theft or draw." \
        in lines
    assert "after 10 full rounds" not in guide(
        cc.load("caravan", players=2, no_progress_rounds=0))
    assert all(len(line) <= 100 for line in lines)


def _text(renderable: object) -> str:
    out = io.StringIO()
    Console(file=out, width=140, color_system=None).print(renderable)
    return out.getvalue()


def test_terminal_board_shows_cities_spaces_and_lettered_laden_camels() -> None:
    state = position([["d5 salt", "c3 meat under"], ["d5"]], turn=5)
    text = _text(render(state.seen(0)))
    assert re.search(r"│ meat city\s+│", text)
    assert "a7 #1" in text
    assert "R*:salt" in text and "R*(meat)" in text
    assert re.search(r"│ G\s+│", text)  # Green's camel, by its letter
    assert "Green" in text and "Red (you)" in text


def test_terminal_seat_names_and_chains_command() -> None:
    state = position([["a7 salt", "a6", "d3"], []], turn=5)
    assert seat_name(state.game, 1) == "Green (G)"
    chains = COMMANDS["chains"](state.seen(0))
    assert "Chain a6, a7: goods salt on a7; unladen camels on a6; cities none." in chains
    assert "Chain d3: goods none; unladen camels on d3; cities salt city d3." in chains


def test_terminal_board_for_onlookers_and_at_the_end() -> None:
    state = position([["a1"], ["b1"]], turn=5)
    for _ in range(2):
        state.apply("pass")
    assert state.is_terminal()
    text = _text(render(state.seen(None)))
    assert "The game is over" in text
    assert "R*" not in text and "│ R" in text
