"""Goldens: one short readable playthrough, and what the long ``.moves`` games must cover.

``tests/golden/caravan/short_2p_seed199.txt`` is 60 steps of a seeded two-player game in
the shared format (``tests.golden_support.short_playthrough``): each action with the
sentence a spectator hears, and the position every 20 steps. Its chooser plays a random
pick, relay or steal whenever one is legal, else any random action, so that the 60 steps
show pick-ups, relays, a theft, a delivery and a refill rather than only camels being
placed. Rewrite it with ``UPDATE_GOLDEN=1``.

The long games (``*.moves``, replayed with their digests by ``tests/test_golden_moves.py``)
are checked here for what they are kept for: both endings, thefts and refills.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import camelcade as cc
from camelcade.core.action import Action
from camelcade.core.game import State
from camelcade.games.caravan.actions import Pick, Relay, Steal
from camelcade.games.caravan.state import CaravanState
from tests.golden_support import read_moves, short_playthrough

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "caravan"
SHORT = GOLDEN / "short_2p_seed199.txt"
SHORT_LIMIT = 40_000
"""Bytes: the short golden stays reviewable."""


def loads_first(state: State, rng: random.Random) -> Action:
    """A random pick, relay or steal when there is one, else any random legal action."""
    legal = state.legal_actions()
    loads = [action for action in legal if isinstance(action, Pick | Relay | Steal)]
    return rng.choice(loads or legal)


def test_short_playthrough_golden() -> None:
    state = cc.load("caravan", players=2).new_state()
    text = short_playthrough(state, 199, title="Caravan, 2 players, seed 199",
                             test_file="tests/games/caravan/test_golden.py",
                             choose=loads_first)
    if os.environ.get("UPDATE_GOLDEN") or not SHORT.exists():
        SHORT.write_text(text, encoding="utf-8")
    assert text == SHORT.read_text(encoding="utf-8")
    assert len(text.encode("utf-8")) <= SHORT_LIMIT


def test_short_golden_shows_every_kind_of_action() -> None:
    text = SHORT.read_text(encoding="utf-8")
    for marker in (". camel ", ". pick ", ". relay ", ". steal ", ". draw ", ". pass —",
                   "delivers it in the", "Then the goods spaces are refilled"):
        assert marker in text, marker


def _replay(name: str) -> CaravanState:
    golden = read_moves((GOLDEN / f"{name}.moves").read_text(encoding="utf-8"))
    state = golden.game.new_state()
    for action, _ in golden.steps:
        state.apply(action)
    assert isinstance(state, CaravanState)
    return state


def test_long_golden_games_cover_theft_refills_and_both_endings() -> None:
    two, three = _replay("greedy_2p_seed8"), _replay("greedy_3p_seed11")
    assert two.end_reason == "stalled"
    assert three.end_reason == "delivery"
    texts = [str(action) for action in three.history]
    assert any(text.startswith("steal ") for text in texts)
    assert sum(text.startswith("draw ") for text in texts) > 8  # setup, then refills
