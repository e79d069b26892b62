"""Kamelen's board for the browser: the accessible grid, each legal move's cells, and the
scene the SVG board (``web/board.js``) draws.

The grid is the board itself, one cell a square, drawn from the listener's side: South
(and a spectator) sees rank 1 at the bottom and files a to k from the left; North sees the
board turned round, its own home rank at the bottom, as across a real table. Each cell is
read as the game words it, the square first: "d5: your camel", "f11, North's home field:
empty", "c7: North's camel, can reach your home field, last move from b10", "a6: rock".
Cell ids are the square names and never change.

A move is played by its two cells, the animal's square then its landing square (a pass
has no cell and is chosen from the list). ``board["scene"]`` carries what the drawing
needs besides the cells — each square's piece letter, colour and home field, the last
move, the animals that can move, the captions and the legend, worded here — so the
browser computes nothing. Kamelen hides nothing: every seat's layout shows the whole
position, and only the words "your"/"you" and the turned board differ.
"""

from __future__ import annotations

from typing import Any

from camelcade.core.seen import Seen
from camelcade.core.types import PlayerId
from camelcade.core.words import t
from camelcade.games.kamelen.actions import Move
from camelcade.games.kamelen.geometry import colour_of, square_name
from camelcade.games.kamelen.phrases import home_of, last_move, piece, raiders, side
from camelcade.games.kamelen.spec import (
    CAMEL,
    END_CONQUEST,
    FILES,
    OWNER,
    PIECE_LETTERS,
    ROCK,
    WIDTH,
)
from camelcade.games.kamelen.state import KamelenState


def layout(seen: Seen[KamelenState]) -> dict[str, Any]:
    """The board and each legal action's cells for ``seen.role`` (None: a spectator)."""
    state, player = seen.state, seen.role
    if not isinstance(state, KamelenState):
        raise TypeError(f"not a Kamelen state: {type(state).__name__}")
    geo = state.geometry
    turned = player == 1
    ranks = list(range(geo.ranks)) if turned else list(range(geo.ranks - 1, -1, -1))
    files = list(range(WIDTH - 1, -1, -1)) if turned else list(range(WIDTH))
    moved = last_move(seen)
    rows = [{"label": str(rank + 1),
             "cells": [{"id": square_name(rank * WIDTH + file),
                        "text": cell_text(state, rank * WIDTH + file, player, moved)}
                       for file in files]}
            for rank in ranks]
    actions = action_cells(state, player)
    board = {
        "kind": "grid",
        "label": board_label(state, player),
        "columns": [FILES[file] for file in files],
        "rows": rows,
        "scene": scene(state, player, moved, actions, len(seen.history)),
    }
    return {"board": board, "actions": actions, "groups": {
        text: [t("Pass"), t("Pass")] for text, cells in actions.items() if not cells},
        "seats": seat_facts(state), "colours": ["white", "black"]}


def seat_facts(state: KamelenState) -> list[list[dict[str, str]]]:
    """Each side's panel: the camels and dromedaries it has left, and how many of its
    camels can reach the other side's home field (stand on its colour)."""
    cells = state.cells
    facts: list[list[dict[str, str]]] = []
    for seat in range(2):
        pieces = [cells[square] for square in state.animal_squares[seat]]
        camels = sum(1 for code in pieces if code in CAMEL)
        facts.append([{"label": t("camels"), "value": str(camels)},
                      {"label": t("dromedaries"), "value": str(len(pieces) - camels)},
                      {"label": t("can reach the home field"),
                       "value": str(len(raiders(state, seat)))}])
    return facts


def board_label(state: KamelenState, player: PlayerId | None) -> str:
    ranks = state.geometry.ranks
    if player is None:
        return t("Kamelen board, 11 by {ranks}, South at the bottom", ranks=ranks)
    return t("Kamelen board, 11 by {ranks}: you play {side}, at the bottom", ranks=ranks,
             side=side(player))


def cell_text(state: KamelenState, square: int, player: PlayerId | None,
              moved: Move | None) -> str:
    """What a screen reader says for ``square``: the square (and home field), what stands
    there, whether that camel can reach a home field, and the last move through it."""
    geo = state.geometry
    name = square_name(square)
    code = state.piece(square)
    homes = geo.homes
    place = (t("{square}, {home}", square=name, home=home_of(homes.index(square), player))
             if square in homes else name)
    what: str = t("rock") if code == ROCK else piece(code, player)
    owner = OWNER[code]
    if owner is not None and geo.attacker(owner, code, square):
        what = t("{piece}, can reach {home}", piece=what, home=home_of(1 - owner, player))
    if moved is not None and square == moved.target:
        what = t("{piece}, last move from {square}", piece=what,
                 square=square_name(moved.source))
    elif moved is not None and square == moved.source:
        what = t("{piece}, last move to {square}", piece=what,
                 square=square_name(moved.target))
    return t("{place}: {what}", place=place, what=what)


def action_cells(state: KamelenState, player: PlayerId | None) -> dict[str, list[str]]:
    """Each legal action's cells in click order (the animal, then where it lands); only on
    the listener's own turn."""
    if player is None or state.current_player != player:
        return {}
    return {str(action): ([square_name(action.source), square_name(action.target)]
                          if isinstance(action, Move) else [])
            for action in state.legal_actions()}


def scene(state: KamelenState, player: PlayerId | None, moved: Move | None,
          actions: dict[str, list[str]], ply: int) -> dict[str, Any]:
    """What the SVG draws besides the cells, as data and words: nothing to compute."""
    geo = state.geometry
    squares: dict[str, dict[str, Any]] = {}
    for square in range(geo.size):
        code = state.piece(square)
        owner = OWNER[code]
        squares[square_name(square)] = {
            "piece": PIECE_LETTERS.get(code, ""),
            "side": owner,
            "animal": None if owner is None else ("camel" if code in CAMEL else "dromedary"),
            "dark": colour_of(square) == 0,
            "home": geo.homes.index(square) if square in geo.homes else None,
        }
    bottom = 1 if player == 1 else 0
    return {
        "squares": squares,
        "ply": ply,
        "last": [] if moved is None else [square_name(moved.source),
                                          square_name(moved.target)],
        "movable": sorted({cells[0] for cells in actions.values() if cells}),
        "won": _winning_square(state, moved),
        "captions": {"top": _caption(1 - bottom, player), "bottom": _caption(bottom, player)},
        "legend": legend(),
    }


def _winning_square(state: KamelenState, moved: Move | None) -> str | None:
    """Where the game was won: the conquered home field, or where the last camel able to
    reach a home field was taken (None while playing, after a draw, or when unknown)."""
    if state.winner is None:
        return None
    if state.end_reason == END_CONQUEST:
        return square_name(state.geometry.homes[1 - state.winner])
    return None if moved is None else square_name(moved.target)


def _caption(seat: PlayerId, player: PlayerId | None) -> str:
    return t("You: {side}", side=side(seat)) if seat == player else side(seat)


def legend() -> list[dict[str, str]]:
    """The marks of the drawing, each with its words (the board draws the mark itself)."""
    return [
        {"mark": "camel", "text": t("camel, two humps")},
        {"mark": "dromedary", "text": t("dromedary, one hump")},
        {"mark": "sides", "text": t("South light, C D; North dark, c d")},
        {"mark": "rock", "text": t("rock")},
        {"mark": "home", "text": t("home field")},
        {"mark": "last", "text": t("last move")},
    ]
