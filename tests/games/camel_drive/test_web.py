"""The browser board's layout (web.py): it shows only what the seat may see, every legal
action's cells are on it, and every action is reachable by its cells or the list."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import camelcade as cc
from camelcade.core.chance import sample_chance
from camelcade.core.registry import plugin
from camelcade.games.camel_drive.web import layout

from .helpers import game, play, position


def _positions(players: int, seed: int) -> list[cc.State]:
    """Every decision point of a random match (and the chance nodes between)."""
    rng = random.Random(seed)
    state = game(players, target_score=8, track_length=9).new_state()
    seen = []
    while not state.is_terminal():
        seen.append(state.clone())
        action = sample_chance(state, rng) if state.is_chance() else \
            rng.choice(state.legal_actions())
        state.apply(action)
    seen.append(state)
    return seen


def _cell_ids(laid: dict[str, Any]) -> list[str]:
    return [cell["id"] for row in laid["board"]["rows"] for cell in row["cells"]]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_layout_never_shows_what_the_seat_cannot_see(players: int) -> None:
    """A position resampled where the seat cannot see (the decks) lays out the same."""
    rng = random.Random(players)
    for state in _positions(players, players)[::3]:
        for seat in (None, *range(players)):
            laid = json.dumps(layout(state.seen(seat)), sort_keys=True)
            for _ in range(2):
                other = state.game.determinize(state, 0 if seat is None else seat, rng)
                assert json.dumps(layout(other.seen(seat)), sort_keys=True) == laid


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_legal_action_has_cells_on_the_board_and_is_reachable(players: int) -> None:
    for state in _positions(players, 10 + players):
        if state.is_chance() or state.is_terminal():
            continue
        seat = state.current_player
        laid = layout(state.seen(seat))
        ids = _cell_ids(laid)
        assert len(ids) == len(set(ids)), "cell ids are unique"
        actions = laid["actions"]
        assert set(actions) == {str(a) for a in state.legal_actions()}
        for text, cells in actions.items():
            assert cells, f"{text} is played from the board"
            assert all(cell in ids for cell in cells), (text, cells)
        for other in range(players):  # nobody else is offered a move
            if other != seat:
                assert layout(state.seen(other))["actions"] == {}
        assert layout(state.seen(None))["actions"] == {}


def test_cell_ids_stay_the_same_all_match_long() -> None:
    states = _positions(4, 3)
    first = sorted(_cell_ids(layout(states[0].seen(0))))
    assert all(sorted(_cell_ids(layout(s.seen(0)))) == first for s in states)
    assert first == sorted(f"{c}{part}" for c in ("red", "yellow", "green", "blue")
                           for part in ("", "-deck", "-shouts", "-bets"))


def test_the_cells_read_as_the_text_view_says() -> None:
    state = play(position(positions=[14, 5, 6, 7]), "draw", "card 2", "bet green")
    rows = layout(state.seen(1))["board"]["rows"]
    assert rows[0]["label"] == "Lane 1"
    assert [c["text"] for c in rows[0]["cells"]] == [
        "Red: home first, out; 0 points",
        "Red's deck: 11 cards, top card 2",
        "Red's interjections: 3 left",
        "Stones on Red: none, it is out",
    ]
    assert rows[1]["cells"][0]["text"] == "Yellow (yours): field 5 of 15; 0 points"
    assert rows[2]["cells"][0]["text"] == "Green, to bet: field 6 of 15; 0 points"
    assert rows[2]["cells"][3]["text"] == "Stones on Green: 1, from Yellow (yours); 5 if it wins"


def test_an_action_is_its_cells_in_click_order() -> None:
    state = position(positions=[3, 5, 6, 7])
    assert layout(state.seen(0))["actions"] == {
        "draw": ["red-deck"],
        "shout forward": ["red-shouts", "red"],
        "shout back": ["red-shouts", "red"],
        "shout left": ["red-shouts", "yellow"],
        "shout right": ["red-shouts", "blue"],
    }
    state = play(position(positions=[14, 5, 6, 7]), "draw", "card 2")
    assert layout(state.seen(1))["actions"] == {"bet yellow": ["yellow-bets"],
                                           "bet green": ["green-bets"],
                                           "bet blue": ["blue-bets"]}


def test_the_scene_carries_the_drawing_and_its_words() -> None:
    state = play(position(2, positions=[14, 5, 6, 7]), "draw", "card 2", "bet green",
                 "bet green")
    scene = layout(state.seen(0))["board"]["scene"]
    assert scene["length"] == 15 and scene["target"] == 30 and scene["betting"]
    green = next(c for c in scene["camels"] if c["id"] == "green")
    assert green["stones"] == ["yellow", "green"] and green["pays"] == 1
    assert scene["lanes"] == ["red", "yellow", "green", "blue"]
    assert scene["seats"][0] == {"name": "You", "mine": True, "camels": ["red", "yellow"],
                                 "points": 0}
    assert scene["texts"]["rule"] == "1st home loses · 2nd home wins"


def test_the_plugin_declares_the_board() -> None:
    slot = plugin("camel-drive").web
    assert slot is not None and slot.layout is not None
    assert slot.layout.load() is layout
    package = plugin("camel-drive").package.replace(".", "/")
    from pathlib import Path

    import camelcade

    root = Path(camelcade.__file__).resolve().parents[1] / package
    for name in (slot.board, slot.stylesheet, slot.picture):
        assert name is not None and (root / name).is_file(), name
