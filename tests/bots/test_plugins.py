"""What an expert plugs into the generic searches: evaluators, priors, groupings."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence

import pytest

import camelcade as cc
from camelcade.bots.evaluators import Evaluator, Rollout
from camelcade.bots.grouping import by_kind
from camelcade.bots.ismcts import ISMCTSBot
from camelcade.bots.rewards import rank_rewards, win_rewards
from camelcade.bots.slots import evaluator_names, search_slot
from camelcade.core.action import Action
from camelcade.core.game import State
from camelcade.core.plugin import GamePlugin, Ref, SearchSlot
from camelcade.core.registry import register, unregister
from tests.bots.coins import High, Low, PickGame, by_tens
from tests.core.toy import ToyGame

PICK_PLUGIN = GamePlugin(
    id=PickGame.id,
    game=Ref("tests.bots.coins:PickGame"),
    search=SearchSlot(evaluators={"counting": Ref("tests.bots.coins:counting_evaluator")},
                      grouping=Ref("tests.bots.coins:by_tens")),
)


@pytest.fixture
def pick_plugged_in() -> Iterator[PickGame]:
    register(PICK_PLUGIN)
    try:
        yield PickGame()
    finally:
        unregister(PickGame.id)


def test_rank_rewards_are_the_share_of_seats_beaten_ties_half() -> None:
    assert rank_rewards([[2], [1, 3], [0]], 4) == [0.0, 0.5, 1.0, 0.5]
    assert rank_rewards([[0, 1]], 2) == [0.5, 0.5]


def test_win_rewards_split_the_win_among_the_seats_tied_first() -> None:
    assert win_rewards([[1, 2], [0]], 3) == [0.0, 0.5, 0.5]
    assert win_rewards([[0], [1, 2]], 3) == [1.0, 0.0, 0.0]


def test_a_game_declares_named_evaluators_in_its_manifest(pick_plugged_in: PickGame) -> None:
    game = pick_plugged_in
    assert evaluator_names(game) == ["random", "counting"]
    bot = cc.bots.load("ismcts", iterations=40, evaluator="counting", seed=1)
    bot.choose(game.new_state().view(0))
    evaluator = bot._evaluator  # type: ignore[attr-defined]
    # Each iteration adds one node, valued by the evaluator unless the game is over there:
    # the root's children (seat 1 to pick) are unfinished, their children finished.
    root = bot.tree  # type: ignore[attr-defined]
    assert root is not None
    grandchildren = sum(len(child.children) for child in root.children.values())
    assert evaluator.calls == len(root.children) > 0
    assert len(root.children) + grandchildren == 40
    with pytest.raises(cc.OptionError, match="no evaluator 'oracle' for pick-test; its "
                                             "evaluators are: random, counting"):
        cc.bots.load("ismcts", evaluator="oracle").choose(game.new_state().view(0))


def test_a_game_without_a_manifest_has_an_empty_slot() -> None:
    assert search_slot(PickGame()) == SearchSlot()
    assert evaluator_names(ToyGame()) == ["random"]


def test_the_searches_group_by_the_games_grouping_or_by_kind(pick_plugged_in: PickGame
                                                             ) -> None:
    state = pick_plugged_in.new_state()
    keys = {}
    for grouping in ("auto", "game", "kind", "none"):
        bot = ISMCTSBot(iterations=200, seed=2, grouping=grouping)
        bot.choose(state.view(0))
        assert bot.tree is not None
        keys[grouping] = None if bot.tree.groups is None else set(bot.tree.groups)
    assert keys["auto"] == keys["game"] == {0, 1, 2, 3, 4, 5}
    assert keys["kind"] == {Low, High}
    assert keys["none"] is None
    assert by_tens(High(42)) == 4 and by_kind(High(42)) is High
    toy = ToyGame(players=2).new_state()
    for text in ["deal 1", "deal 2"]:
        toy.apply(text)
    with pytest.raises(cc.OptionError, match="toy declares no action grouping"):
        ISMCTSBot(grouping="game").choose(toy.view(0))


def test_grouping_finds_the_best_kind_of_move_sooner() -> None:
    """Pick's best answers are the high numbers: grouped by kind, the search spends most
    of its visits on them; flat, it spreads its visits over all sixty first."""
    state = PickGame().new_state()
    shares = {}
    for grouping in ("kind", "none"):
        bot = ISMCTSBot(iterations=300, seed=3, grouping=grouping, widening=0)
        bot.choose(state.view(0))
        assert bot.tree is not None
        edges = bot.tree.edges
        shares[grouping] = sum(e.visits for a, e in edges.items() if isinstance(a, High)) / 300
    assert shares["kind"] > shares["none"] + 0.1


def test_progressive_widening_tries_few_actions_where_visits_are_few() -> None:
    state = PickGame().new_state()
    bot = ISMCTSBot(iterations=50, seed=1, grouping="none", widening=1.0, widening_floor=3)
    bot.choose(state.view(0))
    assert bot.tree is not None
    assert len(bot.tree.edges) <= math.ceil(math.sqrt(50))
    floored = ISMCTSBot(iterations=50, seed=1, grouping="none", widening=1.0,
                        widening_floor=20)
    floored.choose(state.view(0))
    assert floored.tree is not None and len(floored.tree.edges) == 20
    flat = ISMCTSBot(iterations=50, seed=1, grouping="none", widening=0)
    flat.choose(state.view(0))
    assert flat.tree is not None and len(flat.tree.edges) == 50


class FavourNumber(Evaluator):
    """Priors that put one number first, leaf values that like high numbers."""

    def __init__(self, favourite: int) -> None:
        self.favourite = favourite

    def evaluate(self, state: State, rng: random.Random) -> Sequence[float]:
        return [0.5, 0.5]

    def priors(self, state: State, actions: Sequence[Action]) -> Sequence[float] | None:
        return [1.0 if getattr(a, "number", None) == self.favourite else 0.1 for a in actions]


def test_priors_order_what_widening_admits_and_bias_the_choice() -> None:
    """Seat 1 answers 'low 0': every answer but 'low 0' wins, so only the priors tell
    them apart; the favourite is tried first and, with its bias, played."""
    state = PickGame().new_state()
    state.apply(Low(0))
    bot = ISMCTSBot(iterations=30, seed=1, grouping="none", evaluator=FavourNumber(17),
                    exploration=0, widening_floor=1)
    assert str(bot.choose(state.view(1))) == "low 17"
    assert bot.tree is not None
    first = next(iter(bot.tree.edges))
    assert str(first) == "low 17"


def test_a_rollout_plays_a_policy_and_values_a_cut_off_game_by_its_leaf() -> None:
    chosen: list[int] = []

    def highest(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
        chosen.append(len(actions))
        return max(actions, key=lambda a: getattr(a, "number", 0))

    state = PickGame().new_state()
    to_the_end = Rollout(None, policy=highest)
    assert list(to_the_end.evaluate(state.clone(), random.Random(1))) == [0.5, 0.5]
    assert chosen == [60, 60]
    cut = Rollout(1, policy=highest, leaf=lambda s: [0.9, 0.1])
    assert list(cut.evaluate(state.clone(), random.Random(1))) == [0.9, 0.1]
    scored = Rollout(0)
    half = state.clone()
    half.apply(High(40))
    assert list(scored.evaluate(half, random.Random(1))) == [1.0, 0.0]  # 40 to nothing yet
    with pytest.raises(cc.OptionError, match="rollout_limit must be a whole number"):
        Rollout(-1)


def test_a_search_with_a_heuristic_leaf_and_no_rollout_follows_the_leaf() -> None:
    """``Rollout(0, leaf=...)`` values a new node by the leaf alone: with one iteration per
    action each of seat 0's picks is valued once, by a leaf that says only 13 wins."""
    leaf = Rollout(0, leaf=lambda s: [1.0, 0.0] if s.to_json()["state"]["picked"][:1] == [13]
                  else [0.0, 1.0])
    bot = ISMCTSBot(iterations=60, seed=2, evaluator=leaf, widening=0, grouping="none")
    assert str(bot.choose(PickGame().new_state().view(0))) == "low 13"


def test_the_move_played_at_a_grouped_decision_is_from_the_most_visited_group() -> None:
    """A group of one action has all its group's visits: compared action by action it
    would be played although its group was visited less. Regression: Caravan's search
    passed (a pass is a kind of its own) while the group of placements led."""
    from camelcade.bots.tree import Edge, Node, Selection, Selector

    alone, spread = Low(1), [High(n) for n in (40, 41, 42)]
    node = Node()
    node.groups = {Low: Edge(), High: Edge()}
    for action, visits in [(alone, 40), (spread[0], 30), (spread[1], 20), (spread[2], 10)]:
        edge = node.edges[action] = Edge()
        edge.visits, edge.total = visits, visits * 0.5
        group = node.groups[type(action)]
        group.visits += visits
        group.total += visits * 0.5
    selector = Selector(Selection(grouping=by_kind, group_above=2), random.Random(0),
                        lambda state, actions: None)
    legal = [alone, *spread]
    assert selector.final(node, legal) == High(40)
    flat = Selector(Selection(grouping=None), random.Random(0), lambda state, actions: None)
    assert flat.final(node, legal) == alone  # ungrouped: the most visited action
