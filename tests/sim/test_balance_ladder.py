"""Balance sweeps (settings, sums of a game's probe) and the ladder."""

from __future__ import annotations

from pathlib import Path

import pytest

import camelcade as cc
from camelcade.sim.balance import parse_vary, run_balance, settings
from camelcade.sim.entrants import parse_entrants
from camelcade.sim.ladder import (
    MCTS,
    from_file,
    ladder_entrants,
    ladder_rungs,
    run_climb,
    run_ladder,
    step_pairs,
)
from camelcade.sim.stats import summarise


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


def test_every_game_declares_a_ladder_of_its_own_bots() -> None:
    """Each manifest's rungs parse as entrants of that game, weakest (``random``) first,
    and every timed search counts CPU seconds, so a busy machine favours no rung."""
    for game_id in cc.game_ids():
        rungs = ladder_rungs(game_id)
        assert rungs == list(cc.core.plugin(game_id).ladder) and rungs[0] == "random"
        entrants = parse_entrants(rungs, game_id)
        assert len({entrant.label for entrant in entrants}) == len(rungs) >= 3
        for entrant in entrants:
            if entrant.timed():
                assert dict(entrant.settings).get("clock") == "cpu", entrant.label


def test_a_climb_tests_each_rung_against_the_one_below(tmp_path: Path) -> None:
    steps = run_climb(["kamelen"], elo=100, games=40, seed=1, out=tmp_path,
                      rungs={"kamelen": ["random", "kamelen-greedy"]})["kamelen"]
    (step,) = steps
    assert (step.stronger, step.weaker) == ("kamelen-greedy", "random")
    assert step.run.sprt is not None and step.run.sprt.state == "H1"
    assert len(step.run.records) < 40  # stopped when the test decided
    greedy = step.run.summary.standing("kamelen-greedy")
    assert greedy.choices > 0 and greedy.seconds_a_move is not None
    dice = step.run.summary.standing("random").seconds_a_move
    assert dice is not None and greedy.seconds_a_move > dice
    text = (tmp_path / "ladder.md").read_text(encoding="utf-8")
    assert "by 100 Elo (logistic; H0: no stronger" in text
    assert "### Kamelen (2 players)" in text and "`kamelen-greedy` over `random`" in text
    assert "| stronger: LLR 2.96 after 12 blocks | 24 |" in text
    with pytest.raises(cc.OptionError, match="two rungs at least"):
        run_climb(["kamelen"], elo=100, games=4, seed=1, out=tmp_path,
                  rungs={"kamelen": ["random"]})


def test_standings_count_the_time_each_bot_took_a_move() -> None:
    record = cc.Record(game="kamelen", options={}, players=["a", "b"], actions=["x"] * 5,
                       ranking=[[0], [1]],
                       extra={"lab": {"thinking": [0.5, 0.1], "choices": [5, 4]}})
    old = cc.Record(game="kamelen", options={}, players=["a", "b"], actions=["x"] * 5,
                    ranking=[[1], [0]], extra={"lab": {}})
    summary = summarise([record, old])
    assert summary.standing("a").seconds_a_move == pytest.approx(0.1)
    assert summary.standing("b").seconds_a_move == pytest.approx(0.025)
    assert summarise([old]).standing("a").seconds_a_move is None  # untimed: no figure


def test_the_expert_meets_every_rung_but_random_directly() -> None:
    assert step_pairs(["random", "mcts", "greedy", "expert"]) == [
        ("random", "mcts"), ("mcts", "greedy"), ("greedy", "expert"), ("mcts", "expert")]
    assert step_pairs(["random", "search", "expert"]) == [("random", "search"),
                                                           ("search", "expert")]
