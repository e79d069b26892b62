"""A scripted ``--plain`` game against the best bot: the person's inputs and all printed.

The person is a script: on its first turn it asks for ``help`` and tries a move the rules
forbid (a tile on space 1), then it plays what an expected-value player would (its own
seeded evaluator, which draws nothing from the game's random source), so the game is the
one a person typing those inputs gets. ``inputs()`` plays the game once in-process to find
them; the transcript test feeds them to ``camelcade play`` and compares everything printed
with ``tests/golden/camel-up/transcript.txt``.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from pathlib import Path

from camelcade import bots
from camelcade.core.action import Action
from camelcade.core.registry import load
from camelcade.core.view import View
from camelcade.games.camel_up.bots import ExpectedValueBot
from camelcade.records import play

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "camel-up" / "transcript.txt"
PLAYERS = 3
SEED = 4
FIRST_TURN = ("help", "tile 1 cheer")
"""What the person types before their first move: the guide, then a refused move."""
PROMPT = "Your move, Player 1: "
ARGS = ("play", "camel-up", "--players", str(PLAYERS), "--bots", "camel-up-ev",
        "--seed", str(SEED), "--plain")


@dataclass
class ScriptedPerson:
    """Player 1's choices, recorded as the text a person would type (no ``begin``: the
    session's random source is drawn exactly as with a person at the keyboard)."""

    bot: ExpectedValueBot = field(default_factory=lambda: ExpectedValueBot(seed=SEED))
    typed: list[str] = field(default_factory=list)
    name: str = "person"

    def choose(self, view: View) -> Action:
        action = self.bot.choose(view)
        self.typed.append(str(action))
        return action


def inputs() -> list[str]:
    """Every line the scripted person types, in order (``records.play`` draws chance and
    seeds bots as ``camelcade play`` does)."""
    game = load("camel-up", players=PLAYERS)
    person = ScriptedPerson()
    play(game, [person, *(bots.load("camel-up-ev") for _ in range(PLAYERS - 1))], seed=SEED)
    return [*FIRST_TURN, *person.typed]


def lines_per_turn(transcript: str) -> list[int]:
    """Lines printed from one of the person's moves to their next prompt; the opening
    before the first prompt is the first turn. What ``help`` and the refused move print
    is the person's own asking, not the game's telling, so it is not counted."""
    counts = [0]
    counting = True
    for line in transcript.splitlines():
        if line.startswith(PROMPT):
            asked = line[len(PROMPT):] in FIRST_TURN
            if not asked and counting:
                counts.append(0)
            counting = not asked
            continue
        if counting:
            counts[-1] += 1
    return [count for count in counts if count]


def summary(counts: list[int]) -> str:
    return f"{len(counts)} turns, median {statistics.median(counts):g}, maximum {max(counts)}"
