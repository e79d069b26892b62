"""The accessible board and the cells of each legal action, from a game's ``WebSlot.layout``.

The browser holds no rules: which cells an action involves (click the piece, then the
target) is the game's word, computed here, on the server, for exactly the seat that asks
(None: a spectator). A game without a layout gets ``board`` None and no cells, and stays
fully playable from its text description and action list.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable
from functools import cache
from typing import Any

from camelcade.core.game import State
from camelcade.core.registry import plugin
from camelcade.core.types import JSONDict

log = logging.getLogger(__name__)

Cells = dict[str, list[str]]


@cache
def _takes_seen(layout: Callable[..., Any]) -> bool:
    """Whether a layout takes ``seen``, the observation its caller already made."""
    try:
        return "seen" in inspect.signature(layout).parameters
    except (TypeError, ValueError):
        return False


def board_and_cells(state: State, role: int | None, seen: JSONDict | None = None
                    ) -> tuple[dict[str, Any] | None, Cells]:
    """``(view.board, {action text: [cell ids]})`` for ``role``, or ``(None, {})``.

    ``seen`` is the observation the caller already made for ``role`` (exactly
    ``state.observation(role)``, or ``public_observation()`` for None); a layout that
    takes a ``seen`` keyword is handed it instead of making it again (a board is drawn
    from the observation alone, and making it is a tenth of a message's work).

    A layout that fails is a bug in that game's board: it is logged, and the match goes on
    without a board rather than stopping (the text view says everything the grid would).
    """
    slot = plugin(state.game.id).web
    if slot is None or slot.layout is None:
        return None, {}
    try:
        layout: Callable[..., Any] = slot.layout.load()  # a WebLayout, maybe taking seen
        laid = (layout(state, role, seen=seen) if seen is not None and _takes_seen(layout)
                else layout(state, role))
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
