"""Ratings with intervals: OpenSkill (Plackett-Luce) for three or more seats,
Bradley-Terry Elo with paired-bootstrap intervals for two.

Both read the records' ``ranking``. OpenSkill (Weng & Lin's Bayesian approximation, the
``openskill`` package) rates every bot from whole finishing orders, which is what a
three-to-eight-player game gives; its interval is μ ± 1.96σ. For two seats the
Bradley-Terry model is fitted by maximum likelihood (Hunter's MM iteration, ties as half
a win, one virtual draw between every two bots that met so that a clean sweep stays
finite), as Elo with the mean of all bots at 0; its interval comes from refitting on seed
blocks drawn with replacement, which keeps each block's paired games together.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from camelcade.records import Record
from camelcade.sim.stats import WILSON_Z, pair_score, places

BOOTSTRAP_ROUNDS = 200
BOOTSTRAP_SEED = 20240601


@dataclass(frozen=True)
class Rating:
    """A bot's rating and its 95% interval, on the scale its ``method`` names."""

    label: str
    value: float
    low: float
    high: float
    method: str
    """"elo" (Bradley-Terry, 0 = the field's mean) or "openskill" (μ, 25 to start)."""


def match_order(record: Record) -> tuple[str, int, int, int]:
    """A fixed order of a tournament's records (OpenSkill's updates depend on order)."""
    lab = record.extra.get("lab", {})
    return (str(lab.get("tournament", "")), int(lab.get("seed_index", 0)),
            int(lab.get("table", 0)), int(lab.get("arrangement", 0)))


def block_of(record: Record) -> tuple[str, int, int]:
    """The paired block a record belongs to: (tournament, table, seed index)."""
    lab = record.extra.get("lab", {})
    return (str(lab.get("tournament", "")), int(lab.get("table", 0)),
            int(lab.get("seed_index", 0)))


def rate(records: Sequence[Record], labels: Sequence[str]) -> list[Rating]:
    """Ratings by the method that fits the seat count (two seats: Elo; more: OpenSkill)."""
    finished = [r for r in records if r.ranking is not None]
    if not finished:
        return []
    if len(finished[0].players) == 2:
        return elo_ratings(finished, labels)
    return openskill_ratings(finished, labels)


def openskill_ratings(records: Sequence[Record], labels: Sequence[str]) -> list[Rating]:
    """Plackett-Luce ratings from every finishing order, in match order. A bot in several
    seats of one game gets the sum of its seats' updates."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {label: model.rating(name=label) for label in labels}
    for record in sorted(records, key=match_order):
        names = record.players
        if len(set(names)) < 2 or record.ranking is None:
            continue
        for name in names:
            ratings.setdefault(name, model.rating(name=name))
        where = places(record.ranking)
        teams = [[ratings[name]] for name in names]
        new = model.rate(teams, ranks=[where[seat] for seat in range(len(names))])
        for name in set(names):
            old = ratings[name]
            seats = [seat for seat, other in enumerate(names) if other == name]
            mu = old.mu + sum(new[seat][0].mu - old.mu for seat in seats)
            sigma = old.sigma * math.prod(new[seat][0].sigma / old.sigma for seat in seats)
            ratings[name] = model.rating(mu=mu, sigma=sigma, name=name)
    return [Rating(label, r.mu, r.mu - WILSON_Z * r.sigma, r.mu + WILSON_Z * r.sigma,
                   "openskill") for label, r in ratings.items()]


def _pair_counts(records: Sequence[Record]) -> dict[tuple[str, str], list[float]]:
    """(A, B) with A < B → [A's score against B, games]."""
    counts: dict[tuple[str, str], list[float]] = {}
    for record in records:
        if record.ranking is None:
            continue
        where = places(record.ranking)
        names = record.players
        for a in range(len(names)):
            for b in range(a + 1, len(names)):
                if names[a] == names[b]:
                    continue
                first, second = sorted((a, b), key=lambda seat: names[seat])
                pair = counts.setdefault((names[first], names[second]), [0.0, 0.0])
                pair[0] += pair_score(where[first], where[second])
                pair[1] += 1
    return counts


def bradley_terry(counts: dict[tuple[str, str], list[float]], labels: Sequence[str]
                  ) -> dict[str, float]:
    """Elo per bot (mean 0) fitted by MM; one virtual draw per pair that met."""
    names = list(dict.fromkeys([*labels, *[n for pair in counts for n in pair]]))
    if len(names) < 2:
        return {name: 0.0 for name in names}
    wins = {name: 0.0 for name in names}
    met: dict[str, list[tuple[str, float]]] = {name: [] for name in names}
    for (a, b), (score, played) in counts.items():
        wins[a] += score + 0.5
        wins[b] += played - score + 0.5
        met[a].append((b, played + 1))
        met[b].append((a, played + 1))
    strength = {name: 1.0 for name in names}
    for _ in range(1000):
        new = {}
        for name in names:
            own = strength[name]
            denominator = sum(n / (own + strength[other]) for other, n in met[name])
            new[name] = wins[name] / denominator if denominator else own
        centre = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {name: value / centre for name, value in new.items()}
        change = max(abs(math.log(new[n] / strength[n])) for n in names)
        strength = new
        if change < 1e-9:
            break
    return {name: 400 * math.log10(strength[name]) for name in names}


def elo_ratings(records: Sequence[Record], labels: Sequence[str],
                rounds: int = BOOTSTRAP_ROUNDS) -> list[Rating]:
    """Bradley-Terry Elo with 95% intervals from a bootstrap over seed blocks, widened
    where a parametric bootstrap (each pair's games redrawn from the fitted model, whose
    virtual draw keeps a clean sweep below certainty) says more is uncertain: resampling
    blocks of a clean sweep only ever gives the same sweep back."""
    counts = _pair_counts(records)
    fitted = bradley_terry(counts, labels)
    blocks: dict[tuple[str, int, int], list[Record]] = {}
    for record in records:
        blocks.setdefault(block_of(record), []).append(record)
    groups = list(blocks.values())
    rng = random.Random(BOOTSTRAP_SEED)
    samples: dict[str, list[float]] = {name: [] for name in fitted}
    parametric: dict[str, list[float]] = {}
    for _ in range(rounds if len(groups) > 1 else 0):
        drawn = [record for _ in groups for record in rng.choice(groups)]
        again = bradley_terry(_pair_counts(drawn), list(fitted))
        for name in fitted:
            samples[name].append(again.get(name, 0.0))
    for _ in range(rounds if counts else 0):
        redrawn = {}
        for (a, b), (_, played) in counts.items():
            chance = 1 / (1 + 10 ** ((fitted[b] - fitted[a]) / 400))
            redrawn[(a, b)] = [float(sum(rng.random() < chance for _ in range(int(played)))),
                               played]
        again = bradley_terry(redrawn, list(fitted))
        for name in fitted:
            parametric.setdefault(name, []).append(again.get(name, 0.0))
    ratings = []
    for name, value in fitted.items():
        low = high = value
        for values in (samples[name], parametric.get(name, [])):
            if values:
                ordered = sorted(values)
                low = min(low, ordered[int(0.025 * len(ordered))])
                high = max(high, ordered[int(0.975 * len(ordered)) - 1])
        ratings.append(Rating(name, value, low, high, "elo"))
    return ratings
