"""``camelcade play``: whole games, the prompt's commands, bad input, quitting."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import camelcade as cc
from camelcade.cli.hooks import terminal_hooks
from camelcade.core import rules_docs
from camelcade.core.words import group_repeats
from camelcade.games.a_dos_de_chameau.state import ADosState
from camelcade.records import Record
from tests.cli.conftest import ALWAYS_FIRST, GAME, Run, assert_plain, write_doc

OPENING_DRAWS = 6
"""In a 2-player game the first 6 actions are the deal; then seat 0 (Red) plays."""


def play_args(record: Path, *extra: str) -> list[str]:
    return ["play", GAME, "--players", "2", "--seed", "11", "--record", str(record), *extra]


def test_plain_game_against_a_bot_reaches_the_end_and_replays(run: Run, tmp_path: Path) -> None:
    record_path = tmp_path / "game.json"
    result = run(*play_args(record_path, "--plain", "--bots", "random"), input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    assert "The game is over" in result.output
    assert_plain(result.output)

    record = Record.load(record_path)
    assert record.players == ["human", "random"]
    assert record.seed == 11
    state = cc.replay(record)  # raises unless every action applies and the returns agree
    assert state.is_terminal()
    assert record.returns == state.returns() and record.winners == state.winners()
    winner = ["You win", "Yellow wins"][state.winners()[0]]  # the person is told "you"
    assert re.search(rf"The game is over\. {winner} with \d+ points?\.", result.output) or \
        "The game is over. The game is a draw" in result.output
    # Every human decision was the first legal action.
    replayed = cc.load(GAME, players=2).new_state()
    for text in record.actions:
        if replayed.current_player == 0:
            assert text == str(replayed.legal_actions()[0])
        replayed.apply(text)


def test_same_seed_and_answers_give_the_same_record(run: Run, tmp_path: Path) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    for path in (first, second):
        assert run(*play_args(path, "--plain"), input=ALWAYS_FIRST).exit_code == 0
    assert Record.load(first).actions == Record.load(second).actions


def test_rich_game_reaches_the_end_with_a_drawn_board(run: Run, tmp_path: Path) -> None:
    record_path = tmp_path / "rich.json"
    result = run(*play_args(record_path, "--players", "3"), input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    assert "The game is over" in result.output
    assert "Camels: R Red (you), Y Yellow, O Orange" in result.output  # named, not only coloured
    assert "Town (space 0):" in result.output
    assert "+6" in result.output  # oasis points on the path
    assert "Final scores" in result.output
    assert cc.replay(Record.load(record_path)).is_terminal()


def test_prompt_commands_errors_and_a_number(run: Run, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    write_doc(tmp_path, GAME)
    monkeypatch.setattr(rules_docs, "doc_dirs", lambda: [tmp_path])
    record_path = tmp_path / "cmds.json"
    answers = "help\nlegal\nboard\njunk\nmirage3 35\n99\n\n2\nquit\n"
    result = run(*play_args(record_path, "--plain"), input=answers)
    assert result.exit_code == 0, result.output
    out = result.output
    assert_plain(out)
    # help: the commands, one a line (the guide or notation: test_help_without_a_guide...)
    assert "legal: your choices, numbered, each with what it does." in out
    assert "quit: stop playing (the game so far is saved to the record file)." in out
    # legal: a numbered list, each action with its sentence
    state = cc.replay(Record.load(record_path), upto=OPENING_DRAWS)
    legal = state.legal_actions()
    for number, action in enumerate(legal, 1):
        assert f"{number}. {action} — {state.describe_action(action, 0)}" in out
    # board: drawn at the turn start, on request, and at the next turn
    assert out.count("Your hand:") == 3
    # junk, an illegal action and a bad number: the errors say what is allowed
    assert "Error: cannot read 'junk': an action is" in out
    assert "Error: illegal action 'mirage3 35'" in out and "legal now:" in out
    assert f"Error: there is no action number 99; the list runs from 1 to {len(legal)}" in out
    # ... and the game went on: "2" played the second legal action
    record = Record.load(record_path)
    assert record.actions[OPENING_DRAWS] == str(legal[1])
    assert state.describe_action(legal[1], 0) in out
    assert record.returns is None  # quit before the end


def test_help_without_a_guide_gives_the_notation_of_the_rules_document(
    run: Run, toy_game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_doc(tmp_path, toy_game)  # the toy declares no guide
    monkeypatch.setattr(rules_docs, "doc_dirs", lambda: [tmp_path])
    result = run("play", toy_game, "--plain", "--seed", "2", input="help\nquit\n")
    assert result.exit_code == 0, result.output
    assert "oasis card; oasis3 12; moves your camel." in result.output
    assert "How to play" not in result.output


def test_typing_an_action_in_notation_plays_it(run: Run, tmp_path: Path) -> None:
    record_path = tmp_path / "typed.json"
    state = cc.replay(_deal(record_path, run), upto=OPENING_DRAWS)
    last = state.legal_actions()[-1]
    result = run(*play_args(record_path, "--plain"), input=f"  {str(last).upper()} \nquit\n")
    assert result.exit_code == 0, result.output
    assert Record.load(record_path).actions[OPENING_DRAWS] == str(last)


def _deal(record_path: Path, run: Run) -> Record:
    """The opening deal of the seeded game (quit at the first prompt)."""
    assert run(*play_args(record_path, "--plain"), input="quit\n").exit_code == 0
    return Record.load(record_path)


def test_quit_saves_the_record_so_far(run: Run, tmp_path: Path) -> None:
    record_path = tmp_path / "quit.json"
    result = run(*play_args(record_path, "--plain"), input="1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "You left the game after" in result.output
    assert f"Record saved to {record_path}" in result.output
    record = Record.load(record_path)
    assert record.returns is None and record.winners is None
    state = cc.replay(record)
    assert not state.is_terminal()
    assert sum(1 for a in record.actions if not a.startswith("draw")) >= 3  # 2 human + bot


def test_end_of_input_quits_cleanly_and_saves(run: Run, tmp_path: Path) -> None:
    record_path = tmp_path / "eof.json"
    result = run(*play_args(record_path, "--plain"), input="1\n")
    assert result.exit_code == 0, result.output
    assert "You left the game after" in result.output
    assert len(Record.load(record_path).actions) > OPENING_DRAWS


def test_others_moves_are_shown_with_hidden_draws_redacted(run: Run, tmp_path: Path) -> None:
    record_path = tmp_path / "log.json"
    result = run(*play_args(record_path, "--plain"), input="1\n1\nquit\n")
    record = Record.load(record_path)
    state = cc.load(GAME, players=2).new_state()
    assert isinstance(state, ADosState)
    shown: list[str] = []  # what Red did not choose, told at Red's turn as play tells it:
    since: list[str] = []  # each turn's events grouped by the game's counted forms
    yellow_draws: list[tuple[str, str, str]] = []  # (action, as Red is told, as Yellow is)
    for text in record.actions:
        if state.current_player == 0:
            shown += group_repeats(since, terminal_hooks(GAME).counted)
            since = []
        else:  # chance and Yellow
            since.append(state.describe_action(text, 0))
        if state.drawing == 1:
            yellow_draws.append((text, state.describe_action(text, 0),
                                 state.describe_action(text, 1)))
        state.apply(text)
    for line in shown:
        assert line in result.output
    # Yellow drew different cards, Red was told the same sentence each time, never the card.
    assert len({text for text, _, _ in yellow_draws}) > 1
    assert len({told for _, told, _ in yellow_draws}) == 1
    told_red = yellow_draws[0][1]
    assert told_red in result.output and "Yellow draws a card" in told_red
    for card in ("oasis", "mirage", "leader", "sandstorm"):  # no card of Yellow's is named
        assert f"Yellow draws {card}" not in result.output
        assert f"Yellow draws the {card}" not in result.output


def test_seat_and_bots_place_the_person(run: Run, tmp_path: Path) -> None:
    record_path = tmp_path / "seat.json"
    result = run("play", GAME, "--seat", "1", "--bots", "first,random", "--seed", "3",
                 "--plain", "--record", str(record_path), input="quit\n")
    assert result.exit_code == 0, result.output
    assert "You are Yellow. You play against Red (first) and Orange (random)." in result.output
    assert Record.load(record_path).players == ["first", "human", "random"]
