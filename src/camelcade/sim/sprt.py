"""The sequential probability ratio test as fishtest runs it, on paired blocks of games.

H0: A is ``elo0`` stronger than B; H1: ``elo1`` stronger ("A is stronger than B by at
least δ" is elo0 = 0, elo1 = δ). Each sample is one *block*: every game of one seed at a
table holding A and B (for a two-seat game, the game pair with seats swapped), scored as
A's mean pair score against B (1 ahead, ½ level, 0 behind, see ``sim.stats``). Block scores
fall on a grid of ``2·g·p + 1`` values for ``g`` games of ``p`` (A seat, B seat) pairs
each; for two seats that is fishtest's pentanomial (LL, LD+DL, LW+DD+WL, DW+WD, WW).

The log-likelihood ratio is the generalised one of fishtest's ``LLRcalc``: the maximum
likelihood multinomial over the grid constrained to expected score s0 (or s1), from the
empirical counts with empty cells regularised by 1e-3, times the number of samples.
``logistic`` takes bounds in logistic Elo (s = 1 / (1 + 10^(-elo/400))), ``normalized``
in normalised Elo (a t-value per game, the model fishtest uses today). The test stops
when the LLR leaves (log(β/(1-α)), log((1-β)/α)) = (-2.944, 2.944) for α = β = 0.05,
the bounds moved inwards by fishtest's dynamic overshoot estimate (Siegmund, Corollary
8.33). Written from the formulas; tests pin it to LLRs fishtest published.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from camelcade.core.errors import OptionError
from camelcade.core.words import t, tn

REGULARISE = 1e-3
NELO_PER_T = 800 / math.log(10)
"""Normalised Elo per unit of t-value per game (347.4...)."""
MODELS = ("logistic", "normalized")

Pdf = list[tuple[float, float]]


def elo_to_score(elo: float) -> float:
    """Expected score of a side ``elo`` logistic Elo stronger."""
    return 1 / (1 + 10 ** (-elo / 400))


def score_to_elo(score: float) -> float:
    """Logistic Elo of an expected score (clamped to 0.001..0.999, as fishtest does)."""
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


def results_to_pdf(counts: Sequence[float]) -> tuple[float, Pdf]:
    """(samples, empirical distribution over the grid 0, 1/(n-1), ..., 1)."""
    regular = [count if count else REGULARISE for count in counts]
    total = sum(regular)
    last = len(regular) - 1
    return total, [(index / last, count / total) for index, count in enumerate(regular)]


def mean_variance(pdf: Pdf) -> tuple[float, float]:
    mean = sum(p * a for a, p in pdf)
    return mean, sum(p * (a - mean) ** 2 for a, p in pdf)


def _secular(pdf: Pdf) -> float:
    """The x solving sum p·a / (1 + x·a) = 0 (values of both signs), by bisection: the
    left side falls strictly in x between its poles -1/max(a) and -1/min(a)."""
    low_value, high_value = min(a for a, _ in pdf), max(a for a, _ in pdf)
    if not low_value < 0 < high_value:
        raise ValueError("the secular equation needs values of both signs")
    low, high = -1 / high_value, -1 / low_value
    span = high - low
    low, high = low + span * 1e-12, high - span * 1e-12
    for _ in range(200):
        middle = (low + high) / 2
        value = sum(p * a / (1 + middle * a) for a, p in pdf)
        if value > 0:
            low = middle
        else:
            high = middle
        if high - low <= 1e-15 * max(1.0, abs(middle)):
            break
    return (low + high) / 2


def mle_expected(pdf: Pdf, s: float) -> Pdf:
    """The maximum-likelihood distribution on ``pdf``'s grid with expected value ``s``."""
    x = _secular([(a - s, p) for a, p in pdf])
    return [(a, p / (1 + x * (a - s))) for a, p in pdf]


def mle_t_value(pdf: Pdf, ref: float, t: float) -> Pdf:
    """The maximum-likelihood distribution with (mean - ref) / sd equal to ``t``."""
    fitted = [(a, 1 / len(pdf)) for a, _ in pdf]
    for _ in range(10):
        previous = fitted
        mean, variance = mean_variance(fitted)
        sigma = math.sqrt(variance)
        shifted = [(a - ref - t * sigma * (1 + ((mean - a) / sigma) ** 2) / 2, p)
                   for a, p in pdf]
        x = _secular(shifted)
        fitted = [(a, p / (1 + x * b)) for (a, p), (b, _) in zip(pdf, shifted, strict=True)]
        if max(abs(p - q) for (_, p), (_, q) in zip(previous, fitted, strict=True)) < 1e-9:
            break
    return fitted


def _llr_per_sample(pdf: Pdf, h0: Pdf, h1: Pdf) -> float:
    return sum(p * (math.log(q1) - math.log(q0))
               for (_, p), (_, q0), (_, q1) in zip(pdf, h0, h1, strict=True))


def llr_logistic(elo0: float, elo1: float, counts: Sequence[float]) -> float:
    """The generalised LLR of H1 (``elo1``) against H0 (``elo0``), logistic Elo."""
    samples, pdf = results_to_pdf(counts)
    s0, s1 = elo_to_score(elo0), elo_to_score(elo1)
    return samples * _llr_per_sample(pdf, mle_expected(pdf, s0), mle_expected(pdf, s1))


