"""The position in words, what each action says, the rich board and its legend, ``odds``."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import camelcade as cc
from camelcade.core.chance import sample_chance
from camelcade.games.camel_up import terminal
from camelcade.games.camel_up.bots import ExpectedValueBot
from camelcade.games.camel_up.cli import app, odds_text

from .helpers import START, black_on_2_under_red, roll, setup


def test_describe_names_stacks_bottom_first_with_the_top_camel_last() -> None:
    text = setup(START).describe(0)
    assert "Space 2: Blue, with Green on top." in text
    assert "Space 14: crazy Black." in text
    assert "Race order, leader first: Purple, Yellow, Green, Blue and Red." in text
    three = setup({1: ["red", "blue", "green"], 2: ["yellow"], 3: ["purple"], 14: ["black"],
                   16: ["white"]})
    assert "Space 1: Red, then Blue, with Green on top." in three.describe()


def test_describe_says_whose_turn_first_and_the_listener_is_you() -> None:
    state = setup(START)
    mine, theirs, public = state.describe(0), state.describe(1), state.describe()
    assert mine.splitlines()[0] == "Leg 1. It is your turn."
    assert theirs.splitlines()[0] == "Leg 1. It is Player 1's turn."
    assert public.splitlines()[0] == "Leg 1. It is Player 1's turn."
    for text in (mine, theirs, public):
        assert "(you)" not in text and "their" not in text
    # your own line comes before the other seats', and holds your finish cards
    lines = mine.splitlines()
    you = next(i for i, line in enumerate(lines) if line.startswith("You: "))
    assert you < next(i for i, line in enumerate(lines) if line.startswith("Player 2: "))
    assert lines[you] == ("You: 3 coins; finish cards in hand: Blue, Green, Yellow, Red and "
                          "Purple.")
    assert "finish cards" not in theirs.split("Player 1: ")[1].splitlines()[0]


def test_describe_leaves_out_what_a_seat_does_not_have() -> None:
    text = setup(START).describe(0)
    for empty in ("no leg tickets", "0 pyramid tickets", "Overall", "partner"):
        assert empty not in text
    assert "Player 3: 3 coins." in text.splitlines()


def test_describe_tells_the_overall_piles_as_counts_with_your_own_cards() -> None:
    state = setup(START)
    for action in ("winner purple", "loser red", "winner blue"):
        state.apply(action)
    assert state.describe(0).splitlines()[-1] == (
        "Overall bets: 2 cards on the winner, 1 card on the loser. Yours: Purple to win.")
    assert state.describe(1).splitlines()[-1] == (
        "Overall bets: 2 cards on the winner, 1 card on the loser. Yours: Red to lose.")
    assert terminal.piles(state.seen(0)) == (
        "Overall winner pile, earliest card first: your Purple and Player 3.\n"
        "Overall loser pile, earliest card first: Player 2.")


def test_describe_tells_the_pyramid_and_the_leg_ticket_on_top_of_each_stack() -> None:
    state = setup(START)
    for _ in range(4):
        state.apply("bet blue")
    state.apply("bet green")
    state.apply("bet green")
    state.apply("bet green")
    roll(state, "white 2")
    text = state.describe(0)
    assert ("Pyramid: 4 tickets left; dice inside: Blue, Green, Yellow, Red and Purple. "
            "Rolled this leg: grey White 2.") in text
    assert ("Leg tickets on top: Green 2 (the last), Yellow 5, Red 5 and Purple 5; all taken: "
            "Blue.") in text


def test_describe_action_says_where_a_camel_goes_and_what_it_carries() -> None:
    state = setup(START).child("roll")
    assert state.describe_action("die blue 2") == (
        "The Blue die shows 2. Blue moves from space 2 to space 4, carrying Green.")
    assert state.describe_action("die red 2") == (
        "The Red die shows 2. Red moves from space 1 to space 3. "
        "Space 3 now holds Yellow, then Purple, with Red on top.")
    rider = black_on_2_under_red().child("roll")
    sentence = rider.describe_action("die white 2")
    assert sentence.startswith("The grey die shows White 2, but crazy Black moves instead: "
                               "it carries racing camels. Crazy Black moves back from space 2 "
                               "across the finish line, carrying Red.")
    assert "\nThe race is over: Green wins and Red comes last.\n" in sentence


def test_your_own_actions_are_told_to_you_as_you() -> None:
    state = setup(START)
    assert state.describe_action("tile 5 cheer", 0) == (
        "You place your tile on space 5, cheering side up.")
    assert state.describe_action("tile 5 cheer", 1) == (
        "Player 1 places a tile on space 5, cheering side up.")
    assert state.describe_action("bet red", 0) == "You take the Red 5 leg ticket."
    assert state.describe_action("roll", 2) == (
        "Player 1 takes a pyramid ticket and a die comes out.")
    assert state.describe_action("roll", 0) == "You take a pyramid ticket and a die comes out."
    state.apply("tile 5 cheer")
    for outcome in ("purple 1", "blue 1", "green 1"):  # seats 1 to 3
        roll(state, outcome)
    assert state.describe_action("tile 9 boo", 0) == (
        "You move your tile from space 5 to space 9, booing side up.")
    assert state.describe_action("tile 9 boo", 1) == (
        "Player 1 moves a tile from space 5 to space 9, booing side up.")


def test_a_tile_says_whom_it_pays_and_where_it_sends_the_camel() -> None:
    state = setup(START)
    state.apply("tile 5 cheer")
    rolled = state.child("roll")
    assert rolled.describe_action("die yellow 2", 0) == (
        "The Yellow die shows 2. Yellow moves from space 3 to space 5, carrying Purple. It "
        "lands on your cheering tile: you gain 1 coin. The tile sends it on to space 6.")
    assert "It lands on Player 1's cheering tile: Player 1 gains 1 coin." in \
        rolled.describe_action("die yellow 2", 1)
    booing = setup(START)
    booing.apply("tile 4 boo")
    sentence = booing.child("roll").describe_action("die blue 2", 2)
    assert sentence == (
        "The Blue die shows 2. Blue moves from space 2 to space 4, carrying Green. It lands "
        "on Player 1's booing tile: Player 1 gains 1 coin. The tile sends it back to space 3. "
        "Space 3 now holds Blue, then Green, then Yellow, with Purple on top.")


def test_setup_dice_say_where_each_camel_goes() -> None:
    state = cc.load("camel-up", players=3).new_state()
    assert state.describe_action("die blue 2") == "Setup: Blue goes on space 2."
    state.apply("die blue 2")
    assert state.describe_action("die red 2") == "Setup: Red goes on space 2, on top of Blue."
    for outcome in ("die red 2", "die green 1", "die yellow 3", "die purple 3"):
        state.apply(outcome)
    assert state.describe_action("die white 1") == "Setup: crazy White goes on space 16."


WORDS_NEVER_SAID = re.compile(
    r"\b1 (coins|points|tickets|cards)\b|\(you\)|\btheir\b|(Seat|Player) \d+ \(")


@pytest.mark.parametrize(("players", "edition"), [(3, 2), (6, 2), (4, 1)])
def test_every_text_of_whole_games_is_whole_sentences(players: int, edition: int) -> None:
    """Over random games, every line each seat (and a spectator) is told ends a sentence,
    names nobody "Player 1 (you)", never says "1 coins", and names no other seat's face-down
    card before the end."""
    game = cc.load("camel-up", players=players, edition=edition)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_state()
        while not state.is_terminal():
            action = sample_chance(state, rng) if state.is_chance() else \
                rng.choice(state.legal_actions())
            for viewer in (None, *range(players)):
                told = [state.describe(viewer), state.describe_action(action, viewer)]
                for line in "\n".join(told).splitlines():
                    assert line.endswith((".", ":")), line
                    assert not WORDS_NEVER_SAID.search(line), line
            state.apply(action)


def test_the_rich_board_draws_every_camel_and_names_every_abbreviation() -> None:
    from rich.console import Console

    state = setup(START)
    state.apply("tile 5 cheer")
    state.apply("tile 9 boo")
    console = Console(record=True, width=140, color_system=None)
    console.print(terminal.render(state.seen(1)))
    text = console.export_text()
    for cell in ("Blu", "Gre", "Yel", "Red", "Pur", "Bla*", "Whi*"):
        assert cell in text
    assert ("Camels: Blu Blue, Gre Green, Yel Yellow, Red Red, Pur Purple, Whi* crazy White "
            "and Bla* crazy Black.") in text
    assert "* marks a crazy camel: it runs backwards, counterclockwise." in text
    assert "+ is a cheering tile: a camel landing there moves 1 on, on top." in text
    assert "- is a booing tile: a camel landing there moves 1 back, underneath." in text
    assert "Under each tile its owner: S1, Player 1's tile and you, your tile." in text
    assert "(you)" not in text and "Che S" not in text
    assert text.splitlines()[0] == "Leg 1. It is Player 3's turn."


def test_the_odds_prompt_word_reveals_only_what_the_seat_sees() -> None:
    texts = []
    for secret in ("purple", "blue"):
        state = setup(START)
        state.apply(f"winner {secret}")  # seat 0's face-down card
        texts.append(terminal.ADVISOR_COMMANDS["odds"](state.seen(1)))
    assert texts[0] == texts[1]  # seat 1's advice cannot depend on seat 0's secret
    assert "Leg odds, exact" in texts[0] and "Race odds, Monte Carlo" in texts[0]
    assert "Expected coins of each of your actions, best first:" in texts[0]
    assert "It is not your turn" in terminal.ADVISOR_COMMANDS["odds"](state.seen(2))


def test_odds_is_advice_and_piles_a_plain_prompt_word() -> None:
    from camelcade.core.registry import plugin

    slot = plugin("camel-up").terminal
    assert set(slot.advisor_commands) == {"odds"} and "odds" not in slot.commands
    assert set(slot.commands) == {"piles"}


def test_odds_command_from_a_typed_position() -> None:
    text = odds_text(None, None, None, "1:red 2:blue,green 3:yellow,purple 14:black 16:white",
                     None, "5:cheer", 2, 300, 0)
    assert "Purple: 1st" in text and "exact: 5 more dice" in text
    assert "one standard error" in text
    assert not re.search(r"\S {2,}\S", text)  # no columns padded with spaces


def test_odds_command_from_a_record(tmp_path: Path) -> None:
    the_game = cc.load("camel-up", players=3)
    record = cc.play(the_game, [ExpectedValueBot(), cc.bots.load("random", seed=1),
                                cc.bots.load("random", seed=2)], seed=4, max_actions=40_000)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record.to_json()))
    text = odds_text(path, 20, None, None, None, None, 2, 200, 0)
    assert "Expected coins of each of your actions" in text
    with pytest.raises(cc.StateError, match="set up"):
        odds_text(path, 3, None, None, None, None, 2, 200, 0)
    with pytest.raises(cc.OptionError, match="either"):
        odds_text(None, None, None, None, None, None, 2, 200, 0)


def test_odds_command_runs_through_typer() -> None:
    from typer.testing import CliRunner

    result = CliRunner().invoke(app, ["--position", "1:red 2:blue,green 3:yellow,purple "
                                      "14:black 16:white", "--samples", "200"])
    assert result.exit_code == 0, result.output
    assert "Leg odds" in result.output
