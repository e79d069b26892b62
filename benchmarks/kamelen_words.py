"""Kamelen in words: how many lines a person hears per turn of ``play --plain``.

Issue 14 asks that a turn be told once and be short. This plays the transcript golden's
scripted game (``tests/games/kamelen/transcript.py``: South against ``kamelen-search``
on a fixed node budget, so the game is the same everywhere) in-process through the real
``camelcade play`` command, and counts the lines printed from one of the person's moves to
the next prompt: their own move, North's answer, the position, the count of legal moves.
What a command the person typed printed (``help``, ``legal``, ``hint``) is left out: they
asked for it. The figures (turns, median, maximum) go to
``benchmarks/results/kamelen_words.json`` under ``--label`` (``before`` was measured on
the code before the words changed by putting that checkout's ``src`` first on
``PYTHONPATH``).

    .venv/bin/python benchmarks/kamelen_words.py [--label after] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.games.kamelen.transcript import lines_per_turn, play  # noqa: E402


def figures(output: str) -> dict[str, object]:
    counts = lines_per_turn(output)
    return {"turns": len(counts), "median_lines": statistics.median(counts),
            "max_lines": max(counts), "total_lines": len(output.splitlines()),
            "lines_per_turn": counts}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path,
                        default=REPO / "benchmarks" / "results" / "kamelen_words.json")
    parser.add_argument("--label", default="after",
                        help="the key the figures are stored under (before / after)")
    options = parser.parse_args()
    found = figures(play())
    data = json.loads(options.out.read_text()) if options.out.exists() else {}
    data[options.label] = {"scripted game against kamelen-search": found}
    options.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{options.label}: {found}")


if __name__ == "__main__":
    main()
