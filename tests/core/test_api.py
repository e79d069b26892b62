"""The public names of shared/design/api.md exist and behave as documented."""

from __future__ import annotations

import json

import pytest

import camelcade as cc
from camelcade.core.errors import CamelcadeError
from tests.core.toy import ToyGame

API_NAMES = [
    "load", "game_ids", "play", "replay", "Record", "bots", "Game", "State", "Action", "View",
    "Agent", "CHANCE", "TERMINAL", "CamelcadeError", "UnknownGameError", "OptionError",
    "StateError", "IllegalActionError", "ActionSyntaxError", "NotYourTurnError", "GameOverError",
]
STATE_MEMBERS = [
    "game", "current_player", "is_chance", "is_terminal", "legal_actions", "chance_outcomes",
    "apply", "child", "clone", "history", "scores", "returns", "winners", "observation",
    "to_json", "parse_action", "describe", "describe_action", "view",
]
GAME_MEMBERS = ["id", "title", "players", "min_players", "max_players", "options", "new_state",
                "state_from_json"]


@pytest.fixture(autouse=True)
def _toy_registered(toy_game: str) -> None:
    """The toy game is registered for these tests only, never for other test modules."""


def test_every_api_name_is_exported() -> None:
    missing = [name for name in API_NAMES if not hasattr(cc, name)]
    assert missing == []
    assert (cc.CHANCE, cc.TERMINAL) == (-1, -2)


def test_game_and_state_members_exist() -> None:
    game = cc.load("a-dos-de-chameau")
    assert [m for m in GAME_MEMBERS if not hasattr(game, m)] == []
    state = game.new_state()
    assert [m for m in STATE_MEMBERS if not hasattr(state, m)] == []


def test_error_hierarchy_is_value_errors() -> None:
    assert issubclass(cc.CamelcadeError, ValueError)
    for error in (cc.UnknownGameError, cc.OptionError, cc.StateError, cc.IllegalActionError):
        assert issubclass(error, cc.CamelcadeError)
    for error in (cc.ActionSyntaxError, cc.NotYourTurnError, cc.GameOverError):
        assert issubclass(error, cc.IllegalActionError)


def test_unknown_game_names_the_games_that_exist() -> None:
    with pytest.raises(cc.UnknownGameError, match=r"a-dos-de-chameau") as info:
        cc.load("chess")
    assert "'chess'" in str(info.value)


def test_unfinished_games_are_not_registered() -> None:
    ids = cc.game_ids()
    assert "a-dos-de-chameau" in ids
    for game_id in ids:
        assert cc.load(game_id).id == game_id


def test_bad_player_count_says_what_is_allowed() -> None:
    with pytest.raises(cc.OptionError, match=r"1 to 3 players, not 4"):
        cc.load("toy", players=4)
    with pytest.raises(cc.OptionError, match=r"whole number"):
        cc.load("toy", players=True)


def test_unknown_and_bad_options_are_named() -> None:
    with pytest.raises(cc.OptionError, match=r"no option 'speed'.*players, target"):
        cc.load("toy", speed=3)
    with pytest.raises(cc.OptionError, match=r"target=99 .*allowed: 4 to 20"):
        cc.load("toy", target=99)


def test_options_are_filled_in_and_json_safe() -> None:
    game = cc.load("toy", target="9")
    assert game.options == {"players": 2, "target": 9}
    assert json.loads(json.dumps(game.options)) == game.options
    game.options["target"] = 1
    assert game.options["target"] == 9, "options must be a copy"
    assert game == cc.load("toy", players=2, target=9)
    assert hash(game) == hash(cc.load("toy", target=9))


def test_initial_state_is_a_chance_node_with_outcomes() -> None:
    state = cc.load("toy").new_state()
    assert state.current_player == cc.CHANCE and state.is_chance()
    outcomes = state.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == ["deal 1", "deal 2", "deal 3"]
    assert sum(p for _, p in outcomes) == pytest.approx(1)


def test_chance_outcomes_refused_at_a_decision_node() -> None:
    state = cc.load("toy", players=1).new_state()
    state.apply("deal 2")
    with pytest.raises(cc.CamelcadeError, match=r"only defined at a chance node"):
        state.chance_outcomes()


def test_apply_accepts_text_or_action_and_records_history() -> None:
    state = cc.load("toy", players=1).new_state()
    state.apply("deal 2")
    state.apply(state.legal_actions()[1])
    assert [str(a) for a in state.history] == ["deal 2", "add 2"]


def test_illegal_and_unparsable_actions_leave_state_unchanged() -> None:
    state = cc.load("toy", players=1).new_state()
    before = state.to_json()
    with pytest.raises(cc.IllegalActionError, match=r"illegal action 'add 1'.*legal now: deal 1"):
        state.apply("add 1")
    with pytest.raises(cc.ActionSyntaxError, match=r"cannot read 'fly'"):
        state.apply("fly")
    with pytest.raises(cc.ActionSyntaxError, match=r"expected an action or its text"):
        state.apply(7)  # type: ignore[arg-type]
    assert state.to_json() == before


