"""Errors in the player's language: bad input at the ``--plain`` prompt, in German, French
and Danish, says what was wrong and what is allowed with no English in it.

For each game a scripted person types, on their first turn, a junk command, a malformed
action (the game's notation with a wrong value) and an action that reads but is illegal
there, then quits. Each error line is found by the typed text, which it quotes as typed,
and is checked with the playthrough's English detection; it must also carry what is
allowed: the game's whole syntax help (translated) after a typing mistake, the list of
legal actions after an illegal one. Caravan names its goods in the listener's language
while the notation keeps ``salt``.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable

import pytest

import camelcade as cc
from camelcade.core.words import language, t
from camelcade.games.a_dos_de_chameau.actions import syntax_help as a_dos_help
from camelcade.games.camel_drive.actions import syntax_help as camel_drive_help
from camelcade.games.camel_up.actions import syntax_help as camel_up_syntax
from camelcade.games.camel_up.odds import parse_position
from camelcade.games.camel_up.spec import EDITIONS
from camelcade.games.caravan.actions import Relay
from camelcade.games.caravan.actions import syntax_help as caravan_help
from camelcade.games.caravan.goods import good_count, good_name, short_name, the_good
from camelcade.games.caravan.spec import GOODS
from camelcade.games.kamelen.actions import syntax_help as kamelen_help
from camelcade.i18n.commands import word
from tests.games.caravan.helpers import position
from tests.i18n.test_playthrough import ENGLISH_ONLY, GAMES, LANGUAGES, english_sentences

TYPED: dict[str, tuple[str, str]] = {
    # game: (a malformed action, an action that reads but is illegal on the first turn)
    "a-dos-de-chameau": ("oasis9 3", "draw oasis1"),
    "camel-up": ("bet pink", "die blue 2"),
    "camel-drive": ("bet pink", "card 1"),
    "caravan": ("camel z9", "pick a7"),
    "kamelen": ("z1-a3", "f6-f9"),
}
JUNK = "xyzzy"
HELP: dict[str, Callable[[], str]] = {
    "a-dos-de-chameau": a_dos_help,
    "camel-up": lambda: camel_up_syntax(EDITIONS[2]),
    "camel-drive": camel_drive_help,
    "caravan": caravan_help,
    "kamelen": kamelen_help,
}
"""Each game's syntax help, in the current language: what a typing mistake is told."""
MALFORMED_ALLOWED: dict[str, Callable[[], str]] = {
    **HELP,
    # A move whose squares read but are off the board is told the board's squares.
    "kamelen": lambda: "a-k",
}
"""What the malformed action's error must say is allowed (the syntax help, or for a
square off Kamelen's board the files and ranks there are)."""


