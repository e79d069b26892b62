"""The two examples run as a new user runs them (briefly here), print their figures and
draw their pictures: an example that no longer runs fails ``make test``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(script: str, *args: str) -> str:
    done = subprocess.run([sys.executable, str(ROOT / "examples" / script), *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_training_example_trains_evaluates_and_draws_its_curve(tmp_path: Path) -> None:
    picture = tmp_path / "curve.png"
    out = _run("train_camel_up.py", "--minutes", "0.01", "--eval-games", "4", "--batch", "2",
               "--plot", str(picture))
    rows = [line.split() for line in out.splitlines() if line[:8].strip().isdigit()]
    assert rows[0][0] == "0" and "untrained" in out
    assert len(rows) >= 2 and int(rows[-1][0]) > 0  # it trained, then evaluated again
    assert all(0.0 <= float(share) <= 1.0 for row in rows for share in row[2:4])
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_openspiel_example_plays_mcts_through_pyspiel(tmp_path: Path) -> None:
    picture = tmp_path / "mcts.png"
    out = _run("openspiel_mcts.py", "--games", "2", "--simulations", "2,4",
               "--plot", str(picture))
    rows = [line.split() for line in out.splitlines() if line[:11].strip().isdigit()]
    assert [row[0] for row in rows] == ["2", "4"]
    assert all(0.0 <= float(row[1]) <= 1.0 for row in rows)
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
