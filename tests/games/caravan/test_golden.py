"""Golden playthroughs: seeded games with every action and the description after it.

Each file in tests/golden/caravan/ holds a game: its options, then for every step the
action, the sentence ``describe_action`` gives for it, and ``describe()`` of the position
after it. The test replays the file's actions and compares every text, so any change to
the rules or the text shows up as a diff. Rewrite the files with ``UPDATE_GOLDEN=1``.

The games are played by bots (the greedy bot in every seat: deliveries, refills, thefts
and a real ending in a few hundred actions; a random game cut short), but checking them
needs only their recorded actions.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

import camelcade as cc
from camelcade.core.chance import sample_chance
from camelcade.games.caravan.bots import GreedyBot

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "caravan"
CASES = {
    "greedy_2p_seed8": (2, "greedy", 8, None),
    "greedy_3p_seed11": (3, "greedy", 11, None),
    "random_4p_seed3_first_60": (4, "random", 3, 60),
}


def _actions(players: int, kind: str, seed: int, limit: int | None) -> list[str]:
    game = cc.load("caravan", players=players)
    rng = random.Random(seed)
    bots = [GreedyBot(seed=seed * 10 + seat) for seat in range(players)]
    state = game.new_state()
    texts: list[str] = []
    while not state.is_terminal() and (limit is None or len(texts) < limit):
        if state.is_chance():
            action = sample_chance(state, rng)
        elif kind == "greedy":
            action = bots[state.current_player].choose(state.view(state.current_player))
        else:
            action = rng.choice(state.legal_actions())
        texts.append(str(action))
        state.apply(action)
    return texts


def _playthrough(players: int, actions: list[str]) -> str:
    game = cc.load("caravan", players=players)
    state = game.new_state()
    lines = [f"options: {json.dumps(game.options, sort_keys=True)}", "", "== start",
             state.describe(), ""]
    for number, text in enumerate(actions, 1):
        lines += [f"== {number}. {text}", state.describe_action(text)]
        state.apply(text)
        lines += [state.describe(), ""]
    if state.is_terminal():
        lines.append(f"returns: {state.returns()} winners: {state.winners()}")
    return "\n".join(lines) + "\n"


def _read_actions(text: str) -> list[str]:
    return [line.split(". ", 1)[1] for line in text.splitlines()
            if line.startswith("== ") and line != "== start"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    players, kind, seed, limit = CASES[name]
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("UPDATE_GOLDEN") or not path.exists():
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text(_playthrough(players, _actions(players, kind, seed, limit)),
                        encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    assert _playthrough(players, _read_actions(expected)) == expected


def test_golden_games_cover_theft_refills_and_both_endings() -> None:
    two = (GOLDEN / "greedy_2p_seed8.txt").read_text(encoding="utf-8")
    three = (GOLDEN / "greedy_3p_seed11.txt").read_text(encoding="utf-8")
    assert "a full round passed without any action" in two
    assert "a good was delivered after the bag ran out" in three
    assert "steals" in three and "Then the goods spaces are refilled" in three
