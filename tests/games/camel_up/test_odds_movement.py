"""The odds' fast string-board movement equals the State's movement, on thousands of
random positions of both editions (with tiles, stacks, crossings both ways and both
grey-die precedences).

``odds.py`` keeps its own movement on string boards because the exact solver merges
positions by the millions (see its docstring); these tests are what makes that a second
*implementation* and not a second set of *rules*: every die outcome of every position is
applied by the State (``apply`` on a position in the roll phase) and by the odds'
routines (``move`` for the Monte Carlo races and the advice, ``_advance`` for the exact
leg solver, ``grey_mover`` for the grey die), and the results must agree exactly.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from functools import cache

import pytest

from camelcade.core.chance import sample_chance
from camelcade.games.camel_up.actions import Die
from camelcade.games.camel_up.odds import (
    SEP,
    Position,
    _advance,
    _rank_code,
    grey_mover,
    move,
)
from camelcade.games.camel_up.position import CamelUpPosition
from camelcade.games.camel_up.spec import DIE_VALUES, EDITIONS, PRECEDENCES
from camelcade.games.camel_up.state import CamelUpState

from .helpers import game

POSITIONS = 1000
"""Random positions per (edition, precedence): 3,000 in all, each with every die outcome."""


def random_layout(rng: random.Random, edition: int, players: int) -> CamelUpPosition:
    """A position in the roll phase: camels anywhere (often near the line), up to 4 tiles."""
    spec = EDITIONS[edition]
    track: dict[int, list[str]] = {}
    for unit in rng.sample(spec.units, len(spec.units)):
        near_line = rng.random() < 0.4
        space = rng.choice([1, 2, 3, 14, 15, 16]) if near_line else rng.randint(1, 16)
        track.setdefault(space, []).append(unit)
    tiles: dict[int, str] = {}
    for _ in range(rng.randint(0, 4)):
        free = [s for s in range(2, 17) if s not in track and not {s - 1, s, s + 1} & set(tiles)]
        if free:
            tiles[rng.choice(free)] = rng.choice(spec.tile_sides)
    racing = spec.racing
    return CamelUpPosition(
        phase="roll", track=tuple((s, tuple(u)) for s, u in sorted(track.items())),
        tiles=tuple((s, side, owner) for owner, (s, side) in enumerate(sorted(tiles.items()))),
        rolled=(), tickets=((),) * players, pyramid_tickets=(0,) * players,
        coins=(3,) * players, partners=(None,) * players, turn=0, start_player=0, leg=1,
        hands=(racing,) * players, piles={"winner": (), "loser": ()})


@cache
def random_states(edition: int, precedence: str) -> tuple[CamelUpState, ...]:
    rng = random.Random(f"{edition}-{precedence}")
    the_game = game(4, edition=edition, grey_die_precedence=precedence)
    return tuple(CamelUpState(the_game, the_game.position_from_data(
        random_layout(rng, edition, 4).to_data())) for _ in range(POSITIONS))


def code_of(state: CamelUpState) -> dict[str, str]:
    return {unit: str(i) for i, unit in enumerate(state.edition.units)}


def board_of(state: CamelUpState) -> str:
    """The solver's board of the state's track and tiles."""
    track = tuple((space, tuple(units)) for space, units in state.track().items())
    tiles = tuple((t.space, t.side, t.owner) for t in state.tiles().values())
    return Position(state.edition.number, track, tiles).board()


def ranking_code(state: CamelUpState) -> str:
    """The odds' ranking code: racing camels' codes from last to first."""
    code = code_of(state)
    return "".join(code[c] for c in reversed(state.camel_order()))


def state_after(state: CamelUpState, outcome: Die) -> CamelUpState:
    after = state.clone()
    after.apply(outcome)
    return after


CASES = [(1, PRECEDENCES[0])] + [(2, precedence) for precedence in PRECEDENCES]


@pytest.mark.parametrize(("edition", "precedence"), CASES)
def test_move_equals_the_state_on_every_die_outcome(edition: int, precedence: str) -> None:
    """``odds.move`` (Monte Carlo races, advice) and ``grey_mover`` against ``apply``."""
    for state in random_states(edition, precedence):
        board, code = board_of(state), code_of(state)
        for outcome, _ in state.chance_outcomes():
            assert isinstance(outcome, Die)
            after = state_after(state, outcome)
            if outcome.colour in state.edition.crazy:
                mover = grey_mover(board, precedence == PRECEDENCES[0]) or code[outcome.colour]
                moved = move(board, mover, -1, outcome.value)
            else:
                moved = move(board, code[outcome.colour], 1, outcome.value)
            new_board, crossed = moved
            if after.is_terminal():
                assert crossed == ranking_code(after), (board, outcome)
            else:
                assert crossed is None and new_board == board_of(after), (board, outcome)


@pytest.mark.parametrize(("edition", "precedence"), CASES)
def test_grey_mover_equals_the_state_rules_i_to_iii(edition: int, precedence: str) -> None:
    for state in random_states(edition, precedence):
        if not state.edition.crazy:
            continue
        board, code = board_of(state), code_of(state)
        for shown in state.edition.crazy:
            chosen = state.movement_of(Die(shown, 1)).mover
            assert (grey_mover(board, precedence == PRECEDENCES[0]) or code[shown]) == \
                code[chosen], (board, shown)


@pytest.mark.parametrize(("edition", "precedence"), CASES)
def test_exact_solver_steps_equal_the_state(edition: int, precedence: str) -> None:
    """``_advance`` (one die, values 1-3 at once, with landings) against ``apply``."""
    for state in random_states(edition, precedence):
        board, code = board_of(state), code_of(state)
        crazy = state.edition.crazy
        for colour in state.edition.racing + crazy:
            if colour in crazy:
                unit = grey_mover(board, precedence == PRECEDENCES[0]) or code[colour]
                mover, direction = state.edition.units[int(unit)], -1
            else:
                unit, mover, direction = code[colour], colour, 1
            boards: defaultdict[str, int] = defaultdict(int)
            leaves: defaultdict[str, int] = defaultdict(int)
            landed = [0] * 18
            _advance([(board, 1)], unit, direction, 1, boards, False, leaves, 1, landed)
            expected_boards: Counter[str] = Counter()
            expected_leaves: Counter[str] = Counter()
            expected_landed: Counter[int] = Counter()
            for value in DIE_VALUES:
                # the die that moves ``mover``: its own colour, or a grey face that picks it
                outcome = Die(mover if direction > 0 else colour, value)
                movement = state.movement_of(outcome)
                assert movement.mover == mover
                if 1 <= movement.landing <= 16:
                    expected_landed[movement.landing] += 1
                after = state_after(state, outcome)
                if after.is_terminal():
                    expected_leaves[ranking_code(after)] += 1
                else:
                    expected_boards[board_of(after)] += 1
            assert Counter(boards) == expected_boards, (board, colour)
            assert Counter(leaves) == expected_leaves, (board, colour)
            assert Counter({s: n for s, n in enumerate(landed) if n}) == expected_landed


def test_the_boards_of_a_random_game_follow_the_state_die_by_die() -> None:
    """Along whole random games the solver board after each die is the state's board."""
    rng = random.Random(3)
    for edition in (1, 2):
        state = game(5, edition=edition).new_state()
        while not state.is_terminal():
            action = (sample_chance(state, rng) if state.is_chance()
                      else rng.choice(state.legal_actions()))
            if state.phase == "roll":
                assert isinstance(action, Die)
                before = board_of(state)
                movement = state.movement_of(action)
                unit = str(state.edition.units.index(movement.mover))
                board, crossed = move(before, unit, movement.direction, movement.steps)
                after = state_after(state, action)
                if crossed is not None:
                    assert after.is_terminal() and crossed == _rank_code(
                        Position.from_state(after))
                elif after.leg > state.leg:  # the tiles went back at the leg's end
                    assert board.replace("}", "").replace("~", "") == board_of(after)
                else:
                    assert board == board_of(after) and board.count(SEP) == 16
            state.apply(action)
