"""A turn told once (issue 14), in ``camelcade play``, for any game through its manifest.

Haul (``tests/cli/turngame.py``) has what the turn loop must tell well: turns of two
actions, a storm that makes every seat draw twice in a row, hidden draws, scoring lines at
the end, a guide, counted forms, a game command and an advisor command.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from camelcade.cli import render
from camelcade.cli.choices import count_sentence, listing
from camelcade.cli.render import Screen
from camelcade.core.results import result_sentence
from tests.cli.conftest import Run, assert_plain
from tests.cli.turngame import plugged_in

POSITION = re.compile(r"^(Your|North's|South's) turn, \d of 2 actions left\.$", re.MULTILINE)
PROMPT = "Your move, North: "


@pytest.fixture
def haul() -> Iterator[str]:
    with plugged_in() as game_id:
        yield game_id


def play(run: Run, haul: str, answers: str, *extra: str) -> str:
    result = run("play", haul, "--plain", "--bots", "first", "--seed", "1", *extra,
                 input=answers)
    assert result.exit_code == 0, result.output
    return str(result.output)


def between_prompts(out: str) -> list[str]:
    """What was printed after each answer, up to the next prompt."""
    return out.split(PROMPT)[1:]


def test_a_turn_of_two_actions_shows_the_position_at_its_start_only(
    run: Run, haul: str
) -> None:
    out = play(run, haul, "storm\nmark e5\npass\npass\n")
    assert_plain(out)
    game = out.split("The game is over:")[0]
    assert len(POSITION.findall(game)) == 3  # one a turn: three turns of North
    after_storm, after_mark = between_prompts(game)[:2]
    # Within the turn: what the storm did and the choices left, not the position again.
    assert not POSITION.search(after_storm)
    assert after_storm.splitlines()[-1] == "28 legal actions."
    # After the turn: South's moves since, then the position once, then the choices.
    lines = after_mark.splitlines()
    assert lines[:4] == ["mark e5", "You mark e5.", "Since your last turn:", "South marks a1."]
    assert POSITION.search(after_mark) and lines[-1] == "25 legal actions."


def test_a_run_of_one_event_is_told_once_in_the_games_counted_form(
    run: Run, haul: str
) -> None:
    out = play(run, haul, "storm\nquit\n")
    after_storm = between_prompts(out)[0]
    assert "South draws 2 cards." in after_storm
    assert "South draws a card." not in out
    # Your own draws are seen, so each is its own sentence (no counted form declared).
    assert len(re.findall(r"^You draw a [123]\.$", after_storm, re.MULTILINE)) == 2


def test_scoring_lines_of_the_last_action_are_all_told(run: Run, haul: str) -> None:
    out = play(run, haul, "pass\npass\npass\n")
    tail = out.split("Since your last turn:")[-1]
    assert "The game ends; the scoring:" in tail
    assert re.search(r"^You score \d+ points?\.$", tail, re.MULTILINE)
    assert re.search(r"^South scores \d+ points?\.$", tail, re.MULTILINE)
    assert re.search(r"The game is over\. South wins with \d+ points?\.", out)


def test_legal_narrows_the_choices_by_words_and_keeps_their_numbers(
    run: Run, haul: str
) -> None:
    out = play(run, haul, "legal\nlegal all\nlegal c3\nlegal sto\nlegal mark c\n"
               "legal zebra\n13\nquit\n")
    told = between_prompts(out)
    summary, everything, square, prefix, short, nothing, played = told[:7]
    assert "28 legal actions: mark (25), draw (1), storm (1) and pass (1)." in summary
    assert "'legal all' lists every one" in summary and "1. mark a1" not in summary
    assert len(re.findall(r"^\d+\. ", everything, re.MULTILINE)) == 28
    assert "1 of 28 legal actions matches 'c3':\n13. mark c3 — You mark c3.\n" in square
    assert "27. storm — You call a storm: everyone draws 2 cards." in prefix  # a prefix
    # one letter is a word of its own, not a prefix: 'c' matches nothing here
    assert "No legal action matches 'mark c'." in short
    assert "No legal action matches 'zebra'." in nothing and "(25)" in nothing
    assert played.splitlines()[1] == "You mark c3."  # the number shown plays the action


def test_help_gives_the_guide_and_the_commands_one_a_line(run: Run, haul: str) -> None:
    out = play(run, haul, "help\nquit\n")
    help_text = between_prompts(out)[0]
    lines = help_text.splitlines()
    for line in ("cards: Your cards and how many each other seat holds.",
                 "How to play Haul:", "mark c3: mark the square c3, worth 1 point.",
                 "storm: everyone draws 2 cards.", "pass: end your turn."):
        assert line in lines
    assert any(line.startswith("tip: ") and "--advisor" in line for line in lines)
    assert not any(re.search(r"\S {3,}\S", line) for line in lines), "columns in help"


def test_an_advisor_command_without_the_flag_says_how_to_turn_it_on(
    run: Run, haul: str
) -> None:
    off = play(run, haul, "tip\nquit\n")
    assert ("Error: tip is advice, off by default as in rated play; start the game with "
            "--advisor to turn it on.") in off
    assert "HAUL TIP" not in off
    on = play(run, haul, "tip\nquit\n", "--advisor")
    assert "HAUL TIP for seat 0" in on
    refused = run("play", haul, "--hotseat", "--advisor", "--plain", input="quit\n")
    assert refused.exit_code == 2
    assert "--advisor gives advice only in a game against bots alone" in refused.output


def test_the_introduction_and_the_end_name_seats_in_words(run: Run, haul: str) -> None:
    out = play(run, haul, "quit\n")
    assert out.splitlines()[1] == "You are North. You play against South (first)."
    assert "You left the game after 0 actions." in out
    assert count_sentence(1) == "1 legal action." and count_sentence(3) == "3 legal actions."
    names = ["North", "South", "East"]
    assert result_sentence(names, [[0], [1, 2]], [1, 0, 0], you=0) == "You win with 1 point."
    assert result_sentence(names, [[1], [2], [0]], [3, 9, 4], you=0) == \
        "South wins with 9 points."
    assert result_sentence(names, [[0, 2], [1]], [7, 1, 7], you=0) == \
        "You and East share first place with 7 points."
    assert result_sentence(names, [[1, 2], [0]], [0.5, 1.5, 1.5]) == \
        "South and East share first place with 1.5 points."
    assert result_sentence(names, [[0, 1, 2]], [0, 0, 0]) == "The game is a draw: 0 points each."


def test_rich_mode_draws_the_board_once_a_turn(run: Run, haul: str) -> None:
    result = run("play", haul, "--bots", "first", "--seed", "1",
                 input="storm\nmark e5\npass\npass\n")
    assert result.exit_code == 0, result.output
    game = result.output.split("The game is over")[0]
    assert game.count("Your turn, 2 of 2 actions left.") == 3  # inside the board's panel
    assert "Your turn, 1 of 2 actions left." not in game


def test_listing_falls_back_to_the_list_when_kinds_do_not_summarise() -> None:
    moves = [(f"{a}{n}-{b}{n + 1}", f"a move {a}{b}") for a in "abcdefghijklmn"
             for b in "xy" for n in (1,)]
    told = listing(moves)
    assert told.heading == "Legal actions" and len(told.lines) == len(moves)
    assert listing([]).lines == ["You have no legal action now."]


def test_hot_seat_clears_the_screen_and_its_scrollback_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(render, "_isatty", lambda stream: True)
    Screen().clear()
    assert capsys.readouterr().out == "\x1b[H\x1b[2J\x1b[3J"
    monkeypatch.setattr(render, "_isatty", lambda stream: False)
    Screen().clear()
    assert capsys.readouterr().out == ""  # a pipe or a log: nothing to hide, nothing written


def test_help_shows_no_type_after_a_flag(run: Run) -> None:
    result = run("play", "--help")
    assert result.exit_code == 0
    assert "<bool>" not in result.output
    assert re.search(r"--seat\s+<int>", result.output)  # options that take a value keep it
