"""Build Camel Drive positions from a few keywords, and play action texts on them.

``position(4, positions=[14, 9, 3, 12], turn=0)`` is race 1 of a four-player match with
every camel past its opening move, Red to move from field 14, full decks and three
interjections each. Every field of the saved state can be overridden; decks are counts
of 0s, 1s, 2s and 3s, and whatever a pile leaves out is on that camel's discard pile.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import camelcade as cc
from camelcade.core.game import STATE_FORMAT
from camelcade.games.camel_drive.game import CamelDrive
from camelcade.games.camel_drive.spec import COPIES, camels_for
from camelcade.games.camel_drive.state import CamelDriveState

GAME_ID = "camel-drive"


def game(players: int = 4, **options: Any) -> CamelDrive:
    return CamelDrive(players=players, **options)


def wrap(the_game: cc.Game, data: Any) -> dict[str, Any]:
    """A complete ``to_json()`` document around the position ``data``, with no history."""
    return {
        "format": STATE_FORMAT,
        "game": GAME_ID,
        "options": the_game.options,
        "history": [],
        "seen_by": [],
        "state": data,
    }


def position_data(players: int = 4, **fields: Any) -> dict[str, Any]:
    """The ``to_json()["state"]`` of a position; ``fields`` override the defaults."""
    options = {k: fields.pop(k) for k in _option_names(fields)}
    the_game = game(players, **options)
    n = camels_for(players)
    piles = fields.pop("piles", [[COPIES] * 4 for _ in range(n)])
    discards = fields.pop("discards", [[COPIES - k for k in pile] for pile in piles])
    tops = fields.pop("tops", [_top(d) for d in discards])
    data: dict[str, Any] = {
        "race": 1,
        "start": 0,
        "phase": "race",
        "turn": 0,
        "positions": [0] * n,
        "opened": [True] * n,
        "first": None,
        "bets": [None] * n,
        "bet_queue": [],
        "interjections": [the_game.option("interjections")] * n,
        "scores": [0] * n,
        "tops": tops,
        "pending": None,
        "racers": [],
        "winners": None,
        "last_race": None,
        "piles": piles,
        "discards": discards,
    }
    unknown = set(fields) - set(data)
    if unknown:
        raise AssertionError(f"unknown position fields {sorted(unknown)}")
    data.update(fields)
    return data


def _option_names(fields: dict[str, Any]) -> list[str]:
    """Game options among ``fields``; ``interjections`` is the option when a number and
    the per-camel state field when a list."""
    names = [k for k in ("track_length", "target_score", "tie_race", "start_rotation")
             if k in fields]
    if isinstance(fields.get("interjections"), int):
        names.append("interjections")
    return names


def _top(discards: Sequence[int]) -> int | None:
    """Some card on the discard pile (the highest), or None when it is empty."""
    present = [value for value, count in enumerate(discards) if count]
    return present[-1] if present else None


def position(players: int = 4, **fields: Any) -> CamelDriveState:
    """A loaded position (see the module docstring); game options go in ``fields`` too."""
    options = {k: fields[k] for k in _option_names(fields)}
    the_game = game(players, **options)
    state = the_game.state_from_json(wrap(the_game, position_data(players, **fields)))
    assert isinstance(state, CamelDriveState)
    return state


def play(state: cc.State, *texts: str) -> cc.State:
    """Apply each action text in turn (chance outcomes included); return the state."""
    for text in texts:
        state.apply(text)
    return state


def data(state: cc.State) -> dict[str, Any]:
    """The position part of ``state.to_json()``."""
    part: dict[str, Any] = state.to_json()["state"]
    return part


def legal(state: cc.State) -> list[str]:
    """The legal actions as text, in the engine's order."""
    return [str(action) for action in state.legal_actions()]


def open_race(state: cc.State, *pairs: tuple[int, int]) -> cc.State:
    """Every camel makes its opening double move with the given two cards, in lane order."""
    for first, second in pairs:
        play(state, "draw", f"card {first}", f"card {second}")
    return state


GOLDEN = Path(__file__).resolve().parents[2] / "golden" / GAME_ID


def check_golden(name: str, text: str) -> None:
    """``text`` must equal the golden file ``name``; ``UPDATE_GOLDEN=1`` rewrites it."""
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path}; run with UPDATE_GOLDEN=1 to create it"
    assert text == path.read_text(encoding="utf-8"), (
        f"{name} differs from a fresh run; if the change is intended, rerun with "
        "UPDATE_GOLDEN=1 and review the diff"
    )
