"""Hands and face-down piles as shared, immutable multisets of cards.

A hand holds at most three cards and a pile at most twelve, from nine kinds, so only a
few thousand distinct multisets ever occur. Each is one interned :class:`Cards` value made
with its neighbours: the multiset less each of its cards (``without``), and, while it has
fewer than three cards, with each card added (``plus``). It also keeps the chance outcomes
of drawing from it and the discard actions of a hand, so a draw, a play or a search's
copy of the position allocates nothing: a state holds references, and copying a state
copies a short list of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final

from camelcade.games.a_dos_de_chameau.actions import DISCARDS, DRAWS, Discard, Draw
from camelcade.games.a_dos_de_chameau.spec import (
    CARD_ORDER,
    CARD_RANK,
    HAND_SIZE,
    LEADER,
    MIRAGE_CARD,
    OASIS_CARD,
    STORM,
    card_value,
)


class Cards:
    """One multiset of card names, in display order; make them with :func:`cards_of`."""

    __slots__ = ("cards", "discards", "distinct", "leader", "mirages", "oasis", "outcomes",
                 "plus", "size", "storm", "without")

    def __init__(self, cards: tuple[str, ...]) -> None:
        self.cards = cards
        """The cards in ``CARD_ORDER``, repeats kept."""
        self.size = len(cards)
        self.distinct = tuple(dict.fromkeys(cards))
        """Each kind once, in ``CARD_ORDER``: the order legal plays are listed in."""
        self.discards: tuple[Discard, ...] = tuple(DISCARDS[card] for card in self.distinct)
        """What a hand of these cards may do when none of them has a legal play (AD4)."""
        self.oasis = tuple((card_value(card), card) for card in self.distinct
                           if card.startswith(OASIS_CARD))
        """The oasis cards among them, each kind once with its palms, in card order."""
        self.mirages = tuple(card for card in self.distinct if card.startswith(MIRAGE_CARD))
        self.leader = LEADER in self.distinct
        self.storm = STORM in self.distinct
        self.without: dict[str, Cards] = {}
        """These cards less one of each kind they hold (filled by :func:`cards_of`)."""
        self.plus: dict[str, Cards] = {}
        """Fewer than three cards: these and one more of any kind (a hand's draw)."""
        counts = Counter(cards)
        self.outcomes: tuple[tuple[Draw, float], ...] = tuple(
            (DRAWS[card], counts[card] / self.size) for card in self.distinct)
        """Drawing one of these cards at random: each kind with its chance, in card order."""

    def _link(self) -> None:
        """Make the neighbours: every multiset one card away that the rules can reach."""
        for card in self.distinct:
            rest = list(self.cards)
            rest.remove(card)
            self.without[card] = cards_of(rest)
        if self.size < HAND_SIZE:
            for card in CARD_ORDER:
                self.plus[card] = cards_of((*self.cards, card))

    def __repr__(self) -> str:
        return f"cards_of({list(self.cards)!r})"


_INTERNED: Final[dict[tuple[str, ...], Cards]] = {}
"""Every multiset made so far, by content (a few thousand at most, whatever the options)."""


def cards_of(cards: Iterable[str]) -> Cards:
    """The shared value holding ``cards`` (names from ``CARD_ORDER``, in any order)."""
    key = tuple(sorted(cards, key=CARD_RANK.__getitem__))
    found = _INTERNED.get(key)
    if found is None:
        found = _INTERNED[key] = Cards(key)
        found._link()  # after interning: a neighbour's own neighbours lead back here
    return found


NO_CARDS: Final = cards_of(())
