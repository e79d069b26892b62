"""The champion: legal and reproducible in both editions, its view only, its race paths,
its guesses of the hidden race bets, and its value of a move by rank, not coins."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import camelcade as cc
from camelcade.core.view import View
from camelcade.games.camel_up.board import ranking
from camelcade.games.camel_up.champion import ChampionBot, _shortlist, _Table
from camelcade.games.camel_up.expert import ExpertBot
from camelcade.games.camel_up.odds import Position, leg_odds, race_odds, race_paths
from camelcade.games.camel_up.reading import bet_model, bet_swings, describe, leg_swings
from camelcade.games.camel_up.scoring import score_pile
from camelcade.games.camel_up.spec import EDITIONS
from camelcade.records import replay
from camelcade.sim.hidden_choices import moments_in

from .helpers import START, setup


def test_the_champion_is_registered_with_its_budget() -> None:
    bot = cc.bots.load("camel-up-champion", iterations=50)
    assert bot.name == "camel-up-champion"
    with pytest.raises(cc.CamelcadeError, match="candidates"):
        ChampionBot(candidates=0)
    with pytest.raises(cc.CamelcadeError, match="reward"):
        ChampionBot(reward="coins")


@pytest.mark.parametrize("edition", [1, 2])
def test_every_move_is_legal_and_the_same_seed_plays_the_same_game(edition: int) -> None:
    def one_game() -> list[str]:
        agents = [ChampionBot(iterations=60), ExpertBot(race_samples=60)] * 2
        record = cc.play(cc.load("camel-up", players=4, edition=edition), agents, seed=11)
        return list(record.actions)

    first = one_game()  # cc.play checks every choice is legal
    assert len(first) > 40
    assert one_game() == first


def test_it_decides_from_its_view_only() -> None:
    """Seat 0's face-down card differs; seat 1's values do not, nor on a view rebuilt
    from the observation alone."""
    found = set()
    for secret in ("purple", "blue", "red"):
        state = setup(START)
        state.apply(f"winner {secret}")
        view = state.view(1)
        rebuilt = View.from_observation(state.game, 1, 1, view.observation,
                                        tuple(view.history), view.legal_actions())
        for seen in (view, rebuilt):
            bot = ChampionBot(seed=3, iterations=80)
            bot.begin(state.game, 1, 3)
            shortlist = _shortlist(bot._expert.choices(seen), 4)
            found.add(tuple(round(v, 9) for v in bot.values(seen, shortlist)))
    assert len(found) == 1


def test_race_paths_are_the_races_race_odds_counts() -> None:
    """Same position, same seed: the paths' winners and losers are race_odds' counts, and
    their leg orders agree with the exact leg odds within sampling error."""
    position = Position.from_observation(setup(START).view(0).observation)
    paths = race_paths(position, 2000, seed=5)
    odds = race_odds(position, 2000, seed=5)
    winners = Counter(p.race[0] for p in paths)
    losers = Counter(p.race[-1] for p in paths)
    for colour in position.spec.racing:
        assert winners[colour] / 2000 == pytest.approx(odds.winner[colour])
        assert losers[colour] / 2000 == pytest.approx(odds.loser[colour])
    exact = leg_odds(position)
    firsts = Counter(p.leg[0] for p in paths)
    for colour in position.spec.racing:
        p = float(exact.first[colour])
        assert abs(firsts[colour] / 2000 - p) < 4 * (p * (1 - p) / 2000) ** 0.5 + 1e-9
    assert max(p.legs_after for p in paths) >= 2  # a fresh race runs several legs


def test_hidden_cards_are_drawn_distinct_per_owner_and_like_the_model() -> None:
    """Seat 0 bets three times face down; every draw gives it three distinct colours,
    and the favourite of the model's guess is drawn most."""
    state = setup(START)
    for text in ("winner red", "bet blue", "bet blue", "bet blue",
                 "loser yellow", "bet green", "bet green", "bet green", "winner blue"):
        state.apply(text)
    view = state.view(1)
    bot = ChampionBot(seed=2, iterations=40)
    bot.begin(state.game, 1, 2)
    bot._expert.choices(view)  # sees the cards, guesses them
    guesses = bot._expert.guesses()
    assert len(guesses) == 3
    table = _Table(view.observation, 1, leg_odds(Position.from_view(view), landings=True),
                   bet_model(), Position.from_view(view))
    draws = table.draw_hidden(guesses, 400, random.Random(1))
    for cards in draws:
        assert len(cards) == 3 and len(set(cards.values())) == 3
    first = Counter(cards[("winner", 0, 0)] for cards in draws)
    assert first.most_common(1)[0][0] == max(guesses[("winner", 0)],
                                             key=guesses[("winner", 0)].__getitem__)


