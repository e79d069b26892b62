"""``camelcade replay``: a good record action by action, and clear errors for bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import camelcade as cc
from camelcade.core.results import result_sentence
from camelcade.records import Record
from tests.cli.conftest import GAME, Run, assert_plain


@pytest.fixture
def record_file(tmp_path: Path) -> tuple[Path, Record]:
    game = cc.load(GAME, players=2)
    record = cc.play(game, [cc.bots.load("random"), cc.bots.load("first")], seed=4)
    path = tmp_path / "game.json"
    record.save(path)
    return path, record


def test_replay_shows_every_action_and_the_result(run: Run,
                                                  record_file: tuple[Path, Record]) -> None:
    path, record = record_file
    result = run("replay", str(path), "--plain")
    assert result.exit_code == 0, result.output
    assert_plain(result.output)
    out = result.output
    assert "Seats: Red (random) and Yellow (first)." in out
    state = cc.load(GAME, players=2).new_state()
    for number, text in enumerate(record.actions, 1):
        line = f"{number}. {text} — {state.describe_action(text)}"
        assert line in out
        state.apply(text)
    assert "1. draw " in out and "— Red draws a card." in out  # the drawn card is named
    assert "The game is over" in out
    labels = [f"{colour} ({player})" for colour, player in zip(["Red", "Yellow"],
                                                               record.players, strict=True)]
    assert result_sentence(labels, state.ranking(), state.returns()) in out


def test_replay_rich_draws_the_final_board(run: Run, record_file: tuple[Path, Record]) -> None:
    path, record = record_file
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert f"{len(record.actions)}. {record.actions[-1]}" in result.output
    assert "Camels: R Red, Y Yellow" in result.output and "Final scores" in result.output


def test_replay_step_waits_and_quits(run: Run, record_file: tuple[Path, Record]) -> None:
    path, record = record_file
    result = run("replay", str(path), "--plain", "--step", input="\nb\n\nq\n")
    assert result.exit_code == 0, result.output
    assert "3. " in result.output and "4. " not in result.output
    assert "Replay stopped after action 3." in result.output
    assert cc.replay(record, upto=2).describe() in result.output  # 'b' drew the board
    assert "The game is over" not in result.output


def test_replay_of_an_unfinished_record(run: Run, tmp_path: Path,
                                        record_file: tuple[Path, Record]) -> None:
    _, record = record_file
    record.actions, record.returns, record.winners = record.actions[:20], None, None
    path = tmp_path / "short.json"
    record.save(path)
    result = run("replay", str(path), "--plain")
    assert result.exit_code == 0, result.output
    assert "The record stops after 20 actions; the game was not finished." in result.output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read record"),
        ("{not json", "is not JSON"),
        ('{"format": "camelcade-record/9"}', "unknown record format 'camelcade-record/9'"),
        (json.dumps({"format": "camelcade-record/1", "game": "no-such", "options": {},
                     "players": [], "actions": []}), "no game 'no-such'"),
        (json.dumps({"format": "camelcade-record/1", "game": GAME, "options": {"players": 2},
                     "players": ["a", "b"], "actions": ["draw oasis1", "oasis4 3"]}),
         "record action 1 'oasis4 3' does not apply"),
        (json.dumps({"format": "camelcade-record/1", "game": GAME, "options": {"players": 9},
                     "players": [], "actions": []}), "record options are not valid"),
    ],
)
def test_replay_errors_name_the_problem(run: Run, tmp_path: Path, content: str | None,
                                        message: str) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 2
    assert result.output.startswith("Error: ") and message in result.output
    assert "Traceback" not in result.output
    assert "1. " not in result.output  # nothing was shown before the error


def test_ask_puts_a_prompt_word_to_the_recorded_position_as_a_seat_saw_it(
        run: Run, record_file: tuple[Path, Record]) -> None:
    """``--ask WORD --upto N --seat S``: the game's own word, given seat S's view of the
    position after N actions (the word never reads the record: the CLI does)."""
    from camelcade.cli.hooks import terminal_hooks
    from camelcade.records import replay

    path, record = record_file
    hand = terminal_hooks(GAME).commands["hand"]
    state = replay(record, upto=6)
    for seat in (0, 1):
        result = run("replay", str(path), "--ask", "hand", "--upto", "6", "--seat", str(seat))
        assert result.exit_code == 0, result.output
        assert result.output == hand(state.seen(seat)) + "\n"
    assert run("replay", str(path), "--ask", "hand", "--upto", "6").output == \
        hand(state.seen(state.current_player)) + "\n"  # by default the seat to move


@pytest.mark.parametrize(("args", "says"), [
    (["--ask", "odds"], "--ask 'odds' is not a word of " + GAME + "; its words: hand, played, "
                        "scores"),
    (["--ask", "hand", "--seat", "2"], "--seat must be from 0 to 1 for 2 players, not 2."),
    (["--upto", "3"], "--upto and --seat choose the position and the seat for --ask"),
])
def test_ask_refuses_a_word_or_seat_the_game_has_not(
        run: Run, record_file: tuple[Path, Record], args: list[str], says: str) -> None:
    result = run("replay", str(record_file[0]), *args)
    assert result.exit_code == 2, result.output
    assert says in " ".join(result.output.split())
