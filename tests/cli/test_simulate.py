"""``camelcade simulate``, ``report``, ``balance`` and ``ladder`` as a person runs them."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import camelcade as cc
from camelcade.records import Record
from tests.cli.conftest import GAME, Run, assert_plain


def simulate(run: Run, out: Path, *extra: str) -> str:
    result = run("simulate", GAME, "--games", "12", "--bots", "random,first", "--seed", "5",
                 "--out", str(out), *extra)
    assert result.exit_code == 0, result.output
    return result.output


def records(path: Path) -> list[Record]:
    return [Record.from_json(json.loads(line)) for line in path.read_text().splitlines()]


def test_plain_run_table_records_and_pairing(run: Run, tmp_path: Path) -> None:
    out = tmp_path / "plain.jsonl"
    output = simulate(run, out, "--plain")
    assert_plain(output)
    assert "12 games: 6 seeds × 2 seat arrangements (1 table)" in output
    assert "Played 12 of 12 games (100%)." in output
    assert sum(line.startswith("Played ") for line in output.splitlines()) == 10
    found = records(out)
    assert len(found) == 12
    for record in found:
        assert cc.replay(record).is_terminal()
        assert sorted(record.players) == ["first", "random"]
    wins = {"random": 0.0, "first": 0.0}
    for record in found:
        assert record.ranking is not None
        for seat in record.ranking[0]:
            wins[record.players[seat]] += 1 / len(record.ranking[0])
    for name in wins:
        assert f"{name}: games 12, win rate {wins[name] / 12:.1%}" in output
    mean_length = sum(len(r.actions) for r in found) / 12
    assert f"Average game length: {mean_length:.1f} actions" in output
    assert f"Report: camelcade report {out}" in output


def test_rich_run_with_two_workers_repeats_and_resumes(run: Run, tmp_path: Path) -> None:
    parallel, serial = tmp_path / "w2.jsonl", tmp_path / "w1.jsonl"
    output = simulate(run, parallel, "--workers", "2")
    assert "Results (ties split" in output and "95% interval" in output
    simulate(run, serial, "--workers", "1")

    def games(path: Path) -> list[str]:
        return sorted(json.dumps(r.actions) + str(r.players) for r in records(path))

    assert games(parallel) == games(serial)
    again = simulate(run, serial, "--plain")
    assert "12 games came from the results file, 0 were played now." in again
    assert len(records(serial)) == 12


def test_one_bot_fills_every_seat_of_the_default_game(run: Run, tmp_path: Path) -> None:
    result = run("simulate", GAME, "-n", "2", "--bots", "random", "--seed", "1", "--plain",
                 "--out", str(tmp_path / "r.jsonl"))
    assert result.exit_code == 0, result.output
    assert "A dos de Chameau: 1 bots, 4 players" in result.output
    assert "random: games 8, win rate 25.0%" in result.output


def test_sprt_run_stops_itself_and_reports(run: Run, tmp_path: Path) -> None:
    out = tmp_path / "sprt.jsonl"
    result = run("simulate", "kamelen", "--bots", "kamelen-greedy,random", "--games", "400",
                 "--sprt", "100", "--seed", "2", "--plain", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "H1 accepted, stronger by at least 100 Elo" in result.output
    assert "Stopped early:" in result.output
    assert "LLR" in result.output
    report = run("report", str(out), "--out", str(tmp_path / "rep"), "--plain")
    assert report.exit_code == 0, report.output
    assert_plain(report.output)
    folder = tmp_path / "rep"
    for name in ("report.md", "report.html", "ratings.png", "matrix.png", "seats.png",
                 "lengths.png", "sprt.png"):
        assert (folder / name).stat().st_size > 0, name
    text = (folder / "report.md").read_text(encoding="utf-8")
    for heading in ("## Ratings", "## Standings", "## Head to head", "## Seats",
                    "## Game length", "## Pairing", "## SPRT"):
        assert heading in text
    page = (folder / "report.html").read_text(encoding="utf-8")
    assert page.count("data:image/png;base64,") == 5 and 'alt="Ratings: ' in page


def test_balance_sweeps_an_option(run: Run, tmp_path: Path) -> None:
    folder = tmp_path / "bal"
    result = run("balance", GAME, "--vary", "leader_target=outside-oasis,any", "--games", "6",
                 "--players", "2", "--seed", "3", "--out", str(folder), "--plain")
    assert result.exit_code == 0, result.output
    assert_plain(result.output)
    assert "leader_target=outside-oasis; 6;" in result.output
    data = json.loads((folder / "balance.json").read_text(encoding="utf-8"))
    assert [s["setting"] for s in data["settings"]] == [
        {"leader_target": "outside-oasis"}, {"leader_target": "any"}]
    assert all(len(s["seat_win_rate"]) == 2 for s in data["settings"])
    for name in ("balance.md", "balance.html", "leader_target-seats.png",
                 "leader_target-length.png", "leader_target-lead.png"):
        assert (folder / name).exists(), name


def test_balance_with_a_probe(run: Run, tmp_path: Path) -> None:
    result = run("balance", "kamelen", "--vary", "third_step=outward,any", "--games", "4",
                 "--bots", "kamelen-greedy,random", "--probe", "tests.cli.probe:MovesProbe",
                 "--seed", "1", "--out", str(tmp_path / "p"), "--no-plots", "--plain")
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "p" / "balance.json").read_text(encoding="utf-8"))
    for setting in data["settings"]:
        moves = setting["probe"]["moves a game"]
        assert moves == pytest.approx(setting["mean_decisions"])


def test_balance_refuses_a_bad_probe_before_playing(run: Run, tmp_path: Path) -> None:
    result = run("balance", "kamelen", "--probe", "tests.cli.probe:Nothing", "--games", "2",
                 "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "is not a probe (module:Class with step, finish and figures)" in result.output
    assert not (tmp_path / "balance.jsonl").exists()


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "random,nope"], "no bot 'nope' for a-dos-de-chameau"),
    (["--bots", "mcts:lots"], "key=value after a colon"),
    (["--format", "swiss"], "format 'swiss' is not allowed"),
    (["--scheduler", "localhost:8786"], "is not a scheduler address"),
    (["--sprt-bots", "random,first"], "--sprt-bots needs --sprt ELO"),
    (["--sprt", "50", "--sprt-bots", "random,mcts"], "names 'mcts', which is not playing"),
])
def test_bad_input_is_one_clear_line(run: Run, args: list[str], message: str) -> None:
    result = run("simulate", GAME, "--games", "2", "--bots", "random,first", *args)
    assert result.exit_code == 2
    assert message in result.output


def test_scheduler_without_dask_says_how_to_install(run: Run, monkeypatch: pytest.MonkeyPatch
                                                    ) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    result = run("simulate", GAME, "--games", "2", "--scheduler", "tcp://127.0.0.1:1")
    assert result.exit_code == 2
    assert "pip install 'camelcade[lab]'" in result.output


def test_ladder_sprt_climbs_the_rungs_and_says_each_verdict(run: Run, tmp_path: Path) -> None:
    result = run("ladder", "kamelen", "--sprt", "100", "--games", "40", "--plain",
                 "--bots", "random,kamelen-greedy", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert_plain(result.output)
    assert "Kamelen: kamelen-greedy over random: LLR" in result.output
    assert "H1 accepted" in result.output
    assert (tmp_path / "kamelen-1.jsonl").exists() and (tmp_path / "ladder.md").exists()
    refused = run("ladder", "kamelen", "--sprt", "100", "--bots", "random", "--plain",
                  "--out", str(tmp_path))
    assert refused.exit_code != 0 and "two rungs at least" in refused.output
