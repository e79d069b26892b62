"""The choice model: fitting recovers known weights, scores say what it adds, the file
format refuses what it cannot read; the expected reward ranks sampled finals, and the
smoothed one integrates their noise."""

from __future__ import annotations

import math
import random

import pytest

from camelcade.bots.choices import ChoiceModel, Moment, accuracy, fit
from camelcade.bots.rewards import (
    expected_reward,
    normal_quadrature,
    rank_rewards,
    smoothed_reward,
    win_rewards,
)
from camelcade.core.errors import CamelcadeError

TRUE = (1.5, -0.8)


def _synthetic(count: int, seed: int) -> list[Moment]:
    """Choices among 3 to 5 options drawn from a logit with weights ``TRUE``; the
    baseline names the option with the highest first feature."""
    rng = random.Random(seed)
    moments = []
    for _ in range(count):
        size = rng.randint(3, 5)
        rows = tuple((rng.gauss(0, 1), float(rng.random() < 0.5)) for _ in range(size))
        scores = [math.exp(sum(w * x for w, x in zip(TRUE, row, strict=True)))
                  for row in rows]
        chosen = rng.choices(range(size), scores)[0]
        baseline = max(range(size), key=lambda i: rows[i][0])
        moments.append(Moment("g", tuple(map(str, range(size))), rows, chosen, baseline))
    return moments


def test_fitting_recovers_the_weights_that_made_the_choices() -> None:
    weights = fit(_synthetic(3000, 1), ridge=0.01)["g"]
    assert weights == pytest.approx(TRUE, abs=0.15)


def test_accuracy_compares_the_model_with_the_baseline_and_a_uniform_guess() -> None:
    train, test = _synthetic(2000, 2), _synthetic(1000, 3)
    model = ChoiceModel(fit(train), ("a", "b"))
    found = accuracy(model, test)
    assert found.moments == 1000
    assert found.log_loss < found.uniform_log_loss - 0.2
    assert found.model >= found.baseline - 0.03  # the baseline ignores the 2nd feature
    unfitted = accuracy(ChoiceModel({}, ("a", "b")), test)
    assert unfitted.log_loss == pytest.approx(unfitted.uniform_log_loss)
    with pytest.raises(CamelcadeError, match="no hidden choices"):
        accuracy(model, [])


def test_a_model_round_trips_and_a_bad_file_is_refused_by_name() -> None:
    model = ChoiceModel({"g": (1.0, -2.0)}, ("a", "b"))
    assert ChoiceModel.from_json(model.as_json()) == model
    with pytest.raises(CamelcadeError, match="'features'"):
        ChoiceModel.from_json({"weights": {}})
    with pytest.raises(CamelcadeError, match="weights of 'g' must be a list of 2"):
        ChoiceModel.from_json({"features": ["a", "b"], "weights": {"g": [1.0]}})
    assert model.chances("unseen", [(0, 0), (1, 1)]) == [0.5, 0.5]


def test_the_expected_reward_ranks_each_sampled_final() -> None:
    finals = [[10, 5, 1], [3, 8, 1], [4, 4, 9]]
    assert expected_reward(finals, 0, rank_rewards) == pytest.approx((1 + 0.5 + 0.25) / 3)
    assert expected_reward(finals, 0, win_rewards) == pytest.approx(1 / 3)
    with pytest.raises(ValueError, match="at least one sample"):
        expected_reward([], 0, rank_rewards)


@pytest.mark.parametrize("points, spread", [([30, 28, 25, 33], 4.0), ([30, 29, 12, 31], 1.0),
                                            ([30, 30, 30, 30], 0.5), ([40, 20, 20, 20], 3.0)])
def test_the_smoothed_reward_is_the_expected_reward_under_normal_noise_computed(
        points: list[float], spread: float) -> None:
    """Integrated, not drawn: the same expectation as 200,000 noisy rows, to within their
    sampling error (about 0.001), for both reward scales."""
    rng = random.Random(5)
    rows = [[p + rng.gauss(0.0, spread) for p in points] for _ in range(200_000)]
    for reward in (rank_rewards, win_rewards):
        assert smoothed_reward(points, 0, spread, reward) == pytest.approx(
            expected_reward(rows, 0, reward), abs=0.004)


def test_the_smoothed_reward_without_spread_ranks_the_points_as_they_stand() -> None:
    assert smoothed_reward([5, 5, 1], 0, 0.0, rank_rewards) == pytest.approx(0.75)
    assert smoothed_reward([5, 5, 1], 1, 0.0, win_rewards) == pytest.approx(0.5)
    assert smoothed_reward([5, 5, 1], 2, 0.0, win_rewards) == 0.0
    with pytest.raises(ValueError, match="no smoothed form"):
        smoothed_reward([5, 5, 1], 0, 1.0, lambda ranking, players: [0.0] * players)


def test_the_quadrature_integrates_the_normal_moments_exactly() -> None:
    nodes = normal_quadrature(12)
    assert len(nodes) == 12
    for power, moment in ((0, 1.0), (2, 1.0), (4, 3.0), (6, 15.0), (1, 0.0), (3, 0.0)):
        assert sum(w * z ** power for z, w in nodes) == pytest.approx(moment, abs=1e-9)
