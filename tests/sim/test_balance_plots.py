"""The generic balance report around a game's probe: its sums kept, its shares plotted
apart, error bars at a rate of 0 or 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from camelcade.sim import plots
from camelcade.sim.balance import SettingFigures, report_blocks, run_balance
from camelcade.sim.document import Figure
from camelcade.sim.stats import wilson_interval

PNG = b"\x89PNG\r\n\x1a\n"


def test_the_probe_sums_are_kept_beside_its_figures(tmp_path: Path) -> None:
    found = run_balance("kamelen", [], bots="kamelen-greedy,random", base={}, games=2,
                        seed=3, probe="tests.cli.probe:MovesProbe", out=tmp_path, draw=False)
    figures = found[0]
    assert figures.probe_totals["moves"] == pytest.approx(
        figures.probe["moves a game"] * figures.games)
    assert figures.to_json()["probe_totals"] == figures.probe_totals


def _figures(value: str, share: float, count: float) -> SettingFigures:
    rate = (0.0, *wilson_interval(0, 4))  # a seat that never won: the bound may miss 0
    return SettingFigures({"option": value}, 2, 4, [rate, (1.0, *wilson_interval(4, 4))],
                          100.0, 50.0, 1.0, 0.5, probe={"a share": share, "a count": count})


def test_shares_get_a_plot_of_their_own(tmp_path: Path) -> None:
    found = [_figures("x", 0.25, 3.0), _figures("y", 0.5, 7.0)]
    blocks = report_blocks("some-game", "random", [("option", ["x", "y"])], found, tmp_path,
                           draw=True)
    pictures = {block.path.name: block for block in blocks if isinstance(block, Figure)}
    assert set(pictures) == {"option-seats.png", "option-length.png", "option-lead.png",
                             "option-shares.png"}
    assert pictures["option-shares.png"].alt.endswith("a share 25%, 50%")
    assert all(picture.path.read_bytes()[:8] == PNG for picture in pictures.values())


def test_error_bars_survive_a_bound_a_rounding_error_past_the_rate(tmp_path: Path) -> None:
    low, high = wilson_interval(0, 6)
    assert low >= 0.0  # may be a hair above 0, the rate itself
    path = plots.sweep(tmp_path / "p.png", "t", ["a"], {"s": [0.0]}, {"s": ([low], [high])},
                       "x", "y")
    assert path.read_bytes()[:8] == PNG