def typed_errors(game: str, code: str) -> str:
    """The terminal's output after the three bad inputs, then quitting."""
    malformed, illegal = TYPED[game]
    with language(code):
        quit_word = word("quit")
    script = "\n".join([JUNK, malformed, illegal, quit_word]) + "\n"
    done = subprocess.run(
        [sys.executable, "-c", "from camelcade.cli.main import main; main()", "--lang", code,
         "play", game, "--plain", "--players", str(GAMES[game]), "--seed", "5"],
        input=script, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def error_line(output: str, typed: str) -> str:
    """The one line that quotes ``typed``: the error it caused."""
    found = [line for line in output.splitlines() if f"'{typed}'" in line]
    assert len(found) == 1, (typed, output[-3000:])
    return found[0]


def english_in(line: str) -> list[str]:
    """English left in ``line``: English-only words, or a whole English sentence."""
    words = ENGLISH_ONLY.findall(line)
    return words + [sentence for sentence in english_sentences() if sentence in line]


def legal_now(code: str) -> str:
    """The words that introduce the legal actions in an illegal action's error."""
    with language(code):
        template = t("illegal action '{action}': {reason}; legal now: {legal}",
                     action="\0", reason="\0", legal="\0")
    return template.split("\0")[-2].strip()


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_bad_input_is_refused_in_the_players_language(game: str, code: str) -> None:
    output = typed_errors(game, code)
    malformed, illegal = TYPED[game]
    with language(code):
        syntax = HELP[game]()
        after_malformed = MALFORMED_ALLOWED[game]()
    for typed, allowed_text in ((JUNK, syntax), (malformed, after_malformed)):
        line = error_line(output, typed)
        assert not english_in(line), (game, code, line)
        assert allowed_text in line, (game, code, line)  # what is allowed, translated
    line = error_line(output, illegal)
    assert not english_in(line), (game, code, line)
    allowed = line.split(legal_now(code), 1)
    assert len(allowed) == 2 and re.search(r"\w", allowed[1]), (game, code, line)


def test_the_english_errors_keep_their_shape() -> None:
    """The source language is unchanged: the API and the tests read these texts."""
    output = typed_errors("caravan", "en")
    assert f"cannot read '{JUNK}': an action is 'camel SQUARE'" in error_line(output, JUNK)
    assert "illegal action 'pick a7': " in error_line(output, "pick a7")
    assert "; legal now: camel a1" in error_line(output, "pick a7")


def test_a_caravan_sentence_names_the_good_in_german_and_the_notation_keeps_salt() -> None:
    state = position([["d5 salt", "d4"], ["a1"]], turn=5)
    relays = [action for action in state.legal_actions() if isinstance(action, Relay)]
    assert [str(action) for action in relays] == ["relay salt d5-d4"]
    with language("de"):
        said = state.describe_action(relays[0], 0)
        board = state.describe(0)
    assert "Salz" in said and "salt" not in said, said
    assert "Ladung: Salz" in board and "salt" not in board, board
    with language("en"):
        assert "salt" in state.describe_action(relays[0], 0)


@pytest.mark.parametrize("code", ("en", *LANGUAGES))
def test_every_good_has_a_name_two_distinct_letters_and_counted_forms(code: str) -> None:
    with language(code):
        names = [good_name(good) for good in range(len(GOODS))]
        shorts = [short_name(good) for good in range(len(GOODS))]
        counted = [good_count(good, 2) for good in range(len(GOODS))]
        in_sentences = [the_good(good) for good in range(len(GOODS))]
    assert len(set(names)) == len(GOODS) and len(set(shorts)) == len(GOODS), (names, shorts)
    assert all(text.startswith("2 ") for text in counted), counted
    if code == "en":  # English names are the notation itself
        assert names == list(GOODS) == in_sentences
    else:
        assert not set(names) & {"ivory", "cloth", "gems", "swords", "hides"}, names


def test_english_counts_a_single_good_in_the_singular() -> None:
    assert [good_count(GOODS.index(good), 1) for good in ("gems", "swords", "hides")] == [
        "1 gem", "1 sword", "1 hide"]
    assert good_count(GOODS.index("salt"), 3) == "3 salt"


@pytest.mark.parametrize("code", LANGUAGES)
def test_typed_positions_and_options_are_refused_in_the_players_language(code: str) -> None:
    """A pasted Kamelen position, a typed Camel Up odds position and a game option a
    player chooses: each refusal is worded in the player's language."""
    kamelen = cc.load("kamelen")
    with language(code):
        with pytest.raises(cc.StateError) as pasted:
            kamelen.state_from_position("11/11/11 s")
        with pytest.raises(cc.StateError) as typed:
            parse_position("3-blue")
        with pytest.raises(cc.OptionError) as option:
            cc.load("caravan", players=2, camels=9)
        with pytest.raises(cc.OptionError) as players:
            cc.load("caravan", players=9)
    for error in (pasted, typed, option, players):
        message = str(error.value)
        assert not english_in(message), (code, message)
    assert "'3-blue'" in str(typed.value) and "3:blue,red" in str(typed.value)
    assert "camels=9" in str(option.value) and "5" in str(option.value)
    assert "2" in str(players.value) and "4" in str(players.value)
