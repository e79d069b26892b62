"""typer's own help words in the chosen language, with the real catalogues: the usage line
("Usage:", "[OPTIONS]", "COMMAND [ARGS]..."), the panel titles and ``--help``'s own help.

A word a language spells as English does ("Options" and "[OPTIONS]" in French) is only
required to be there; every other English help word must be gone.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from camelcade.cli.language import HELP_OPTION_HELP, OPTIONS_METAVAR, SUBCOMMAND_METAVAR, USAGE
from camelcade.core.words import language, translate

ROOT_WORDS = [USAGE, OPTIONS_METAVAR, SUBCOMMAND_METAVAR, HELP_OPTION_HELP, "Options",
              "Commands"]
COMMAND_WORDS = [USAGE, OPTIONS_METAVAR, HELP_OPTION_HELP, "Options", "Arguments"]


def camelcade(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", "from camelcade.cli.main import main; main()", *args],
        capture_output=True, text=True, timeout=120, check=False)
    return done.stdout + done.stderr


def assert_spoken(text: str, words: list[str], code: str) -> None:
    flat = " ".join(text.split())  # rich wraps and boxes the help
    with language(code):
        spoken = {word: translate(word) for word in words}
    for word, said in spoken.items():
        assert said in flat, (word, said, text)
        if said != word:
            assert word not in flat, (word, text)


@pytest.mark.parametrize("code", ["de", "fr", "da"])
def test_the_root_help_is_in_the_chosen_language(code: str) -> None:
    assert_spoken(camelcade("--lang", code, "--help"), ROOT_WORDS, code)


@pytest.mark.parametrize("code", ["de", "fr", "da"])
def test_a_commands_help_is_in_the_chosen_language(code: str) -> None:
    assert_spoken(camelcade("--lang", code, "simulate", "--help"), COMMAND_WORDS, code)


def test_english_help_keeps_typers_words() -> None:
    text = " ".join(camelcade("--help").split())
    for word in ROOT_WORDS:
        assert word in text, word


def test_a_usage_error_says_its_usage_word_once() -> None:
    """The usage line of a mistyped option has the spoken prefix, not typer's as well."""
    text = camelcade("--lang", "de", "simulate", "kamelen", "--gmes", "3")
    with language("de"):
        usage, options = translate(USAGE), translate(OPTIONS_METAVAR)
    assert f"{usage} camelcade simulate {options}" in text, text
    assert text.count(usage) == 1 and "Usage:" not in text, text


def test_a_missing_command_is_told_in_the_chosen_language() -> None:
    with language("fr"):
        expected = translate("A command is missing.")
    text = camelcade("--lang", "fr")
    assert expected in text and "Missing command" not in text, text
    assert "Error: A command is missing." in camelcade("--lang", "en")
