"""Plain-language text, the rich board, the ``odds`` prompt word and the ``odds`` command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import camelcade as cc
from camelcade.games.camel_up import terminal
from camelcade.games.camel_up.bots import ExpectedValueBot
from camelcade.games.camel_up.cli import app, odds_text

from .helpers import START, black_on_2_under_red, roll, setup


def test_describe_names_stacks_bottom_first_with_the_top_camel_last() -> None:
    text = setup(START).describe(0)
    assert "Space 2: Blue, with Green on top." in text
    assert "Space 14: crazy Black." in text
    assert "Ranking: 1st Purple, 2nd Yellow, 3rd Green, 4th Blue, last Red." in text
    assert "It is Seat 0 (you)'s turn." in text
    three = setup({1: ["red", "blue", "green"], 2: ["yellow"], 3: ["purple"], 14: ["black"],
                   16: ["white"]})
    assert "Space 1: Red, then Blue, with Green on top." in three.describe()


def test_describe_action_says_where_a_camel_goes_and_what_it_carries() -> None:
    state = setup(START).child("roll")
    assert state.describe_action("die blue 2") == (
        "The Blue die shows 2: Blue carrying Green moves 2 from space 2, to space 4.")
    assert state.describe_action("die red 2").endswith("to space 3, onto Purple.")
    rider = black_on_2_under_red().child("roll")
    sentence = rider.describe_action("die white 2")
    assert "crazy Black moves instead, as it carries racing camels" in sentence
    assert "backwards across the finish line" in sentence and "Red comes last" in sentence


def test_describe_action_of_tiles_and_leg_ends() -> None:
    state = setup(START)
    assert "cheering side up" in state.describe_action("tile 5 cheer")
    state.apply("tile 5 cheer")
    rolled = state.child("roll")
    assert "onto Seat 0's cheering tile on space 5 (Seat 0 gains 1 coin)" in \
        rolled.describe_action("die yellow 2")
    for outcome in ("red 1", "blue 1", "green 1", "purple 1"):
        roll(state, outcome)
    assert "The leg ends: " in state.child("roll").describe_action("die yellow 1")


def test_the_rich_board_names_every_camel() -> None:
    from rich.console import Console

    console = Console(record=True, width=140, color_system=None)
    console.print(terminal.render(setup(START), 0))
    text = console.export_text()
    for label in ("Blu", "Gre", "Yel", "Red", "Pur", "Bla*", "Whi*"):
        assert label in text
    assert "Seat 0 (you)" in text


def test_the_odds_prompt_word_reveals_only_what_the_seat_sees() -> None:
    texts = []
    for secret in ("purple", "blue"):
        state = setup(START)
        state.apply(f"winner {secret}")  # seat 0's face-down card
        texts.append(terminal.ADVISOR_COMMANDS["odds"](state, 1))
    assert texts[0] == texts[1]  # seat 1's advice cannot depend on seat 0's secret
    assert "Leg odds (exact" in texts[0] and "Race odds (Monte Carlo" in texts[0]
    assert "Expected coins of each action for Seat 1" in texts[0]
    assert "not Seat 2's turn" in terminal.ADVISOR_COMMANDS["odds"](state, 2)


def test_odds_command_from_a_typed_position() -> None:
    text = odds_text(None, None, None, "1:red 2:blue,green 3:yellow,purple 14:black 16:white",
                     None, "5:cheer", 2, 300, 0)
    assert "Purple  1st" in text and "(exact; 5 more dice" in text
    assert "± one standard error" in text


def test_odds_command_from_a_record(tmp_path: Path) -> None:
    the_game = cc.load("camel-up", players=3)
    record = cc.play(the_game, [ExpectedValueBot(), cc.bots.load("random", seed=1),
                                cc.bots.load("random", seed=2)], seed=4, max_actions=40_000)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record.to_json()))
    text = odds_text(path, 20, None, None, None, None, 2, 200, 0)
    assert "Expected coins of each action for Seat" in text
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
