"""A dos de Chameau as data: the track, the card set, the colours and the options.

Sources and decisions: ``shared/rules/a-dos-de-chameau.md`` (seed: the Accessijeux
adaptation of HABA's *Karawane*). Values marked PROPOSED there are options here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from camelcade.core.options import Control, Option, Preset, choice, int_list
from camelcade.core.words import N_

TOWN: Final = 0
"""Space 0 is the desert town: unlimited capacity, where every camel starts."""
TRACK_END: Final = 36
OASIS_FIRST: Final = 31
OASIS: Final = range(OASIS_FIRST, TRACK_END + 1)
"""The last six spaces; the game ends when all are occupied."""
EMPTY: Final = -1
"""The owner of an empty space."""

CAMELS_PER_PLAYER: Final = 3
HAND_SIZE: Final = 3
COLOURS: Final = ("red", "yellow", "orange", "brown")
"""Seat colours in seat order (the seed's Accessijeux colours, AD8)."""

OASIS_CARD: Final = "oasis"
MIRAGE_CARD: Final = "mirage"
LEADER: Final = "leader"
STORM: Final = "storm"
MIRAGE_VALUES: Final = (1, 2, 3)
OASIS_VALUES: Final = (1, 2, 3, 4)

CARD_ORDER: Final = (
    *(f"{OASIS_CARD}{n}" for n in OASIS_VALUES),
    *(f"{MIRAGE_CARD}{n}" for n in MIRAGE_VALUES),
    LEADER,
    STORM,
)
"""Every card name, in the order hands and lists are shown."""
CARD_RANK: Final = {name: rank for rank, name in enumerate(CARD_ORDER)}

END_OASIS_FULL: Final = "oasis-full"
END_NO_CARDS: Final = "no-cards"
"""Why a game ended: every oasis space taken, or (AD7, never reached) no card left."""
END_REASONS: Final = (END_OASIS_FULL, END_NO_CARDS)

DEFAULT_OASIS_CARDS: Final = (1, 1, 2, 2, 3, 3, 4)
DEFAULT_OASIS_POINTS: Final = (1, 2, 3, 4, 5, 6)
LEADER_TARGETS: Final = ("outside-oasis", "any")

PRESETS: Final = (
    Preset(N_("Standard"), N_("Seven oasis cards of 1 to 4 palms each, oasis spaces worth "
                              "1 to 6 points.")),
)
OPTIONS: Final = (
    Option(
        "oasis_cards",
        list(DEFAULT_OASIS_CARDS),
        N_("seven values 1-4"),
        int_list(7, 1, 4),
        N_("palms on the seven oasis cards of each set (AD1)"),
        label=N_("Palms on the oasis cards"),
        explain=N_("Each player's seven oasis cards and the palms on each."),
        control=Control("numbers", low=1, high=4, length=7, item=N_("Oasis card {number}")),
    ),
    Option(
        "oasis_points",
        list(DEFAULT_OASIS_POINTS),
        N_("six whole numbers 0-99, the points of spaces 31..36"),
        int_list(6, 0, 99),
        N_("points of the oasis spaces 31..36 (AD2)"),
        label=N_("Points of the oasis spaces"),
        explain=N_("What a camel scores on each of the six oasis spaces, 31 to 36."),
        control=Control("numbers", low=0, high=99, length=6, item=N_("Space {number}")),
    ),
    Option(
        "leader_target",
        "outside-oasis",
        N_("'outside-oasis' or 'any'"),
        choice(*LEADER_TARGETS),
        N_("which camel the caravan leader jumps in front of (AD3)"),
        label=N_("The caravan leader joins"),
        explain=N_("The camel the caravan leader card puts yours in front of."),
        control=Control("choice", choices=(
            ("outside-oasis", N_("The leading camel outside the oasis")),
            ("any", N_("The leading camel, even in the oasis")))),
    ),
)


def card_set(oasis_cards: Sequence[int]) -> Counter[str]:
    """One player's twelve cards: 7 oasis, mirage 1/2/3, the leader and the sandstorm."""
    cards: Counter[str] = Counter(f"{OASIS_CARD}{n}" for n in oasis_cards)
    cards.update(f"{MIRAGE_CARD}{n}" for n in MIRAGE_VALUES)
    cards.update([LEADER, STORM])
    return cards


def sort_cards(cards: Sequence[str]) -> list[str]:
    """Cards in the display order of ``CARD_ORDER``."""
    return sorted(cards, key=CARD_RANK.__getitem__)


def card_value(card: str) -> int:
    """The palms on an oasis or mirage card (0 for the leader and the sandstorm)."""
    return int(card[-1]) if card[-1].isdigit() else 0
