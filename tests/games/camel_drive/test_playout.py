"""``play_out_race``: the rules' own race played out fast, for the planner and the advisor."""

from __future__ import annotations

import random

import pytest

from camelcade.core.chance import sample_chance
from camelcade.games.camel_drive.bots import win_chances
from camelcade.games.camel_drive.deck import CARDS, code_of
from camelcade.games.camel_drive.spec import bet_payout
from camelcade.games.camel_drive.state import CamelDriveState
from tests.playout_support import check_playouts_match

from .helpers import data, game, play, position


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


@pytest.mark.parametrize("seed", range(60))
def test_play_out_race_ends_as_the_public_path_with_the_same_cards(seed: int) -> None:
    """Card for card: each reveal picks the card the same number picks from that pile."""
    players = (2, 3, 4, 5, 6)[seed % 5]
    state = _random_position(players, seed)
    rng = random.Random(seed)
    numbers = [[rng.random() for _ in range(40)] for _ in range(state.camels)]
    move = rng.choice(state.legal_actions())
    before = state.to_json()
    ending = state.play_out_race(random.Random(0), move, numbers)
    assert state.to_json() == before, "the playout changed the state"
    used = [0] * state.camels
    race = state.race
    state.apply(move)
    while state.last_race is None or state.last_race["race"] != race:
        if state.is_chance():
            pending = state.pending
            assert pending is not None
            camel = pending[0]
            cards = CARDS[code_of(data(state)["piles"][camel])]
            play(state, f"card {cards[int(numbers[camel][used[camel]] * len(cards))]}")
            used[camel] += 1
        else:
            play(state, str(state.legal_actions()[0]))  # draw, or the first legal bet
    last = state.last_race
    assert (last["first"], last["winner"]) == (ending.first, ending.winner)
    stones = [c for c, bet in enumerate(last["bets"]) if bet == last["winner"]]
    placing = [gain - (bet_payout(len(stones)) if c in stones else 0)
               for c, gain in enumerate(last["gains"])]
    assert list(ending.placing) == placing


def test_play_out_race_scores_placing_without_bets() -> None:
    # Sprint: Blue is out, Green on 14 wins with any card but 0; Red on 12 is next placed.
    state = position(phase="sprint", positions=[12, 9, 14, 15], first=3, bets=[2, 2, 2, 2],
                     turn=2, piles=[[3, 3, 3, 3], [3, 3, 3, 3], [0, 3, 3, 3], [3, 3, 3, 3]])
    ending = state.play_out_race(random.Random(1))
    assert (ending.first, ending.winner) == (3, 2)
    assert ending.placing == (2, 1, 5, 0)


def test_the_same_numbers_give_the_same_ending() -> None:
    state = _random_position(4, 7)
    numbers = [[random.Random(c).random() for _ in range(40)] for c in range(4)]
    move = state.legal_actions()[-1]
    endings = {state.play_out_race(random.Random(seed), move, numbers) for seed in range(5)}
    assert len(endings) == 1


def test_win_chances_sum_to_one_and_never_favour_the_first_finisher() -> None:
    state = play(position(positions=[14, 14, 3, 2]), "draw", "card 1")
    chances = win_chances(state.view(0).sample_state, 4, random.Random(1), 500)
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] == 0.0
    assert chances[1] > 0.9


@pytest.mark.parametrize(("players", "options"), [
    (4, {}),
    (2, {"tie_race": True, "target_score": 8}),
    (3, {"start_rotation": "camel", "track_length": 8, "target_score": 10}),
    (6, {"interjections": 0}),
    (5, {"tie_race": True, "track_length": 8, "target_score": 6}),
])
def test_the_own_playout_loop_plays_what_the_contract_says(
        players: int, options: dict[str, object]) -> None:
    """``_playout`` (reveals read off the pile code's running probabilities) against the
    public step-by-step playout, over hundreds of random positions a variant, tie races,
    team scores and match ends included (``tests/playout_support.py``)."""
    assert check_playouts_match(game(players, **options), positions=1000, seed=players) == 1000
