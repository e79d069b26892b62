"""The accessible board and the cells of each legal action, from a game's ``WebSlot.layout``.

The browser holds no rules: which cells an action involves (click the piece, then the
target) is the game's word, computed here, on the server, for exactly the seat that asks
(None: a spectator). A game without a layout gets ``board`` None and no cells, and stays
fully playable from its text description and action list.
"""

from __future__ import annotations

import logging
from typing import Any

from camelcade.core.game import State
from camelcade.core.registry import plugin

log = logging.getLogger(__name__)

Cells = dict[str, list[str]]


def board_and_cells(state: State, role: int | None) -> tuple[dict[str, Any] | None, Cells]:
    """``(view.board, {action text: [cell ids]})`` for ``role``, or ``(None, {})``.

    A layout that fails is a bug in that game's board: it is logged, and the match goes on
    without a board rather than stopping (the text view says everything the grid would).
    """
    slot = plugin(state.game.id).web
    if slot is None or slot.layout is None:
        return None, {}
    try:
        laid = slot.layout.load()(state, role)
        board = laid.get("board")
        actions = laid.get("actions") or {}
        if board is not None and not isinstance(board, dict):
            raise TypeError(f"layout board must be a dict, got {type(board).__name__}")
        cells = {str(text): [str(c) for c in ids] for text, ids in actions.items()}
    except Exception:
        log.exception("%s: web layout failed for role %s", state.game.id, role)
        return None, {}
    return board, cells


def with_cells(legal: list[dict[str, Any]], cells: Cells) -> list[dict[str, Any]]:
    """Each legal action with the cells it involves in click order ([] when none)."""
    return [{**entry, "cells": cells.get(entry["action"], [])} for entry in legal]
