"""How drivers ask agents for their moves (``core.agent.chooser``) and how views lapse.

An agent's choice is always checked: by index for an agent that chooses by index, by
identity with the offered actions, else by the full check. Every view of a position
lapses when that position changes, and only then.
"""

from __future__ import annotations

import random

import pytest

import camelcade as cc
from camelcade.bots.random_bot import RandomBot
from camelcade.core.agent import chooser
from camelcade.core.game import Game
from camelcade.core.types import PlayerId
from tests.core.toy import Add, Deal, ToyGame, ToyState


def _dealt(players: int = 2) -> ToyState:
    state = ToyGame(players=players).new_state()
    for secret in (3, 1, 2)[:players]:
        state.apply(Deal(secret))
    return state


class ChoosesByAction:
    """RandomBot's choices, given through ``choose`` alone (no ``choose_index``)."""

    name = "random"

    def __init__(self) -> None:
        self._bot = RandomBot()

    def begin(self, game: Game, seat: PlayerId, seed: int) -> None:
        self._bot.begin(game, seat, seed)

    def choose(self, view: cc.View) -> cc.Action:
        return self._bot.choose(view)


class Returns:
    """Chooses whatever it was told to, by index or as an action."""

    name = "returns"

    def __init__(self, index: object = None, action: object = None) -> None:
        if index is not None:
            self.choose_index = lambda view: index
        self._action = action

    def choose(self, view: cc.View) -> cc.Action:
        return self._action  # type: ignore[return-value]


@pytest.mark.parametrize("game_id", ["caravan", "camel-up", "a-dos-de-chameau"])
def test_choosing_by_index_plays_the_very_games_of_choosing_by_action(game_id: str) -> None:
    game = cc.load(game_id)
    for seed in range(3):
        by_index = cc.play(game, [RandomBot() for _ in range(game.players)], seed=seed)
        by_action = cc.play(game, [ChoosesByAction() for _ in range(game.players)], seed=seed)
        assert by_index.to_json() == by_action.to_json()


def test_the_random_bot_draws_what_random_choice_draws() -> None:
    """Its index is ``randrange(n)``, the draw of ``choice``: seeded games did not change."""
    state, bot, reference = _dealt(), RandomBot(seed=9), random.Random(9)
    for _ in range(20):
        actions = state.legal_actions()
        assert actions[bot.choose_index(state.view(state.current_player))] is reference.choice(
            actions)


def test_a_random_bot_without_a_seed_makes_its_generator_when_first_asked() -> None:
    state = _dealt()
    assert RandomBot().choose(state.view(0)) in state.legal_actions()


@pytest.mark.parametrize("index", [2, -1, True, "0", 1.0])
def test_an_index_that_names_no_offered_action_is_refused_and_nothing_changes(
    index: object,
) -> None:
    state = _dealt()
    before = state.to_json()
    with pytest.raises(cc.IllegalActionError,
                       match=rf"returns chose action index {index!r} for seat 0; .* from 0 to 1"):
        chooser(Returns(index=index))(state, 0)
    assert state.to_json() == before


def test_a_choice_not_among_the_offered_objects_takes_the_full_check() -> None:
    state = _dealt()
    assert chooser(Returns(action=Add(2)))(state, 0) == Add(2)  # an equal value made anew
    assert chooser(Returns(action="add 1"))(state, 0) == Add(1)  # text
    with pytest.raises(cc.IllegalActionError, match=r"illegal action 'deal 2'.*legal now"):
        chooser(Returns(action=Deal(2)))(state, 0)


def test_play_refuses_an_illegal_choice_before_telling_on_action() -> None:
    told: list[str] = []
    with pytest.raises(cc.IllegalActionError, match="illegal action 'deal 2'"):
        cc.play(ToyGame(players=2), [Returns(action=Deal(2))] * 2, seed=1,
                on_action=lambda state, text: told.append(text))
    assert len(told) == 2  # the two deals (chance), not the refused choice


def test_play_tells_on_action_every_action_and_stops_a_game_past_max_actions() -> None:
    told: list[str] = []
    record = cc.play(ToyGame(players=3), [RandomBot()] * 3, seed=2,
                     on_action=lambda state, text: told.append(text))
    assert told == record.actions and record.winners == record.ranking[0]  # type: ignore[index]
    with pytest.raises(cc.CamelcadeError, match="did not end within 4 actions"):
        cc.play(ToyGame(players=3), [RandomBot()] * 3, seed=2, max_actions=4)


def test_every_view_of_a_position_lapses_when_it_changes_and_a_copy_s_views_do_not() -> None:
    state = _dealt()
    mine, theirs = state.view(0), state.view(1)
    copy = state.clone()
    of_copy = copy.view(0)
    state.apply(Add(1))
    for lapsed in (mine, theirs):
        with pytest.raises(cc.StaleViewError):
            _ = lapsed.observation
    assert of_copy.observation["total"] == 0  # the copy did not move
    after = state.view(0)
    copy.apply(Add(2))
    with pytest.raises(cc.StaleViewError):
        list(of_copy.history)  # the copy moved: its view lapsed, what was read stays
    assert of_copy.observation["total"] == 0
    assert after.observation["total"] == 1  # the original's new view is still live


def test_a_playout_lapses_the_views_of_the_position_it_leaves() -> None:
    state = _dealt()
    view = state.view(0)
    state.playout(random.Random(0), limit=1)
    with pytest.raises(cc.StaleViewError):
        view.sample_state(random.Random(0))
