"""The scripted ``--plain`` game of Caravan's transcript golden: command line and inputs.

The person plays Red against ``caravan-greedy`` (Green, deterministic). They ask for
``help``, the ``legal`` list and their ``chains`` once, type a turn of actions in the
notation (a camel onto a goods space, the pick-up, a camel beside it), then pass every
turn while the bot plays the game to its end by the bag rule: a short game that shows
every kind of sentence, the bot's pick-ups, relays and deliveries and the final scoring.
"""

from __future__ import annotations

from typer.testing import CliRunner

from camelcade.cli.main import app

ARGS = ["play", "caravan", "--players", "2", "--plain", "--bots", "caravan-greedy",
        "--seed", "2"]
INPUTS = ["help", "camel a1", "legal", "pick a1", "camel b1", "chains", "camel c1",
          *["pass"] * 200]
PROMPT = "Your move, "
COMMANDS = ("help", "?", "legal", "board", "chains")
"""Answers that ask for something instead of playing: their output is what the person
asked for, not the telling of a turn, so lines-per-turn leaves it out."""


def play(args: list[str] | None = None, inputs: list[str] | None = None) -> str:
    """Everything ``camelcade play`` prints in the scripted game, inputs echoed."""
    result = CliRunner().invoke(app, args or ARGS,
                                input="".join(f"{line}\n" for line in inputs or INPUTS))
    assert result.exit_code == 0, result.output
    return result.output


def lines_per_turn(output: str) -> list[int]:
    """Lines printed from each move the person made to the next prompt (the first turn
    from the start, the last to the end), leaving out what a command printed."""
    counts, current, counting = [], 0, True
    for line in output.splitlines():
        if line.startswith(PROMPT):
            if counting:
                counts.append(current)
            answer = line.rpartition(": ")[2].strip().lower()
            counting, current = answer.split(" ")[0] not in COMMANDS, 0
        else:
            current += 1
    if counting:
        counts.append(current)
    return counts
