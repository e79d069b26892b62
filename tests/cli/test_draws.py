"""Results told right in the terminal: a Kamelen game drawn by threefold repetition and a
Caravan game ended at 0-0 read as draws in ``camelcade play`` (plain and rich), in the
record it saves and in ``camelcade replay``, in English, German, French and Danish; never
"share the win" or a column of winners."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import Run, assert_plain

REPEAT = ["a3-d5", "a9-d7", "d5-a3", "d7-a9"]
"""South and North move a dromedary out and back, twice: the start is on the board a third
time after eight plies, and Kamelen draws it."""
KAMELEN_INPUT = "".join(f"\n{move}\n" for move in REPEAT * 2)
"""Hot seat: Enter to take the keyboard, then the move."""
CARAVAN_INPUT = "\npass\n\npass\n\n"
"""Both seats pass: a full round without any action ends the game, 0-0, nothing delivered."""

DRAW = {
    "en": ("The game is a draw: {points} points each.", "draw"),
    "de": ("Das Spiel endet unentschieden: je {points} Punkte.", "unentschieden"),
    "fr": ("La partie est nulle : {points} points chacun.", "nulle"),
    "da": ("Spillet er uafgjort: {points} point hver.", "uafgjort"),
}
NOUGHT_EACH = {"en": "The game is a draw: 0 points each.",
               "de": "Das Spiel endet unentschieden: je 0 Punkte.",
               "fr": "La partie est nulle : 0 point chacun.",  # 0 takes the singular
               "da": "Spillet er uafgjort: 0 point hver."}
OLD_WORDS = ("share the win", "teilt euch den Sieg", "partagez la victoire", "deler sejren",
             "Winner", "Sieger", "Gagnant", "Vinder")


def _flat(text: str) -> str:
    """Rich output wraps lines: one line of words."""
    return " ".join(text.split())


@pytest.mark.parametrize("plain", [True, False], ids=["plain", "rich"])
@pytest.mark.parametrize("code", ["en", "de", "fr", "da"])
def test_a_kamelen_game_drawn_by_repetition_is_told_as_a_draw(
    run: Run, tmp_path: Path, code: str, plain: bool
) -> None:
    path = tmp_path / "drawn.json"
    result = run("--lang", code, "play", "kamelen", "--hotseat", "--record", str(path),
                 *(["--plain"] if plain else []), input=KAMELEN_INPUT)
    assert result.exit_code == 0, result.output
    sentence, word = DRAW[code]
    out = _flat(result.output)
    assert sentence.format(points="0.5") in out, out[-800:]
    assert word in out  # the final table's result column
    assert not [old for old in OLD_WORDS if old in out]
    if plain:
        assert_plain(result.output)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["ranking"] == [[0, 1]] and saved["outcome"] == "draw"
    replayed = run("--lang", code, "replay", str(path), "--plain")
    assert replayed.exit_code == 0, replayed.output
    assert sentence.format(points="0.5") in replayed.output
    assert not [old for old in OLD_WORDS if old in replayed.output]


@pytest.mark.parametrize("plain", [True, False], ids=["plain", "rich"])
@pytest.mark.parametrize("code", ["en", "de", "fr", "da"])
def test_a_caravan_game_at_nought_all_is_told_as_a_draw(run: Run, code: str,
                                                         plain: bool) -> None:
    result = run("--lang", code, "play", "caravan", "--players", "2", "--hotseat", "--seed", "1",
                 *(["--plain"] if plain else []), input=CARAVAN_INPUT)
    assert result.exit_code == 0, result.output
    out = _flat(result.output)
    assert NOUGHT_EACH[code] in out, out[-800:]
    word = DRAW[code][1]
    assert word in out
    assert not [old for old in OLD_WORDS if old in out]


def test_caravans_own_end_of_game_says_draw() -> None:
    """The game's description at the end (what the web's position and a replay show)."""
    import random

    import camelcade as cc
    from camelcade.core.chance import sample_chance

    state = cc.load("caravan", players=2).new_state()
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply(sample_chance(state, rng) if state.is_chance() else "pass")
    assert state.ranking() == [[0, 1]]
    assert ("The game is a draw: every seat has 0 points, and all delivered the same number "
            "of goods.") in state.describe(0)
    assert "share" not in state.describe(0)


def test_simulate_tells_how_many_games_were_drawn(run: Run, tmp_path: Path) -> None:
    result = run("simulate", "kamelen", "-o", "no_capture_limit=4", "--bots", "random,first",
                 "--games", "4", "--seed", "3", "--plain", "--out", str(tmp_path / "r.jsonl"))
    assert result.exit_code == 0, result.output
    assert ("Draws (every seat level at the top): 4 of 4; shared first places (some seats "
            "level at the top): 0 of 4.") in result.output
