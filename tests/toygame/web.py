"""The toy's accessible board: a track of spaces 0 to target + 1 with the total's marker.

``add N`` is drawn as moving the marker from the total's space to the space N further on,
so the shell's click-piece-then-target play and its grid are tested on a game of its own.
Nothing secret is in it: the track shows only the shared total.
"""

from __future__ import annotations

from typing import Any

from camelcade.core.seen import Seen


def _space_text(space: int, total: int, target: int) -> str:
    notes = []
    if space == total:
        notes.append("the total")
    if space == target:
        notes.append("the target")
    return f"{space}: {', '.join(notes)}" if notes else f"{space}"


def layout(view: Seen[Any]) -> dict[str, Any]:
    state, player = view.state, view.role
    seen = state.public_observation()
    total, target = int(seen["total"]), int(state.game.option("target"))
    cells = [{"id": f"s{space}", "text": _space_text(space, total, target)}
             for space in range(target + 2)]
    actions: dict[str, list[str]] = {}
    if player is not None and state.current_player == player:
        for action in state.legal_actions():
            amount = int(str(action).split()[1])
            actions[str(action)] = [f"s{total}", f"s{min(total + amount, target + 1)}"]
    return {
        "board": {"kind": "list", "label": f"Toy track, 0 to {target + 1}, target {target}",
                  "rows": [{"label": "track", "cells": cells}]},
        "actions": actions,
        "seats": [[{"label": "seat number", "value": str(seat + 1)},
                   {"label": "you", "value": "yes" if seat == player else "no"}]
                  for seat in range(state.game.players)],
    }
