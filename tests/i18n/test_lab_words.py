"""The bot lab's terminal report in another language: the plan, progress, standings, seats,
length and the SPRT's verdict, every line checked with the playthrough's English detection
and the lab's own English words (``tests/i18n/test_lab_report.py``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.i18n.test_lab_report import english


@pytest.mark.parametrize("code", ["de", "fr", "da"])
def test_simulate_reports_in_the_chosen_language(tmp_path: Path, code: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", "from camelcade.cli.main import main; main()", "--lang", code,
         "simulate", "kamelen", "--bots", "random,first", "--games", "4", "--seed", "3",
         "--sprt", "50", "--plain", "--out", str(tmp_path / "lab.jsonl")],
        capture_output=True, text=True, timeout=300, check=True)
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    assert len(lines) >= 8, done.stdout
    assert any(" × " in line for line in lines)  # the plan (camelcade.sim's sentence)
    assert any("LLR" in line for line in lines)  # the SPRT's verdict
    found = [line for line in lines if english(line)]
    assert not found, found


def refused(code: str, *args: str) -> str:
    """What ``camelcade --lang code args...`` says on refusing them."""
    done = subprocess.run(
        [sys.executable, "-c", "from camelcade.cli.main import main; main()", "--lang", code,
         *args], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode != 0
    return done.stderr.strip()


@pytest.mark.parametrize("code", ["de", "fr", "da"])
def test_the_labs_refusals_are_in_the_chosen_language(tmp_path: Path, code: str) -> None:
    """An unknown bot and a report of no tournament, refused by camelcade.sim itself: not
    the English refusal, and no English word in it."""
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    for args in (["simulate", "kamelen", "--bots", "random,randm"],
                 ["report", str(empty), "--out", str(tmp_path / "report")]):
        said, english_refusal = refused(code, *args), refused("en", *args)
        assert said.split(":", 1)[1] != english_refusal.split(":", 1)[1], said
        assert not english(said), said
