"""The faster exact leg solver gives the earlier one's Fractions on every position.

``odds_reference.py`` is the solver as it was before the speed-up (one layer per die, every
grey face moved, a board built for the last die). Here both solve the positions the odds
tests use, a fresh leg of each edition, hundreds of mid-leg positions from seeded random
play (both editions and grey-die precedences, tiles on the board, crazy camels in stacks
and near the line), and every leg the ``camel-up-ev`` and ``camel-up-expert`` bots solve
in a seeded game; first, second, last, the game's end, the denominator and the landings
must be equal, exactly.
"""

from __future__ import annotations

import random

import pytest

import camelcade as cc
import camelcade.games.camel_up.advice as advice
import camelcade.games.camel_up.odds as odds
from camelcade.core.chance import sample_chance
from camelcade.games.camel_up.odds import LegOdds, Position, leg_odds, parse_position
from camelcade.games.camel_up.spec import PRECEDENCES

from . import odds_reference
from .helpers import FRESH_1, FRESH_2, START, game, setup
from .test_odds import random_position


def assert_same_as_before(position: Position) -> None:
    for landings in (False, True):
        new = leg_odds(position, landings=landings)
        assert (new.first, new.second, new.last, new.game_end, new.outcomes,
                new.landings) == odds_reference.leg_odds(position, landings), position


def track(stacks: dict[int, list[str]]) -> tuple[tuple[int, tuple[str, ...]], ...]:
    return tuple((space, tuple(units)) for space, units in sorted(stacks.items()))


def positions_of_the_odds_tests() -> list[Position]:
    """The positions ``test_odds.py``, ``test_bot.py`` and ``test_expert.py`` solve."""
    found = [random_position(rng, edition) for rng, edition in
             ((random.Random(1), 1), (random.Random(2), 2)) for _ in range(150)]
    for edition in (1, 2):
        rng = random.Random(10 + edition)
        the_game = game(4, edition=edition)
        taken = 0
        while taken < 30:
            state = the_game.new_state()
            while not state.is_terminal() and taken < 30:
                if state.is_chance():
                    state.apply(sample_chance(state, rng))
                    continue
                if state.phase == "play" and 1 <= len(state.pyramid()) <= 4 \
                        and rng.random() < 0.3:
                    found.append(Position.from_state(state))
                    taken += 1
                state.apply(rng.choice(state.legal_actions()))
    started = setup(START)
    started.apply("bet purple")
    found += [
        Position(1, track(FRESH_1), ((5, "oasis", 0), (9, "mirage", 1))),
        Position(2, track(FRESH_2), ((6, "boo", 0),), ("blue", "green", "yellow", "red",
                                                       "grey")),
        Position(2, track(FRESH_2)),
        Position(2, track(FRESH_2), precedence=PRECEDENCES[1]),
        Position(1, track(FRESH_1)),
        parse_position("15:red 16:blue 1:green 2:yellow 3:purple 8:black 9:white", "red,grey"),
        parse_position("16:blue,green 1:orange 2:yellow 3:white", "green", edition=1),
        parse_position("16:blue,green,orange,yellow,white", edition=1),
        Position.from_state(started),
    ]
    return found


def test_leg_odds_equal_the_earlier_solver_on_the_positions_of_the_odds_tests() -> None:
    for position in positions_of_the_odds_tests():
        assert_same_as_before(position)


@pytest.mark.parametrize(("edition", "precedence"),
                         [(1, PRECEDENCES[0]), (2, PRECEDENCES[0]), (2, PRECEDENCES[1])])
def test_leg_odds_equal_the_earlier_solver_mid_leg_in_random_play(edition: int,
                                                                  precedence: str) -> None:
    """150 positions a seeded random game reaches, each checked with and without landings.

    Random play places tiles, stacks crazy camels on racing ones (and racing ones on them)
    and brings them near the line; the counts below make sure the sample has all of it.
    """
    rng = random.Random(f"reference-{edition}-{precedence}")
    the_game = game(5, edition=edition, grey_die_precedence=precedence)
    seen = {"tiles": 0, "crazy_in_a_stack": 0, "fresh": 0}
    checked = 0
    while checked < 150:
        state = the_game.new_state()
        while not state.is_terminal() and checked < 150:
            if state.is_chance():
                state.apply(sample_chance(state, rng))
                continue
            if state.phase == "play" and rng.random() < 0.25:
                position = Position.from_state(state)
                assert_same_as_before(position)
                checked += 1
                seen["tiles"] += bool(position.tiles)
                seen["fresh"] += len(position.dice) == len(position.spec.dice)
                seen["crazy_in_a_stack"] += any(
                    set(stack) & set(position.spec.crazy) and set(stack) & set(
                        position.spec.racing) for _, stack in position.track)
            state.apply(rng.choice(state.legal_actions()))
    assert seen["tiles"] >= 30 and seen["fresh"] >= 10, seen
    if edition == 2:
        assert seen["crazy_in_a_stack"] >= 10, seen


def test_every_leg_the_bots_solve_in_a_game_equals_the_earlier_solver(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Both expected-value bots (the expert solves legs with its tile moved, too)."""
    solved: list[Position] = []

    def checked(position: Position, *, landings: bool = False) -> LegOdds:
        if len(solved) < 120:
            assert_same_as_before(position)
        solved.append(position)
        return leg_odds(position, landings=landings)

    monkeypatch.setattr(advice, "leg_odds", checked)
    the_game = cc.load("camel-up", players=4)
    bots = [cc.bots.load(name, seed=seat) for seat, name in
                       enumerate(["camel-up-ev", "camel-up-expert"] * 2)]
    rng = random.Random(5)
    state = the_game.new_state()
    while not state.is_terminal() and len(solved) < 120:
        if state.is_chance():
            state.apply(sample_chance(state, rng))
        else:
            state.apply(bots[state.current_player].choose(state.view(state.current_player)))
    assert len(solved) >= 120


def test_dormant_crazy_camels_are_those_no_racing_camel_can_reach() -> None:
    """``_dormant``: racing camels reach at most 3 spaces a roll before the grey die (4
    with a tile), never go back, and a crazy camel must not share their space or be able
    to cross the line."""
    def board(text: str, pyramid: str = "blue,green,yellow,red,purple,grey",
              tiles: str | None = None) -> str:
        return parse_position(text, pyramid, tiles).board()

    far = board("1:red 2:blue,green 3:yellow,purple 14:black 16:white")
    # racing camels up to space 3; 4 more rolls before the grey die reach 15 at most
    assert not odds._dormant(far, 5, False)
    assert odds._dormant(far, 4, False)  # 3 rolls reach 12 < 14
    assert not odds._dormant(far, 4, True)  # with tiles 4 a roll: 15
    assert odds._dormant(far, 1, False)  # the grey die is the last: nothing can reach
    behind = board("5:black 6:white 8:red 9:blue,green 10:yellow,purple")
    assert odds._dormant(behind, 5, False)  # racing camels never go back
    shared = board("2:blue,green 3:yellow,purple 14:black 16:white,red")
    assert not odds._dormant(shared, 1, False)  # red shares white's space
    near_line = board("4:black 9:white 10:red 11:blue,green 12:yellow,purple")
    assert not odds._dormant(near_line, 1, False)  # black could cross the line
