"""Camel Drive's balance report: its probe inside the generic sweep, and the thin
``camelcade camel-drive balance`` command over it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import camelcade as cc
from camelcade.games.camel_drive import balance
from camelcade.games.camel_drive.cli import app
from camelcade.sim.balance import SettingFigures, game_probe


@pytest.fixture(scope="module")
def sweep(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[SettingFigures]]:
    """A small seeded sweep of each option, random bots (the same games for every test)."""
    out = tmp_path_factory.mktemp("balance")
    return {"interjections": balance.run(["interjections=0,3"], games=4, seed=5, out=out,
                                         draw=False),
            "players": balance.run(["players=2,5"], players=None, games=3, seed=5, out=out,
                                   draw=False)}


def test_the_manifest_declares_the_race_probe() -> None:
    assert game_probe("camel-drive") == "camelcade.games.camel_drive.balance:RaceProbe"


def test_the_probe_counts_every_race_once(sweep: dict[str, list[SettingFigures]]) -> None:
    """Per race: one winner's lane and one first finisher's lane, one bet per camel; the
    players' decisions are the camels' turns and the bets, nothing lost or counted twice."""
    for figures in sweep["interjections"] + sweep["players"]:
        totals = figures.probe_totals
        camels = cc.load("camel-drive", players=figures.players).new_state().camels
        races = totals["races"]
        assert races >= 5 * figures.games, "a match runs to 30 points: several races"
        assert len(totals["wins by lane"]) == camels
        assert sum(totals["wins by lane"]) == sum(totals["first by lane"]) == races
        assert sum(sum(v) for k, v in totals.items() if k.startswith("wins by lane,")) == races
        assert totals["turns"] + camels * races == figures.mean_decisions * figures.games
        shares = [figures.probe[f"win lane {lane}"] for lane in range(1, camels + 1)]
        assert sum(shares) == pytest.approx(1.0)
        assert figures.probe["races/match"] == pytest.approx(races / figures.games)
        assert figures.probe["rounds/race"] == pytest.approx(
            figures.probe["turns/race"] / camels)
        assert 0 < figures.probe["winner pts from bets"] < 1


def test_interjections_are_counted_as_the_option_allows(
        sweep: dict[str, list[SettingFigures]]) -> None:
    none, three = sweep["interjections"]
    assert none.probe["shouts/match"] == none.probe["shout finishes"] == 0
    # three for each of the four camels in a match, at most (they carry over races)
    assert 0 < three.probe["shouts/match"] <= 3 * 4
    assert none.setting == {"interjections": "0"} and none.players == 4


def test_the_tables_read_the_probe_sums(sweep: dict[str, list[SettingFigures]]) -> None:
    two, five = sweep["players"]
    table = balance.players_table([two, five]).splitlines()
    assert table[0].startswith("| players | camels | games | races |")
    assert table[2].startswith(f"| 2 | 4 | 3 | {two.probe_totals['races']:.0f} | 25% |")
    assert table[3].startswith(f"| 5 | 5 | 3 | {five.probe_totals['races']:.0f} | 20% |")
    lengths = balance.length_table(sweep["interjections"][1]).splitlines()
    assert lengths[0] == "| race length (rounds) | races | win lane 1 | win lane 2 | " \
        "win lane 3 | win lane 4 |"
    counted = sum(int(line.split(" | ")[1]) for line in lengths[2:])
    assert counted == sweep["interjections"][1].probe_totals["races"]
    assert "| interjections=3 | 4 |" in balance.markdown_table(sweep["interjections"])


def test_the_generic_command_shows_the_probe_columns(tmp_path: Path) -> None:
    from camelcade.cli.main import app as main_app

    result = CliRunner().invoke(main_app, [
        "balance", "camel-drive", "--vary", "track_length=10", "--games", "2", "--seed", "1",
        "--out", str(tmp_path), "--no-plots", "--plain"])
    assert result.exit_code == 0, result.output
    header = next(line for line in result.output.splitlines() if line.startswith("setting;"))
    for column in ("seat 0", "lead changes", "races/match", "win lane 4", "first out lane 1",
                   "shout finishes", "winner pts from bets"):
        assert column in header.split("; ") or column + "." in header.split("; ")


def test_the_thin_command_runs_the_games_sweeps(tmp_path: Path) -> None:
    out, figures_file, plot = tmp_path / "out", tmp_path / "f.json", tmp_path / "lanes.png"
    result = CliRunner().invoke(app, [
        "balance", "--games", "2", "--sweep", "track_length", "--out", str(out), "--json",
        str(figures_file), "--plot", str(plot), "--plain"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    rows = [line for line in lines if line.startswith("track_length=")]
    assert [row.split(";")[0] for row in rows] == [
        f"track_length={value}" for value in balance.SWEEPS["track_length"]]
    assert "Race winner's lane by race length (track_length=15):" in lines
    assert any(line.startswith("race length (rounds); races; win lane 1") for line in lines)
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    saved = json.loads(figures_file.read_text(encoding="utf-8"))
    assert list(saved) == ["track_length"] and len(saved["track_length"]) == 8
    assert saved["track_length"][3]["probe"]["races/match"] > 1
    assert (out / "balance.md").exists() and (out / "balance.jsonl").exists()


@pytest.mark.parametrize(("option", "value", "allowed"), [
    ("--sweep", "weather", "track_length, interjections or both"),
    ("--bot", "mcts", "random, camel-drive-planner")])
def test_the_thin_command_refuses_what_it_does_not_sweep(option: str, value: str,
                                                          allowed: str) -> None:
    result = CliRunner().invoke(app, ["balance", "--games", "1", option, value])
    assert result.exit_code != 0
    assert isinstance(result.exception, cc.OptionError) and allowed in str(result.exception)
