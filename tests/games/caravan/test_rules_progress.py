"""The no-progress stop (decision CA18, rules version 2): ``no_progress_rounds`` full rounds
without a pick-up, delivery, theft or draw end the game; 0 turns the stop off, as version 1
played. Relays and camel moves can be repeated for ever, so they are not progress."""

from __future__ import annotations

import json

import pytest

import camelcade as cc
from camelcade.core.errors import OptionError, StateError
from camelcade.games.caravan.spec import NO_PROGRESS_ROUNDS
from tests.games.caravan.helpers import data, game, position, position_data, wrap

SHUTTLE = ("relay salt a1-b1", "relay salt b1-a1")
"""The endless game of the issue: a good relayed along a chain of two camels and back."""


def shuttle_turn(state: cc.State, seat_moves: list[str]) -> None:
    """Play one whole turn of the seat to act: its moves in turn, then pass if needed."""
    seat, turn = state.current_player, data(state)["turn"]
    for move in seat_moves:
        if state.is_terminal() or data(state)["turn"] != turn:
            return
        state.apply(move)
    if not state.is_terminal() and state.current_player == seat and data(state)["turn"] == turn:
        state.apply("pass")


def quiet_game(**options: object) -> cc.State:
    """Red relays salt a1-b1 and back; Green moves a camel back and forth: no progress."""
    return position([["a1 salt", "b1"], ["g7"]], turn=5, progress_turn=5, **options)


def play_quiet_turns(state: cc.State, turns: int) -> None:
    for _ in range(turns):
        if state.is_terminal():
            return
        if state.current_player == 0:
            shuttle_turn(state, [*SHUTTLE, *SHUTTLE])
        else:
            shuttle_turn(state, ["camel g7-f7", "camel f7-g7", "camel g7-f7", "camel f7-g7"])


def test_no_progress_stop_is_ten_full_rounds_by_default() -> None:
    assert NO_PROGRESS_ROUNDS == 10
    assert game(2).options["no_progress_rounds"] == 10


def test_no_progress_stop_ends_the_game_after_ten_full_rounds_of_relays_and_moves() -> None:
    state = quiet_game()  # the last progress was in turn 5
    play_quiet_turns(state, 20)  # turns 5 to 24
    assert not state.is_terminal()
    play_quiet_turns(state, 1)  # turn 25 ends: turns 6 to 25, ten rounds of two, were quiet
    assert state.is_terminal()
    assert data(state)["end"] == "no-progress"
    assert data(state)["turn"] == 25 and data(state)["progress_turn"] == 5


def test_no_progress_stop_fires_at_the_end_of_the_last_quiet_turn_not_before() -> None:
    state = position([["a1 salt", "b1"], ["g7"]], turn=25, progress_turn=5)
    for move in (*SHUTTLE, SHUTTLE[0]):
        state.apply(move)
        assert not state.is_terminal()
    state.apply(SHUTTLE[1])  # the turn's fourth action ends it
    assert state.is_terminal() and data(state)["end"] == "no-progress"
    assert data(state)["actions_left"] == 0


@pytest.mark.parametrize(("seat_camels", "progress"), [
    ([["a7", "b1"], ["g5"]], "pick a7"),
    ([["d2 salt", "d3"], ["g5"]], "relay salt d2-d3"),
    ([["c3"], ["c3 meat"]], "steal meat c3 1"),
], ids=["pick-up", "delivery", "theft"])
def test_a_pick_up_delivery_or_theft_starts_the_count_afresh(seat_camels: list[list[str]],
                                                             progress: str) -> None:
    state = position(seat_camels, turn=25, progress_turn=5)  # the 20th quiet turn
    state.apply(progress)
    assert data(state)["progress_turn"] == 25
    state.apply("pass")
    assert not state.is_terminal()


def test_a_relay_that_does_not_deliver_is_not_progress() -> None:
    state = position([["a1 salt", "b1"], ["g7"]], turn=25, progress_turn=5)
    state.apply("relay salt a1-b1")
    assert data(state)["progress_turn"] == 5
    state.apply("pass")
    assert state.is_terminal() and data(state)["end"] == "no-progress"


def test_a_draw_is_progress() -> None:
    state = game(2).new_state()
    for good in ("salt", "meat", "hides", "swords", "ivory", "cloth", "gems", "paper"):
        state.apply(f"draw {good}")
    assert data(state)["progress_turn"] == 1


