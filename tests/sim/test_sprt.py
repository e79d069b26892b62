"""The SPRT arithmetic, pinned to LLRs fishtest published for real Stockfish tests (the
pentanomial counts and LLR lines of their pull requests), and its stopping rule."""

from __future__ import annotations

import math

import pytest

from camelcade.sim.sprt import Sprt, elo_to_score, llr_logistic, llr_normalized, score_to_elo

# (elo0, elo1, pentanomial LL..WW, LLR as fishtest printed it), Stockfish pull requests.
LOGISTIC = [  # bounds in logistic Elo, fishtest's {..} brackets (2020)
    (-1.0, 3.0, [424, 2948, 5832, 3045, 460], 2.94),  # PR 2493 STC
    (0.0, 2.0, [1284, 17437, 55536, 18085, 1292], 2.94),  # PR 2493 LTC
    (-0.5, 1.5, [665, 4806, 9333, 4893, 747], 2.95),  # PR 2920 STC
    (0.25, 1.75, [328, 4564, 15580, 4789, 371], 2.98),  # PR 2920 LTC
    (-0.25, 1.25, [253, 4282, 17604, 4431, 286], 2.94),  # PR 3209 STC
    (-1.5, 0.5, [40, 1272, 12142, 1300, 30], 3.01),  # PR 3017 LTC
]
NORMALIZED = [  # bounds in normalised Elo, fishtest's <..> brackets (2022-2025)
    (0.0, 2.0, [320, 12431, 27275, 12858, 316], 2.95),  # PR 6019 STC
    (0.5, 2.5, [197, 45541, 117722, 46579, 228], 2.96),  # PR 6019 LTC
    (0.0, 2.0, [758, 38802, 84253, 39511, 772], 2.93),  # PR 5452 STC
    (0.5, 2.5, [19, 6089, 15803, 6441, 22], 2.95),  # PR 5452 LTC
    (0.0, 2.0, [371, 10263, 24989, 10642, 379], 2.95),  # PR 4194 STC
    (-1.75, 0.25, [289, 26459, 62934, 26379, 331], 2.94),  # PR 6285 SMP STC
]


@pytest.mark.parametrize(("elo0", "elo1", "counts", "published"), LOGISTIC)
def test_logistic_llr_matches_fishtest(elo0: float, elo1: float, counts: list[int],
                                       published: float) -> None:
    assert round(llr_logistic(elo0, elo1, counts), 2) == published


@pytest.mark.parametrize(("elo0", "elo1", "counts", "published"), NORMALIZED)
def test_normalized_llr_matches_fishtest(elo0: float, elo1: float, counts: list[int],
                                         published: float) -> None:
    assert round(llr_normalized(elo0, elo1, counts), 2) == published


def test_bounds_and_elo_scale() -> None:
    test = Sprt(0, 10)
    assert test.lower == pytest.approx(-2.944, abs=1e-3)
    assert test.upper == pytest.approx(2.944, abs=1e-3)
    assert elo_to_score(0) == 0.5
    assert score_to_elo(elo_to_score(123.0)) == pytest.approx(123.0)
    assert math.isclose(llr_logistic(0, 10, [10, 20, 40, 20, 10]),
                        -llr_logistic(10, 0, [10, 20, 40, 20, 10]))


def test_a_clear_difference_stops_with_h1_and_none_with_h0() -> None:
    strong = Sprt(0, 100)
    pattern = [1.0, 0.75, 1.0, 0.5, 1.0]
    blocks = 0
    while strong.state == "":
        strong.add(pattern[blocks % len(pattern)])
        blocks += 1
    assert strong.state == "H1" and blocks < 60
    assert strong.trace[-1] == strong.llr >= strong.upper - 1.0
    even = Sprt(0, 100)
    while even.state == "":
        even.add(0.5)
    assert even.state == "H0"
    assert "H0 accepted" in even.verdict()


def test_scores_off_the_grid_are_refused() -> None:
    with pytest.raises(ValueError, match="not on the grid"):
        Sprt(0, 10).add(0.3)
    many = Sprt(0, 10, grid=24, games_per_block=12)
    many.add(7 / 24)
    assert many.counts[7] == 1 and many.samples == 1
