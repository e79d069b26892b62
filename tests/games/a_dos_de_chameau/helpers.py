"""Build A dos de Chameau positions from a compact description, and read them back.

``position([[0, 0, 12], [5, 7, 31]], ["oasis3 mirage2 leader", "oasis1 oasis2 storm"])``
is the two-player position with Red's camels in town (two) and on 12, Yellow's on 5, 7
and 31, those hands, nothing played yet and every other card in the piles. Hands, piles
and discards are written as space-separated card names; whatever a seat's hand, pile and
discards leave out of its twelve cards goes to its pile (or, when the pile is given, to
its discards), so every position built here is a legal saved state.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import camelcade as cc
from camelcade.core.game import STATE_FORMAT
from camelcade.games.a_dos_de_chameau.spec import card_set, sort_cards
from camelcade.games.a_dos_de_chameau.state import ADosState

GAME_ID = "a-dos-de-chameau"
MAX_ACTIONS = 3000
"""Loops over random games stop here: seeded games end in a few hundred actions."""


def game(players: int = 2, **options: Any) -> cc.Game:
    return cc.load(GAME_ID, players=players, **options)


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


def _rest(deck: Counter[str], *parts: list[str]) -> list[str]:
    rest = Counter(deck)
    for part in parts:
        rest.subtract(part)
    if any(count < 0 for count in rest.values()):
        raise AssertionError(f"more cards than a set holds: {parts}")
    return sort_cards(list(rest.elements()))


def position_data(
    camels: Sequence[Sequence[int]],
    hands: Sequence[str],
    *,
    piles: Sequence[str] | None = None,
    discards: Sequence[str] | None = None,
    turn: int = 0,
    last: int | None = None,
    draw_queue: Sequence[int] = (),
    end: str | None = None,
    **options: Any,
) -> dict[str, Any]:
    """The ``to_json()["state"]`` of a position (see the module docstring)."""
    players = len(camels)
    deck = card_set(game(players, **options).option("oasis_cards"))
    hand_lists = [hand.split() for hand in hands]
    if piles is not None and discards is not None:
        pile_lists = [pile.split() for pile in piles]
        discard_lists = [pile.split() for pile in discards]
    elif piles is not None:
        pile_lists = [pile.split() for pile in piles]
        discard_lists = [_rest(deck, h, p) for h, p in zip(hand_lists, pile_lists, strict=True)]
    else:
        discard_lists = [d.split() for d in discards] if discards else [[] for _ in camels]
        pile_lists = [_rest(deck, h, d) for h, d in zip(hand_lists, discard_lists, strict=True)]
    return {
        "camels": [list(seat) for seat in camels],
        "discards": discard_lists,
        "turn": turn,
        "last": (turn - 1) % players if last is None else last,
        "draw_queue": list(draw_queue),
        "end": end,
        "hands": hand_lists,
        "piles": pile_lists,
    }


def position(
    camels: Sequence[Sequence[int]], hands: Sequence[str], **kwargs: Any
) -> ADosState:
    """A loaded position (see the module docstring); options go in ``kwargs`` too."""
    options = {k: kwargs.pop(k) for k in ("oasis_cards", "oasis_points", "leader_target")
               if k in kwargs}
    data = position_data(camels, hands, **kwargs, **options)
    the_game = game(len(camels), **options)
    state = the_game.state_from_json(wrap(the_game, data))
    assert isinstance(state, ADosState)
    return state


def data(state: cc.State) -> dict[str, Any]:
    """The position part of ``state.to_json()``."""
    position_part: dict[str, Any] = state.to_json()["state"]
    return position_part


def camels(state: cc.State) -> list[list[int]]:
    """Each seat's camel spaces, lowest first (0 = town)."""
    return data(state)["camels"]  # type: ignore[no-any-return]


def legal(state: cc.State) -> list[str]:
    """The legal actions as text, in the engine's order."""
    return [str(action) for action in state.legal_actions()]


def check_golden(golden: Path, text: str, what: str) -> None:
    """``text`` equals the reviewed file ``golden`` (``UPDATE_GOLDEN=1`` rewrites it first)."""
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert golden.exists(), f"missing {golden}; run with UPDATE_GOLDEN=1 to create it"
    assert text == golden.read_text(encoding="utf-8"), (
        f"{golden.name} differs from {what}; if the change is intended, rerun with "
        "UPDATE_GOLDEN=1 and review the diff"
    )
