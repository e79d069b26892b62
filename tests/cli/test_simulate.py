"""``camelcade simulate`` and the tournament logic it formats (``camelcade.sim.tournament``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import camelcade as cc
from camelcade.records import Record
from camelcade.sim import tournament
from camelcade.sim.tournament import Match, MatchResult, lineup, summarise, wilson_interval
from tests.cli.conftest import GAME, Run, assert_plain


def simulate(run: Run, out: Path, *extra: str) -> str:
    result = run("simulate", GAME, "--games", "12", "--bots", "random,first", "--seed", "5",
                 "--out", str(out), *extra)
    assert result.exit_code == 0, result.output
    return result.output


def test_two_workers_table_records_and_repeatability(run: Run, tmp_path: Path) -> None:
    parallel, serial = tmp_path / "w2.jsonl", tmp_path / "w1.jsonl"
    output = simulate(run, parallel, "--workers", "2")
    assert "Results (ties split)" in output and "95% interval" in output
    assert "Average game length:" in output
    lines = parallel.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 12
    records = [Record.from_json(json.loads(line)) for line in lines]
    for index, record in enumerate(records):
        assert cc.replay(record).is_terminal()
        # seats rotate: game g puts entrant g % 2 in seat 0
        assert record.players == (["random", "first"] if index % 2 == 0 else ["first", "random"])
    assert len({record.seed for record in records}) == 12
    # the same seed gives the same games, whatever the number of workers
    simulate(run, serial, "--workers", "1")
    assert serial.read_text(encoding="utf-8") == parallel.read_text(encoding="utf-8")


def test_plain_table_matches_the_records(run: Run, tmp_path: Path) -> None:
    out = tmp_path / "plain.jsonl"
    output = simulate(run, out, "--plain")
    assert_plain(output)
    assert "Played 12 of 12 games (100%)." in output
    assert sum(line.startswith("Played ") for line in output.splitlines()) == 10
    records = [Record.from_json(json.loads(line)) for line in out.read_text().splitlines()]
    wins = {"random": 0.0, "first": 0.0}
    for record in records:
        assert record.winners is not None
        for seat in record.winners:
            wins[record.players[seat]] += 1 / len(record.winners)
    for name in wins:
        assert f"{name}: games 12, wins {wins[name]:g}, win rate {wins[name] / 12:.1%}" in output
    mean_length = sum(len(r.actions) for r in records) / 12
    assert f"Average game length: {mean_length:.1f} actions" in output


def test_one_bot_fills_every_seat_of_the_default_game(run: Run) -> None:
    result = run("simulate", GAME, "-n", "2", "--bots", "random", "--seed", "1", "--plain")
    assert result.exit_code == 0, result.output
    assert "A dos de Chameau: 2 games, 4 players" in result.output
    assert "random: games 8, wins 2," in result.output  # 4 seats x 2 games, one winner a game


def test_lineup_puts_every_entrant_in_every_seat() -> None:
    seats = [lineup(3, 3, g) for g in range(3)]
    assert seats == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    for seat in range(3):
        assert {s[seat] for s in seats} == {0, 1, 2}
    assert lineup(2, 4, 1) == (1, 0, 1, 0)


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(5, 10)
    assert (low, high) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_summarise_splits_ties_per_entrant() -> None:
    def result(index: int, seats: tuple[int, ...], winners: list[int],
               returns: list[float]) -> MatchResult:
        match = Match(index, GAME, {"players": 2}, seats, ("a", "a"), seed=index)
        record = Record(GAME, {"players": 2}, ["a", "a"], ["x"] * 10, returns, winners=winners)
        return MatchResult(match, record)

    summary = summarise(
        [result(0, (0, 1), [0, 1], [4.0, 4.0]), result(1, (1, 0), [0], [9.0, 1.0])],
        ["a", "a"],
    )
    first, second = summary.standings
    assert (first.label, second.label) == ("a #1", "a #2")
    assert (first.games, first.wins, first.mean_score) == (2, 0.5, 2.5)
    assert (second.games, second.wins, second.mean_score) == (2, 1.5, 6.5)
    assert summary.mean_length == 10


def test_plan_refuses_unknown_bots_before_playing() -> None:
    with pytest.raises(cc.OptionError, match=r"no bot 'nope'; the bots are: .*random"):
        tournament.plan(cc.load(GAME, players=2), ["random", "nope"], 3, seed=1)
