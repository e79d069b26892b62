"""Balance sweeps (settings, sums of a game's probe) and the ladder."""

from __future__ import annotations

from pathlib import Path

import pytest

import camelcade as cc
from camelcade.sim.balance import parse_vary, run_balance, settings
from camelcade.sim.ladder import MCTS, from_file, ladder_entrants, run_ladder


def test_vary_takes_commas_or_semicolons() -> None:
    assert parse_vary(["board=11x11,11x13", "oasis_cards=1,1,2,2,3,3,4;1,1,1,2,2,3,4"]) == [
        ("board", ["11x11", "11x13"]),
        ("oasis_cards", ["1,1,2,2,3,3,4", "1,1,1,2,2,3,4"])]
    for bad, message in (("board", "option=value1,value2"), ("board=a,,b", "empty value")):
        with pytest.raises(cc.OptionError, match=message):
            parse_vary([bad])
    with pytest.raises(cc.OptionError, match="twice"):
        parse_vary(["board=a", "board=b"])


def test_one_option_at_a_time_or_every_combination() -> None:
    vary = [("a", ["1", "2"]), ("b", ["x", "y", "z"])]
    assert settings(vary, grid=False) == [{"a": "1"}, {"a": "2"}, {"b": "x"}, {"b": "y"},
                                          {"b": "z"}]
    assert len(settings(vary, grid=True)) == 6
    assert settings([], grid=False) == [{}]


def test_probe_sums_become_figures(tmp_path: Path) -> None:
    found = run_balance("kamelen", ["third_step=outward,any"], bots="kamelen-greedy,random",
                        base={}, games=4, seed=2, probe="tests.cli.probe:MovesProbe",
                        out=tmp_path, draw=False)
    assert [f.setting for f in found] == [{"third_step": "outward"}, {"third_step": "any"}]
    for figures in found:
        assert figures.games == 4 and figures.players == 2
        assert figures.probe["moves a game"] == pytest.approx(figures.mean_decisions)
        assert sum(rate for rate, _, _ in figures.seat_wins) == pytest.approx(1.0)
        assert figures.seat_advantage >= 0
    again = run_balance("kamelen", ["third_step=outward,any"], bots="kamelen-greedy,random",
                        base={}, games=4, seed=2, probe="tests.cli.probe:MovesProbe",
                        out=tmp_path, draw=False)
    assert [f.to_json() for f in again] == [f.to_json() for f in found]  # resumed, same


def test_ladder_rates_each_games_bots(tmp_path: Path) -> None:
    assert ladder_entrants("kamelen")[:2] == ["random", MCTS]
    assert set(ladder_entrants("kamelen")[2:]) == set(cc.core.plugin("kamelen").bots)
    runs = run_ladder(["kamelen"], games=4, seed=1, out=tmp_path,
                      bots={"kamelen": ["kamelen-greedy", "random"]})
    run = runs["kamelen"]
    assert len(run.records) == 4 and {r.label for r in run.ratings} == {"kamelen-greedy",
                                                                         "random"}
    text = (tmp_path / "ladder.md").read_text(encoding="utf-8")
    assert "### Kamelen (2 players)" in text and "| `kamelen-greedy` |" in text
    again = from_file(tmp_path / "kamelen.jsonl")  # re-rated from the file, nothing played
    assert again.played == 0 and len(again.records) == 4
    assert sorted(again.ratings, key=str) == sorted(run.ratings, key=str)
