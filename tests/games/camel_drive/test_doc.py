"""The worked example of docs/games/camel-drive.md replays exactly as printed."""

from __future__ import annotations

from pathlib import Path

from camelcade.games.camel_drive.text import scores

from .helpers import position

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "camel-drive.md"


def _example() -> list[tuple[str, str]]:
    text = DOC.read_text(encoding="utf-8")
    block = text.split("test_doc.py`", 1)[1].split("```", 2)[1]
    steps: list[tuple[str, str]] = []
    for line in block.strip("\n").splitlines():
        if line.startswith(" "):  # a further line of the same action's sentence
            action, sentence = steps.pop()
            steps.append((action, f"{sentence}\n{line.strip()}"))
            continue
        action, sentence = line.split("  ", 1)
        steps.append((action.strip(), sentence.strip()))
    return steps


def test_doc_example_replays_with_the_printed_sentences() -> None:
    state = position(positions=[13, 14, 9, 11])
    steps = _example()
    assert len(steps) == 12
    for action, sentence in steps:
        assert state.describe_action(action) == sentence
        state.apply(action)
    assert state.last_race is not None
    assert state.last_race["gains"] == [2, 1, 2, 6]
    assert "Race 1 went to Blue, Yellow came home first; it gave Red +2, Yellow +1, " \
        "Green +2, Blue +6." in scores(state, None)
    assert state.lane_order()[0] == 1
