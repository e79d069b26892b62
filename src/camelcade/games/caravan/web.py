"""Caravan's board for the browser: the accessible grid, each legal action's cells, and the
scene the SVG board (``web/board.js``) draws.

The grid is the 7 by 7 map, rank 7 at the top and files a to g from the left, one cell a
square, read as the game words it, the square first: "d5, meat city: your camel carrying
salt; Green's camel", "a7, goods space 1 with salt and 2 demand markers: empty". Cell ids
are the square names and never change.

An action is played by its cells in click order: a placement by its square, a move by the
camel's square then the target, a pick-up or theft by its square, a relay by the square
the good leaves then the square it reaches (one cell when both are one square). Actions
sharing cells (a placement and a pick-up on one goods space) are offered together by the
shell's list; a pass has no cell. ``board["scene"]`` carries what the drawing needs
besides the cells (each square's city, goods space, good, demand markers and camels with
their letters; the seats; the legend), worded here, so the browser computes nothing: a
good keeps its notation (``salt``, the drawing's colour class) beside its name and two
letters in the listener's language (``cityName``, ``goodShort``, a load's ``short``).
Caravan hides nothing: every seat's layout shows the whole position, and only "your"
differs.
"""

from __future__ import annotations

from typing import Any

from camelcade.core.seen import Seen
from camelcade.core.types import PlayerId
from camelcade.core.words import t
from camelcade.games.caravan.actions import Move, Pick, Place, Relay, Steal
from camelcade.games.caravan.goods import good_name, short_name
from camelcade.games.caravan.spec import COLOURS, GOODS, LETTERS, NO_GOOD, SIZE, SQUARE_NAMES
from camelcade.games.caravan.state import CaravanState
from camelcade.games.caravan.text import describe_square, position_text

FILES = "abcdefg"


def layout(seen: Seen[CaravanState]) -> dict[str, Any]:
    """The board and each legal action's cells for ``seen.role`` (None: a spectator)."""
    state, player = seen.state, seen.role
    if not isinstance(state, CaravanState):
        raise TypeError(f"not a Caravan state: {type(state).__name__}")
    rows = [{"label": str(rank + 1),
             "cells": [{"id": SQUARE_NAMES[rank * SIZE + file],
                        "text": cell_text(state, rank * SIZE + file, player)}
                       for file in range(SIZE)]}
            for rank in range(SIZE - 1, -1, -1)]
    board = {
        "kind": "grid",
        "label": t("Caravan map, 7 by 7, a1 at the bottom left"),
        "columns": list(FILES),
        "rows": rows,
        "scene": scene(state, player),
    }
    actions = action_cells(state, player)
    return {"board": board, "actions": actions, "groups": {
        text: [t("End your turn"), t("End your turn")] for text, cells in actions.items()
        if not cells}, "seats": seat_facts(state),
        "colours": list(COLOURS[:state.game.players])}


def seat_facts(state: CaravanState) -> list[list[dict[str, str]]]:
    """Each seat's panel: points so far, goods delivered and carried, camels still in the
    supply, and its demand and theft markers (Caravan hides nothing)."""
    scores = state.scores()
    return [[{"label": t("points"), "value": str(int(scores[seat]))},
             {"label": t("goods delivered"), "value": str(state.goods_delivered(seat))},
             {"label": t("goods carried"), "value": str(state.held(seat))},
             {"label": t("camels in supply"), "value": str(state.supply(seat))},
             {"label": t("demand markers"), "value": str(state.demand_markers(seat))},
             {"label": t("theft markers"), "value": str(state.theft_markers(seat))}]
            for seat in range(state.game.players)]


def cell_text(state: CaravanState, square: int, player: PlayerId | None) -> str:
    """What a screen reader says for ``square``: what it is, then its camels."""
    return describe_square(state, square, player, cell=True)


def action_cells(state: CaravanState, player: PlayerId | None) -> dict[str, list[str]]:
    """Each legal action's cells in click order; only on the listener's own turn."""
    if player is None or state.current_player != player:
        return {}
    found: dict[str, list[str]] = {}
    for action in state.legal_actions():
        if isinstance(action, Place):
            cells = [action.to]
        elif isinstance(action, Move):
            cells = [action.start, action.to]
        elif isinstance(action, Pick | Steal):
            cells = [action.square]
        elif isinstance(action, Relay):
            cells = [action.start] if action.start == action.to else [action.start, action.to]
        else:
            cells = []
        found[str(action)] = [SQUARE_NAMES[cell] for cell in cells]
    return found


def scene(state: CaravanState, player: PlayerId | None) -> dict[str, Any]:
    """What the SVG draws besides the cells, as data and words: nothing to compute."""
    squares: dict[str, dict[str, Any]] = {}
    for square in range(SIZE * SIZE):
        city = state.city_at(square)
        index = state.space_at(square)
        entry: dict[str, Any] = {"city": GOODS[city] if city != NO_GOOD else None}
        if city != NO_GOOD:
            entry["cityName"] = good_name(city)
        if index >= 0:
            good = state.space_good(index)
            entry["space"] = index + 1
            entry["good"] = GOODS[good] if good != NO_GOOD else None
            if good != NO_GOOD:
                entry["goodShort"] = short_name(good)
            entry["markers"] = state.space_markers(index)
        camels = [{"seat": seat, "letter": LETTERS[seat],
                   "good": GOODS[good] if good != NO_GOOD else None, "under": under,
                   "short": short_name(good) if good != NO_GOOD else None}
                  for seat in range(state.game.players)
                  for at, good, under in state.camels(seat) if at == square]
        if camels:
            entry["camels"] = camels
        squares[SQUARE_NAMES[square]] = entry
    scores = state.scores()
    seats = [{"seat": seat, "letter": LETTERS[seat], "colour": COLOURS[seat],
              "caption": _caption(state, seat, player, scores[seat])}
             for seat in range(state.game.players)]
    return {
        "squares": squares,
        "seats": seats,
        "goods": {token: short_name(good) for good, token in enumerate(GOODS)},
        "turn": None if state.is_terminal() else state.player,
        "status": position_text(state, player).splitlines()[0],
        "legend": legend(),
    }


def _caption(state: CaravanState, seat: PlayerId, player: PlayerId | None,
             score: float) -> str:
    if seat == player:
        return t("You ({letter}): {score}", letter=LETTERS[seat], score=int(score))
    return t("{seat} ({letter}): {score}", seat=state.colour(seat), letter=LETTERS[seat],
             score=int(score))


def legend() -> list[dict[str, str]]:
    """The marks of the drawing, each with its words (the board draws the mark itself)."""
    marks = [{"mark": "city", "text": t("city: a house with the good it wants")},
             {"mark": "space", "text": t("goods space: a numbered square")},
             {"mark": "markers", "text": t("demand markers: a number in a diamond")},
             {"mark": "camel", "text": t("camel: a disc with its owner's letter")},
             {"mark": "load", "text": t("a load: the good's first two letters on the camel")},
             {"mark": "under", "text": t("a stolen load, underlined: safe until moved")}]
    marks.extend({"mark": f"good-{token}", "text": t("{short}: {good}", short=short_name(good),
                                                      good=good_name(good))}
                 for good, token in enumerate(GOODS))
    return marks
