"""Camel Drive as data: the call-card deck, colours, payouts, phases and options.

Sources and decisions: ``shared/rules/camel-drive.md`` (seed: Reinhard Gottwald's 2020
prototype rules, German). Values marked PROPOSED there are options here.
"""

from __future__ import annotations

from typing import Any, Final

from camelcade.core.options import FLAG, Control, Option, Preset, choice, integer
from camelcade.core.words import N_, t

CARD_VALUES: Final = (0, 1, 2, 3)
"""Call-card values; a card's value is also its index in a deck's count list."""
COPIES: Final = 3
"""Each value is in a deck three times: 12 cards worth 18 in all."""
DECK: Final = (COPIES,) * len(CARD_VALUES)
"""A full deck as counts per value (index = value)."""
DECK_SIZE: Final = COPIES * len(CARD_VALUES)

COLOURS: Final = ("red", "yellow", "green", "blue", "white", "black")
"""Camel colours in seat order; with 2-3 players seat s runs colours 2s and 2s+1."""
TEAM_PLAYERS: Final = (2, 3)
"""Player counts in which each player runs two camels."""

OPENING_CARDS: Final = 2
"""Cards revealed in a camel's first turn of a race (the opening double move)."""
SHOUT_FORWARD_CARDS: Final = 2

WIN_POINTS: Final = 5
"""Points of the race winner: the second camel to finish."""
NEXT_PLACED_POINTS: Final = 2
"""Points of each camel furthest along among those not finished (CD8: ties share)."""
OTHER_POINTS: Final = 1
"""Points of every other camel still in the race; the first finisher scores 0."""
BET_PAYOUT: Final = (5, 3, 1)
"""Payout per correct stone for 1, 2, and 3 or more stones on the winning camel."""

# Phases of a match.
RACE: Final = "race"
"""Before the first camel finishes: interjections allowed."""
BETTING: Final = "betting"
"""Right after the first finish: every stone is placed, one at a time."""
SPRINT: Final = "sprint"
"""After the bets: card moves only, until a second camel finishes."""
TIE_RACE: Final = "tie-race"
"""The seed's tie-break race among the tied players (option ``tie_race``)."""
OVER: Final = "over"
PHASES: Final = (RACE, BETTING, SPRINT, TIE_RACE, OVER)

START_ROTATIONS: Final = ("player", "camel")
"""How the start moves on each race with 2-3 players (rules file, "Start rotation by
player"): to the next player, whose two camels take lanes 1-2, or to the next camel (the
first release's reading, which splits a player's camels around the order)."""

SHOUTS: Final = ("forward", "back", "left", "right")
"""Interjection effects in notation order."""


def payout_row(stones: int) -> int:
    """The row of the betting board ``stones`` stones on one camel are paid from (0: 5,
    1: 3, 2: 1 each)."""
    return min(stones, len(BET_PAYOUT)) - 1


def bet_payout(stones: int) -> int:
    """Points each correct stone earns when ``stones`` stones back the winner."""
    return BET_PAYOUT[payout_row(stones)]


def camels_for(players: int) -> int:
    """Camels in play: two per player with 2-3 players, else one each."""
    return 2 * players if players in TEAM_PLAYERS else players


def owner_of(camel: int, players: int) -> int:
    """The seat running ``camel`` (camels are numbered in seat order)."""
    return camel // 2 if players in TEAM_PLAYERS else camel


def rotation_step(players: int, start_rotation: str) -> int:
    """Camels the start moves on by each race: two (the next player's pair) with 2-3
    players and ``start_rotation="player"``, else one."""
    return 2 if players in TEAM_PLAYERS and start_rotation == "player" else 1


def boolean(value: Any) -> bool:
    """Option checker for a yes/no value; text like 'true'/'no'/'1' is accepted for the CLI."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = value.strip().lower()
        if text in ("true", "yes", "on", "1"):
            return True
        if text in ("false", "no", "off", "0"):
            return False
    raise ValueError(t("must be true or false"))


PRESETS: Final = (
    Preset(N_("Standard"), N_("Races on 15 fields, 3 interjection cards per camel, first "
                              "colour to 30 points.")),
    Preset(N_("Tie race variant"), N_("A tie is settled by a short race among the tied, "
                                      "as the rulebook's variant says."), {"tie_race": True}),
)
OPTIONS: Final = (
    Option(
        "track_length",
        15,
        N_("a whole number from 8 to 30"),
        integer(8, 30),
        N_("fields per lane; a camel finishes on reaching this position (CD2)"),
        label=N_("Length of the track"),
        explain=N_("Fields per lane; a camel reaching the last one has crossed the line."),
    ),
    Option(
        "interjections",
        3,
        N_("a whole number from 0 to 5"),
        integer(0, 5),
        N_("interjection cards per camel for the whole game (CD1)"),
        label=N_("Interjection cards per camel"),
        explain=N_("How many interjection cards each camel has for the whole game."),
    ),
    Option(
        "target_score",
        30,
        N_("a whole number from 5 to 100"),
        integer(5, 100),
        N_("the match ends after a race in which a colour reaches this score"),
        label=N_("Points to win"),
        explain=N_("The match ends after the race in which a colour reaches this score."),
    ),
    Option(
        "tie_race",
        False,
        N_("true or false"),
        boolean,
        N_("settle a tie with the seed's short tie race instead of unused interjections"),
        label=N_("Tie race"),
        explain=N_("A tie is settled by a short race without interjections or bets."),
        control=FLAG,
    ),
    Option(
        "start_rotation",
        "player",
        N_("'player' or 'camel'"),
        choice(*START_ROTATIONS),
        N_("2-3 players: the start passes to the next player (their camels in lanes 1-2) or, "
        "as in the first release, to the next camel"),
        label=N_("Who starts the next race"),
        explain=N_("With 2 or 3 players: the next player, or the next camel."),
        control=Control("choice", choices=(
            ("player", N_("The next player")), ("camel", N_("The next camel")))),
    ),
)
