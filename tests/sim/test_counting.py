"""Counting results from rankings, Wilson intervals, ratings, and the results store."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from camelcade.records import Record
from camelcade.sim.match import LAB_FORMAT
from camelcade.sim.ratings import bradley_terry, elo_ratings, openskill_ratings
from camelcade.sim.stats import places, results_sentence, summarise, wilson_interval
from camelcade.sim.store import ResultStore, read_results


def record(players: list[str], ranking: list[list[int]], *, returns: list[float] | None = None,
           match: str = "0.0.0", tournament: str = "t", seed_index: int = 0) -> Record:
    table, seed, arrangement = (int(x) for x in match.split("."))
    lab = {"format": LAB_FORMAT, "tournament": tournament, "match": match, "table": table,
           "seed_index": seed_index if seed_index else seed, "arrangement": arrangement,
           "decisions": 4, "lead_changes": 1, "config": {"seed": 1}}
    return Record("g", {"players": len(players)}, players, ["x"] * 10,
                  returns or [0.0] * len(players), ranking=ranking, extra={"lab": lab})


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_places_share_tied_spots() -> None:
    assert places([[2], [1, 3], [0]]) == {2: 1.0, 1: 2.5, 3: 2.5, 0: 4.0}


def test_counts_read_the_ranking_not_the_points() -> None:
    # the points say seat 1, the tie-break (ranking) says seat 0: the ranking counts
    summary = summarise([record(["a", "b"], [[0], [1]], returns=[3.0, 9.0])])
    a, b = summary.standings
    assert (a.label, a.wins, a.score_rate, a.mean_place) == ("a", 1.0, 1.0, 1.0)
    assert (b.wins, b.mean_place) == (0.0, 2.0)


def test_ties_split_wins_places_and_scores() -> None:
    summary = summarise([record(["a", "b", "c"], [[0, 1], [2]]),
                         record(["b", "c", "a"], [[1], [0], [2]], match="0.0.1")])
    a = summary.standing("a")
    assert a.games == 2 and a.wins == 0.5
    assert a.place_counts == [0.5, 0.5, 1.0]
    assert a.score == pytest.approx(0.75)
    assert summary.seats.wins == [0.5, 1.5, 0.0]
    assert summary.versus_rate("a", "b") == (0.25, 2)


def test_bradley_terry_orders_and_centres() -> None:
    counts = {("a", "b"): [30.0, 40.0], ("b", "c"): [30.0, 40.0], ("a", "c"): [36.0, 40.0]}
    elo = bradley_terry(counts, ["a", "b", "c"])
    assert elo["a"] > elo["b"] > elo["c"]
    assert sum(elo.values()) == pytest.approx(0.0, abs=1e-6)
    sweep = bradley_terry({("a", "b"): [10.0, 10.0]}, ["a", "b"])
    assert 100 < sweep["a"] - sweep["b"] < 1000  # a clean sweep stays finite


def test_elo_interval_from_paired_blocks() -> None:
    games = []
    for seed in range(30):
        winner = 0 if seed % 4 else 1  # a wins three blocks in four in both seats
        games.append(record(["a", "b"], [[winner], [1 - winner]], match=f"0.{seed}.0"))
        games.append(record(["b", "a"], [[1 - winner], [winner]], match=f"0.{seed}.1"))
    ratings = {r.label: r for r in elo_ratings(games, ["a", "b"])}
    a = ratings["a"]
    assert a.low < a.value < a.high and a.value > 0 and a.low > 0
    assert ratings["b"].value == pytest.approx(-a.value)


def test_a_clean_sweep_keeps_an_interval() -> None:
    games = [record(["a", "b"], [[0], [1]], match=f"0.{n}.0") for n in range(12)]
    a = {r.label: r for r in elo_ratings(games, ["a", "b"])}["a"]
    assert a.low < a.value  # every resampled block is a win too: the model bootstrap widens


def test_openskill_rates_finishing_orders() -> None:
    games = [record(["a", "b", "c"], [[0], [1], [2]], match=f"0.{n}.0") for n in range(20)]
    ratings = {r.label: r for r in openskill_ratings(games, ["a", "b", "c"])}
    assert ratings["a"].value > ratings["b"].value > ratings["c"].value
    assert ratings["a"].low < ratings["a"].value < ratings["a"].high


def test_store_appends_resumes_and_survives_a_cut_line(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    with ResultStore(path) as store:
        store.append(record(["a", "b"], [[0], [1]], match="0.0.0"))
        store.append(record(["b", "a"], [[1], [0]], match="0.0.1"))
    with path.open("a", encoding="utf-8") as handle:
        handle.write('{"format": "camelcade-rec')  # a crash in the middle of a write
    with pytest.warns(UserWarning, match="cut short"):
        assert sorted(ResultStore(path).done("t")) == ["0.0.0", "0.0.1"]
    with ResultStore(path) as store:
        store.append(record(["a", "b"], [[1], [0]], match="0.1.0"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        lines = path.read_text(encoding="utf-8").splitlines()
        assert len(lines) == 3 and all(json.loads(line) for line in lines)
        assert ResultStore(path).done("other") == {}


def test_merging_files_counts_each_match_once(tmp_path: Path) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    with ResultStore(first) as store:
        store.append(record(["a", "b"], [[0], [1]], match="0.0.0"))
    with ResultStore(second) as store:
        store.append(record(["a", "b"], [[0], [1]], match="0.0.0"))
        store.append(record(["b", "a"], [[0], [1]], match="0.0.1"))
    merged = read_results([first, second])
    assert len(merged.records) == 2 and merged.duplicates == 1 and merged.conflicts == 0


def test_draws_and_shared_first_places_are_counted_apart() -> None:
    """A draw (every seat level on top) and a shared first place are told as such (issue:
    results told right), besides the split win every tied seat gets."""
    seats = ["a", "b", "c"]
    summary = summarise([record(seats, [[0, 1, 2]], match="0.0.0"),
                         record(seats, [[1], [0, 2]], match="0.1.0"),
                         record(seats, [[0, 2], [1]], match="0.2.0")], seats)
    assert (summary.draws, summary.shared_firsts) == (1, 1)
    assert [summary.standing(label).draws for label in seats] == [1, 1, 1]
    assert summary.standing("a").wins == pytest.approx(1 / 3 + 1 / 2)  # split, not lost
    assert results_sentence(summary) == ("Draws (every seat level at the top): 1 of 3; shared "
                                         "first places (some seats level at the top): 1 of 3.")
