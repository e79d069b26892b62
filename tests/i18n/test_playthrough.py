"""No English left: each game played through in ``--plain`` in German, French and Danish.

A scripted person answers ``1`` (the first legal action) at every prompt of a seeded game
against random bots, as ``camelcade --lang LANG play GAME --plain`` plays it, with the
commands ``legal`` and ``board`` typed (translated) on the first turn. Every line printed
is checked for English: words that are English and not the other language's (the, your,
with...), and every English sentence of the catalogue long enough to be unmistakable.
The action notation (``oasis3 12``, ``bet blue``, ``camel d4``) and Caravan's goods (part
of the notation) are the one language-neutral contract and are allowed.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from camelcade.core.words import language
from camelcade.i18n import build
from camelcade.i18n.commands import word

ROOT = Path(__file__).resolve().parents[2]

GAMES = {"a-dos-de-chameau": 3, "camel-up": 3, "camel-drive": 3, "caravan": 2, "kamelen": 2}
LANGUAGES = ("de", "fr", "da")
ENGLISH_ONLY = re.compile(r"\b(the|your|you|with|since|turn|draws|plays|takes|moves|which|"
                          r"there|their|wins|players?|seat)\b", re.IGNORECASE)
"""Words of English sentences that are not words of German, French or Danish."""


def play_through(game: str, players: int, code: str) -> str:
    with language(code):
        typed = [word("legal"), word("board")]
    script = "\n".join([*typed, *["1"] * 1500]) + "\n"
    done = subprocess.run(
        [sys.executable, "-c", "from camelcade.cli.main import main; main()", "--lang", code,
         "play", game, "--plain",
         "--players", str(players), "--seed", "5"],
        input=script, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def english_sentences() -> set[str]:
    """The catalogue's English messages of six words or more, placeholders cut out: any of
    them printed whole in another language is a sentence left untranslated."""
    messages = []
    for domain in build.domains(ROOT):
        if domain.template().is_file():
            with domain.template().open("rb") as template:
                messages += list(read_po(template))
    found = set()
    for message in messages:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for text in ids:
            for piece in re.split(r"\{[^}]*\}", str(text)):
                if len(piece.split()) >= 6:
                    found.add(piece.strip())
    return found


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_in_another_language_has_no_english(game: str, code: str) -> None:
    text = play_through(game, GAMES[game], code)
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) > 30, text[:2000]
    english = [line for line in lines if ENGLISH_ONLY.search(line)]
    assert not english, f"{len(english)} English lines in {game} ({code}), e.g. {english[:5]}"
    whole = [sentence for sentence in english_sentences() if sentence in text]
    assert not whole, f"untranslated sentences in {game} ({code}): {whole[:5]}"
