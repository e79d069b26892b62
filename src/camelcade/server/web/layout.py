"""The accessible board and the cells of each legal action, from a game's ``WebSlot.layout``.

The browser holds no rules: which cells an action involves (click the piece, then the
target) is the game's word, computed here, on the server, for exactly the seat that asks
(None: a spectator). A game without a layout gets ``board`` None and no cells, and stays
fully playable from its text description and action list.

A layout may say two more things of each action, both optional: ``also``, more click
paths (the card in hand that starts a move the board otherwise starts at the camel), and
``groups``, the action's *kind* and *detail*
(``["Bet on a leg", "Blue 5"]``), from which the page's action bar offers kinds first
and details second. The words are the game's, so the bar knows no rule either.

Beside the board a layout may give two things for the players' panels, both optional:
``seats``, each seat's facts, a short list of ``{"label", "value"}`` (``coins``: ``7``;
``in hand``: ``3 cards``), worded from what the asking seat may see (another seat's hidden
holdings only as counts); and ``colours``, each seat's colour where the game gives its
players one (``"red"``, one of the page's player colours, ``--cc-red``; None for a seat
of no one colour), which stripes the panel (its name says the colour too).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from camelcade.core.game import State
from camelcade.core.registry import plugin
from camelcade.core.seen import Seen
from camelcade.core.types import JSONDict

log = logging.getLogger(__name__)

Cells = dict[str, list[str]]
Facts = list[list[dict[str, str]]]
"""Each seat's facts for its panel, seat by seat: ``[[{"label": .., "value": ..}, ..], ..]``."""


@dataclass(frozen=True)
class Laid:
    """What a game's layout gives for one seat: the board, each action's cells, its other
    click paths (``also``), its ``[kind, detail]`` words for the action bar and each
    seat's facts and colour for the players' panels (``seats``, ``colours``; empty when
    the game gives none)."""

    board: dict[str, Any] | None = None
    cells: Cells = field(default_factory=dict)
    also: dict[str, list[list[str]]] = field(default_factory=dict)
    groups: dict[str, list[str]] = field(default_factory=dict)
    seats: Facts = field(default_factory=list)
    colours: list[str | None] = field(default_factory=list)


def board_and_cells(state: State, role: int | None, observation: JSONDict | None = None
                    ) -> tuple[dict[str, Any] | None, Cells]:
    """``(view.board, {action text: [cell ids]})`` for ``role``, or ``(None, {})``."""
    laid = laid_out(state, role, observation)
    return laid.board, laid.cells


def laid_out(state: State, role: int | None, observation: JSONDict | None = None) -> Laid:
    """The game's layout of ``state`` for ``role`` (see ``lay_out``), from the role's
    ``Seen``; ``observation`` is the role's observation when the caller made it already
    (a board is drawn from the observation, and making it is a tenth of a message's
    work)."""
    return lay_out(Seen(state, role, observation=observation))


def lay_out(seen: Seen[Any]) -> Laid:
    """The game's layout for the viewer of ``seen``, checked: an empty ``Laid`` without one.

    The layout is handed the viewer's ``Seen`` only (``camelcade.core.seen``), never the
    true state. A layout that fails is a bug in that game's board: it is logged, and the
    match goes on without a board rather than stopping (the text view says everything the
    grid would).
    """
    slot = plugin(seen.game.id).web
    if slot is None or slot.layout is None:
        return Laid()
    role = seen.role
    try:
        given = slot.layout.load()(seen)
        board = given.get("board")
        actions = given.get("actions") or {}
        if board is not None and not isinstance(board, dict):
            raise TypeError(f"layout board must be a dict, got {type(board).__name__}")
        cells = {str(text): [str(c) for c in ids] for text, ids in actions.items()}
        also = {str(text): [[str(c) for c in path] for path in paths if path]
                for text, paths in (given.get("also") or {}).items() if paths}
        groups = {str(text): [str(kind), str(detail)]
                  for text, (kind, detail) in (given.get("groups") or {}).items()}
        seats = [[{"label": str(fact["label"]), "value": str(fact["value"])} for fact in facts]
                 for facts in (given.get("seats") or [])]
        if seats and len(seats) != seen.game.players:
            raise ValueError(f"layout seats: {len(seats)} lists for {seen.game.players} seats")
        colours = [None if colour is None else str(colour)
                   for colour in (given.get("colours") or [])]
        if colours and len(colours) != seen.game.players:
            raise ValueError(f"layout colours: {len(colours)} for {seen.game.players} seats")
    except Exception:
        log.exception("%s: web layout failed for role %s", seen.game.id, role)
        return Laid()
    return Laid(board, cells, also, groups, seats, colours)


def with_cells(legal: list[dict[str, Any]], cells: Cells, laid: Laid | None = None
               ) -> list[dict[str, Any]]:
    """Each legal action with the cells it involves in click order ([] when none), and,
    where the layout says them, its other click paths (``also``) and its ``kind`` and
    ``detail`` for the action bar."""
    out = []
    for entry in legal:
        text = entry["action"]
        item = {**entry, "cells": cells.get(text, [])}
        if laid is not None:
            if text in laid.also:
                item["also"] = laid.also[text]
            if text in laid.groups:
                item["kind"], item["detail"] = laid.groups[text]
        out.append(item)
    return out
