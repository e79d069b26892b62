"""Camel Drive in words: how many lines a person hears per turn of ``play --plain``.

Issue 14 asks that a turn be told once and be short. This plays scripted ``--plain``
games against ``camel-drive-planner`` in-process (the real ``camelcade play`` command,
input piped) and counts the lines printed between one ``Your move`` prompt and the next:
everything the person hears for one turn — their own move, what the others did, the
position, the hint. The figures (median and maximum per game) go to
``benchmarks/results/camel_drive_words.json``.

Two games: the transcript golden's short game (``tests/golden/camel-drive/transcript.txt``,
its inputs from ``tests/games/camel_drive/transcript.py``), and a whole default match of
four players where the person always types ``1`` (the first legal action).

    .venv/bin/python benchmarks/camel_drive_words.py [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from typer.testing import CliRunner

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from camelcade.cli.main import app  # noqa: E402

PROMPT = "Your move, "
FULL_MATCH = ["play", "camel-drive", "--plain", "--players", "4", "--bots",
              "camel-drive-planner", "--seed", "5"]


COMMANDS = ("help", "?", "legal", "board", "odds")
"""Answers that ask for something instead of playing: their output is on demand, not the
telling of a turn, so it is not counted."""


def lines_per_turn(output: str) -> list[int]:
    """Lines printed after each move until the next prompt, the first turn counted from
    the start and the last to the end. The output of a command the person typed (``help``,
    ``legal``, ``odds``) is left out: it is what they asked for, not what a turn told."""
    counts, current, counting = [], 0, True
    for line in output.splitlines():
        if line.startswith(PROMPT):
            if counting:
                counts.append(current)
            answer = line.rpartition(": ")[2].strip().lower()
            counting, current = answer not in COMMANDS, 0
        else:
            current += 1
    if counting:
        counts.append(current)
    return counts


def run(args: list[str], answers: list[str]) -> str:
    result = CliRunner().invoke(app, args, input="".join(f"{a}\n" for a in answers))
    if result.exit_code != 0:
        raise SystemExit(f"camelcade {' '.join(args)} failed:\n{result.output[-2000:]}")
    return result.output


def figures(output: str) -> dict[str, float]:
    counts = lines_per_turn(output)
    return {"turns": len(counts), "median_lines": statistics.median(counts),
            "max_lines": max(counts), "total_lines": len(output.splitlines()),
            "lines_per_turn": counts}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path,
                        default=REPO / "benchmarks" / "results" / "camel_drive_words.json")
    parser.add_argument("--label", default="after",
                        help="the key the figures are stored under (before / after)")
    options = parser.parse_args()
    from tests.games.camel_drive.transcript import ARGS, INPUTS

    found = {
        "transcript game": figures(run(ARGS, INPUTS)),
        "full 4-player match, always the first action": figures(
            run(FULL_MATCH, ["1"] * 3000)),
    }
    data = json.loads(options.out.read_text()) if options.out.exists() else {}
    data[options.label] = found
    options.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    for name, values in found.items():
        print(f"{name}: {values}")


if __name__ == "__main__":
    main()
