"""Loading a saved position: every invariant checked, each failure named.

A saved state comes from files, the network and bots' samplers, so nothing in it is
trusted: a bad one raises ``StateError`` saying which field is wrong and what is allowed,
and never yields a state the rules could not have reached piecewise.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from camelcade.core.errors import check_state as check
from camelcade.games.a_dos_de_chameau.spec import (
    CAMELS_PER_PLAYER,
    CARD_ORDER,
    HAND_SIZE,
    TOWN,
    TRACK_END,
    sort_cards,
)
from camelcade.games.a_dos_de_chameau.state import (
    EMPTY,
    END_NO_CARDS,
    END_OASIS_FULL,
    ADosState,
)

FIELDS = {"camels", "discards", "turn", "last", "draw_queue", "end", "hands", "piles"}


def _seat(value: Any, players: int, name: str) -> int:
    check(
        isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players,
        f"{name} must be a seat from 0 to {players - 1}, got {value!r}",
    )
    return int(value)


def _cards(value: Any, name: str) -> list[str]:
    check(
        isinstance(value, list) and all(isinstance(c, str) and c in CARD_ORDER for c in value),
        f"{name} must be a list of card names ({', '.join(CARD_ORDER)}), got {value!r}",
    )
    return list(value)


def _per_seat(value: Any, players: int, name: str) -> list[Any]:
    check(
        isinstance(value, list) and len(value) == players,
        f"'{name}' must be a list with one entry per seat ({players})",
    )
    return list(value)


def load_position(state: ADosState, data: Any) -> None:
    """Fill a fresh ``state`` from ``data``; raise ``StateError`` naming any problem."""
    check(isinstance(data, dict), "'state' must be an object")
    missing, extra = FIELDS - set(data), set(data) - FIELDS
    check(not missing, f"'state' lacks {sorted(missing)}")
    check(not extra, f"'state' has unknown fields {sorted(extra)}; allowed: {sorted(FIELDS)}")
    players = state.game.players
    board = [EMPTY] * (TRACK_END + 1)
    town = [0] * players
    for seat, camels in enumerate(_per_seat(data["camels"], players, "camels")):
        check(
            isinstance(camels, list)
            and len(camels) == CAMELS_PER_PLAYER
            and all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= TRACK_END
                    for s in camels),
            f"camels of seat {seat} must be {CAMELS_PER_PLAYER} spaces 0-{TRACK_END}, "
            f"got {camels!r}",
        )
        for space in camels:
            if space == TOWN:
                town[seat] += 1
            else:
                check(board[space] == EMPTY, f"two camels on space {space}; one is allowed")
                board[space] = seat
    hands = [_cards(h, f"hand of seat {i}") for i, h in
             enumerate(_per_seat(data["hands"], players, "hands"))]
    piles = [_cards(p, f"pile of seat {i}") for i, p in
             enumerate(_per_seat(data["piles"], players, "piles"))]
    discards = [_cards(d, f"discards of seat {i}") for i, d in
                enumerate(_per_seat(data["discards"], players, "discards"))]
    for seat in range(players):
        check(len(hands[seat]) <= HAND_SIZE, f"seat {seat} holds more than {HAND_SIZE} cards")
        owned = Counter(hands[seat]) + Counter(piles[seat]) + Counter(discards[seat])
        check(
            owned == state._deck,
            f"seat {seat}'s hand, pile and discards are not its twelve cards "
            f"({', '.join(sort_cards(list(state._deck.elements())))})",
        )
    queue = data["draw_queue"]
    check(isinstance(queue, list), "'draw_queue' must be a list of seats")
    queue = [_seat(s, players, "draw_queue entry") for s in queue]
    for seat in range(players):
        check(
            queue.count(seat) <= len(piles[seat]),
            f"seat {seat} is to draw more cards than its pile holds",
        )
        check(
            queue.count(seat) + len(hands[seat]) <= HAND_SIZE,
            f"seat {seat} would hold more than {HAND_SIZE} cards after its draws",
        )
    end = data["end"]
    check(end in (None, END_OASIS_FULL, END_NO_CARDS),
          f"'end' must be null, {END_OASIS_FULL!r} or {END_NO_CARDS!r}, got {end!r}")
    oasis_full = all(board[s] != EMPTY for s in range(TRACK_END - 5, TRACK_END + 1))
    check(
        (end == END_OASIS_FULL) == oasis_full,
        "the game ends exactly when the oasis is full",
    )
    check(end != END_NO_CARDS or not any(hands),
          "the game ends for lack of cards only when every hand is empty")
    turn = _seat(data["turn"], players, "'turn'")
    check(end is not None or bool(queue) or bool(hands[turn]),
          "the seat to play must hold a card")
    state._board, state._town = board, town
    state._hands = [sort_cards(hand) for hand in hands]
    state._piles = [Counter(pile) for pile in piles]
    state._discards = discards
    state._queue = queue
    state._turn = turn
    state._last = _seat(data["last"], players, "'last'")
    state._end = end
