"""How other players choose what they hide: a choice model fitted from the lab's records.

Some decisions are made face down: Camel Up's race bets, a card kept back. A bot that has
to play behind them does better with a guess of what they were than with a uniform one,
and the best guess is learnt from how strong players really chose. Each such decision is a
:class:`Moment`: the options the player had, a few numbers describing each option as the
player saw it then (the odds of a colour, whether it is in front, ...), and the option it
took. The model is a conditional logit (McFadden's): an option's chance is proportional
to ``exp(w · features)``, one weight vector per kind of decision (``group``).

Nothing here knows a game. A game supplies ``moments(state, action)``, which says whether
an action is a hidden choice and describes it from the state just before it; the records
give the states (:func:`camelcade.sim.hidden_choices.moments_in`: the lab sits above the
games, this module below them), and :func:`fit` finds the weights by Newton's method
on the log-likelihood with a small ridge (a few dozen parameters at most, so plain Python
is quick). :func:`accuracy` scores a model on records it was not fitted on, against a
baseline guess named by each moment, so a report can say what the model adds.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from camelcade.core.action import Action
from camelcade.core.errors import CamelcadeError
from camelcade.core.game import State


@dataclass(frozen=True)
class Moment:
    """One hidden choice as its player faced it."""

    group: str
    """The kind of decision (one weight vector each), e.g. a pile's name."""
    options: tuple[str, ...]
    features: tuple[tuple[float, ...], ...]
    """One row per option, the same length for every moment of a group."""
    chosen: int
    """The index of the option taken."""
    baseline: int
    """The option a simple guess names (what the model is compared against)."""


Describe = Callable[[State, Action], Moment | None]
"""A game's description of an action about to be played from a state, if it is a hidden
choice (None otherwise)."""


@dataclass
class ChoiceModel:
    """Weights per group; an option's chance is ``exp(w · f)`` over the options' sum."""

    weights: dict[str, tuple[float, ...]] = field(default_factory=dict)
    names: tuple[str, ...] = ()
    """What each feature is (for reports and the stored file)."""

    def chances(self, group: str, features: Sequence[Sequence[float]]) -> list[float]:
        """Each option's probability; a group never fitted is uniform."""
        w = self.weights.get(group)
        if w is None or not features:
            return [1.0 / len(features)] * len(features) if features else []
        scores = [sum(a * b for a, b in zip(w, row, strict=True)) for row in features]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return [e / total for e in exps]

    def as_json(self) -> dict[str, object]:
        return {"features": list(self.names),
                "weights": {g: [round(x, 6) for x in w] for g, w in sorted(self.weights.items())}}

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> ChoiceModel:
        names = data.get("features")
        weights = data.get("weights")
        if not isinstance(names, list) or not isinstance(weights, dict):
            raise CamelcadeError("a choice model needs 'features' (a list) and 'weights' "
                                 "(an object of lists)")
        parsed: dict[str, tuple[float, ...]] = {}
        for group, row in weights.items():
            if not isinstance(row, list) or len(row) != len(names):
                raise CamelcadeError(f"the weights of {group!r} must be a list of "
                                     f"{len(names)} numbers, one per feature")
            parsed[str(group)] = tuple(float(x) for x in row)
        return cls(parsed, tuple(str(n) for n in names))


def fit(moments: Sequence[Moment], ridge: float = 0.01, steps: int = 30) -> dict[str, tuple[
        float, ...]]:
    """Maximum-likelihood weights per group (Newton's method, ridge-penalised)."""
    groups: dict[str, list[Moment]] = {}
    for moment in moments:
        groups.setdefault(moment.group, []).append(moment)
    return {group: _fit_group(items, ridge, steps) for group, items in sorted(groups.items())}


def _fit_group(moments: Sequence[Moment], ridge: float, steps: int) -> tuple[float, ...]:
    size = len(moments[0].features[0])
    w = [0.0] * size
    for _ in range(steps):
        gradient = [-ridge * x for x in w]
        hessian = [[-ridge if i == j else 0.0 for j in range(size)] for i in range(size)]
        for moment in moments:
            rows = moment.features
            scores = [sum(a * b for a, b in zip(w, row, strict=True)) for row in rows]
            top = max(scores)
            exps = [math.exp(s - top) for s in scores]
            total = sum(exps)
            p = [e / total for e in exps]
            mean = [sum(p[k] * rows[k][i] for k in range(len(rows))) for i in range(size)]
            chosen = rows[moment.chosen]
            for i in range(size):
                gradient[i] += chosen[i] - mean[i]
            for k, row in enumerate(rows):
                d = [row[i] - mean[i] for i in range(size)]
                for i in range(size):
                    for j in range(i, size):
                        hessian[i][j] -= p[k] * d[i] * d[j]
        for i in range(size):
            for j in range(i):
                hessian[i][j] = hessian[j][i]
        step = _solve(hessian, gradient)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if max(abs(x) for x in step) < 1e-7:
            break
    return tuple(w)


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix⁻¹ · vector`` by Gaussian elimination with partial pivoting."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        if abs(rows[col][col]) < 1e-12:
            continue
        for r in range(n):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] if abs(rows[i][i]) >= 1e-12 else 0.0 for i in range(n)]


@dataclass(frozen=True)
class Accuracy:
    """How often the model's likeliest option, and the baseline's, was the one taken."""

    moments: int
    model: float
    baseline: float
    log_loss: float
    """Mean negative log-likelihood of the option taken (uniform: log of the options)."""
    uniform_log_loss: float


def accuracy(model: ChoiceModel, moments: Sequence[Moment]) -> Accuracy:
    if not moments:
        raise CamelcadeError("no hidden choices to score the model on")
    hits = base = 0
    loss = uniform = 0.0
    for moment in moments:
        p = model.chances(moment.group, moment.features)
        hits += max(range(len(p)), key=p.__getitem__) == moment.chosen
        base += moment.baseline == moment.chosen
        loss -= math.log(max(p[moment.chosen], 1e-12))
        uniform += math.log(len(p))
    n = len(moments)
    return Accuracy(n, hits / n, base / n, loss / n, uniform / n)
