"""Caravan in the terminal: the 7×7 map drawn with rich, and a ``chains`` prompt command.

Each cell shows its square name, what it is (a city and the good it wants, or a goods space
with its good and demand markers) and every camel on it as its owner's letter in the
owner's colour (R red, G green, B blue, Y yellow), with the good it carries: ``R:salt`` on
top, ``R(salt)`` underneath (stolen). Colour always comes with a letter, so nothing is said
by colour alone. Rich is imported here only, never by the rules.
"""

from __future__ import annotations

from typing import Any

from camelcade.core.game import Game
from camelcade.core.seen import Seen
from camelcade.core.types import PlayerId
from camelcade.core.words import t, tn, translate
from camelcade.games.caravan.goods import good_count, good_name
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
from camelcade.games.caravan.text import goods, position_text

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
        # TRANSLATORS: a city on the terminal's map, under its square: "salt city".
        text.append("\n" + t("{good} city", good=good_name(city)), style=CITY_STYLE)
    elif index >= 0:
        text.append(f" #{index + 1}", style=SPACE_STYLE)
        good, markers = state.space_good(index), state.space_markers(index)
        text.append("\n" + (good_name(good) if good != NO_GOOD else t("(empty)")),
                    style="cyan")
        if markers:
            text.append(f" +{markers}d", style="cyan")
    for seat in range(state.game.players):
        style = STYLE[COLOURS[seat]]
        for _, good, under in (c for c in state.camels(seat) if c[0] == square):
            letter = LETTERS[seat] if seat != player else LETTERS[seat] + "*"
            text.append("\n" + letter, style=style)
            if good != NO_GOOD:
                load = f"({good_name(good)})" if under else f":{good_name(good)}"
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

    table = Table(title=t("Players"), title_style="bold", header_style="bold")
    for column in (t("seat"), t("score"), t("supply"), t("theft"), t("demand"),
                   t("delivered"), t("held")):
        table.add_column(column)
    scores = state.scores()
    for seat in range(state.game.players):
        colour = COLOURS[seat]
        who = translate(SEAT_NAMES[seat])
        name = Text(t("{letter} {seat} (you)", letter=LETTERS[seat], seat=who)
                    if seat == player else f"{LETTERS[seat]} {who}", style=STYLE[colour])
        delivered = state.delivered(seat)
        goods = ", ".join(good_count(g, n) for g, n in enumerate(delivered) if n) or "-"
        held = state.held(seat)
        table.add_row(name, f"{scores[seat]:g}", str(state.supply(seat)),
                      str(state.theft_markers(seat)), str(state.demand_markers(seat)), goods,
                      f"{held} (-{penalty(held)})")
    return table


def _status(state: CaravanState) -> str:
    if state.is_terminal():
        return position_text(state, None).splitlines()[0]
    bag = (t("bag empty: the next delivery ends the game") if state.bag_empty()
           else t("{goods} in the bag", goods=goods(sum(state.bag()))))
    who = translate(SEAT_NAMES[state.player])
    if state.is_chance():
        return t("Drawing goods onto the empty goods spaces ({seat}'s turn); {bag}.", seat=who,
                 bag=bag)
    return tn("Turn {turn}: {seat} ({letter}), {count} of {allowed} actions left; {bag}.",
              "Turn {turn}: {seat} ({letter}), {count} of {allowed} actions left; {bag}.",
              state.actions_left, turn=state.turn, seat=who, letter=LETTERS[state.player],
              allowed=allowance(state.turn), bag=bag)


def render(seen: Seen[CaravanState]) -> Any:
    """The board, the players and the status line as one rich renderable."""
    from rich.console import Group
    from rich.text import Text

    state, player = seen.state, seen.role
    assert isinstance(state, CaravanState)
    salt = good_name(GOODS.index("salt"))
    legend = Text(t("Camels: letter = owner (* = you); R:{good} carries {good} on top, "
                    "R({good}) underneath (stolen, safe until moved). #n = goods space n, +2d "
                    "= 2 demand markers.", good=salt), style="dim")
    return Group(Text(_status(state), style="bold"), _board(state, player), legend,
                 _players(state, player))


def chains(seen: Seen[CaravanState]) -> str:
    """Your camel chains: which squares are joined, the goods on them, cities they reach."""
    state, seat = seen.state, seen.seat
    assert isinstance(state, CaravanState)
    component = state.components(seat)
    if not component:
        return t("You have no camels on the board.")
    groups: dict[int, list[int]] = {}
    for square, label in component.items():
        groups.setdefault(label, []).append(square)
    lines = []
    camels = state.camels(seat)
    for squares in sorted(groups.values(), key=min):
        squares.sort()
        goods = [t("{good} (under) on {square}", good=good_name(g), square=SQUARE_NAMES[sq])
                 if u else t("{good} on {square}", good=good_name(g), square=SQUARE_NAMES[sq])
                 for sq, g, u in camels if sq in squares and g != NO_GOOD]
        free = sorted({SQUARE_NAMES[sq] for sq, g, _ in camels if sq in squares and g == NO_GOOD})
        cities = [t("{good} city {square}", good=good_name(state.city_at(sq)),
                    square=SQUARE_NAMES[sq])
                  for sq in squares if state.city_at(sq) != NO_GOOD]
        none = t("none")
        lines.append(t("Chain {squares}: goods {goods}; unladen camels on {free}; cities "
                       "{cities}.", squares=", ".join(SQUARE_NAMES[sq] for sq in squares),
                       goods=", ".join(goods) or none, free=", ".join(free) or none,
                       cities=", ".join(cities) or none))
    return "\n".join(lines)


COMMANDS = {"chains": chains}
