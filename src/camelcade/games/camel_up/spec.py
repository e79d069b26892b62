"""Camel Up as data: the track, both editions' camels, dice, tickets, payouts and options.

Sources and decisions: ``shared/rules/camel-up.md`` (seed: a Danish summary of the 2nd
edition; the full rulebook transcription fills its gaps). Everything the rules and the odds
code need to know about an edition is in one :class:`Edition` value, so the 1st edition
(``edition=1``) is a second row of data, not a second rule book in code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from camelcade.core.options import FLAG, Control, Option, Preset, choice, integer
from camelcade.core.words import N_, t

FIRST_SPACE: Final = 1
LAST_SPACE: Final = 16
"""The loop has spaces 1..16; the finish line lies between 16 and 1. A racing camel past
16 has crossed it; a unit at 0 or below was carried back over it by a crazy camel."""
START_SPACES: Final = (1, 2, 3)
DIE_VALUES: Final = (1, 2, 3)
DIE_FACES: Final = 6
"""Racing dice show 1, 2, 3 twice; the grey die 1, 2, 3 in white and in black."""
GREY: Final = "grey"
CRAZY_START: Final = {1: 16, 2: 15, 3: 14}
"""Setup: the grey die's value places a crazy camel on space 16, 15 or 14."""

STARTING_COINS: Final = 3
PYRAMID_PAY: Final = 1
SECOND_PAY: Final = 1
WRONG_LEG_PAY: Final = -1
TILE_PAY: Final = 1
OVERALL_PAYS: Final = (8, 5, 3, 2, 1)
"""Correct overall bets in pile order; every later correct card pays the last value."""
WRONG_OVERALL_PAY: Final = -1
PARTNERSHIP_PLAYERS: Final = 6
"""With this many players or more (2nd edition), players may form partnerships."""

SETUP: Final = "setup"
PLAY: Final = "play"
ROLL: Final = "roll"
OVER: Final = "over"
PHASES: Final = (SETUP, PLAY, ROLL, OVER)
"""``setup``: chance places the camels; ``play``: a seat chooses; ``roll``: a seat took a
pyramid ticket and chance picks the die and its face; ``over``: a unit crossed the line."""


@dataclass(frozen=True)
class Edition:
    """Everything that differs between the 1st (2014) and the 2nd (2018) edition."""

    number: int
    racing: tuple[str, ...]
    """Racing camels, in the order they are listed everywhere."""
    crazy: tuple[str, ...]
    """Crazy camels (2nd edition): they run counterclockwise on the grey die."""
    leg_tickets: tuple[int, ...]
    """One colour's leg-ticket stack, top first."""
    rolls_per_leg: int
    """The leg ends when this many dice (= pyramid tickets) are out."""
    tile_sides: tuple[str, str]
    """(forward side, backward side): cheer/boo, or oasis/mirage in the 1st edition."""
    min_players: int
    max_players: int
    partnerships: bool

    @property
    def dice(self) -> tuple[str, ...]:
        """The dice in the pyramid at the start of each leg."""
        return self.racing + ((GREY,) if self.crazy else ())

    @property
    def units(self) -> tuple[str, ...]:
        """Every camel on the board: racing, then crazy."""
        return self.racing + self.crazy

    def tile_push(self, side: str) -> int:
        """+1 for the side that pushes a unit on in its own direction, -1 for the other."""
        return 1 if side == self.tile_sides[0] else -1

    def has_partnerships(self, players: int) -> bool:
        """Whether ``players`` seats of this edition may form partnerships."""
        return self.partnerships and players >= PARTNERSHIP_PLAYERS


EDITIONS: Final = {
    2: Edition(
        number=2,
        racing=("blue", "green", "yellow", "red", "purple"),
        crazy=("white", "black"),
        leg_tickets=(5, 3, 2, 2),
        rolls_per_leg=5,
        tile_sides=("cheer", "boo"),
        min_players=3,
        max_players=8,
        partnerships=True,
    ),
    1: Edition(
        number=1,
        racing=("blue", "green", "orange", "yellow", "white"),
        crazy=(),
        leg_tickets=(5, 3, 2),
        rolls_per_leg=5,
        tile_sides=("oasis", "mirage"),
        min_players=2,
        max_players=8,
        partnerships=False,
    ),
}

ALL_COLOURS: Final = tuple(dict.fromkeys(c for e in EDITIONS.values() for c in e.units))
ALL_SIDES: Final = tuple(dict.fromkeys(s for e in EDITIONS.values() for s in e.tile_sides))
PRECEDENCES: Final = ("carrying-first", "stacked-first")
"""Order of the grey die's exceptions (CU4): (i) carrying racing camels, (ii) stacked."""
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 8


def _boolean(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false", "yes", "no"):
        return value.strip().lower() in ("true", "yes")
    raise ValueError(t("must be true or false"))


OPTIONS: Final = (
    Option("edition", 2, N_("1 or 2"), integer(1, 2),
           N_("2 = the 2018 edition with crazy camels; 1 = the 2014 edition"),
           label=N_("Edition"),
           explain=N_("The 2nd edition (2018) adds two crazy camels running backwards."),
           control=Control("choice", choices=((2, N_("2nd edition (2018)")),
                                              (1, N_("1st edition (2014)"))))),
    Option("grey_die_precedence", "carrying-first",
           N_("'carrying-first' or 'stacked-first'"),
           choice(*PRECEDENCES), N_("which grey-die exception is applied first (CU4)"),
           label=N_("Grey die, when both exceptions apply"),
           explain=N_("When one crazy camel carries racing camels and the other sits "
                      "directly on it, the grey die moves the one chosen here."),
           control=Control("choice", choices=(
               ("carrying-first", N_("The one carrying racing camels")),
               ("stacked-first", N_("The one on top"))))),
    Option("unofficial_two_player", False, N_("true or false"), _boolean,
           N_("allow 2 players in the 2nd edition (unofficial; the box says 3-8)"),
           label=N_("Allow two players"),
           explain=N_("The box says 3 to 8 players; this lets two play the 2nd edition."),
           control=FLAG),
)
PRESETS: Final = (
    Preset(N_("Standard"), N_("The 2nd edition (2018) with its two crazy camels.")),
    Preset(N_("1st edition (2014)"),
           N_("Five racing camels, no crazy camels, oasis and mirage tiles."), {"edition": 1}),
)


def overall_pay(correct_before: int) -> int:
    """What a correct overall bet pays when ``correct_before`` correct cards lie above it."""
    return OVERALL_PAYS[min(correct_before, len(OVERALL_PAYS) - 1)]
