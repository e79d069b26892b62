"""Camel Up in the terminal: the track drawn with rich, its legend, and the prompt words.

Each camel is a coloured cell that also carries its name's first letters (colour is never
the only cue); stacks read from the top down; tiles sit on their own row under the track,
``+`` for the side that sends a camel on, ``-`` for the side that sends it back, with
their owner. A legend under the track names every abbreviation drawn. The words around
it are the plain text's (``text.position_lines``) without the spaces the table shows.
"""

from __future__ import annotations

from typing import Any

from camelcade.core.game import Game
from camelcade.core.seen import Seen
from camelcade.core.types import PlayerId
from camelcade.core.words import and_list, t
from camelcade.games.camel_up.names import camel_name, seat_label
from camelcade.games.camel_up.spec import FIRST_SPACE, LAST_SPACE, SETUP
from camelcade.games.camel_up.state import CamelUpState
from camelcade.games.camel_up.text import off_board_lines, pile_lines, position_lines

STYLES = {
    "blue": "bold white on blue", "green": "bold black on green",
    "yellow": "bold black on yellow", "red": "bold white on red",
    "purple": "bold white on purple", "orange": "bold black on dark_orange",
    "white": "bold black on white", "black": "bold white on grey15",
}


def seat_name(game: Game, seat: PlayerId) -> str:
    """Seats are "Player 1", "Player 2", ... (or their players' names): the camels have the
    colours, not the players."""
    return seat_label(seat)


def camel_label(state: CamelUpState, unit: str) -> str:
    """What a camel's cell says: 'Blu', 'Red', a crazy camel 'Bla*'."""
    return unit[:3].capitalize() + ("*" if unit in state.edition.crazy else "")


def tile_label(state: CamelUpState, side: str, owner: PlayerId, player: PlayerId | None) -> str:
    """A tile's cell: '+' or '-' (on or back), then whose: 'S3', or 'you'."""
    sign = "+" if state.edition.tile_push(side) > 0 else "-"
    return f"{sign}\n{t('you') if owner == player else f'S{owner + 1}'}"


def legend(state: CamelUpState, player: PlayerId | None) -> list[str]:
    """Every abbreviation the track shows, in words: a line for the camels, a line for
    each side of tile drawn, and whose tiles they are."""
    drawn = [u for u in state.edition.units
             if any(u in stack for stack in state.track().values())]
    if not drawn:
        return []
    camels = and_list([t("{label} {camel}", label=camel_label(state, u),
                         camel=camel_name(state.edition, u)) for u in drawn])
    lines: list[str] = [t("Camels: {camels}.", camels=camels)]
    if state.edition.crazy:
        lines.append(t("* marks a crazy camel: it runs backwards, counterclockwise."))
    tiles = state.tiles()
    if tiles:
        lines += list(_TILE_LEGEND[state.edition.number]())
        owners = sorted({tile.owner for tile in tiles.values()})
        # Each owner worded before the sentence: Babel finds no message inside another's.
        named = [t("you, your tile") if o == player else
                 t("S{number}, {seat}'s tile", number=o + 1, seat=seat_label(o)) for o in owners]
        lines.append(t("Under each tile its owner: {owners}.", owners=and_list(named)))
    return lines


_TILE_LEGEND = {
    2: lambda: (t("+ is a cheering tile: a camel landing there moves 1 on, on top."),
                t("- is a booing tile: a camel landing there moves 1 back, underneath.")),
    1: lambda: (t("+ is an oasis tile: a camel landing there moves 1 on, on top."),
                t("- is a mirage tile: a camel landing there moves 1 back, underneath.")),
}
"""The tiles' two sides in the legend, per edition (whole messages: "an oasis")."""


def _cell(state: CamelUpState, unit: str) -> Any:
    from rich.text import Text

    return Text(f"{camel_label(state, unit):^4}", style=STYLES.get(unit, "bold"))


def render(seen: Seen[CamelUpState]) -> Any:
    """The board as ``seen.role`` sees it: whose turn, the track and its legend, the rest."""
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    state, player = seen.state, seen.role
    assert isinstance(state, CamelUpState)
    track, tiles = state.track(), state.tiles()
    table = Table(title=t("The track, each stack top first; the finish line is after 16"),
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
    if tiles:
        table.add_row(*[Text(tile_label(state, tiles[s].side, tiles[s].owner, player),
                             style="italic") if s in tiles else Text("") for s in spaces])
    lines = position_lines(state, player, track=False)
    parts: list[Any] = [Text(lines[0]), table, *(Text(line) for line in legend(state, player))]
    parts += [Text(line) for line in off_board_lines(state)]
    if state.phase != SETUP:
        parts += [Text(line) for line in lines[1:]]
    return Group(*parts)


def piles(seen: Seen[CamelUpState]) -> str:
    """The overall piles card by card, earliest first (your own cards named)."""
    assert isinstance(seen.state, CamelUpState)
    return "\n".join(pile_lines(seen.state, seen.seat))


def odds(seen: Seen[CamelUpState]) -> str:
    """Leg and race odds, and the expected coins of each of your actions."""
    from camelcade.games.camel_up.advice import Evaluator
    from camelcade.games.camel_up.report import advice_text

    state, seat = seen.state, seen.seat
    assert isinstance(state, CamelUpState)
    if state.phase == SETUP:
        return t("The camels are still being set up: there are no odds yet.")
    return advice_text(state.view(seat), Evaluator())


COMMANDS = {"piles": piles}
ADVISOR_COMMANDS = {"odds": odds}
"""Advice is off by default, as in rated play: `camelcade play camel-up --advisor` turns it on."""
