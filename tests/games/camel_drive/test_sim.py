"""sim.finish_race mirrors the rules engine, and its deals respect what a seat may know."""

from __future__ import annotations

import random

import pytest

from camelcade.core.chance import sample_chance
from camelcade.games.camel_drive import CamelDriveState
from camelcade.games.camel_drive.sim import Table, deal, finish_race, win_chances
from camelcade.games.camel_drive.spec import bet_payout

from .helpers import data, game, play, position


def _draw(camel: int, orders: list[list[int]], discards: list[list[int]],
          rng: random.Random) -> int:
    order = orders[camel]
    if not order:
        order[:] = discards[camel]
        discards[camel].clear()
        rng.shuffle(order)
    card = order.pop()
    discards[camel].append(card)
    return card


def _random_position(players: int, seed: int) -> CamelDriveState:
    """A position in the first race of a random match, at a seat's decision."""
    state = game(players).new_state()
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 80)):
        if state.race > 1:
            break
        state.apply(sample_chance(state, rng) if state.is_chance()
                    else rng.choice(state.legal_actions()))
    while state.is_chance():
        state.apply(sample_chance(state, rng))
    if state.race > 1:
        return _random_position(players, seed + 1000)
    assert isinstance(state, CamelDriveState)
    return state


@pytest.mark.parametrize("seed", range(40))
def test_finish_race_matches_the_rules_engine_card_for_card(seed: int) -> None:
    players = (2, 3, 4, 5, 6)[seed % 5]
    state = _random_position(players, seed)
    saved = data(state)
    table = Table.from_observation(state.observation(0), players, state.track_length)
    rng = random.Random(seed)
    orders = []
    for counts in saved["piles"]:
        pile = [v for v in range(4) for _ in range(counts[v])]
        rng.shuffle(pile)
        orders.append(pile)
    discards = [[v for v in range(4) for _ in range(counts[v])] for counts in saved["discards"]]
    outcome = finish_race(table.copy(), ([list(o) for o in orders], [list(d) for d in discards]),
                          random.Random(99))
    engine_rng = random.Random(99)
    while state.race == 1:
        if state.is_chance():
            pending = state.pending
            assert pending is not None
            play(state, f"card {_draw(pending[0], orders, discards, engine_rng)}")
        else:
            play(state, str(state.legal_actions()[0]))  # draw, or the first legal bet
    last = state.last_race
    assert last is not None
    assert (last["first"], last["winner"]) == (outcome.first, outcome.winner)
    stones = [c for c, bet in enumerate(last["bets"]) if bet == last["winner"]]
    placing = [gain - (bet_payout(len(stones)) if c in stones else 0)
               for c, gain in enumerate(last["gains"])]
    assert placing == outcome.placing_points()


def test_deal_keeps_pile_sizes_and_the_top_discard() -> None:
    state = position(piles=[[0, 1, 2, 3], [3, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]],
                     tops=[1, 2, 0, 3])
    table = Table.from_observation(state.observation(0), 4, 15)
    for seed in range(20):
        orders, discards = deal(table, random.Random(seed))
        assert [len(o) for o in orders] == [6, 3, 4, 8]
        assert [d[-1] for d in discards] == [1, 2, 0, 3]
        assert all(sorted(o + d) == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
                   for o, d in zip(orders, discards, strict=True))


def test_win_chances_sum_to_one_and_never_favour_the_first_finisher() -> None:
    state = play(position(positions=[14, 14, 3, 2]), "draw", "card 1")
    table = Table.from_observation(state.observation(0), 4, 15)
    chances = win_chances(table, random.Random(1), 500)
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] == 0.0
    assert chances[1] > 0.9
