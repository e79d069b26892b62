"""The short readable golden: a seeded three-player game, step by step, as each seat hears it.

``tests/golden/a-dos-de-chameau/short-players3-seed5.txt`` shows the opening deal, each
seat's hand as that seat alone knows it, oasis cards passing over camels,
mirages (one sending a camel back to the town), the caravan leader, a dead card discarded
and a sandstorm. Any change in the rules, the order of legal actions or the text shows up
as a diff; ``UPDATE_GOLDEN=1`` rewrites it. The long games are ``*.moves`` files beside it
(``tests/test_golden_moves.py``).
"""

from __future__ import annotations

from pathlib import Path

import camelcade as cc
from tests.golden_support import short_playthrough

from .helpers import GAME_ID, check_golden

PLAYERS, SEED = 3, 5
GOLDEN = (Path(__file__).resolve().parents[2] / "golden" / GAME_ID
          / f"short-players{PLAYERS}-seed{SEED}.txt")
MAX_BYTES = 40_000


def playthrough() -> str:
    state = cc.load(GAME_ID, players=PLAYERS).new_state()
    return short_playthrough(
        state, SEED, title=f"A dos de Chameau, {PLAYERS} players, seed {SEED}: the first 60 steps.",
        test_file="tests/games/a_dos_de_chameau/test_golden.py",
    )


def test_short_golden_playthrough() -> None:
    text = playthrough()
    check_golden(GOLDEN, text, "a fresh playthrough")
    assert len(text.encode("utf-8")) <= MAX_BYTES


def test_short_golden_shows_each_kind_of_play() -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    for shown in ("plays the caravan leader", "goes back to the town", "passing over",
                  "discards", "plays the sandstorm", "You draw ", "Your hand: "):
        assert shown in text, f"the short golden no longer shows {shown!r}"
