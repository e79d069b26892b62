"""The tree searches ``ismcts`` and ``mcts``: honesty, the tree's keys, chance, budgets."""

from __future__ import annotations

import random

import pytest

import camelcade as cc
from camelcade.bots.ismcts import ISMCTSBot
from camelcade.bots.mcts import MCTSBot
from camelcade.bots.plain_mcts import PlainMCTSBot
from camelcade.bots.search import TreeSearchBot
from camelcade.bots.tree import Node
from camelcade.core.chance import sample_chance
from camelcade.core.game import State
from camelcade.core.view import LiveView, View
from tests.bots.coins import CoinsGame
from tests.core.toy import ToyGame


class PeekingView(LiveView):
    """A view that cheats: its samples are the true position (the control of the
    honesty tests, showing that the position tells honest and cheating searches apart)."""

    __slots__ = ()

    def sample_state(self, rng: random.Random) -> State:
        assert self._source is not None
        return self._source._position_copy()


def after_the_coin_is_hidden(coin: str) -> State:
    state = CoinsGame().new_state()
    state.apply("open")
    state.apply(f"hide {coin}")
    return state


def root_figures(root: Node) -> dict[str, tuple[int, int, float]]:
    return {str(a): (e.visits, e.available, e.total) for a, e in root.edges.items()}


@pytest.mark.parametrize("cls", [ISMCTSBot, MCTSBot])
def test_a_search_never_reads_the_opponents_secret(cls: type[TreeSearchBot]) -> None:
    """North must guess South's hidden coin (50%) or fold (60%). The honest search does
    exactly the same — move and every statistic — whichever coin South hid, so nothing of
    it can have been read; a search fed the true position guesses it every time."""
    searches = {}
    for coin in ("heads", "tails"):
        state = after_the_coin_is_hidden(coin)
        bot = cls(iterations=3000, seed=4)
        searches[coin] = (str(bot.choose(state.view(0))), root_figures(bot.tree or Node()))
        cheat = cls(iterations=3000, seed=4)
        peeking = PeekingView(state, 0, 0, tuple(state.legal_actions()))
        assert str(cheat.choose(peeking)) == f"guess {coin}"
    assert searches["heads"] == searches["tails"]
    assert searches["heads"][0] == "fold"


def test_ismcts_keys_the_tree_by_what_the_seat_saw() -> None:
    """From North's first move: after 'open', South's hidden coin is one branch, 'hide ?'
    (North's own history text), so North plans one answer for both coins and sees that
    'open' is worth 60% at best: it plays 'safe' (70%)."""
    bot = ISMCTSBot(iterations=3000, seed=1)
    state = CoinsGame().new_state()
    assert str(bot.choose(state.view(0))) == "safe"
    root = bot.tree
    assert root is not None
    assert set(root.children) == {"safe", "open"}
    assert set(root.children["open"].children) == {"hide ?"}
    answers = root.children["open"].children["hide ?"]
    assert {str(a) for a in answers.edges} == {"guess heads", "guess tails", "fold"}
    south = root.children["open"]
    assert {str(a) for a in south.edges} == {"hide heads", "hide tails"}  # South's own choice


def test_mcts_keys_the_tree_by_true_actions_and_falls_for_strategy_fusion() -> None:
    """The same position for ``mcts``: its tree keeps the two coins apart, so it plans as
    if North would know the coin when guessing, and opens (the reason ismcts exists)."""
    bot = MCTSBot(iterations=3000, seed=1)
    state = CoinsGame().new_state()
    assert str(bot.choose(state.view(0))) == "open"
    root = bot.tree
    assert root is not None
    (opened,) = (child for key, child in root.children.items() if str(key) == "open")
    assert {str(key) for key in opened.children} == {"hide heads", "hide tails"}


@pytest.mark.parametrize("cls", [ISMCTSBot, MCTSBot])
def test_chance_outcomes_the_seat_sees_are_branches(cls: type[TreeSearchBot]) -> None:
    """'roll' tosses a coin for all to see, then North calls it: a sure win for a search
    whose tree branches on the toss; the first release's search (one node whatever the
    toss) values the call at 50% and prefers 'safe' (70%)."""
    state = CoinsGame(third="roll").new_state()
    assert str(cls(iterations=1000, seed=3).choose(state.view(0))) == "roll"
    assert str(PlainMCTSBot(iterations=1000, seed=3).choose(state.view(0))) == "safe"