def test_the_count_is_in_full_rounds_of_every_player() -> None:
    state = position([["a1 salt", "b1"], ["g7"], ["g1"]], turn=34, progress_turn=5)
    assert not state.is_terminal()
    state.apply("pass")  # turn 34 ends: 29 quiet turns, fewer than 3 x 10
    assert not state.is_terminal()
    state.apply("pass")  # turn 35 ends: 30 quiet turns, 10 full rounds of three
    assert state.is_terminal() and data(state)["end"] == "no-progress"


def test_no_progress_rounds_sets_the_number_of_rounds() -> None:
    state = position([["a1 salt", "b1"], ["g7"]], turn=7, progress_turn=5, no_progress_rounds=1)
    state.apply("relay salt a1-b1")
    state.apply("relay salt b1-a1")
    state.apply("relay salt a1-b1")
    assert not state.is_terminal()
    state.apply("relay salt b1-a1")  # turn 7 ends: turns 6 and 7, one round of two
    assert state.is_terminal() and data(state)["end"] == "no-progress"


def test_no_progress_rounds_zero_never_stops_a_game_that_goes_nowhere() -> None:
    state = quiet_game(no_progress_rounds=0)
    play_quiet_turns(state, 200)
    assert not state.is_terminal()
    assert "progress_turn" not in data(state)


def test_first_against_random_ends_although_first_relays_for_ever() -> None:
    """The issue's endless game: ``first`` relays salt a1-b1 for ever while nobody delivers."""
    agents = [cc.bots.load("first"), cc.bots.load("random"), cc.bots.load("random")]
    record = cc.play(cc.load("caravan", players=3), agents, seed=4, max_actions=20_000)
    final = cc.replay(record)
    assert final.is_terminal()
    assert data(final)["end"] == "no-progress"


def test_records_and_states_saved_before_version_2_replay_without_the_stop() -> None:
    """Options saved by rules version 1 lack ``no_progress_rounds``: that game had no stop."""
    old = {"camels": 5, "map": "standard", "players": 2, "safety_stop": "round",
           "short_game": True}
    caravan = cc.load("caravan", players=2)
    assert type(caravan).load_saved(old).option("no_progress_rounds") == 0
    assert caravan.rules_version == 2
    the_game = game(2, no_progress_rounds=0)
    saved = wrap(the_game, position_data([["a1"], []], options={"no_progress_rounds": 0}))
    saved["options"] = old
    state = the_game.state_from_json(saved)
    assert "progress_turn" not in data(state)


def test_a_saved_position_keeps_the_turn_of_the_last_progress() -> None:
    state = position([["a1 salt", "b1"], ["g7"]], turn=9, progress_turn=6)
    again = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert data(again)["progress_turn"] == 6 and again == state


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.__setitem__("progress_turn", 0), "'progress_turn' must be a turn from 1"),
    (lambda d: d.__setitem__("progress_turn", 10), "'progress_turn' must be a turn from 1"),
    (lambda d: d.__setitem__("progress_turn", "5"), "'progress_turn' must be a turn from 1"),
    (lambda d: d.pop("progress_turn"), "lacks ['progress_turn']"),
    (lambda d: d.update(turn=30, progress_turn=5, actions_left=4),
     "10 full rounds (20 turns) without progress end the game"),
    (lambda d: d.update(end="no-progress"), "after 10 full rounds (20 turns)"),
], ids=["zero", "after-turn", "text", "missing", "too-long", "ended-early"])
def test_a_bad_progress_turn_is_refused_with_the_reason(change: object, message: str) -> None:
    raw = position_data([["a1"], []], turn=9, progress_turn=6)
    change(raw)  # type: ignore[operator]
    the_game = game(2)
    with pytest.raises(StateError) as error:
        the_game.state_from_json(wrap(the_game, raw))
    assert message in str(error.value)


def test_a_game_without_the_stop_refuses_a_progress_turn() -> None:
    the_game = game(2, no_progress_rounds=0)
    raw = position_data([["a1"], []], options={"no_progress_rounds": 0})
    raw["progress_turn"] = 3
    with pytest.raises(StateError, match="saved only by games with the no-progress stop"):
        the_game.state_from_json(wrap(the_game, raw))


def test_no_progress_rounds_out_of_range_is_refused() -> None:
    with pytest.raises(OptionError, match="no_progress_rounds=-1 is not allowed"):
        game(2, no_progress_rounds=-1)
