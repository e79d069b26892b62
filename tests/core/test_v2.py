"""The v2 additions to the contract: the fast path, ranking, determinisation, lazy views,
rules versions in records (``shared/design/api.md``, "v2 additions")."""

from __future__ import annotations

import random
import warnings

import pytest

import camelcade as cc
from camelcade.core.game import rank_by_points
from tests.core.toy import Add, Deal, ToyGame, ToyState


def _dealt(players: int = 2, secrets: tuple[int, ...] = (3, 1)) -> ToyState:
    state = ToyGame(players=players).new_state()
    for secret in secrets[:players]:
        state.apply(Deal(secret))
    return state


def test_the_fast_path_gives_the_same_state_as_the_checked_path() -> None:
    fast, checked = _dealt(), _dealt()
    for _ in range(3):
        action = fast.legal_actions()[1]
        fast.apply(action, check=False)
        checked.apply(str(action))
    assert fast.to_json() == checked.to_json()
    assert [str(a) for a in fast.history] == ["deal 3", "deal 1", "add 2", "add 2", "add 2"]


def test_checked_apply_accepts_listed_and_parsed_actions_and_refuses_others() -> None:
    state = _dealt()
    listed = state.legal_actions()[0]
    state.apply(listed)  # the very object the state listed
    state.apply(Add(1))  # an equal value made anew: found by hash
    with pytest.raises(cc.IllegalActionError, match=r"illegal action 'deal 2'.*legal now: add 1"):
        state.apply(Deal(2))


def test_ranking_groups_ties_and_applies_the_tie_break_winners_is_its_first_group() -> None:
    state = _dealt(3, (2, 2, 1))
    while not state.is_terminal():
        state.apply(Add(2))
    # target 7 reached by seat 0 after 2+2+2+2: 5 points and its secret 2.
    assert state.returns() == [7.0, 2.0, 1.0]
    assert state.ranking() == [[0], [1], [2]]
    assert state.winners() == [0]
    tied = _dealt(2, (3, 3))
    tied.apply(Add(2))
    assert rank_by_points([1.0, 3.0, 3.0, 0.0]) == [[1, 2], [0], [3]]
    with pytest.raises(cc.CamelcadeError, match="once the game is over"):
        tied.ranking()


def test_determinize_keeps_what_the_seat_sees_and_redraws_the_rest() -> None:
    game = ToyGame(players=3)
    state = _dealt(3, (3, 3, 3))
    seen_secrets = set()
    for seed in range(40):
        sample = game.determinize(state, 1, random.Random(seed))
        assert sample.observation(1) == state.observation(1)
        assert sample.public_observation() == state.public_observation()
        assert sample.history == [] and sample.secrets[1] == 3
        seen_secrets.add((sample.secrets[0], sample.secrets[2]))
        sample.apply(Add(1), check=False)
    assert len(seen_secrets) > 3  # the others' secrets really are redrawn
    assert state.secrets == [3, 3, 3] and len(state.history) == 3
    with pytest.raises(cc.CamelcadeError, match="no seat 5"):
        game.determinize(state, 5, random.Random(0))
    with pytest.raises(cc.CamelcadeError, match="not of"):
        ToyGame(players=2).determinize(state, 0, random.Random(0))


def test_a_view_reads_nothing_until_asked_and_lapses_when_the_position_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _dealt()
    calls: list[str] = []
    observe = ToyState._observation
    monkeypatch.setattr(ToyState, "_observation",
                        lambda self, p: calls.append("observation") or observe(self, p))
    read = state.view(0)
    unread = state.view(0)
    assert calls == [] and read.legal_actions() == [Add(1), Add(2)]
    assert read.observation["secret"] == 3 and list(read.history) == ["deal 3", "deal ?"]
    assert calls == ["observation"]
    state.apply(Add(1))
    assert read.observation["total"] == 0 and len(read.history) == 2  # what was read stays
    with pytest.raises(cc.StaleViewError, match="observation was not read"):
        _ = unread.observation
    with pytest.raises(cc.StaleViewError, match="history was not read"):
        list(unread.history)
    with pytest.raises(cc.StaleViewError):
        unread.sample_state(random.Random(0))


def test_view_history_is_the_seat_s_redacted_text_without_rebuilding_it() -> None:
    state = _dealt()
    assert list(state.view(1).history) == ["deal ?", "deal 1"]
    state.apply(Add(2))
    view = state.view(1)
    assert view.history == ("deal ?", "deal 1", "add 2") and view.history[-1] == "add 2"
    assert view.history[:2] == ("deal ?", "deal 1")
    assert state.history_for(None) == ["deal ?", "deal ?", "add 2"]
    assert state.history_for(1, start=2) == ["add 2"]


def test_sample_state_from_a_live_view_and_from_data_alone() -> None:
    state = _dealt()
    live = state.view(0).sample_state(random.Random(1))
    assert live.observation(0) == state.observation(0) and live.history == []
    sent = cc.View.from_observation(state.game, 0, state.current_player, state.observation(0),
                                    state.history_for(0), state.legal_actions())
    for seed in range(5):
        assert sent.sample_state(random.Random(seed)).observation(0) == state.observation(0)


