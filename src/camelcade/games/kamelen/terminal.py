"""Kamelen drawn with rich for ``camelcade play`` and ``replay`` (see cli/hooks.py).

The board is drawn from North's back rank down to rank 1, with file letters and rank
numbers on every side. Animals are letters, never colour alone: ``C``/``D`` South's camel
and dromedary, ``c``/``d`` North's, ``#`` a rock, ``⌂`` an empty home field. Square
colours are shaded (camels never leave theirs) and the last move's squares are marked.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from camelcade.core.game import Game, State
from camelcade.core.types import PlayerId
from camelcade.games.kamelen import position_state
from camelcade.games.kamelen.actions import Move
from camelcade.games.kamelen.geometry import SQUARE_NAMES, colour_of
from camelcade.games.kamelen.spec import FILES, OWNER, PIECE_LETTERS, ROCK, SIDE_NAMES, WIDTH
from camelcade.games.kamelen.state import KamelenState

SIDE_STYLES = ("bold bright_white", "bold bright_red")
"""South's letters (upper case) and North's (lower case)."""
SQUARE_STYLES = ("on black", "on bright_black")
"""Dark (the colour of a1) and light squares."""
HOME_STYLE = "on dark_green"
LAST_MOVE_STYLE = "on dark_blue"
HOME_MARK = "⌂"
EMPTY_MARK = "·"


def seat_name(game: Game, seat: PlayerId) -> str:
    """Seats are South (seat 0, moves first) and North."""
    return SIDE_NAMES[seat]


def _cell(state: KamelenState, square: int, last: tuple[int, ...]) -> Text:
    code = state.piece(square)
    background = SQUARE_STYLES[colour_of(square)]
    if square in state.geometry.homes:
        background = HOME_STYLE
    if square in last:
        background = LAST_MOVE_STYLE
    seat = OWNER[code]
    if seat is not None:
        return Text(f" {PIECE_LETTERS[code]} ", style=f"{SIDE_STYLES[seat]} {background}")
    if code == ROCK:
        return Text(" # ", style=f"bold yellow {background}")
    mark = HOME_MARK if square in state.geometry.homes else EMPTY_MARK
    return Text(f" {mark} ", style=f"dim {background}")


def board_table(state: KamelenState) -> Table:
    """The board with coordinates, rank N at the top (North's side)."""
    geo = state.geometry
    history = state.history
    last: tuple[int, ...] = ()
    if history and isinstance(history[-1], Move):
        last = (history[-1].source, history[-1].target)
    table = Table(box=None, show_header=True, padding=0, pad_edge=False)
    table.add_column("", justify="right")
    for letter in FILES:
        table.add_column(Text(f" {letter} ", style="dim"), justify="center")
    table.add_column("", justify="left")
    for rank in range(geo.ranks - 1, -1, -1):
        label = Text(f"{rank + 1:>2} ", style="dim")
        cells = [_cell(state, rank * WIDTH + file, last) for file in range(WIDTH)]
        table.add_row(label, *cells, Text(f" {rank + 1}", style="dim"))
    table.add_row("", *[Text(f" {letter} ", style="dim") for letter in FILES], "")
    return table


def _legend(state: KamelenState, player: PlayerId | None) -> Text:
    parts: list[Text | str | tuple[str, str]] = []
    for seat in (0, 1):
        you = " (you)" if seat == player else ""
        home = SQUARE_NAMES[state.geometry.homes[1 - seat]]
        parts += [
            (f"{SIDE_NAMES[seat]}{you}", SIDE_STYLES[seat]),
            f": {'C D' if seat == 0 else 'c d'} camel, dromedary; "
            f"{state.attackers(seat)} camels can reach {home}\n",
        ]
    parts.append(f"# rock, {HOME_MARK} home field (green); shaded squares show the colour a "
                 "camel keeps")
    return Text.assemble(*parts)


def render(state: State, player: PlayerId | None) -> RenderableType:
    """Status line, the board and a legend, as everyone sees them (no hidden information)."""
    if not isinstance(state, KamelenState):
        raise TypeError(f"not a Kamelen state: {type(state).__name__}")
    status = state.describe(player).splitlines()[0]
    moved = ""
    history = state.history
    if history:
        moved = f"Last move: {history[-1]}"
    return Group(Text(status, style="bold"), board_table(state), _legend(state, player),
                 Text(moved, style="dim"))


def position_command(state: State, seat: PlayerId) -> str:
    """The position as one line of text (paste it into play --position to resume)."""
    if not isinstance(state, KamelenState):
        raise TypeError(f"not a Kamelen state: {type(state).__name__}")
    return state.position()


def hint_command(state: State, seat: PlayerId) -> str:
    """Ask kamelen-search (one second) for a move and the line it expects."""
    from camelcade.games.kamelen.bots import SearchBot

    if not isinstance(state, KamelenState):
        raise TypeError(f"not a Kamelen state: {type(state).__name__}")
    if state.is_terminal() or state.current_player != seat:
        return "A hint is given on your turn."
    result = SearchBot(time_limit=1.0).search(state)
    line = " ".join(str(action) for action in result.pv)
    return (f"kamelen-search suggests {result.move} (score {result.score / 100:+.2f}, "
            f"depth {result.depth}); expected line: {line}")


COMMANDS = {"position": position_command, "hint": hint_command}

__all__ = ["COMMANDS", "position_state", "render", "seat_name"]
