"""The ``caravan-greedy`` bot: registered, sensible in set positions, and clearly stronger
than random play (a small, statistically safe version of benchmarks/eval_caravan_greedy.py).
"""

from __future__ import annotations

import camelcade as cc
from camelcade.games.caravan.actions import Move, Pass, Pick, Relay, Steal
from camelcade.games.caravan.bots import GreedyBot, shortest
from camelcade.games.caravan.spec import SQUARE_ID, SQUARES, penalty
from camelcade.games.caravan.state import CaravanState
from tests.games.caravan.helpers import position

EMPTY_BAG = dict.fromkeys(("ivory", "cloth", "gems", "paper", "meat", "swords", "salt",
                           "hides"), 0)
ROW = ["salt", "meat", "hides", "swords", "ivory", "cloth", "gems", "paper"]


def choose(state: cc.State, bot: GreedyBot | None = None) -> str:
    return str((bot or GreedyBot()).choose(state.view(state.current_player)))


def test_greedy_is_registered_by_name() -> None:
    bot = cc.bots.load("caravan-greedy")
    assert bot.name == "caravan-greedy"


def test_greedy_delivers_when_a_chain_reaches_the_city() -> None:
    state = position([["d2 salt", "d3", "b6"], []], turn=5)
    assert choose(state) == "relay salt d2-d3"


def test_greedy_picks_up_a_good_with_demand_markers() -> None:
    state = position([["a7", "g5"], []], markers=[3, 0, 0, 0, 0, 0, 0, 0], turn=5)
    assert choose(state) == "pick a7"


def test_greedy_builds_a_chain_towards_the_city() -> None:
    state = position([["d1 salt"], []], turn=5)  # salt city d3 is two squares up
    assert choose(state) in {"camel d2", "camel d3"}


def test_greedy_steals_a_good_it_can_deliver() -> None:
    state = position([["d2", "d3"], ["d2 salt"]], turn=5)
    assert choose(state) == "steal salt d2 1"


def test_greedy_does_not_end_the_game_with_a_delivery_it_would_lose() -> None:
    state = position([["d2 salt", "d3"], ["a1"]], spaces=ROW, bag=EMPTY_BAG,
                     delivered=[{"salt": 4, "meat": 5, "ivory": 1, "cloth": 1},
                                {"hides": 5, "swords": 5, "gems": 1, "paper": 1}],
                     demand=[0, 10])
    assert "relay salt d2-d3" in [str(a) for a in state.legal_actions()]
    assert choose(state) != "relay salt d2-d3"


def test_greedy_ends_the_game_with_a_delivery_that_wins() -> None:
    state = position([["d2 salt", "d3"], ["a1"]], spaces=ROW, bag=EMPTY_BAG,
                     delivered=[{"salt": 4, "meat": 5, "ivory": 1, "cloth": 1},
                                {"hides": 5, "swords": 5, "gems": 1, "paper": 1}])
    assert choose(state) == "relay salt d2-d3"


def test_chain_costs_count_only_squares_without_our_camels() -> None:
    weight = [1] * SQUARES
    weight[SQUARE_ID["d2"]] = 0
    dist = shortest(weight, SQUARE_ID["d3"], 0)
    assert dist[SQUARE_ID["d1"]] == 1  # d2 is ours, d1 costs 1
    assert dist[SQUARE_ID["a3"]] == 3


def test_greedy_beats_random_players_clearly() -> None:
    """16 two-player games, seats alternating: a random bot wins half; greedy must win at
    least 14 (a random bot would, with probability 0.2 %)."""
    wins = 0
    for seed in range(16):
        seat = seed % 2
        agents = [cc.bots.load("random"), cc.bots.load("random")]
        agents[seat] = cc.bots.load("caravan-greedy")
        record = cc.play(cc.load("caravan", players=2), agents, seed=seed)
        wins += seat in (record.winners or [])
    assert wins >= 14


