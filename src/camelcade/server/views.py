"""What each connection may see: a seat's own view, or the public view for spectators.

A seat gets exactly what the engine approves for it: ``observation(seat)``,
``history_for(seat)``, ``describe(seat)`` and, on its turn, its legal actions with
``describe_action(a, seat)``. Nothing else about the position leaves the server: not
``scores()`` (a game may count hidden points), not the seed, not other seats' actions.

Spectators sit at no seat. They get ``State.public_observation()``, which every built-in
game declares and the conformance suite checks (resampling each seat's unknowns must not
change it). A game that declares none gets an inferred one, built from the fields every
seat sees alike. Equal *values* alone are not enough there: two players may hold the same
hand by chance, and a field private in general must not be published whenever that
happens. So for each such game variant the server learns which fields are private — it
plays a few seeded random games at first use and marks every field (nested dicts
included) that ever differs between seats — and it keeps marking fields that turn out to
differ later, for good.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from typing import Any

from camelcade.core.chance import sample_chance
from camelcade.core.game import Game, State

log = logging.getLogger(__name__)
Path = tuple[str, ...]
WARMUP_STATE_LIMIT = 4000
WARMUP_SECONDS = 1.0


class PublicObservation:
    """Builds spectators' observations from the fields that are the same for every seat."""

    def __init__(self, warmup_games: int = 4) -> None:
        self.warmup_games = warmup_games
        self._private: dict[tuple[str, str], set[Path]] = {}
        self._declared: dict[type[Game], bool] = {}
        self._lock = threading.Lock()

    def private_fields(self, game: Game) -> set[Path]:
        """The fields of ``game``'s observations known to differ between seats."""
        key = (game.id, repr(sorted(game.options.items())))
        with self._lock:
            found = self._private.get(key)
            if found is None:
                found = self._warm_up(game)
                self._private[key] = found
            return found

    def _warm_up(self, game: Game) -> set[Path]:
        private: set[Path] = set()
        deadline = time.monotonic() + WARMUP_SECONDS
        states = 0
        for index in range(self.warmup_games):
            rng = random.Random(index)
            state = game.new_state()
            while states < WARMUP_STATE_LIMIT and time.monotonic() < deadline:
                states += 1
                _differing(
                    [state.observation(p) for p in range(game.players)], (), private
                )
                if state.is_terminal():
                    break
                action = (
                    sample_chance(state, rng)
                    if state.is_chance()
                    else rng.choice(state.legal_actions())
                )
                state.apply(action)
        log.info("%s: private observation fields %s (%d states)", game.id, sorted(private),
                 states)
        return private

    def observe(self, state: State) -> dict[str, Any]:
        """The spectators' observation of ``state``: the game's own, else an inferred one."""
        if self.declares(state.game):
            return state.public_observation()
        return self.infer(state)

    def declares(self, game: Game) -> bool:
        """Whether ``game`` declares its public observation (asked once per game class)."""
        kind = type(game)
        known = self._declared.get(kind)
        if known is None:
            try:
                game.new_state().public_observation()
                known = True
            except NotImplementedError:
                known = False
            self._declared[kind] = known
        return known

    def infer(self, state: State) -> dict[str, Any]:
        """The fields of every seat's observation that are known to be the same for all."""
        game = state.game
        observations = [state.observation(p) for p in range(game.players)]
        private = self.private_fields(game)
        with self._lock:
            _differing(observations, (), private)
            return _common(observations, (), private)


def _differing(observations: list[dict[str, Any]], path: Path, private: set[Path]) -> None:
    """Add to ``private`` every field path whose value is not the same for all seats."""
    if len(observations) < 2:
        return
    keys = set().union(*(o.keys() for o in observations))
    for key in keys:
        sub = (*path, str(key))
        values = [o.get(key, _MISSING) for o in observations]
        if any(v is _MISSING for v in values):
            private.add(sub)
        elif all(isinstance(v, dict) for v in values):
            _differing(values, sub, private)
        elif any(v != values[0] for v in values[1:]):
            private.add(sub)


def _common(observations: list[dict[str, Any]], path: Path, private: set[Path]) -> dict[str, Any]:
    first = observations[0]
    result: dict[str, Any] = {}
    for key, value in first.items():
        sub = (*path, str(key))
        if sub in private:
            continue
        if isinstance(value, dict):
            result[key] = _common([o[key] for o in observations], sub, private)
        else:
            result[key] = value
    return result


_MISSING = object()


def legal_actions_for(state: State, seat: int | None) -> list[dict[str, str]]:
    """The seat's legal actions with their sentences; empty unless it is that seat's turn."""
    if seat is None or state.current_player != seat:
        return []
    return [
        {"action": str(action), "description": state.describe_action(action, seat)}
        for action in state.legal_actions()
    ]


def action_sentences(state: State, action: Any, roles: list[int | None]) -> dict[int | None, str]:
    """What each viewer is told of ``action``, about to be applied to ``state``.

    The game words each sentence for the viewer (a hidden draw is "draws a card" to the
    others). A game that fails to describe an action gives no sentence rather than a
    fallback that might name something hidden.
    """
    sentences: dict[int | None, str] = {}
    for role in roles:
        try:
            sentences[role] = state.describe_action(action, role)
        except Exception:  # a game bug must not stop the match or leak a raw action
            log.exception("%s: describe_action(%s, %s) failed", state.game.id, action, role)
    return sentences