def test_not_your_turn_and_game_over() -> None:
    state = cc.load("toy", players=2, target=4).new_state()
    state.apply("deal 1")
    state.apply("deal 3")
    with pytest.raises(cc.NotYourTurnError, match=r"not seat 1's turn; seat 0"):
        state.apply("add 1", player=1)
    for _ in range(2):
        state.apply("add 2")
    assert state.is_terminal() and state.legal_actions() == []
    with pytest.raises(cc.GameOverError):
        state.apply("add 1")
    assert state.returns() == [1.0, 8.0] and state.winners() == [1]


def test_returns_only_at_the_end() -> None:
    with pytest.raises(cc.CamelcadeError, match=r"once the game is over"):
        cc.load("toy").new_state().returns()


def test_child_and_clone_are_independent() -> None:
    state = cc.load("toy", players=1).new_state()
    child = state.child("deal 3")
    assert state.history == [] and len(child.history) == 1
    twin = child.clone()
    twin.apply("add 1")
    assert len(child.history) == 1 and child != twin


def test_state_json_round_trip_and_rejection() -> None:
    game = cc.load("toy")
    state = game.new_state().child("deal 1")
    data = json.loads(json.dumps(state.to_json()))
    assert data["format"] == "camelcade-state/1"
    assert game.state_from_json(data) == state
    with pytest.raises(cc.StateError, match=r"for game 'chess'"):
        game.state_from_json({**data, "game": "chess"})
    with pytest.raises(cc.StateError, match=r"options"):
        cc.load("toy", target=5).state_from_json(data)
    with pytest.raises(cc.StateError, match=r"JSON object"):
        game.state_from_json([1, 2])
    with pytest.raises(cc.StateError, match=r"bad action in 'history'"):
        game.state_from_json({**data, "history": ["teleport"]})


def test_view_hides_other_secrets_and_history() -> None:
    state = cc.load("toy").new_state()
    state.apply("deal 3")
    state.apply("deal 1")
    view = state.view(1)
    assert view.observation["secret"] == 1
    assert view.history == ("deal ?", "deal 1")
    assert view.legal_actions() == []
    assert state.view(0).legal_actions() == state.legal_actions()
    assert not hasattr(view, "state") and not hasattr(view, "_state")


def test_observation_of_a_bad_seat_is_refused() -> None:
    with pytest.raises(cc.CamelcadeError, match=r"no seat 5: this game has seats 0 to 1"):
        cc.load("toy").new_state().observation(5)


def test_play_same_seed_same_record_and_exact_replay() -> None:
    game = cc.load("a-dos-de-chameau", players=3)
    bots = [cc.bots.load("random") for _ in range(3)]
    first = cc.play(game, bots, seed=11)
    second = cc.play(game, [cc.bots.load("random") for _ in range(3)], seed=11)
    assert first.to_json() == second.to_json()
    assert first.to_json()["format"] == "camelcade-record/1"
    assert first.players == ["random"] * 3
    state = cc.replay(cc.Record.from_json(json.loads(json.dumps(first.to_json()))))
    assert state.is_terminal() and state.returns() == first.returns
    assert [str(a) for a in state.history] == first.actions
    assert cc.play(game, bots, seed=12).actions != first.actions


def test_play_needs_one_agent_per_seat() -> None:
    with pytest.raises(cc.OptionError, match=r"needs 3 agents, got 1"):
        cc.play(cc.load("a-dos-de-chameau", players=3), [cc.bots.load("random")], seed=1)


def test_replay_names_the_bad_action() -> None:
    record = cc.Record(game="toy", options={"players": 1}, players=["a"],
                       actions=["deal 1", "add 3"])
    with pytest.raises(cc.StateError, match=r"action 1 'add 3' does not apply"):
        cc.replay(record)


def test_record_from_json_rejects_bad_fields() -> None:
    good = {"format": "camelcade-record/1", "game": "toy", "options": {}, "players": ["a"],
            "actions": [], "returns": None}
    assert cc.Record.from_json(good).game == "toy"
    for field, value, message in [
        ("format", "x", "unknown record format"),
        ("players", "bob", "'players'"),
        ("actions", [1], "'actions'"),
        ("returns", ["1"], "'returns'"),
    ]:
        with pytest.raises(cc.StateError, match=message):
            cc.Record.from_json({**good, field: value})


def test_record_load_reports_missing_and_garbled_files(tmp_path: object) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path))
    with pytest.raises(cc.StateError, match=r"cannot read record"):
        cc.Record.load(folder / "missing.json")
    (folder / "bad.json").write_text("{not json")
    with pytest.raises(cc.StateError, match=r"is not JSON.*line 1"):
        cc.Record.load(folder / "bad.json")


def test_bots_load_by_name_and_refuse_unknown() -> None:
    assert cc.bots.load("random", seed=3).name == "random"
    assert "random" in cc.bots.names()
    with pytest.raises(cc.OptionError, match=r"no bot 'genius'; the bots are: .*random"):
        cc.bots.load("genius")


def test_history_for_from_an_index_is_the_tail_of_the_whole_history() -> None:
    state = ToyGame().new_state()
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])
    for player in (None, 0, 1):
        whole = state.history_for(player)
        assert len(whole) == len(state.history) >= 4
        for start in range(len(whole) + 2):
            assert state.history_for(player, start) == whole[start:]
    with pytest.raises(CamelcadeError, match="start must be a history index"):
        state.history_for(0, -1)
