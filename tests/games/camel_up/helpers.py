"""Build Camel Up positions by choosing chance outcomes, and read them back.

``setup({1: ["blue"], 2: ["green", "red"], ...})`` plays the setup dice that put those
stacks (bottom first) on the track: racing camels by their dice, crazy camels by the grey
die (16 <- 1, 15 <- 2, 14 <- 3). Every position in these tests is then reached by actions
and chosen die outcomes, as in a real game.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import camelcade as cc
from camelcade.core.game import STATE_FORMAT
from camelcade.games.camel_up.game import CamelUp
from camelcade.games.camel_up.spec import CRAZY_START, EDITIONS
from camelcade.games.camel_up.state import CamelUpState

GAME_ID = "camel-up"
CRAZY_VALUE = {space: value for value, space in CRAZY_START.items()}

FRESH_2 = {1: ["red"], 2: ["blue", "green"], 3: ["yellow", "purple"], 14: ["black"],
           16: ["white"]}
FRESH_1 = {1: ["blue"], 2: ["green", "orange"], 3: ["yellow", "white"]}


def game(players: int = 4, **options: Any) -> CamelUp:
    return CamelUp(players=players, **options)


def setup(stacks: dict[int, list[str]], players: int = 4, **options: Any) -> CamelUpState:
    """The state right after setup with exactly these stacks (bottom first)."""
    the_game = game(players, **options)
    state = the_game.new_state()
    edition = EDITIONS[the_game.option("edition")]
    racing = [(space, unit) for space, units in sorted(stacks.items()) for unit in units
              if unit in edition.racing]
    crazy = [(space, unit) for space, units in sorted(stacks.items()) for unit in units
             if unit in edition.crazy]
    for space, unit in racing:
        state.apply(f"die {unit} {space}")
    for space, unit in crazy:
        state.apply(f"die {unit} {CRAZY_VALUE[space]}")
    assert state.track() == {s: list(u) for s, u in stacks.items()}, state.track()
    return state


def roll(state: cc.State, outcome: str) -> None:
    """The seat to move takes a pyramid ticket and the die shows ``outcome`` ("blue 2")."""
    state.apply("roll")
    state.apply(f"die {outcome}")


def data(state: cc.State) -> dict[str, Any]:
    """The position part of ``state.to_json()``."""
    return state.to_json()["state"]  # type: ignore[no-any-return]


def wrap(the_game: cc.Game, position: Any) -> dict[str, Any]:
    """A complete ``to_json()`` document around a position, with no history."""
    return {"format": STATE_FORMAT, "game": GAME_ID, "options": the_game.options,
            "history": [], "seen_by": [], "state": position}


def load(the_game: cc.Game, position: Any) -> CamelUpState:
    state = the_game.state_from_json(wrap(the_game, position))
    assert isinstance(state, CamelUpState)
    return state


def legal(state: cc.State) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def rolls(state: cc.State, *outcomes: str) -> None:
    """Each seat in turn takes a pyramid ticket and the die shows the next outcome."""
    for outcome in outcomes:
        roll(state, outcome)


START = {1: ["red"], 2: ["blue", "green"], 3: ["yellow", "purple"], 14: ["black"],
         16: ["white"]}


def black_carrying_yellow() -> CamelUpState:
    """Three legs from ``START`` that end with Yellow riding on crazy Black (space 8)."""
    state = setup(START)
    rolls(state, "purple 3", "black 3", "red 1", "yellow 1", "blue 1")  # leg 1
    rolls(state, "purple 2", "black 3", "yellow 3", "red 3", "green 2")  # leg 2
    rolls(state, "yellow 1")  # leg 3: yellow lands on black
    return state


def purple_on_15(players: int = 4) -> CamelUpState:
    """Four legs from ``START``: Purple alone on 15, crazy White moved off 16, the game on."""
    state = setup(START, players=players)
    for _ in range(3):
        rolls(state, "purple 3", "blue 1", "green 1", "red 1", "yellow 1")
    rolls(state, "white 1", "purple 3", "blue 1", "green 1", "yellow 1")
    assert state.track()[15] == ["white", "purple"] and 16 not in state.track()
    return state


def black_on_2() -> CamelUpState:
    """Four legs in which Red is never rolled (it waits on 1) and crazy Black comes to 2."""
    state = setup(START)
    for _ in range(4):
        rolls(state, "black 3", "blue 1", "green 1", "yellow 1", "purple 1")
    assert state.track()[2] == ["black"] and state.track()[1] == ["red"]
    return state


def black_on_2_under_red() -> CamelUpState:
    """Then Red hops onto crazy Black."""
    state = black_on_2()
    roll(state, "red 1")
    assert state.track()[2] == ["black", "red"]
    return state


def check_golden(golden: Path, text: str) -> None:
    """``text`` must equal the golden file (``UPDATE_GOLDEN=1`` rewrites it first)."""
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert golden.exists(), f"missing {golden}; run with UPDATE_GOLDEN=1 to create it"
    assert text == golden.read_text(encoding="utf-8"), (
        f"{golden.name} differs from a fresh run; if the change is intended, rerun with "
        "UPDATE_GOLDEN=1 and review the diff")
