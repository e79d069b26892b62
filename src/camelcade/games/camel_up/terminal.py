"""Camel Up in the terminal: the track drawn with rich, and the ``odds`` prompt word.

Each camel is a coloured cell that also carries its name (colour is never the only cue);
stacks read from the top down; tiles sit on their own row under the track.
"""

from __future__ import annotations

from typing import Any

from camelcade.core.game import Game, State
from camelcade.core.types import PlayerId
from camelcade.games.camel_up.spec import FIRST_SPACE, LAST_SPACE, SETUP
from camelcade.games.camel_up.state import CamelUpState
from camelcade.games.camel_up.text import describe_state

STYLES = {
    "blue": "bold white on blue", "green": "bold black on green",
    "yellow": "bold black on yellow", "red": "bold white on red",
    "purple": "bold white on purple", "orange": "bold black on dark_orange",
    "white": "bold black on white", "black": "bold white on grey15",
}


def seat_name(game: Game, seat: PlayerId) -> str:
    """Seats are "Seat 0", "Seat 1", ... as everywhere in the text."""
    return f"Seat {seat}"


def _cell(state: CamelUpState, unit: str) -> Any:
    from rich.text import Text

    crazy = unit in state.edition.crazy
    label = unit[:3].capitalize() + ("*" if crazy else "")
    return Text(f"{label:^4}", style=STYLES.get(unit, "bold"))


def render(state: State, player: PlayerId | None) -> Any:
    """The board as ``player`` sees it: the track, then the text summary below it."""
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    assert isinstance(state, CamelUpState)
    track, tiles = state.track(), state.tiles()
    table = Table(title="Camel Up: the track, stacks top first (crazy camels marked *; "
                        "the finish line is after 16)",
                  show_lines=False, pad_edge=False, padding=(0, 0), box=box.SQUARE)
    spaces = range(FIRST_SPACE, LAST_SPACE + 1)
    for space in spaces:
        table.add_column(str(space), justify="center", min_width=4)
    height = max((len(track.get(s, [])) for s in spaces), default=0)
    for level in range(height - 1, -1, -1):
        row = []
        for space in spaces:
            stack = track.get(space, [])
            row.append(_cell(state, stack[level]) if level < len(stack) else Text(""))
        table.add_row(*row)
    tile_row = []
    for space in spaces:
        tile = tiles.get(space)
        tile_row.append(Text(f"{tile.side[:3].capitalize()}\nS{tile.owner}", style="italic")
                        if tile else Text(""))
    if tiles:
        table.add_row(*tile_row)
    off = {s: units for s, units in track.items() if not FIRST_SPACE <= s <= LAST_SPACE}
    parts: list[Any] = [table]
    for space, units in off.items():
        where = "past the finish line" if space > LAST_SPACE else "carried back over the line"
        parts.append(Text(f"{where} ({space}): " + ", ".join(u.capitalize() for u in units)
                          + " (bottom first)"))
    text = describe_state(state, player)
    if state.phase != SETUP:
        # the track is drawn above; keep the rest of the words (status, tickets, seats)
        lines = [line for line in text.splitlines()
                 if not line.startswith(("Space ", "Past the", "Carried back"))]
        text = "\n".join(lines)
    parts.append(Text(text))
    return Group(*parts)


def odds(state: State, seat: PlayerId) -> str:
    """Leg and race odds, and the expected coins of each of your actions."""
    from camelcade.games.camel_up.advice import Evaluator
    from camelcade.games.camel_up.report import advice_text

    assert isinstance(state, CamelUpState)
    if state.phase == SETUP:
        return "The camels are still being set up: there are no odds yet."
    return advice_text(state.view(seat), Evaluator())


ADVISOR_COMMANDS = {"odds": odds}
"""Advice is off by default, as in rated play: `camelcade play camel-up --advisor` turns it on."""
