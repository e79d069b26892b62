"""The scripted ``--plain`` game of Kamelen's transcript golden: command line, inputs, bot.

The person plays South against ``kamelen-search`` (North). They ask for ``help``, a
``hint`` (the advisor is on) and the ``legal`` list once, type two moves in the notation,
then always take the first legal move, until the search wins. The bot searches a fixed
number of positions a move instead of its default half second, so the game is the same on
every machine and under any load: ``fixed_budget`` sets that while the game is played.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from typer.testing import CliRunner

from camelcade.cli.main import app
from camelcade.games.kamelen.bots import SearchBot

ARGS = ["play", "kamelen", "--plain", "--bots", "kamelen-search", "--seed", "4", "--advisor"]
INPUTS = ["help", "hint", "b2-c5", "legal", "a3-d5", *["1"] * 200]
BOT_NODES = 2000
"""Positions the bot searches a move in the scripted game (its default is 0.5 seconds)."""
PROMPT = "Your move, "


@contextmanager
def fixed_budget(nodes: int = BOT_NODES) -> Iterator[None]:
    """While inside, ``kamelen-search`` built with default settings searches ``nodes``
    positions a move with no clock (reproducible), as ``time_limit=None, max_nodes=nodes``."""
    saved = SearchBot.__init__.__defaults__
    assert saved is not None
    SearchBot.__init__.__defaults__ = (None, None, nodes, *saved[3:])
    try:
        yield
    finally:
        SearchBot.__init__.__defaults__ = saved


def play(args: list[str] | None = None, inputs: list[str] | None = None) -> str:
    """Everything ``camelcade play`` prints in the scripted game, inputs echoed."""
    with fixed_budget():
        result = CliRunner().invoke(app, args or ARGS,
                                    input="".join(f"{line}\n" for line in inputs or INPUTS))
    assert result.exit_code == 0, result.output
    return result.output


COMMANDS = ("help", "?", "legal", "board", "hint", "position")
"""Answers that ask for something instead of playing: their output is what the person
asked for, not the telling of a turn, so lines-per-turn leaves it out."""


def lines_per_turn(output: str) -> list[int]:
    """Lines printed from each move the person made to the next prompt (the first turn
    from the start, the last to the end), leaving out what a command printed."""
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
