"""Tournaments end to end: the same seed gives the same games on one core, two worker
processes or a Dask cluster; a stopped run resumes; the SPRT stops by itself."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import camelcade as cc
from camelcade.sim.entrants import parse_entrants
from camelcade.sim.lab import SprtSettings, run_tournament
from camelcade.sim.pairing import measure
from camelcade.sim.plan import Tournament
from camelcade.sim.store import read_results


def tournament(game: str, bots: str, seed: int = 1, **kw: object) -> Tournament:
    loaded = cc.load(game, players=len(bots.split(",")))
    return Tournament(loaded.id, loaded.options,
                      tuple(parse_entrants(bots.split(","), loaded.id)), seed=seed,
                      **kw)  # type: ignore[arg-type]


def games_of(path: Path) -> list[str]:
    """Every record without its timing, sorted: what must not depend on where it ran."""
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        data["extra"]["lab"].pop("cpu")
        data["extra"]["lab"].pop("thinking")
        found.append(json.dumps(data, sort_keys=True))
    return sorted(found)


def test_worker_processes_play_the_same_games_as_one(tmp_path: Path) -> None:
    t = tournament("camel-drive", "camel-drive-planner:rollouts=4:bet_samples=20,random,random")
    serial, parallel = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    one = run_tournament(t, 12, serial)
    two = run_tournament(t, 12, parallel, workers=2)
    assert one.played == two.played == 12
    assert games_of(serial) == games_of(parallel)
    planner = one.summary.standings[0]
    assert planner.label.startswith("camel-drive-planner") and planner.games == 12
    assert {r.method for r in one.ratings} == {"openskill"}


def test_a_stopped_run_resumes_and_grows(tmp_path: Path) -> None:
    t = tournament("kamelen", "kamelen-greedy,random")
    path = tmp_path / "r.jsonl"
    first = run_tournament(t, 6, path)
    again = run_tournament(t, 6, path)
    assert (first.played, again.played, again.resumed) == (6, 0, 6)
    more = run_tournament(t, 10, path)
    assert (more.played, more.resumed, len(more.records)) == (4, 6, 10)
    assert len(read_results([path]).records) == 10


def test_sprt_stops_by_itself_on_a_real_difference(tmp_path: Path) -> None:
    t = tournament("kamelen", "kamelen-greedy,random", format="head-to-head")
    run = run_tournament(t, 400, tmp_path / "sprt.jsonl",
                         sprt=SprtSettings("kamelen-greedy", "random", elo1=100))
    assert run.sprt is not None and run.sprt.state == "H1"
    assert run.played < 400 and run.sprt.llr >= run.sprt.upper - 1.0
    assert sum(run.sprt.counts) == run.sprt.samples == len(run.sprt.trace)


def test_perfect_pairing_makes_equal_bots_even_in_every_block(tmp_path: Path) -> None:
    """Two names for one bot: seat-keyed bot seeds and keyed chance make both games of a
    block the same game with the bots swapped, so every block scores exactly one half."""
    t = tournament("a-dos-de-chameau", "random,random:seed=none", format="head-to-head")
    run = run_tournament(t, 400, tmp_path / "even.jsonl",
                         sprt=SprtSettings("random", "random:seed=none", elo1=200))
    assert run.sprt is not None and run.sprt.state == "H0"
    assert run.sprt.counts[2] == run.sprt.samples
    pairing = measure(run.records)
    assert pairing is not None and pairing.paired == 1.0 > pairing.unpaired


def test_the_sprt_verdict_does_not_depend_on_the_worker_count(tmp_path: Path) -> None:
    t = tournament("kamelen", "kamelen-greedy,random", seed=5, format="head-to-head")
    settings = SprtSettings("kamelen-greedy", "random", elo1=100)
    one = run_tournament(t, 400, tmp_path / "a.jsonl", sprt=settings)
    two = run_tournament(t, 400, tmp_path / "b.jsonl", sprt=settings, workers=2)
    assert one.sprt is not None and two.sprt is not None
    assert (one.sprt.trace, one.sprt.state) == (two.sprt.trace, two.sprt.state)


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A Dask LocalCluster of two worker processes on 127.0.0.1, started by this test."""
    distributed = pytest.importorskip("distributed") if not os.environ.get("CI") else \
        __import__("distributed")
    local = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                     host="127.0.0.1", dashboard_address=None)
    try:
        yield local.scheduler_address
    finally:
        local.close()


def test_a_dask_cluster_plays_the_same_games(tmp_path: Path, cluster: str) -> None:
    t = tournament("camel-drive", "camel-drive-planner:rollouts=4:bet_samples=20,random,random")
    local, remote = tmp_path / "local.jsonl", tmp_path / "dask.jsonl"
    run_tournament(t, 12, local, workers=2)
    run = run_tournament(t, 12, remote, scheduler=cluster)
    assert run.played == 12
    assert games_of(local) == games_of(remote)


def test_a_bad_scheduler_address_says_what_is_expected() -> None:
    from camelcade.sim.runner import check_scheduler

    with pytest.raises(cc.OptionError, match=r"like tcp://192\.168\.1\.10:8786"):
        check_scheduler("localhost")
