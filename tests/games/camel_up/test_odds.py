"""Exact leg odds equal a plain brute force, on hundreds of random positions of both
editions; race odds are seeded Monte Carlo with standard errors."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from camelcade.core.chance import sample_chance
from camelcade.games.camel_up.odds import Position, leg_odds, parse_position, race_odds
from camelcade.games.camel_up.spec import EDITIONS

from . import brute_force
from .helpers import FRESH_1, FRESH_2, game


def random_position(rng: random.Random, edition: int) -> Position:
    spec = EDITIONS[edition]
    track: dict[int, list[str]] = {}
    for unit in rng.sample(spec.units, len(spec.units)):
        space = rng.randint(1, 16) if rng.random() < 0.6 else rng.choice([1, 2, 3, 14, 15, 16])
        track.setdefault(space, []).append(unit)
    tiles: dict[int, str] = {}
    for _ in range(rng.randint(0, 4)):
        free = [s for s in range(2, 17) if s not in track
                and not {s - 1, s, s + 1} & set(tiles)]
        if free:
            tiles[rng.choice(free)] = rng.choice(spec.tile_sides)
    size = rng.randint(1 if edition == 1 else 2, 4)
    return Position(edition, tuple((s, tuple(u)) for s, u in sorted(track.items())),
                    tuple((s, side, i) for i, (s, side) in enumerate(sorted(tiles.items()))),
                    tuple(rng.sample(spec.dice, size)))


def assert_equal_to_brute_force(position: Position) -> None:
    track = {space: list(units) for space, units in position.track}
    tiles = {space: side for space, side, _ in position.tiles}
    first, second, last, hits = brute_force.leg(position.edition, track, tiles,
                                                list(position.dice), position.rolls_left)
    odds = leg_odds(position, landings=True)
    assert odds.first == first and odds.second == second and odds.last == last, position
    assert all(odds.landings[space] == p for space, p in hits.items()), position


@pytest.mark.parametrize("edition", [1, 2])
def test_exact_leg_odds_equal_brute_force_on_random_positions(edition: int) -> None:
    rng = random.Random(edition)
    for _ in range(150):
        assert_equal_to_brute_force(random_position(rng, edition))


@pytest.mark.parametrize("edition", [1, 2])
def test_exact_leg_odds_equal_brute_force_on_positions_from_random_games(edition: int) -> None:
    rng = random.Random(10 + edition)
    the_game = game(4, edition=edition)
    checked = 0
    while checked < 30:
        state = the_game.new_state()
        while not state.is_terminal() and checked < 30:
            if state.is_chance():
                state.apply(sample_chance(state, rng))
                continue
            if state.phase == "play" and 1 <= len(state.pyramid()) <= 4 and rng.random() < 0.3:
                assert_equal_to_brute_force(Position.from_state(state))
                checked += 1
            state.apply(rng.choice(state.legal_actions()))


def test_fresh_leg_odds_equal_brute_force_in_the_1st_edition() -> None:
    assert_equal_to_brute_force(Position(1, tuple((s, tuple(u)) for s, u in FRESH_1.items()),
                                         ((5, "oasis", 0), (9, "mirage", 1))))


def test_leg_odds_with_five_dice_left_equal_brute_force_in_the_2nd_edition() -> None:
    position = Position(2, tuple((s, tuple(u)) for s, u in FRESH_2.items()), ((6, "boo", 0),),
                        ("blue", "green", "yellow", "red", "grey"))
    assert_equal_to_brute_force(position)


def test_odds_come_as_fractions_summing_to_one_and_as_floats() -> None:
    odds = leg_odds(Position(2, tuple((s, tuple(u)) for s, u in FRESH_2.items())))
    for table in (odds.first, odds.second, odds.last):
        assert all(isinstance(p, Fraction) for p in table.values())
        assert sum(table.values()) == 1
    floats = odds.floats()
    assert floats["first"]["purple"] == float(odds.first["purple"])
    assert odds.outcomes == 6 * 6 * 5 * 6 * 4 * 6 * 3 * 6 * 2 * 6
    assert odds.game_end == 0


def test_a_unit_past_the_line_ends_the_leg_early_in_the_odds() -> None:
    position = parse_position("15:red 16:blue 1:green 2:yellow 3:purple 8:black 9:white",
                              "red,grey")
    odds = leg_odds(position)
    # red's die comes out with probability 1/2; a 2 or a 3 takes it over the line
    assert odds.game_end == Fraction(1, 3)
    assert odds.first["red"] == Fraction(1, 2)  # with a 1 it lands on top of blue


def test_race_odds_are_seeded_with_standard_errors() -> None:
    position = Position(2, tuple((s, tuple(u)) for s, u in FRESH_2.items()))
    one = race_odds(position, samples=400, seed=7)
    assert one == race_odds(position, samples=400, seed=7)
    assert one != race_odds(position, samples=400, seed=8)
    assert math.isclose(sum(one.winner.values()), 1.0) and math.isclose(sum(one.loser.values()), 1)
    for colour, p in one.winner.items():
        assert math.isclose(one.winner_error[colour], math.sqrt(p * (1 - p) / 400))


def test_race_odds_agree_with_exact_odds_when_the_race_must_end_this_leg() -> None:
    position = parse_position("16:blue,green 1:orange 2:yellow 3:white", "green", edition=1)
    exact = leg_odds(position)
    race = race_odds(position, samples=500, seed=1)
    assert exact.game_end == 1 and exact.first["green"] == 1 and exact.last["orange"] == 1
    assert race.winner["green"] == 1.0 and race.loser["orange"] == 1.0
    assert race.winner_error["green"] == 0.0


def test_typed_positions_are_checked() -> None:
    with pytest.raises(Exception, match="every camel"):
        parse_position("1:blue")
    with pytest.raises(Exception, match="SPACE:CAMEL"):
        parse_position("blue")


@pytest.mark.slow
def test_fresh_leg_odds_equal_brute_force_in_the_2nd_edition() -> None:
    """All six dice in the pyramid: the full 2nd-edition leg (about 5 seconds)."""
    assert_equal_to_brute_force(Position(2, tuple((s, tuple(u)) for s, u in FRESH_2.items())))
