"""Hot-seat play: each hand is shown only to its own seat, after the keyboard is passed."""

from __future__ import annotations

import re
from pathlib import Path

import camelcade as cc
from camelcade.games.a_dos_de_chameau.state import ADosState
from camelcade.games.a_dos_de_chameau.text import card_list
from camelcade.records import Record
from tests.cli.conftest import ALWAYS_FIRST, GAME, Run, assert_plain

PASS = "Pass the keyboard to "
COLOURS = ("Red", "Yellow", "Orange")


def handovers(record: Record) -> list[tuple[int, list[str]]]:
    """Each time the keyboard goes to another seat: that seat, and its hand (as text) at
    each of its turns until the keyboard moves on (a seat plays twice running when the
    others have no cards)."""
    state = cc.load(GAME, players=record.options["players"]).new_state()
    assert isinstance(state, ADosState)
    turns: list[tuple[int, list[str]]] = []
    for text in record.actions:
        seat = state.current_player
        if seat >= 0:
            if not turns or turns[-1][0] != seat:
                turns.append((seat, []))
            turns[-1][1].append(card_list(state.hand(seat)))
        state.apply(text)
    return turns


def test_hotseat_never_shows_a_hand_to_the_wrong_seat(run: Run, tmp_path: Path) -> None:
    record_path = tmp_path / "hotseat.json"
    result = run("play", GAME, "--players", "3", "--hotseat", "--seed", "8", "--plain",
                 "--record", str(record_path), input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    assert_plain(result.output)
    assert "The game is over" in result.output
    record = Record.load(record_path)
    assert record.players == ["human"] * 3
    segments = result.output.split(PASS)[1:]
    turns = handovers(record)
    assert len(segments) == len(turns) > 10
    for segment, (seat, hands) in zip(segments, turns, strict=True):
        name = COLOURS[seat]
        assert segment.startswith(f"{name}, then press Enter")
        hands_shown = re.findall(r"^Your hand: (.*)\.$", segment, flags=re.MULTILINE)
        assert hands_shown == hands, f"{name}'s turn showed {hands_shown}, not {hands}"
        for other in COLOURS:
            if other != name:  # nothing is told from another seat's point of view
                assert f"{other} (you)" not in segment


def test_hotseat_quit_at_the_pass_prompt_saves(run: Run, tmp_path: Path) -> None:
    record_path = tmp_path / "hq.json"
    result = run("play", GAME, "--players", "2", "--hotseat", "--seed", "8", "--plain",
                 "--record", str(record_path), input="\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert result.output.count(PASS) == 2  # Red, then Yellow (who quits at the pass prompt)
    record = Record.load(record_path)
    assert record.returns is None and len(record.actions) > 6


def test_hotseat_takes_no_bots(run: Run) -> None:
    result = run("play", GAME, "--hotseat", "--bots", "random")
    assert result.exit_code == 2
    assert "--hotseat seats people everywhere" in result.output