@pytest.mark.parametrize("cls", [ISMCTSBot, MCTSBot])
def test_the_search_finds_the_only_winning_move_in_the_toy_game(
        cls: type[TreeSearchBot]) -> None:
    """Target 7, total 3, seat 0 to move: 'add 1' (to 4) wins by force, 'add 2' loses."""
    state = ToyGame(players=2, target=7).new_state()
    for text in ["deal 1", "deal 1", "add 2", "add 1"]:
        state.apply(text)
    assert str(cls(iterations=400, seed=2).choose(state.view(0))) == "add 1"


def decision_point(game: cc.Game, seed: int, skip: int) -> State:
    """A position of a seeded random game with a real choice, ``skip`` decisions in."""
    rng, state, seen = random.Random(seed), game.new_state(), 0
    while True:
        if state.is_chance():
            state.apply(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            if seen == skip:
                return state
            seen += 1
        state.apply(rng.choice(legal))


@pytest.mark.parametrize("name", ["ismcts", "mcts"])
def test_the_same_seed_and_iterations_give_the_same_search(name: str) -> None:
    game = cc.load("camel-up", players=3)
    state = decision_point(game, 5, 4)
    runs = []
    for _ in range(2):
        bot = cc.bots.load(name, iterations=150, seed=9)
        runs.append((bot.choose(state.view(state.current_player)),
                     root_figures(bot.tree or Node())))  # type: ignore[attr-defined]
    assert runs[0] == runs[1]
    other = cc.bots.load(name, iterations=150, seed=10)
    other.choose(state.view(state.current_player))
    assert root_figures(other.tree) != runs[0][1]  # type: ignore[attr-defined]


def test_on_a_perfect_information_game_ismcts_is_mcts() -> None:
    game = cc.load("kamelen")
    state = decision_point(game, 2, 6)
    figures = []
    for cls in (ISMCTSBot, MCTSBot):
        bot = cls(iterations=120, seed=3, rollout_limit=40)
        bot.choose(state.view(state.current_player))
        figures.append(root_figures(bot.tree or Node()))
    assert figures[0] == figures[1]


def test_availability_counts_when_an_action_was_legal() -> None:
    """Every visit of the root in which an action was legal counts once: at the root all
    actions are always legal, so each one's availability is the visits since it was tried."""
    state = ToyGame(players=2, target=12).new_state()
    for text in ["deal 2", "deal 3"]:
        state.apply(text)
    bot = ISMCTSBot(iterations=200, seed=1)
    bot.choose(state.view(0))
    root = bot.tree
    assert root is not None and root.visits == 200
    assert sorted(edge.available for edge in root.edges.values()) == [199, 200]
    assert sum(edge.visits for edge in root.edges.values()) == 200


def test_the_tree_is_kept_for_the_next_move_where_the_seat_can_follow_it() -> None:
    """After North's move and South's reply (both seen), the next search starts from the
    node they lead to; without ``reuse``, or after ``begin``, it starts afresh."""
    game = ToyGame(players=2, target=12)
    for reuse in (True, False):
        state = game.new_state()
        for text in ["deal 2", "deal 3"]:
            state.apply(text)
        bot = ISMCTSBot(iterations=300, seed=1, reuse=reuse)
        state.apply(bot.choose(state.view(0)))
        state.apply("add 1")
        bot.choose(state.view(0))
        assert bot.last is not None
        assert (bot.last.reused > 0) is reuse
    bot.reuse = True
    bot.begin(game, 0, 5)
    bot.choose(state.view(0))
    assert bot.last is not None and bot.last.reused == 0


def test_ismcts_follows_a_hidden_action_by_what_the_seat_saw() -> None:
    """South's coin is 'hide ?' to North: ismcts's tree follows it, mcts's cannot."""
    game = CoinsGame()
    reused = {}
    for cls in (ISMCTSBot, MCTSBot):
        state = game.new_state()
        bot = cls(iterations=400, seed=2)
        bot.choose(state.view(0))
        state.apply("open")  # pretend North opened, to follow the tree down that branch
        state.apply("hide tails")
        bot.choose(state.view(0))
        assert bot.last is not None
        reused[cls.name] = bot.last.reused
    assert reused["ismcts"] > 0
    assert reused["mcts"] == 0


def test_a_time_budget_alone_searches_until_the_time_is_up() -> None:
    state = ToyGame(players=2, target=20).new_state()
    for text in ["deal 1", "deal 3"]:
        state.apply(text)
    for clock in ("wall", "cpu"):
        bot = ISMCTSBot(time_limit=0.05, clock=clock, seed=1)
        assert bot.iterations is None
        assert bot.choose(state.view(0)) in state.legal_actions()
        assert bot.last is not None and bot.last.iterations >= 1
    capped = ISMCTSBot(time_limit=60, iterations=25, seed=1)
    capped.choose(state.view(0))
    assert capped.last is not None and capped.last.iterations == 25


def test_a_forced_move_is_played_without_searching() -> None:
    bot = ISMCTSBot(iterations=50, seed=1)
    game = cc.load("camel-drive", players=3)
    forced = game.new_state()
    rng = random.Random(1)
    while forced.is_chance() or len(forced.legal_actions()) != 1:
        forced.apply(sample_chance(forced, rng) if forced.is_chance()
                     else forced.legal_actions()[0])
    assert bot.choose(forced.view(forced.current_player)) == forced.legal_actions()[0]
    assert bot.last is not None and bot.last.iterations == 0


@pytest.mark.parametrize("setting, message", [
    ({"iterations": 0}, "iterations must be a whole number of at least 1"),
    ({"time_limit": 0}, "time_limit must be a number of seconds above 0"),
    ({"clock": "sundial"}, "clock must be one of wall, cpu"),
    ({"reward": "glory"}, "reward must be one of rank, win"),
    ({"grouping": "colour"}, "grouping must be one of auto, kind, game, none"),
    ({"widening": -1}, "widening must be a number of at least 0"),
    ({"widening_exponent": 0}, "widening_exponent must be a number above 0"),
    ({"group_above": 0.5}, "group_above must be a whole number"),
    ({"widening_floor": 0}, "widening_floor must be a whole number of at least 1"),
    ({"rollout_limit": -3}, "rollout_limit must be a whole number"),
    ({"reuse": "yes"}, "reuse must be true or false"),
    ({"evaluator": 7}, "evaluator must be an evaluator's name"),
])
def test_bad_settings_are_refused_saying_what_is_allowed(setting: dict[str, object],
                                                          message: str) -> None:
    with pytest.raises(cc.OptionError, match=message):
        cc.bots.load("ismcts", **setting)


def test_a_view_without_legal_actions_is_refused() -> None:
    state = ToyGame(players=2, target=12).new_state()
    for text in ["deal 1", "deal 1"]:
        state.apply(text)
    with pytest.raises(cc.CamelcadeError, match="seat 1 has no legal action"):
        ISMCTSBot(iterations=5).choose(state.view(1))


@pytest.mark.parametrize("name", ["ismcts", "mcts"])
def test_the_searches_play_every_game_through_its_view_alone(name: str) -> None:
    """Twelve decisions of every registered game at its largest table, seats searching a
    few iterations each (a smoke test of the API alone: views, samples, fast path)."""
    for game_id in cc.game_ids():
        game = cc.load(game_id, players=cc.core.game_class(game_id).max_players)
        bots = [cc.bots.load(name, iterations=4, rollout_limit=10, seed=seat)
                for seat in range(game.players)]
        for seat, bot in enumerate(bots):
            bot.begin(game, seat, seat)  # type: ignore[attr-defined]
        state, rng, decisions = game.new_state(), random.Random(1), 0
        while not state.is_terminal() and decisions < 12:
            if state.is_chance():
                state.apply(sample_chance(state, rng))
                continue
            view: View = state.view(state.current_player)
            state.apply(bots[state.current_player].choose(view))
            decisions += 1
        assert decisions == 12 or state.is_terminal()


def test_a_three_seat_game_is_played_to_the_end() -> None:
    game = ToyGame(players=3, target=15)
    record = cc.play(game, [ISMCTSBot(iterations=60), cc.bots.load("random"),
                            MCTSBot(iterations=60)], seed=3)
    assert record.ranking is not None
    assert sorted(seat for group in record.ranking for seat in group) == [0, 1, 2]


def test_grouping_none_written_in_an_entrant_turns_grouping_off() -> None:
    """``mcts:grouping=none`` arrives as None, as every setting spelt ``none`` does; it was
    refused ("got None") although ``none`` is one of the allowed values."""
    from camelcade.sim.entrants import parse_entrants

    entrant = parse_entrants(["mcts:grouping=none"], "caravan")[0]
    bot = entrant.build()
    assert isinstance(bot, MCTSBot) and bot.grouping == "none"
