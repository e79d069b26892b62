"""Kamelen as data: board sizes, the setup, rocks, home fields, piece codes and options.

Sources and decisions: ``shared/rules/kamelen.md`` (seed: Fred Horn's 1991 rules as posted
on sagme.blogspot.com). The setup, rocks and home fields are that file's [PROPOSED] values
(KA1, KA2, KA6); everything here is written once and derived elsewhere.
"""

from __future__ import annotations

from typing import Final

from camelcade.core.options import Control, Option, Preset, choice, integer
from camelcade.core.words import N_

FILES: Final = "abcdefghijk"
WIDTH: Final = len(FILES)
"""11 files, a-k, on every board."""

BOARDS: Final = {"11x11": 11, "11x12": 12, "11x13": 13}
"""Board option value -> number of ranks (two 11x5 halves plus a 1, 2 or 1+2 middle strip)."""

SIDE_NAMES: Final = ("South", "North")
"""Seat 0 is South (ranks 1-3, moves first), seat 1 is North (the mirror image)."""
SIDE_LETTERS: Final = ("s", "n")

HOME_FILE: Final = 5
"""Home fields sit on the centre file f of each back rank: f1 for South, f{N} for North."""

# Piece codes on the board (small ints keep move generation fast).
EMPTY: Final = 0
ROCK: Final = 5
CAMEL: Final = (1, 3)
"""Camel code of each seat."""
DROMEDARY: Final = (2, 4)
"""Dromedary code of each seat."""
PIECE_LETTERS: Final = {1: "C", 2: "D", 3: "c", 4: "d", ROCK: "#"}
"""Position notation: South upper case, North lower case, rocks ``#``, digits = empty runs."""
LETTER_CODES: Final = {letter: code for code, letter in PIECE_LETTERS.items()}
OWNER: Final[tuple[int | None, ...]] = (None, 0, 0, 1, 1, None)
"""OWNER[code]: the seat owning an animal code (None for an empty square and a rock)."""

CAMELS_PER_SIDE: Final = 8
DROMEDARIES_PER_SIDE: Final = 10
CAMELS_PER_COLOUR: Final = 4
"""Camels never change square colour, so each side has at most 4 on each colour."""

SOUTH_CAMELS: Final = ("b2", "c2", "d2", "e2", "g2", "h2", "i2", "j2")
SOUTH_DROMEDARIES: Final = ("b1", "d1", "h1", "j1", "a3", "c3", "e3", "g3", "i3", "k3")
ROCKS: Final = {
    "11x11": ("a6", "c6", "e6", "g6", "i6", "k6"),
    "11x12": ("a6", "e6", "i6", "c7", "g7", "k7"),
    "11x13": ("a7", "c7", "e7", "g7", "i7", "k7"),
}
"""South's setup is listed; North's is its mirror image (rank r <-> N + 1 - r)."""

CONQUEST_POINTS: Final = 2.0
"""A camel on the opponent's home field wins double."""
ELIMINATION_POINTS: Final = 1.0
"""Capturing every enemy camel able to reach your home field wins single."""
DRAW_POINTS: Final = 0.5

END_CONQUEST: Final = "conquest"
"""A camel reached the opponent's home field: its side wins 2 points."""
END_ELIMINATION: Final = "elimination"
"""Every enemy camel able to reach the capturer's home field is gone: 1 point."""
END_PASSES: Final = "passes"
"""Two passes in a row: a draw."""
END_REPETITION: Final = "repetition"
"""The same position (board and side to move) for the third time: a draw."""
END_NO_CAPTURE: Final = "no-capture"
"""``no_capture_limit`` plies without a capture: a draw."""
REPETITION_DRAW: Final = 3
"""The occurrence of a position that draws the game (threefold repetition)."""

THIRD_STEPS: Final = ("outward", "any")
"""KA5: the third step continues outward ((1,3) and (2,3) leaps), or may also bend back."""

PRESETS: Final = (
    Preset(N_("Standard"), N_("The standard board of 11 × 11 squares.")),
    Preset(N_("Board of 11 × 12"), N_("One rank more between the armies."),
           {"board": "11x12"}),
    Preset(N_("Board of 11 × 13"), N_("Two ranks more between the armies."),
           {"board": "11x13"}),
)
OPTIONS: Final = (
    Option(
        "board",
        "11x11",
        N_("'11x11', '11x12' or '11x13'"),
        choice(*BOARDS),
        N_("board size: 11 files by 11, 12 or 13 ranks"),
        label=N_("Board"),
        explain=N_("11 files by 11, 12 or 13 ranks: a longer board keeps the armies apart."),
        control=Control("choice", choices=(
            ("11x11", N_("11 × 11 (standard)")), ("11x12", N_("11 × 12")),
            ("11x13", N_("11 × 13")))),
    ),
    Option(
        "no_capture_limit",
        100,
        N_("a whole number 0-10000 (0 = no limit)"),
        integer(0, 10_000),
        N_("plies without a capture before the game is drawn (0 = off)"),
        label=N_("Moves without a capture before a draw"),
        explain=N_("The game is drawn after this many moves, both sides counted, without "
                   "a capture; 0 never draws it this way."),
    ),
    Option(
        "third_step",
        "outward",
        N_("'outward' or 'any'"),
        choice(*THIRD_STEPS),
        N_("KA5: whether the third step must continue outward (default) or may bend back"),
        label=N_("Third step of a leap"),
        explain=N_("Whether the last step of a camel's or dromedary's leap must go on "
                   "outward or may bend back."),
        control=Control("choice", choices=(
            ("outward", N_("Outward only")), ("any", N_("Outward or back")))),
    ),
)
