"""A presenter's view (``camelcade.core.seen.Seen``): a copy of the position holding
nothing its viewer may not see, the viewer's history and legal actions; and the
conformance suite's check that no presenter shows what its viewer cannot see."""

from __future__ import annotations

import random

import pytest

import camelcade as cc
from camelcade.core import Action, PlayerId, State
from camelcade.core.conformance import ConformanceError, check_game
from camelcade.core.seen import Seen
from camelcade.core.view import StaleViewError
from tests.core.toy import variant
from tests.toygame.game import Add, Deal, ToyGame, ToyState


def dealt(players: int = 3, secrets: tuple[int, ...] = (3, 3, 3)) -> ToyState:
    """A toy game with every secret dealt (all 3, so a redraw is seen to change them)."""
    state = ToyGame(players=players).new_state()
    for secret in secrets:
        state.apply(f"deal {secret}")
    return state


def test_a_seat_keeps_its_own_secret_and_the_others_are_redrawn() -> None:
    state = dealt()
    redrawn = {tuple(Seen(state, 1, seed=seed).state.secrets) for seed in range(40)}
    assert all(secrets[1] == 3 for secrets in redrawn)
    assert {secrets[0] for secrets in redrawn} == {1, 2, 3}
    assert state.secrets == [3, 3, 3]  # the true state is untouched


def test_a_spectator_has_every_secret_redrawn() -> None:
    redrawn = {tuple(Seen(dealt(), None, seed=seed).state.secrets) for seed in range(40)}
    for seat in range(3):
        assert {secrets[seat] for secrets in redrawn} == {1, 2, 3}


def test_the_copy_is_the_same_for_the_same_seed_and_has_no_history() -> None:
    state = dealt()
    first, again = Seen(state, 0), Seen(state, 0)
    assert first.state.secrets == again.state.secrets
    assert first.state.history == []


def test_the_history_is_the_viewers_and_the_actions_only_the_movers() -> None:
    state = dealt()
    mover = Seen(state, 0)
    assert list(mover.history) == ["deal 3", "deal ?", "deal ?"]
    assert list(Seen(state, 2).history) == ["deal ?", "deal ?", "deal 3"]
    assert list(Seen(state, None).history) == ["deal ?"] * 3
    assert mover.actions == (Add(1), Add(2))
    assert Seen(state, 1).actions == () and Seen(state, None).actions == ()
    assert mover.observation == state.observation(0)
    assert Seen(state, None).observation == state.public_observation()


def test_a_sentence_and_the_position_after_come_from_the_view() -> None:
    state = dealt()
    seen = Seen(state, 2)
    assert seen.describe_action(Add(2)) == state.describe_action(Add(2), 2)
    after = seen.after(Add(2))
    assert after.total == 2 and after.secrets[2] == 3 and after.history == []
    with pytest.raises(Exception, match="legal here"):
        seen.after(Deal(1))  # a deal, when seat 0 is to add
    state.apply("add 1")
    with pytest.raises(StaleViewError):
        seen.after(Add(2))


def test_a_command_asks_for_a_seat() -> None:
    assert Seen(dealt(), 1).seat == 1
    with pytest.raises(Exception, match="spectator"):
        _ = Seen(dealt(), None).seat


class WordsLeakState(ToyState):
    """Broken: the words name every seat's secret to everyone."""

    def _describe(self, player: PlayerId | None) -> str:
        return f"{super()._describe(player)} Secrets: {self.secrets}."


class ActionWordsLeakState(ToyState):
    """Broken: the sentence of a move names the mover's secret to everyone."""

    def _describe_action(self, action: Action, player: PlayerId | None) -> str:
        sentence = super()._describe_action(action, player)
        if isinstance(action, Add):
            sentence += f" (holding {self.secrets[self.turn]})"
        return sentence


@pytest.mark.parametrize("state_class", [WordsLeakState, ActionWordsLeakState])
def test_a_presenter_that_shows_a_secret_is_caught(state_class: type[ToyState]) -> None:
    with pytest.raises(ConformanceError, match=r"changes when what that role cannot see is "
                                               r"redrawn: it shows something hidden"):
        check_game(variant(state_class), games=5, seed=1, presenters_every=1)


def test_the_toy_and_its_registered_presenters_pass(toy_game: str) -> None:
    report = check_game(toy_game, games=3, seed=2, presenters_every=1)
    assert report.presented_states == report.deep_states > 0


def test_every_presenter_slot_is_typed_to_take_a_seen() -> None:
    """The protocols of the manifest's presenter slots take one ``Seen``, never a state."""
    import importlib
    import inspect

    slots = importlib.import_module("camelcade.core.plugin")
    for protocol in (slots.Renderer, slots.Command, slots.WebLayout):
        parameters = list(inspect.signature(protocol.__call__).parameters.values())[1:]
        assert [(p.name, p.annotation) for p in parameters] == [("seen", "Seen[Any]")]


def test_a_redraw_leaves_the_random_state_of_the_caller_alone() -> None:
    random.seed(5)
    expected = random.random()
    random.seed(5)
    Seen(dealt(), 0)
    assert random.random() == expected


def _positions(game_id: str, seed: int, players: int) -> list[State]:
    """Every position of one seeded random game."""
    from camelcade.core.chance import sample_chance

    rng = random.Random(seed)
    state = cc.load(game_id, players=players).new_state()
    found = []
    while not state.is_terminal():
        found.append(state.clone())
        state.apply(sample_chance(state, rng) if state.is_chance()
                    else rng.choice(state.legal_actions()))
    return found


def test_another_seats_card_play_is_worded_on_a_copy_where_it_is_legal() -> None:
    """Regression: wording Red's play for Yellow on Yellow's copy, where Red's hand was
    redrawn without the card, failed (the play is made on a copy to find its move)."""
    positions = [s for s in _positions("a-dos-de-chameau", 3, 3)
                 if not s.is_chance() and len(s.legal_actions()) > 1]
    worded = 0
    for state in positions[:60]:
        mover = state.current_player
        for action in state.legal_actions():
            other = (mover + 1) % 3
            seen = Seen(state, other)
            sentence = seen.describe_action(action)
            assert sentence.startswith(("Red ", "Yellow ", "Orange ")), sentence
            worded += not seen.state._is_listed(action)
    assert worded > 0  # some plays were not legal in the viewer's own copy


def test_a_discard_is_worded_even_where_no_redraw_makes_it_legal() -> None:
    """A discard is legal only with no playable card in hand, which a redraw seldom gives:
    the sentence is then worded on the viewer's own copy (it names the discarded card,
    which is played face up, and nothing else of the hand)."""
    discards = [(s, a) for s in _positions("a-dos-de-chameau", 11, 2) if not s.is_chance()
                for a in s.legal_actions() if str(a).startswith("discard")]
    assert len(discards) >= 5
    for state, action in discards[:5]:
        other = 1 - state.current_player
        assert "discards" in Seen(state, other).describe_action(action)
