"""The fast rules against a plain reading of them, over thousands of random positions.

The state counts empty spaces with bit masks and lists mirage targets from lookup tables
(``state.py``). Here the same rules are written the slow, obvious way — walking the path
space by space, as the rules file says them — and both must agree on every legal-action
list (and its order) and on where every play sends its camel, at every decision of seeded
random games with each player count and both readings of the caravan leader (AD3).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from camelcade.core.chance import sample_chance
from camelcade.games.a_dos_de_chameau.spec import CARD_RANK, OASIS_FIRST, TOWN, TRACK_END

from .helpers import MAX_ACTIONS, data, game

GAMES_PER_CASE = 4


def _walk(board: dict[int, int], start: int, steps: int, direction: int) -> int | None:
    """The ``steps``-th empty space from ``start`` in ``direction``; None past the ends."""
    space = start
    while steps:
        space += direction
        if not TOWN < space <= TRACK_END:
            return None
        if space not in board:
            steps -= 1
    return space


def reference_legal(position: dict[str, Any], seat: int, leader_any: bool) -> list[str]:
    board = {s: owner for owner, camels in enumerate(position["camels"]) for s in camels if s}
    own = sorted(set(position["camels"][seat]))
    last = TRACK_END if leader_any else OASIS_FIRST - 1
    leader = next((s for s in range(last, 0, -1) if s in board),
                  TOWN if any(TOWN in camels for camels in position["camels"]) else None)
    cards = sorted(set(position["hands"][seat]), key=CARD_RANK.__getitem__)
    plays = []
    for card in cards:
        if card == "storm":
            plays.append(card)
        elif card.startswith("oasis"):
            plays += [f"{card} {s}" for s in own if _walk(board, s, int(card[-1]), 1)]
        elif card.startswith("mirage"):
            plays += [f"{card} {s}" for s in range(1, OASIS_FIRST) if board.get(s, seat) != seat]
        elif leader is not None and leader + 1 < OASIS_FIRST:
            plays += [f"{card} {s}" for s in own if s < OASIS_FIRST]
    return plays or [f"discard {card}" for card in cards]


def reference_camels(position: dict[str, Any], seat: int, action: str,
                     leader_any: bool) -> list[list[int]]:
    """Every seat's camels after ``action`` (a play naming a camel) by ``seat``."""
    camels = [list(spaces) for spaces in position["camels"]]
    board = {s: owner for owner, spaces in enumerate(camels) for s in spaces if s}
    card, start = action.split()[0], int(action.split()[1])
    owner = board.get(start, seat)
    if card.startswith("oasis"):
        end = _walk(board, start, int(card[-1]), 1)
    elif card.startswith("mirage"):
        end = _walk(board, start, int(card[-1]), -1) or TOWN
    else:
        last = TRACK_END if leader_any else OASIS_FIRST - 1
        end = next((s for s in range(last, 0, -1) if s in board), TOWN) + 1
    camels[owner].remove(start)
    camels[owner].append(end)  # type: ignore[arg-type]
    return [sorted(spaces) for spaces in camels]


@pytest.mark.parametrize("leader_target", ["outside-oasis", "any"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_rules_agree_with_the_plain_reading(players: int, leader_target: str) -> None:
    leader_any = leader_target == "any"
    the_game = game(players, leader_target=leader_target)
    decisions = 0
    for seed in range(GAMES_PER_CASE):
        state, rng = the_game.new_state(), random.Random(seed)
        while not state.is_terminal():
            assert len(state.history) < MAX_ACTIONS, "the game does not end"
            if state.is_chance():
                state.apply(sample_chance(state, rng), check=False)
                continue
            position, seat = data(state), state.current_player
            legal = state.legal_actions()
            assert [str(a) for a in legal] == reference_legal(position, seat, leader_any)
            action = rng.choice(legal)
            state.apply(action, check=False)
            if str(action).split()[0] not in ("storm", "discard"):
                expected = reference_camels(position, seat, str(action), leader_any)
                assert data(state)["camels"] == expected, (position, str(action))
            decisions += 1
    assert decisions > 300