def llr_normalized(nelo0: float, nelo1: float, counts: Sequence[float],
                   games_per_sample: int | None = None) -> float:
    """The generalised LLR in normalised Elo; a sample of ``g`` games has t = nt·√g
    (fishtest: 1 for trinomial, 2 for pentanomial counts, the default by grid size)."""
    games = games_per_sample or (len(counts) - 1) // 2
    samples, pdf = results_to_pdf(counts)
    t0, t1 = (nelo / NELO_PER_T * math.sqrt(games) for nelo in (nelo0, nelo1))
    return samples * _llr_per_sample(pdf, mle_t_value(pdf, 0.5, t0), mle_t_value(pdf, 0.5, t1))


@dataclass
class Sprt:
    """One running test: feed it block scores in order; it says when to stop."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05
    model: str = "logistic"
    grid: int = 4
    """Block scores are multiples of 1/grid (4 for a two-seat game pair)."""
    games_per_block: int = 2
    counts: list[float] = field(default_factory=list)
    llr: float = 0.0
    trace: list[float] = field(default_factory=list)
    """The LLR after each block: what the report plots."""
    state: str = ""
    """"" while running, then "H1" (accepted) or "H0" (rejected)."""
    _ref0: float = 0.0
    _ref1: float = 0.0
    _m0: float = 0.0
    _sq0: float = 0.0
    _m1: float = 0.0
    _sq1: float = 0.0

    def __post_init__(self) -> None:
        if self.model not in MODELS:
            raise OptionError(t("SPRT model {value} is not allowed; allowed: {allowed}",
                                value=repr(self.model), allowed=", ".join(MODELS)))
        if not self.elo0 < self.elo1:
            raise OptionError(t("the SPRT needs elo0 < elo1, got {elo0} and {elo1}",
                                elo0=self.elo0, elo1=self.elo1))
        if not (0 < self.alpha < 0.5 and 0 < self.beta < 0.5):
            raise OptionError(t("the SPRT's alpha and beta must be between 0 and 0.5"))
        if not self.counts:
            self.counts = [0.0] * (self.grid + 1)

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    @property
    def samples(self) -> int:
        return round(sum(self.counts))

    def add(self, score: float) -> str:
        """Count one block of mean score ``score`` (0..1); returns the state after it."""
        cell = round(score * self.grid)
        if abs(cell - score * self.grid) > 1e-6 or not 0 <= cell <= self.grid:
            raise ValueError(f"block score {score} is not on the grid of 1/{self.grid}")
        self.counts[cell] += 1
        self.llr = self.compute()
        self.trace.append(self.llr)
        self._overshoot(self.llr)
        if self.state == "":
            if self.llr < self.lower + self._o0():
                self.state = "H0"
            elif self.llr > self.upper - self._o1():
                self.state = "H1"
        return self.state

    def compute(self) -> float:
        """The LLR of the counts so far."""
        if self.samples == 0:
            return 0.0
        if self.model == "logistic":
            return llr_logistic(self.elo0, self.elo1, self.counts)
        return llr_normalized(self.elo0, self.elo1, self.counts, self.games_per_block)

    def _overshoot(self, llr: float) -> None:
        if llr < self._ref0:
            delta = llr - self._ref0
            self._m0 += delta
            self._sq0 += delta * delta
            self._ref0 = llr
        if llr > self._ref1:
            delta = llr - self._ref1
            self._m1 += delta
            self._sq1 += delta * delta
            self._ref1 = llr

    def _o0(self) -> float:
        return -self._sq0 / self._m0 / 2 if self._m0 else 0.0

    def _o1(self) -> float:
        return self._sq1 / self._m1 / 2 if self._m1 else 0.0

    def mean_score(self) -> float:
        total = sum(self.counts)
        return (sum(i / self.grid * c for i, c in enumerate(self.counts)) / total
                if total else 0.5)

    def verdict(self) -> str:
        """One sentence for people: where the test stands."""
        values = {"llr": f"{self.llr:.2f}", "lower": f"{self.lower:.2f}",
                  "upper": f"{self.upper:.2f}", "elo": f"{self.elo1:g}", "model": self.model}
        if self.state == "H1":
            return tn("LLR {llr} ({lower}, {upper}) after {count} block: H1 accepted, "
                      "stronger by at least {elo} Elo ({model})",
                      "LLR {llr} ({lower}, {upper}) after {count} blocks: H1 accepted, "
                      "stronger by at least {elo} Elo ({model})", self.samples, **values)
        if self.state == "H0":
            return tn("LLR {llr} ({lower}, {upper}) after {count} block: H0 accepted, "
                      "not stronger by {elo} Elo ({model})",
                      "LLR {llr} ({lower}, {upper}) after {count} blocks: H0 accepted, "
                      "not stronger by {elo} Elo ({model})", self.samples, **values)
        return tn("LLR {llr} ({lower}, {upper}) after {count} block: still running",
                  "LLR {llr} ({lower}, {upper}) after {count} blocks: still running",
                  self.samples, **values)
