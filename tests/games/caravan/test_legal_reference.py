"""The fast move generator against the rules read plainly, over thousands of positions.

``CaravanState._legal_actions`` is built for speed (bit sets, shared action values, chains
grown by shifts). ``reference_legal`` below reads the rules file directly from the
state's public accessors, square by square and camel by camel (chains by a breadth-first
search), the way the first release generated them. The two must agree, in order, on every
position of seeded random and greedy games, with each kind of action seen many times.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import camelcade as cc
from camelcade.core.chance import sample_chance
from camelcade.games.caravan.bots import GreedyBot
from camelcade.games.caravan.spec import GOODS, NEIGHBOURS, NO_GOOD, SQUARE_NAMES, SQUARES
from camelcade.games.caravan.state import CaravanState


def chains(squares: set[int]) -> dict[int, int]:
    """Square → chain id, by breadth-first search over orthogonal neighbours."""
    found: dict[int, int] = {}
    for root in sorted(squares):
        if root in found:
            continue
        found[root] = root
        frontier = [root]
        while frontier:
            square = frontier.pop()
            for near in NEIGHBOURS[square]:
                if near in squares and near not in found:
                    found[near] = root
                    frontier.append(near)
    return found


def reference_legal(state: CaravanState) -> list[str]:
    """The legal actions of the seat to play, as text, in the engine's documented order:
    picks, relays, steals, placements, moves (each by square), then pass."""
    seat, left, players = state.player, state.actions_left, state.game.players
    mine = state.camels(seat)
    unladen = sorted({square for square, good, _ in mine if good == NO_GOOD})
    name = SQUARE_NAMES
    found = [f"pick {name[square]}" for square in unladen
             if state.space_at(square) >= 0
             and state.space_good(state.space_at(square)) != NO_GOOD]
    chain = chains({square for square, _, _ in mine})
    sources = sorted({(square, good) for square, good, _ in mine if good != NO_GOOD})
    found += [f"relay {GOODS[good]} {name[start]}-{name[to]}" for start, good in sources
              for to in unladen if chain[to] == chain[start]]
    if state.theft_markers(seat):
        thefts = sorted({(good, square, victim) for victim in range(players) if victim != seat
                         for square, good, under in state.camels(victim)
                         if good != NO_GOOD and not under and square in unladen})
        found += [f"steal {GOODS[good]} {name[square]} {victim}"
                  for good, square, victim in thefts]
    onto = [square for square in range(SQUARES) if left >= 2 or not state.occupancy(square)]
    if state.supply(seat):
        found += [f"camel {name[to]}" for to in onto]
    for start in unladen:
        found += [f"camel {name[start]}-{name[to]}" for to in onto if to != start]
    return [*found, "pass"]


def positions(game: cc.Game, seed: int, every: int, greedy: bool) -> list[CaravanState]:
    rng = random.Random(seed)
    bots = [GreedyBot(seed=seed + seat) for seat in range(game.players)]
    state = game.new_state()
    found = []
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_chance(state, rng), check=False)
            continue
        assert isinstance(state, CaravanState)
        if len(state.history) % every == 0:
            found.append(state.clone())
        seat = state.current_player
        action = (bots[seat].choose(state.view(seat)) if greedy
                  else rng.choice(state.legal_actions()))
        state.apply(action, check=False)
    return found


CASES = [(players, options) for players in (2, 3, 4)
         for options in ({}, {"camels": 6}, {"short_game": players == 4})]


@pytest.mark.parametrize(("players", "options"), CASES,
                         ids=[f"{p}p-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}"
                              for p, o in CASES])
def test_fast_legal_actions_equal_the_plain_reading(players: int, options: dict[str, object]
                                                    ) -> None:
    # Long random games (no no-progress stop) reach every kind of position.
    game = cc.load("caravan", players=players, no_progress_rounds=0, **options)
    seen: Counter[str] = Counter()
    states = positions(game, seed=players, every=7, greedy=False)
    states += positions(game, seed=players, every=2, greedy=True)
    for state in states:
        expected = reference_legal(state)
        assert [str(action) for action in state.legal_actions()] == expected, \
            f"after {state.history[-3:]}"
        seen.update(text.split()[0] if state.actions_left > 1 else f"{text.split()[0]}/1"
                    for text in expected)
    assert len(states) > 200
    for kind in ("pick", "relay", "steal", "camel", "camel/1", "pass"):
        assert seen[kind] > 10, (kind, seen)
