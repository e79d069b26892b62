"""The bot lab's terminal report in another language: progress, standings, seats, length.

The plan's sentence ("4 games: 2 seeds × 2 seat arrangements ...") is written by
``camelcade.sim`` and is left out here; every line the command line words itself is checked
with the playthrough's English detection.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.i18n.test_refusals import english_in


@pytest.mark.parametrize("code", ["de", "fr", "da"])
def test_simulate_reports_in_the_chosen_language(tmp_path: Path, code: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", "from camelcade.cli.main import main; main()", "--lang", code,
         "simulate", "kamelen", "--bots", "random,first", "--games", "4", "--seed", "3",
         "--plain", "--out", str(tmp_path / "lab.jsonl")],
        capture_output=True, text=True, timeout=300, check=True)
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    own = [line for line in lines if " × " not in line]  # the plan: camelcade.sim's words
    assert len(own) >= 8, done.stdout
    english = [line for line in own if english_in(line)]
    assert not english, english
