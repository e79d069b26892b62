"""The saved layout of a position (``to_json()["state"]``), validated when loaded.

A saved state comes from files, the network and bots' samplers, so nothing in it is
trusted: :meth:`ADosPosition.from_data` raises ``StateError`` saying which field is wrong
and what is allowed, and never yields a position the rules could not have reached
piecewise. The state builds itself from a checked layout (``ADosState.from_position``) and
writes its layout back through :meth:`ADosPosition.to_data`, so the keys live here only.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, fields
from typing import Any, Final

from camelcade.core.errors import check_state as check
from camelcade.core.saved import SavedPosition
from camelcade.games.a_dos_de_chameau.spec import (
    CAMELS_PER_PLAYER,
    CARD_ORDER,
    END_NO_CARDS,
    END_OASIS_FULL,
    END_REASONS,
    HAND_SIZE,
    OASIS,
    TOWN,
    TRACK_END,
    sort_cards,
)

HIDDEN_FIELDS: Final = ("hands", "piles")
"""The fields no seat sees whole: the others' hands, and every pile's content."""


@dataclass(frozen=True)
class ADosPosition(SavedPosition):
    """A position as saved: per seat its camels, played cards, hand and face-down pile."""

    camels: list[list[int]]
    """Each seat's three camels by space, lowest first (0 = the town)."""
    discards: list[list[str]]
    """Each seat's played cards, in the order played."""
    turn: int
    """The seat to play once the draws are done."""
    last: int
    """The seat that played last; the turn passes on from it."""
    draw_queue: list[int]
    """Seats still to draw one card each, in order; non-empty means a chance node."""
    end: str | None
    """Why the game ended (``END_REASONS``), or None while it goes on."""
    hands: list[list[str]]
    """Each seat's hand, in card order."""
    piles: list[list[str]]
    """Each seat's face-down pile as a multiset, in card order (no order is kept)."""

    @classmethod
    def from_data(cls, data: Any, *, players: int, deck: Counter[str]) -> ADosPosition:
        """The checked layout of ``data`` for ``players`` seats each owning ``deck``."""
        given = cls.checked_keys(data)
        camels, spaces = [], set()
        for seat, value in enumerate(_per_seat(given["camels"], players, "camels")):
            camels.append(_camels(seat, value))
            for space in value:
                check(space == TOWN or space not in spaces,
                      f"two camels on space {space}; one is allowed")
                spaces.add(space)
        hands = [_cards(h, f"hand of seat {i}") for i, h in
                 enumerate(_per_seat(given["hands"], players, "hands"))]
        piles = [_cards(p, f"pile of seat {i}") for i, p in
                 enumerate(_per_seat(given["piles"], players, "piles"))]
        discards = [_cards(d, f"discards of seat {i}") for i, d in
                    enumerate(_per_seat(given["discards"], players, "discards"))]
        for seat in range(players):
            check(len(hands[seat]) <= HAND_SIZE,
                  f"seat {seat} holds more than {HAND_SIZE} cards")
            owned = Counter(hands[seat]) + Counter(piles[seat]) + Counter(discards[seat])
            check(
                owned == deck,
                f"seat {seat}'s hand, pile and discards are not its twelve cards "
                f"({', '.join(sort_cards(list(deck.elements())))})",
            )
        queue = given["draw_queue"]
        check(isinstance(queue, list), "'draw_queue' must be a list of seats")
        queue = [_seat(s, players, "draw_queue entry") for s in queue]
        for seat in range(players):
            check(queue.count(seat) <= len(piles[seat]),
                  f"seat {seat} is to draw more cards than its pile holds")
            check(queue.count(seat) + len(hands[seat]) <= HAND_SIZE,
                  f"seat {seat} would hold more than {HAND_SIZE} cards after its draws")
        end = given["end"]
        check(end is None or end in END_REASONS,
              f"'end' must be null, {END_OASIS_FULL!r} or {END_NO_CARDS!r}, got {end!r}")
        check((end == END_OASIS_FULL) == spaces.issuperset(OASIS),
              "the game ends exactly when the oasis is full")
        check(end != END_NO_CARDS or not any(hands),
              "the game ends for lack of cards only when every hand is empty")
        turn = _seat(given["turn"], players, "'turn'")
        check(end is not None or bool(queue) or bool(hands[turn]),
              "the seat to play must hold a card")
        return cls(
            camels=camels,
            discards=discards,
            turn=turn,
            last=_seat(given["last"], players, "'last'"),
            draw_queue=queue,
            end=end,
            hands=[sort_cards(hand) for hand in hands],
            piles=[sort_cards(pile) for pile in piles],
        )


def _camels(seat: int, value: Any) -> list[int]:
    check(
        isinstance(value, list)
        and len(value) == CAMELS_PER_PLAYER
        and all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= TRACK_END
                for s in value),
        f"camels of seat {seat} must be {CAMELS_PER_PLAYER} spaces 0-{TRACK_END}, "
        f"got {value!r}",
    )
    return sorted(value)


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


PUBLIC_FIELDS: Final = tuple(f.name for f in fields(ADosPosition) if f.name not in HIDDEN_FIELDS)
"""The fields every seat and a spectator see, as they are saved."""
