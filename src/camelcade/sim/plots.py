"""The report's pictures (matplotlib with the Agg backend, imported only when drawing).

Every plot says in its title and axis labels what it shows, marks intervals as error
bars and writes values as text where colour alone would carry them, so the PNGs read in
greyscale and the report's alt texts can say the same in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from camelcade.core.errors import OptionError
from camelcade.core.words import t


def pyplot() -> Any:
    """``matplotlib.pyplot`` on the Agg backend, or a clear error naming the extra."""
    try:
        import matplotlib
    except ImportError:
        raise OptionError(t("plots need matplotlib: pip install 'camelcade[plots]', or pass "
                            "--no-plots")) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(fig: Any, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    pyplot().close(fig)
    return path


def interval_bars(path: Path, title: str, labels: Sequence[str], values: Sequence[float],
                  lows: Sequence[float], highs: Sequence[float], xlabel: str,
                  reference: float | None = None) -> Path:
    """Horizontal bars with 95% intervals (ratings, seat win rates)."""
    plt = pyplot()
    fig, axis = plt.subplots(figsize=(7, 0.5 * len(labels) + 1.6))
    positions = list(range(len(labels)))[::-1]
    errors = [[v - lo for v, lo in zip(values, lows, strict=True)],
              [hi - v for v, hi in zip(values, highs, strict=True)]]
    axis.errorbar(values, positions, xerr=errors, fmt="o", color="black", capsize=4)
    for value, position in zip(values, positions, strict=True):
        axis.annotate(f"{value:.3g}", (value, position), textcoords="offset points",
                      xytext=(0, 7), ha="center", fontsize=8)
    if reference is not None:
        axis.axvline(reference, color="grey", linestyle=":", linewidth=1)
    axis.set_yticks(positions, labels)
    axis.set_xlabel(xlabel)
    axis.set_title(title)
    return _save(fig, path)


def matrix(path: Path, title: str, labels: Sequence[str],
           cells: Sequence[Sequence[float | None]]) -> Path:
    """Row bot's score against column bot, as shades with the number written in."""
    plt = pyplot()
    size = 1.1 * len(labels) + 2
    fig, axis = plt.subplots(figsize=(size + 1, size))
    shown = [[float("nan") if c is None else c for c in row] for row in cells]
    image = axis.imshow(shown, cmap="Greys", vmin=0, vmax=1)
    for i, row in enumerate(cells):
        for j, cell in enumerate(row):
            if cell is not None:
                axis.text(j, i, f"{cell:.0%}", ha="center", va="center",
                          color="white" if cell > 0.55 else "black", fontsize=9)
    axis.set_xticks(range(len(labels)), labels, rotation=30, ha="right")
    axis.set_yticks(range(len(labels)), labels)
    axis.set_xlabel(t("against"))
    axis.set_title(title)
    fig.colorbar(image, ax=axis, fraction=0.046)
    return _save(fig, path)


def histogram(path: Path, title: str, values: Sequence[int], xlabel: str) -> Path:
    plt = pyplot()
    fig, axis = plt.subplots(figsize=(7, 3.6))
    axis.hist(values, bins=min(30, max(5, len(set(values)))), color="grey", edgecolor="black")
    axis.set_xlabel(xlabel)
    axis.set_ylabel(t("games"))
    axis.set_title(title)
    return _save(fig, path)


def trace(path: Path, title: str, values: Sequence[float], lower: float, upper: float) -> Path:
    """The SPRT's LLR after each block, with its two stopping bounds."""
    plt = pyplot()
    fig, axis = plt.subplots(figsize=(7, 3.6))
    axis.plot(range(1, len(values) + 1), values, color="black", marker="." if
              len(values) < 60 else None)
    for bound, name in ((upper, t("H1 accepted ({bound})", bound=f"{upper:.2f}")),
                        (lower, t("H0 accepted ({bound})", bound=f"{lower:.2f}"))):
        axis.axhline(bound, color="grey", linestyle="--", linewidth=1)
        axis.annotate(name, (1, bound), textcoords="offset points", xytext=(2, 3), fontsize=8)
    axis.set_xlabel(t("seed blocks"))
    axis.set_ylabel(t("log-likelihood ratio"))
    axis.set_title(title)
    return _save(fig, path)


def sweep(path: Path, title: str, xs: Sequence[Any], series: Mapping[str, Sequence[float]],
          bounds: Mapping[str, tuple[Sequence[float], Sequence[float]]] | None, xlabel: str,
          ylabel: str,
          reference: float | None = None) -> Path:
    """One line per series over the swept values (balance plots), markers differing so
    lines are told apart without colour."""
    plt = pyplot()
    fig, axis = plt.subplots(figsize=(7, 4))
    markers = "osD^v<>px*"
    ticks = list(range(len(xs)))
    for index, (name, ys) in enumerate(series.items()):
        marker = markers[index % len(markers)]
        if bounds and name in bounds:
            lows, highs = bounds[name]
            # clamped: a Wilson bound at a rate of 0 or 1 may miss it by a rounding error
            errors = [[max(0.0, y - lo) for y, lo in zip(ys, lows, strict=True)],
                      [max(0.0, hi - y) for y, hi in zip(ys, highs, strict=True)]]
            axis.errorbar(ticks, ys, yerr=errors, marker=marker, capsize=3, label=name)
        else:
            axis.plot(ticks, ys, marker=marker, label=name)
    if reference is not None:
        axis.axhline(reference, color="grey", linestyle=":", linewidth=1)
    axis.set_xticks(ticks, [str(x) for x in xs], rotation=20 if len(xs) > 6 else 0)
    axis.set_xlabel(xlabel)
    axis.set_ylabel(ylabel)
    axis.set_title(title)
    if len(series) > 1:
        axis.legend(fontsize=8)
    return _save(fig, path)