def test_play_never_builds_the_history_text_for_bots_that_do_not_read_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(self: cc.State, player: object) -> list[str]:
        raise AssertionError("history text built for a bot that never read it")

    monkeypatch.setattr(cc.State, "_history_text", refuse)
    record = cc.play(ToyGame(players=3), [cc.bots.load("random")] * 3, seed=4)
    assert record.ranking is not None and record.winners == record.ranking[0]


def test_records_carry_the_rules_version_and_replay_warns_or_refuses_across_versions(
    monkeypatch: pytest.MonkeyPatch, toy_game: str
) -> None:
    game = cc.load(toy_game)
    record = cc.play(game, [cc.bots.load("random")] * 2, seed=1)
    assert record.rules_version == ToyGame.rules_version == 1
    assert cc.Record.from_json(record.to_json()) == record
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cc.replay(record)  # the same version replays silently
    monkeypatch.setattr(ToyGame, "rules_version", 2)
    with pytest.warns(cc.RulesVersionWarning, match="rules version 1 .* version 2"):
        cc.replay(record)
    record.actions[-1] = "deal 9"
    with pytest.raises(cc.StateError, match="made under rules version 1 of toy, this is version 2"):
        cc.replay(record)


def test_plugins_name_every_game_and_refuse_bad_manifests() -> None:
    ids = [manifest.id for manifest in cc.plugins()]
    assert ids == cc.game_ids() and len(ids) >= 5
    for manifest in cc.plugins():
        assert manifest.summary and manifest.game_class().id == manifest.id
    with pytest.raises(ValueError, match=r"package\.module:name"):
        cc.core.Ref("no-colon")
    with pytest.raises(ValueError, match="lower-case"):
        cc.GamePlugin(id="Bad Id", game=cc.core.Ref("x:y"))
    with pytest.raises(cc.UnknownGameError, match="no game 'chess'"):
        cc.core.plugin("chess")


def test_bots_and_levels_come_from_the_manifest(toy_game: str) -> None:
    assert "toy-greedy" in cc.bots.names(toy_game)
    assert "toy-greedy" not in cc.bots.names("kamelen")
    assert {"random", "mcts"} <= set(cc.bots.names("kamelen"))
    assert cc.bots.load_level(toy_game, "hard").name == "toy-greedy"
    with pytest.raises(cc.OptionError, match="no level 'expert'; its levels are: easy, hard"):
        cc.bots.load_level(toy_game, "expert")
    for manifest in cc.plugins():
        for level in manifest.levels.values():
            assert level.bot in cc.bots.names(manifest.id), (manifest.id, level)


def test_a_saved_position_names_missing_and_unknown_keys_and_writes_plain_json() -> None:
    from collections import Counter
    from dataclasses import dataclass

    from camelcade.core.saved import SavedPosition

    @dataclass
    class Sample(SavedPosition):
        board: tuple[int, ...]
        pile: Counter[str]
        turn: int

    assert Sample((1, 2), Counter("aab"), 0).to_data() == {
        "board": [1, 2], "pile": ["a", "a", "b"], "turn": 0}
    with pytest.raises(cc.StateError, match=r"'state' lacks \['turn'\]"):
        Sample.checked_keys({"board": [], "pile": []})
    with pytest.raises(cc.StateError, match=r"unknown fields \['extra'\]; allowed: "):
        Sample.checked_keys({"board": [], "pile": [], "turn": 0, "extra": 1})
    with pytest.raises(cc.StateError, match="must be an object with board, pile, turn"):
        Sample.checked_keys([])


class _SecretMovesState(ToyState):
    """Legal actions that depend on the mover's own secret (as a hand would)."""

    def _legal_actions(self) -> list[Add]:  # type: ignore[override]
        return [Add(1)] if self.secrets[self.turn] == 1 else [Add(1), Add(2)]


def test_determinize_drops_the_true_positions_cached_legal_actions() -> None:
    game = ToyGame(players=2)
    game.state_class = _SecretMovesState  # type: ignore[misc]
    state = game.new_state()
    state.apply(Deal(1))
    state.apply(Deal(3))
    assert state.legal_actions() == [Add(1)]  # cached now: seat 0 holds a 1
    for seed in range(30):
        sample = game.determinize(state, 1, random.Random(seed))
        expected = [Add(1)] if sample.secrets[0] == 1 else [Add(1), Add(2)]
        assert sample.legal_actions() == expected


def test_saved_options_of_an_older_version_are_completed_by_the_game() -> None:
    class Versioned(ToyGame):
        @classmethod
        def saved_options(cls, options: dict[str, object]) -> dict[str, object]:
            return {"target": 5, **options}

    assert Versioned.load_saved({"players": 2}).option("target") == 5
    assert Versioned.load_saved({"players": 2, "target": 9}).option("target") == 9
    saved = Versioned(players=2, target=5).new_state().to_json()
    del saved["options"]["target"]
    assert Versioned(players=2, target=5).state_from_json(saved).game.option("target") == 5


def test_undo_is_refused_by_a_game_that_cannot_take_back_and_leaves_it_unchanged() -> None:
    state = _dealt()
    saved = state.to_json()
    with pytest.raises(cc.CamelcadeError, match="toy cannot take back actions"):
        state.undo()
    assert state.to_json() == saved
    with pytest.raises(cc.CamelcadeError, match="history is empty"):
        ToyGame().new_state().undo()
