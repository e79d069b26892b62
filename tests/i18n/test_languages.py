"""Which language a person gets, and what they get when a message is not translated."""

from __future__ import annotations

import pytest

from camelcade.core.errors import OptionError
from camelcade.core.registry import plugins
from camelcade.core.words import language, t, tn, translate
from camelcade.i18n.commands import canonical, word
from camelcade.i18n.languages import (
    choose,
    from_accept_language,
    from_environment,
    languages,
    normalise,
)
from tests.i18n.support import pseudo_catalogues

# -- the terminal: --lang, then CAMELCADE_LANG, then the locale ----------------------


def test_the_flag_beats_the_variable_and_the_variable_the_locale() -> None:
    environ = {"CAMELCADE_LANG": "fr", "LANG": "da_DK.UTF-8"}
    assert choose("de", environ) == "de"
    assert choose(None, environ) == "fr"
    assert choose(None, {"LANG": "da_DK.UTF-8"}) == "da"
    assert choose(None, {}) == "en"


def test_the_locale_is_read_in_gettext_s_order() -> None:
    assert from_environment({"LANGUAGE": "ja:fr:de", "LANG": "da_DK"}) == "fr"
    assert from_environment({"LC_ALL": "de_AT.UTF-8", "LC_MESSAGES": "fr_FR", "LANG": "da"}) \
        == "de"
    assert from_environment({"LC_MESSAGES": "fr_FR", "LANG": "da_DK"}) == "fr"
    assert from_environment({"LANG": "fr_CA.UTF-8@euro"}) == "fr"


def test_a_locale_camelcade_does_not_speak_is_english() -> None:
    assert from_environment({"LANG": "C"}) == "en"
    assert from_environment({"LANG": "ja_JP.UTF-8"}) == "en"
    assert from_environment({"LC_ALL": "POSIX", "LANG": "de_DE"}) == "en"  # LC_ALL decides


def test_a_language_asked_for_by_name_must_be_spoken() -> None:
    with pytest.raises(OptionError, match=r"--lang 'xx'.*de \(Deutsch\).*da \(Dansk\)"):
        choose("xx", {})
    with pytest.raises(OptionError, match="CAMELCADE_LANG 'klingon'"):
        choose(None, {"CAMELCADE_LANG": "klingon"})
    assert choose("de-CH", {}) == "de" and choose(" FR ", {}) == "fr"


# -- the browser: Accept-Language ------------------------------------------------------


@pytest.mark.parametrize(("header", "expected"), [
    ("de-CH, de;q=0.9, en;q=0.8", "de"),
    ("en;q=0.5, fr;q=0.9", "fr"),
    ("ja, da;q=0.3", "da"),
    ("fr;q=0, de;q=0.1", "de"),
    ("*, fr;q=0.5", "fr"),
    ("da, de", "da"),
    ("de;q=0.5, fr;q=0.5", "de"),
    ("fr;q=abc, da;q=0.2", "da"),
    ("FR-fr", "fr"),
    ("ja, zh;q=0.8", None),
    ("", None),
    (None, None),
])
def test_accept_language_gives_the_best_spoken_language(header: str | None,
                                                       expected: str | None) -> None:
    assert from_accept_language(header) == expected


def test_normalise_reads_locale_names_and_tags() -> None:
    assert [normalise(tag) for tag in ("de_DE.UTF-8", "da-DK", "fr", "C", "", None, "xx")] \
        == ["de", "da", "fr", None, None, None, None]


# -- the fallback -----------------------------------------------------------------------


def test_a_message_without_translation_is_english_and_others_are_translated() -> None:
    with pseudo_catalogues(missing=frozenset({"{name} wins."})):
        with language("de"):
            assert str(t("{name} wins.", name="Ada")) == "Ada wins."
            assert str(t("{name} loses.", name="Ada")) == "«de» Ada loses."
            assert str(tn("one camel", "{count} camels", 3)) == "«de» 3 camels"
            assert translate("Bets") == "«de» Bets"
        assert str(t("{name} loses.", name="Ada")) == "Ada loses."  # English outside


def test_a_language_without_a_catalogue_is_english() -> None:
    with pseudo_catalogues(codes=("de",)), language("fr"):
        assert str(t("{name} loses.", name="Ada")) == "Ada loses."


def test_each_context_keeps_its_own_language() -> None:
    """A server words each seat's text in its own language: nested and side by side."""
    with pseudo_catalogues(), language("de"):
        with language("fr"):
            assert str(t("Bets")) == "«fr» Bets"
        assert str(t("Bets")) == "«de» Bets"


# -- typed command words ------------------------------------------------------------


def test_translated_command_words_are_typed_back_into_english_commands() -> None:
    words = {"de": {"help": "hilfe", "legal": "zulässig", "all": "alle", "odds": "chancen"}}
    with pseudo_catalogues(words=words), language("de"):
        assert word("help") == "hilfe"
        assert canonical("Hilfe") == "help"
        assert canonical("zulässig alle") == "legal all"
        assert canonical("chancen", ["odds"]) == "odds"
        assert canonical("help") == "help"  # the English words work in every language
        assert canonical("oasis3 12") == "oasis3 12"  # notation is never translated
        assert canonical("chancen") == "chancen"  # not a command of this game


def test_every_game_names_the_spoken_language_of_its_rulebook() -> None:
    found = {plugin.id: plugin.rulebook_language for plugin in plugins()}
    assert all(code in languages() for code in found.values()), found
    assert {found[game] for game in ("camel-drive", "caravan")} == {"de"}
    assert (found["a-dos-de-chameau"], found["camel-up"], found["kamelen"]) == ("fr", "da", "en")
