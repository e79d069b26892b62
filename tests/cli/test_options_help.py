"""``camelcade play GAME --help`` names the game's presets and options in players' words
(issue 26, item 5): the labels of the web app's create form, then what to type."""

from __future__ import annotations

from typer.testing import CliRunner

from camelcade.cli.main import app
from camelcade.core.words import language


def test_play_game_help_lists_presets_and_labelled_options() -> None:
    result = CliRunner().invoke(app, ["play", "caravan", "--help"])
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())  # rich wraps the help to the terminal
    assert "Ways to play Caravan:" in out
    assert "Introductory game: six camels: Every player starts with six camels instead of " \
           "five. -o camels=6" in out
    assert "Camels per player (camels): Five camels each; six make the introductory game." \
        in out
    assert "CA10" not in out and "CA18" not in out


def test_play_help_without_a_game_is_unchanged() -> None:
    result = CliRunner().invoke(app, ["play", "--help"])
    assert result.exit_code == 0 and "Ways to play" not in result.output


def test_the_options_text_is_in_the_current_language() -> None:
    from camelcade.cli.options_help import options_text

    with language("de"):
        text = options_text("kamelen")
    assert "Spielweisen von Kamelen:" in text and "Dritter Schritt eines Sprungs" in text
