"""docs/games/a-dos-de-chameau.md agrees with the engine: notation, options, the example."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

import camelcade as cc
from camelcade.games.a_dos_de_chameau.position import ADosPosition

from .helpers import GAME_ID, camels, game

DOC = (Path(__file__).resolve().parents[3] / "docs" / "games" / f"{GAME_ID}.md").read_text(
    encoding="utf-8"
)


def section(title: str) -> str:
    """The text of the ``## title`` section."""
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", DOC, re.M | re.S)
    assert match, f"the doc has no section {title!r}"
    return match.group(1)


def table_rows(text: str) -> list[list[str]]:
    rows = [line.strip("|").split("|") for line in text.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row] for row in rows[2:]]


def test_every_notation_example_parses_and_round_trips() -> None:
    state = game(2).new_state()
    texts = [text for row in table_rows(section("Notation"))
             for text in re.findall(r"`([^`]+)`", row[1] + " " + row[2])]
    assert texts == ["oasis3 12", "oasis2 0", "mirage2 17", "leader 4", "storm",
                     "discard mirage3", "draw oasis2"]
    for text in texts:
        assert str(state.parse_action(text)) == text


def test_options_table_matches_the_defaults() -> None:
    defaults = {row[0].strip("`"): row[1].strip("`") for row in table_rows(section("Options"))}
    options = cc.load(GAME_ID).options
    assert set(defaults) == set(options)
    for name, text in defaults.items():
        assert json.loads(text) == options[name], name


def test_load_example_runs() -> None:
    code = re.search(r"```python\n(.*?)```", section("Options"), re.S)
    assert code
    ast.parse(code.group(1))
    namespace: dict[str, object] = {}
    exec(code.group(1), namespace)
    loaded = namespace["game"]
    assert isinstance(loaded, cc.Game)
    assert loaded.options == {"players": 3, "oasis_cards": [1, 1, 2, 2, 3, 3, 4],
                              "oasis_points": [6, 5, 4, 3, 2, 1], "leader_target": "any"}


def test_example_game_plays_as_described() -> None:
    actions = [text for row in table_rows(section("Example"))
               for text in re.findall(r"`([^`]+)`", row[1])]
    assert len(actions) == 23
    state = game(2).new_state()
    for action in actions:
        state.apply(action)
    assert camels(state) == [[0, 3, 6], [0, 0, 4]]
    assert state.current_player == 0


@pytest.mark.parametrize("decision", [f"AD{n}" for n in range(1, 9)])
def test_every_decision_is_documented(decision: str) -> None:
    assert f"| {decision} |" in section("Decisions")


def test_the_saved_keys_in_the_doc_are_the_layout() -> None:
    text = section("For programs")
    saved = text[text.index("**Saved positions.**"):]
    named = re.findall(r"`([a-z_]+)`", saved)
    keys = list(ADosPosition.keys())
    assert [key for key in named if key in keys] == keys


def test_the_words_shown_in_the_doc_are_what_the_game_says() -> None:
    """The two excerpts of "Playing in words and in the browser" are real output: each a
    list, one item per line heard (a list wraps on a phone; a code block would scroll)."""
    from .test_text import ended, three_players

    text = section("Playing in words and in the browser")
    blocks = [block.replace("- ", "", 1).replace("\n- ", "\n")
              for block in re.findall(r"^(- .*?)\n\n", text, re.M | re.S)]
    assert blocks[0] == three_players().describe(0)
    state, last = ended()
    assert blocks[1] == state.describe_action(last)
