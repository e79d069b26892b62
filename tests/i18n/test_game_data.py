"""What the lobby tells of each game is in every language: its summary, each option's help
and allowed values, each bot level's description.

These are data in each game's folder (``spec.py``, ``plugin.py``), not sentences of code, so
they reach the catalogue only if the game marks them (``N_``) or the extractor reads the
manifest; this checks both, with the real catalogues, and that the lobby's call says them.
"""

from __future__ import annotations

import pytest

from camelcade import bots as bot_registry
from camelcade.core.registry import game_class, game_ids, plugin
from camelcade.core.words import language, translate
from camelcade.server.web.api import game_summary

LANGUAGES = ("de", "fr", "da")


def data_texts(game_id: str) -> list[str]:
    texts = [plugin(game_id).summary]
    for option in game_class(game_id).option_specs:
        texts += [option.help, option.allowed]
    texts += [level.description for level in bot_registry.levels(game_id).values()]
    return [text for text in texts if text]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game_id", game_ids())
def test_every_text_the_lobby_tells_of_a_game_is_translated(game_id: str, code: str) -> None:
    with language(code):
        untranslated = [text for text in data_texts(game_id) if translate(text) == text]
    assert untranslated == []


@pytest.mark.parametrize("game_id", game_ids())
def test_the_lobby_call_says_them_in_the_page_s_language(game_id: str) -> None:
    english = game_summary(game_id)
    with language("fr"):
        french = game_summary(game_id)
    assert french["summary"] != english["summary"]
    for said, source in zip(french["options"], english["options"], strict=True):
        assert said["help"] != source["help"] and said["allowed"] != source["allowed"]
    for said, source in zip(french["levels"], english["levels"], strict=True):
        assert said["description"] != source["description"]
