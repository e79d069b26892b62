"""The written position (``play --position``, lessons): one line of JSON over a start."""

from __future__ import annotations

import pytest

from camelcade.core.errors import StateError
from camelcade.core.saved import written_position
from camelcade.core.words import language

START = {"turn": 0, "track": [1, 2]}


def test_the_fields_written_replace_the_starts_and_the_rest_stay() -> None:
    fields, data = written_position('{"turn": 2}', START)
    assert fields == {"turn": 2}
    assert data == {"turn": 2, "track": [1, 2]}
    assert START == {"turn": 0, "track": [1, 2]}  # the start is not changed


@pytest.mark.parametrize(("text", "named"), [
    ("{", "not one line of JSON"),
    ("[1]", "a JSON object of the fields turn, track"),
    ('{"lanes": 3}', "a JSON object of the fields turn, track"),
])
def test_a_bad_line_says_what_is_wrong_and_what_is_allowed(text: str, named: str) -> None:
    with pytest.raises(StateError, match=named):
        written_position(text, START)


def test_the_error_is_worded_in_the_players_language_for_every_game() -> None:
    """The sentences live in the core catalogue now that one function serves every game."""
    with language("de"), pytest.raises(StateError, match="keine Zeile JSON"):
        written_position("{", START)
