"""Caravan in the terminal: the 7×7 map drawn with rich, and a ``chains`` prompt command.

Each cell shows its square name, what it is (a city and the good it wants, or a goods space
with its good and demand markers) and every camel on it as its owner's letter in the
owner's colour (R red, G green, B blue, Y yellow), with the good it carries: ``R:salt`` on
top, ``R(salt)`` underneath (stolen). Colour always comes with a letter, so nothing is said
by colour alone. Rich is imported here only, never by the rules.
"""

from __future__ import annotations

from typing import Any

from camelcade.core.game import Game, State
from camelcade.core.types import PlayerId
from camelcade.core.words import translate
from camelcade.games.caravan.spec import (
    COLOURS,
    GOODS,
    LETTERS,
    NO_GOOD,
    SEAT_NAMES,
    SIZE,
    SQUARE_NAMES,
    allowance,
    penalty,
)
from camelcade.games.caravan.state import CaravanState
from camelcade.games.caravan.text import describe_state, goods

STYLE = {"red": "bold red", "green": "bold green", "blue": "bold blue",
         "yellow": "bold yellow"}
CITY_STYLE = "bold magenta"
SPACE_STYLE = "bold cyan"


def seat_name(game: Game, seat: PlayerId) -> str:
    """Seats are called by their camels' colour: "Red", "Green", ..."""
    return f"{translate(SEAT_NAMES[seat])} ({LETTERS[seat]})"


def _cell(state: CaravanState, square: int, player: PlayerId | None) -> Any:
    from rich.text import Text

    text = Text(SQUARE_NAMES[square], style="dim")
    city = state.city_at(square)
    index = state.space_at(square)
    if city != NO_GOOD:
        text.append(f"\n{GOODS[city]}", style=CITY_STYLE)
        text.append(" city", style="magenta")
    elif index >= 0:
        text.append(f" #{index + 1}", style=SPACE_STYLE)
        good, markers = state.space_good(index), state.space_markers(index)
        text.append("\n" + (GOODS[good] if good != NO_GOOD else "(empty)"), style="cyan")
        if markers:
            text.append(f" +{markers}d", style="cyan")
    for seat in range(state.game.players):
        style = STYLE[COLOURS[seat]]
        for _, good, under in (c for c in state.camels(seat) if c[0] == square):
            letter = LETTERS[seat] if seat != player else LETTERS[seat] + "*"
            text.append("\n" + letter, style=style)
            if good != NO_GOOD:
                load = f"({GOODS[good]})" if under else f":{GOODS[good]}"
                text.append(load, style=style.replace("bold ", "") + " underline")
    return text


def _board(state: CaravanState, player: PlayerId | None) -> Any:
    from rich import box
    from rich.table import Table

    table = Table(box=box.SQUARE, show_header=True, header_style="dim", show_lines=True,
                  padding=(0, 1))
    table.add_column("", style="dim", justify="right")
    for file in "abcdefg":
        table.add_column(file, justify="left", min_width=6)
    for rank in range(SIZE, 0, -1):
        row = [(rank - 1) * SIZE + file for file in range(SIZE)]
        table.add_row(str(rank), *(_cell(state, square, player) for square in row))
    return table


def _players(state: CaravanState, player: PlayerId | None) -> Any:
    from rich.table import Table
    from rich.text import Text

    table = Table(title="Players", title_style="bold", header_style="bold")
    for column in ("seat", "score", "supply", "theft", "demand", "delivered", "held"):
        table.add_column(column)
    scores = state.scores()
    for seat in range(state.game.players):
        colour = COLOURS[seat]
        name = Text(f"{LETTERS[seat]} {colour.capitalize()}"
                    + (" (you)" if seat == player else ""), style=STYLE[colour])
        delivered = state.delivered(seat)
        goods = ", ".join(f"{n} {GOODS[g]}" for g, n in enumerate(delivered) if n) or "-"
        held = state.held(seat)
        table.add_row(name, f"{scores[seat]:g}", str(state.supply(seat)),
                      str(state.theft_markers(seat)), str(state.demand_markers(seat)), goods,
                      f"{held} (-{penalty(held)})")
    return table


def _status(state: CaravanState) -> str:
    if state.is_terminal():
        return describe_state(state, None).splitlines()[0]
    bag = ("bag empty: the next delivery ends the game" if state.bag_empty()
           else f"{goods(sum(state.bag()))} in the bag")
    who = translate(SEAT_NAMES[state.player])
    if state.is_chance():
        return f"Drawing goods onto the empty goods spaces ({who}'s turn); {bag}."
    return (f"Turn {state.turn}: {who} ({LETTERS[state.player]}), {state.actions_left} of "
            f"{allowance(state.turn)} actions left; {bag}.")


def render(state: State, player: PlayerId | None) -> Any:
    """The board, the players and the status line as one rich renderable."""
    from rich.console import Group
    from rich.text import Text

    assert isinstance(state, CaravanState)
    legend = Text("Camels: letter = owner (* = you); R:salt carries salt on top, R(salt) "
                  "underneath (stolen, safe until moved). #n = goods space n, +2d = 2 demand "
                  "markers.", style="dim")
    return Group(Text(_status(state), style="bold"), _board(state, player), legend,
                 _players(state, player))


def chains(state: State, seat: PlayerId) -> str:
    """Your camel chains: which squares are joined, the goods on them, cities they reach."""
    assert isinstance(state, CaravanState)
    component = state.components(seat)
    if not component:
        return "You have no camels on the board."
    groups: dict[int, list[int]] = {}
    for square, label in component.items():
        groups.setdefault(label, []).append(square)
    lines = []
    camels = state.camels(seat)
    for squares in sorted(groups.values(), key=min):
        squares.sort()
        goods = [f"{GOODS[g]}{' (under)' if u else ''} on {SQUARE_NAMES[sq]}"
                 for sq, g, u in camels if sq in squares and g != NO_GOOD]
        free = sorted({SQUARE_NAMES[sq] for sq, g, _ in camels if sq in squares and g == NO_GOOD})
        cities = [f"{GOODS[state.city_at(sq)]} city {SQUARE_NAMES[sq]}" for sq in squares
                  if state.city_at(sq) != NO_GOOD]
        lines.append(
            f"Chain {', '.join(SQUARE_NAMES[sq] for sq in squares)}: "
            f"goods {', '.join(goods) or 'none'}; unladen camels on {', '.join(free) or 'none'}; "
            f"cities {', '.join(cities) or 'none'}."
        )
    return "\n".join(lines)


COMMANDS = {"chains": chains}