def test_the_shipped_opponent_model_is_fitted_for_both_editions_and_both_piles() -> None:
    model = bet_model()
    assert set(model.choices.weights) == {f"edition {e} {p}" for e in (1, 2)
                                          for p in ("winner", "loser")}
    assert all(spread > 0 for spread in model.leg_spread.values())
    assert set(model.leg_spread) == {1, 2} == set(model.bet_spread)
    assert all(spread > 0 for spread in model.bet_spread.values())
    assert type(model).from_json(model.as_json()) == model


def test_a_recorded_game_gives_its_race_bets_as_moments_and_its_legs_as_swings() -> None:
    """What the fitting reads from the lab's records: one moment per race bet made with
    a choice of colours (its colour the one chosen), and per whole leg each seat's coins
    less the table's mean (four numbers summing to zero)."""
    agents = [ExpertBot(seed, race_samples=40) for seed in range(4)]
    record = cc.play(cc.load("camel-up", players=4, edition=2), agents, seed=8)
    state, expected = replay(record, upto=0), []
    for text in record.actions:
        kind, *rest = text.split()
        if kind in ("winner", "loser") and len(state.view(state.current_player)
                                              .observation["hand"]) >= 2:
            expected.append(rest[0])
        state.apply(state.parse_action(text))
    moments = [m for _, m in moments_in([record], describe)]
    assert expected and [m.options[m.chosen] for m in moments] == expected
    assert {m.group for m in moments} <= {"edition 2 winner", "edition 2 loser"}
    swings = leg_swings(replay(record, upto=0), record.actions)
    assert swings and len(swings) % 4 == 0
    for leg in range(0, len(swings), 4):
        assert sum(swings[leg:leg + 4]) == pytest.approx(0.0, abs=1e-9)


def test_the_race_bets_of_each_leg_are_paid_as_the_game_pays_the_piles() -> None:
    """``bet_swings``: per leg, what each seat's race bets of that leg are paid at the end,
    less the table's mean. Summed over the legs, the gaps between seats are the game's
    own payout of the piles (``score_pile``, with coins enough that no floor bites)."""
    agents = [ExpertBot(seed, race_samples=40) for seed in range(4)]
    record = cc.play(cc.load("camel-up", players=4, edition=2), agents, seed=8)
    swings = bet_swings(replay(record, upto=0), record.actions)
    end = replay(record)
    observation = end.view(0).observation
    assert end.is_terminal() and swings and len(swings) % 4 == 0
    totals = [sum(swings[seat::4]) for seat in range(4)]
    paid = [100] * 4
    order = ranking({space: units for space, units in observation["track"]},
                    EDITIONS[2].racing)
    for pile, target in (("winner", order[0]), ("loser", order[-1])):
        score_pile([tuple(card) for card in observation["piles"][pile]], target, paid)
    assert any(total != 0 for total in totals)
    for seat in range(1, 4):
        assert totals[seat] - totals[0] == pytest.approx(paid[seat] - paid[0], abs=1e-9)


def test_a_time_limit_alone_lifts_the_cap_on_race_paths() -> None:
    state = setup(START)
    view = state.view(0)
    shortlist = _shortlist(ExpertBot().choices(view), 3)
    capped = ChampionBot(iterations=80)
    assert len(capped._paths(Position.from_view(view))) == 80
    timed = ChampionBot(time_limit=0.05, clock="cpu")
    assert timed._budget.iterations is None  # no cap: only the clock stops it
    assert len(timed._paths(Position.from_view(view))) % 40 == 0  # whole batches
    assert ChampionBot()._budget.iterations == 400
    assert len(timed.values(view, shortlist)) == len(shortlist)