class SelfPlayWatch:
    """Watches a game of greedy bots for the two faults of issue 14: a pass while a
    pick-up whose demand markers pay for it (or a delivery before the last draw) is
    legal, and a camel moved back onto a square one of that seat's camels left in the same
    turn or the seat's previous one (the f1-d1-f1 shuttle), with no pick-up, relay or theft
    in between."""

    def __init__(self) -> None:
        self.left: dict[int, list[set[int]]] = {}
        """Per seat: the squares left in its previous turn and in this one."""
        self.turns: dict[int, int] = {}
        self.faults: list[str] = []

    def __call__(self, state: cc.State, text: str) -> None:
        assert isinstance(state, CaravanState)
        seat = state.current_player
        if seat < 0:
            return
        action = state.parse_action(text)
        before, now = self.left.setdefault(seat, [set(), set()])
        if self.turns.get(seat) != state.turn:
            self.turns[seat] = state.turn
            before, now = now, set()
            self.left[seat] = [before, now]
        if isinstance(action, Pass):
            self._check_pass(state, seat)
        elif isinstance(action, Move):
            if action.to in before | now:
                self.faults.append(f"turn {state.turn}: {text} undoes an earlier move")
            now.add(action.start)
        elif isinstance(action, Pick | Steal | Relay):  # progress, or a good moved on
            before.clear()
            now.clear()

    def _check_pass(self, state: CaravanState, seat: int) -> None:
        held = state.held(seat)
        needed = penalty(held + 1) - penalty(held)
        for action in state.legal_actions():
            if isinstance(action, Pick):
                space = state.space_at(action.square)
                if state.space_markers(space) >= needed:
                    self.faults.append(f"turn {state.turn}: passed with {action} paying")
            elif (isinstance(action, Relay) and state.city_at(action.to) == action.good
                  and not state.bag_empty()):
                self.faults.append(f"turn {state.turn}: passed with delivery {action}")


def test_greedy_self_play_ends_by_the_bag_rule_without_idle_passes_or_undone_moves() -> None:
    """Six games greedy against greedy (2, 3 and 4 players): each ends by a delivery once
    the bag is empty, never by a stop, and no bot passes while a pick-up that pays for
    itself or a delivery is open, or moves a camel back where it came from (the full
    100-game figure is benchmarks/eval_caravan_greedy.py --self-play)."""
    for seed in range(6):
        players = 2 + seed % 3
        watch = SelfPlayWatch()
        agents = [cc.bots.load("caravan-greedy") for _ in range(players)]
        record = cc.play(cc.load("caravan", players=players), agents, seed=seed,
                         on_action=watch)
        final = cc.replay(record).to_json()["state"]
        assert (final["end"], sum(final["bag"].values())) == ("delivery", 0), seed
        assert watch.faults == [], seed


class Passer:
    """A person who places a camel on a goods space, picks the good up, places two camels
    beside it, then passes every turn (the scripted person of the transcript golden)."""

    name = "passer"

    def __init__(self) -> None:
        self.script = ["camel a1", "pick a1", "camel b1", "camel c1"]

    def choose(self, view: cc.View) -> cc.Action:
        actions = {str(action): action for action in view.legal_actions()}
        while self.script:
            text = self.script.pop(0)
            if text in actions:
                return actions[text]
        return actions["pass"]


def test_greedy_leapfrogs_its_goods_home_against_a_player_who_passes() -> None:
    """With every camel placed, the bot carries goods home by leapfrogging (a camel beside
    the good, the good passed on, the camel behind freed); before the planned relay it
    wandered a camel round d2-d4-e3 until the no-progress stop (seeds 3 and 5)."""
    for seed in (3, 5):
        agents = [Passer(), cc.bots.load("caravan-greedy")]
        record = cc.play(cc.load("caravan", players=2), agents, seed=seed)
        final = cc.replay(record).to_json()["state"]
        assert (final["end"], sum(final["bag"].values())) == ("delivery", 0), seed


class Afresh:
    """``caravan-greedy`` made anew for every decision, as the game server's workers make
    it: its memory must come from the game's history."""

    name = "caravan-greedy"

    def choose(self, view: cc.View) -> cc.Action:
        return GreedyBot().choose(view)


def test_a_greedy_bot_made_afresh_for_each_decision_recalls_its_moves() -> None:
    """Against a player who passes, the fresh bots (seed 3, where the server's bot shuttled
    a camel d7-a6-d7 until the no-progress stop) end the game by the bag rule, moving no
    camel back where one of theirs came from."""
    watch = SelfPlayWatch()
    record = cc.play(cc.load("caravan", players=2), [Passer(), Afresh()], seed=3,
                     on_action=watch)
    final = cc.replay(record).to_json()["state"]
    assert (final["end"], sum(final["bag"].values())) == ("delivery", 0)
    assert [fault for fault in watch.faults if "undoes" in fault] == []
