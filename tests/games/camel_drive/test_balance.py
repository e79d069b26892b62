"""Camel Drive's balance report: its probe, sweeps and table inside the generic sweep,
reached by ``camelcade balance camel-drive`` through the manifest's ``balance`` slot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import camelcade as cc
from camelcade.cli.main import app as main_app
from camelcade.core.plugin import FiguresTable
from camelcade.core.registry import plugin
from camelcade.games.camel_drive import balance
from camelcade.sim.balance import SettingFigures, game_probe, game_sweeps, run_balance


@pytest.fixture(scope="module")
def sweep(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[SettingFigures]]:
    """A small seeded sweep of each option, random bots (the same games for every test)."""
    out = tmp_path_factory.mktemp("balance")
    return {"interjections": run_balance("camel-drive", ["interjections=0,3"], bots="random",
                                         base={"players": "4"}, games=4, seed=5, out=out,
                                         draw=False),
            "players": run_balance("camel-drive", ["players=2,5"], bots="random", base={},
                                   games=3, seed=5, out=out, draw=False)}


def test_the_manifest_declares_the_race_probe_sweeps_and_table() -> None:
    assert game_probe("camel-drive") == "camelcade.games.camel_drive.balance:RaceProbe"
    assert game_sweeps("camel-drive", ["all"]) == [
        "track_length=8,10,12,15,18,22,26,30", "interjections=0,1,2,3,4,5"]
    slot = plugin("camel-drive").balance
    assert slot is not None and slot.tables is not None
    assert slot.tables.load() is balance.tables


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



def test_the_table_slot_needs_the_default_track_alone(
        sweep: dict[str, list[SettingFigures]]) -> None:
    """Only a setting of track_length=15 alone gets the length table (the sweep's default)."""
    assert balance.tables(sweep["interjections"]) == []
    default = sweep["interjections"][1]
    alone = SettingFigures({"track_length": "15"}, default.players, default.games,
                           default.seat_wins, 0, 0, 0, 0, probe_totals=default.probe_totals)
    [table] = balance.tables([alone])
    assert isinstance(table, FiguresTable)
    assert table.caption == "Race winner's lane by race length (track_length=15):"
    assert table.columns[:3] == ("race length (rounds)", "races", "win lane 1")
    assert sum(int(row[1]) for row in table.rows) == default.probe_totals["races"]


def test_the_generic_command_shows_the_probe_columns(tmp_path: Path) -> None:
    result = CliRunner().invoke(main_app, [
        "balance", "camel-drive", "--vary", "track_length=10", "--games", "2", "--seed", "1",
        "--out", str(tmp_path), "--no-plots", "--plain"])
    assert result.exit_code == 0, result.output
    header = next(line for line in result.output.splitlines() if line.startswith("setting;"))
    for column in ("seat 0", "lead changes", "races/match", "win lane 4", "first out lane 1",
                   "shout finishes", "winner pts from bets"):
        assert column in header.split("; ") or column + "." in header.split("; ")


def test_the_generic_command_runs_the_games_sweeps_and_its_table(tmp_path: Path) -> None:
    """``--sweep track_length``: the manifest's values in turn, then the game's table."""
    result = CliRunner().invoke(main_app, [
        "balance", "camel-drive", "--games", "2", "--sweep", "track_length", "--seed", "0",
        "--bots", "random", "--players", "4", "--out", str(tmp_path), "--no-plots",
        "--plain"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    rows = [line for line in lines if line.startswith("track_length=")]
    assert [row.split(";")[0] for row in rows] == [
        f"track_length={value}" for value in (8, 10, 12, 15, 18, 22, 26, 30)]
    assert "Race winner's lane by race length (track_length=15):" in lines
    assert any(line.startswith("race length (rounds); races; win lane 1") for line in lines)
    saved = json.loads((tmp_path / "balance.json").read_text(encoding="utf-8"))
    assert len(saved["settings"]) == 8
    assert saved["settings"][3]["probe"]["races/match"] > 1
    markdown = (tmp_path / "balance.md").read_text(encoding="utf-8")
    assert "Race winner's lane by race length (track_length=15):" in markdown
    assert (tmp_path / "balance.jsonl").exists()


def test_the_generic_command_refuses_a_sweep_the_game_does_not_declare() -> None:
    result = CliRunner().invoke(main_app, ["balance", "camel-drive", "--games", "1",
                                           "--sweep", "weather"])
    assert result.exit_code != 0
    assert "'weather' is not a sweep of camel-drive" in result.output
    assert "track_length, interjections or all" in result.output
