"""The catalogues: complete, consistent with the code, placeholders and plurals right.

``test_every_message_is_translated`` fails until the translators' catalogues land: an
empty catalogue is a missing translation, never a skip.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from camelcade.i18n import build, check
from camelcade.i18n.languages import languages

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [code for code in languages() if code != "en"]
GETTEXT_PLURAL_FORMS = {
    "de": "nplurals=2; plural=(n != 1);",
    "da": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
}
"""gettext's own plural forms of each language (its manual, "Plural forms"): French says
"0 chameau", German and Danish "0 Kamele", "0 kameler"."""


def catalogue(code: str) -> Any:
    return check.read_catalogue(build.catalogue_path(ROOT, code), code)


def test_english_german_french_and_danish_are_spoken() -> None:
    assert list(languages()) == ["en", "de", "fr", "da"]


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated(code: str) -> None:
    missing = check.untranslated(catalogue(code))
    assert not missing, (f"{code}: {len(missing)} messages untranslated, the first "
                         f"{', '.join(missing[:5])}")


@pytest.mark.parametrize("code", TRANSLATED)
def test_placeholders_are_the_same_in_every_translation(code: str) -> None:
    assert check.placeholder_problems(catalogue(code)) == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_forms_header_is_the_language_s_own(code: str) -> None:
    assert languages()[code].plural_forms == GETTEXT_PLURAL_FORMS[code]
    assert check.plural_problems(catalogue(code), GETTEXT_PLURAL_FORMS[code]) == []
    assert len(languages()[code].plural_categories) == 2


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_catalogue_has_exactly_the_template_s_messages(code: str) -> None:
    """``make catalogues`` was run after ``make extract``: nothing missing, nothing stale."""
    template = check.read_catalogue(build.template_path(ROOT), "en")
    ids = {(message.id, message.context) for message in template if message.id}
    assert {(message.id, message.context) for message in catalogue(code) if message.id} == ids


def test_the_template_holds_every_message_of_the_sources() -> None:
    """``make extract`` was run: the committed template is what the code marks today."""
    extracted = build.extract_template(ROOT)
    committed = check.read_catalogue(build.template_path(ROOT), "en")
    def ids(catalog: Any) -> set[Any]:
        return {(message.id, message.context) for message in catalog if message.id}
    new, gone = ids(extracted) - ids(committed), ids(committed) - ids(extracted)
    assert not new and not gone, f"run `make extract`: new {sorted(map(str, new))[:5]}, " \
                                 f"gone {sorted(map(str, gone))[:5]}"


def test_the_template_has_the_command_words_and_the_command_line_help() -> None:
    template = check.read_catalogue(build.template_path(ROOT), "en")
    words = {message.id for message in template if message.context == "command word"}
    assert {"help", "legal", "board", "quit"} <= words
    assert template.get(
        "Show a game's rules for players (--developer: with the action notation).") is not None


# -- the checks themselves can fail -------------------------------------------------


def po(text: str, code: str = "de") -> Any:
    header = (f'msgid ""\nmsgstr ""\n"Language: {code}\\n"\n'
              '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n')
    return read_po(io.BytesIO((header + text).encode()), locale=code)


def test_an_empty_or_fuzzy_translation_is_untranslated() -> None:
    catalog = po('msgid "Hello"\nmsgstr ""\n\n#, fuzzy\nmsgid "Bye"\nmsgstr "Tschüss"\n\n'
                 'msgid "one"\nmsgid_plural "many"\nmsgstr[0] "eins"\nmsgstr[1] ""\n\n'
                 'msgid "Yes"\nmsgstr "Ja"\n')
    assert check.untranslated(catalog) == ["'Hello'", "'Bye'", "'one'"]


def test_a_renamed_dropped_or_unbalanced_placeholder_is_found() -> None:
    catalog = po('msgid "{name} wins"\nmsgstr "{nom} gewinnt"\n\n'
                 'msgid "{name} has {points}"\nmsgstr "{name} hat"\n\n'
                 'msgid "{name} moves"\nmsgstr "{name} zieht {"\n\n'
                 'msgid "{name} and {other}"\nmsgstr "{other} und {name}"\n')
    problems = check.placeholder_problems(catalog)
    assert len(problems) == 3
    assert "'{name} wins'" in problems[0] and "['nom']" in problems[0]
    assert "unbalanced" in problems[2]


def test_a_plural_form_may_say_one_without_the_count_but_keeps_the_other_names() -> None:
    catalog = po('msgid "{name} has one card"\nmsgid_plural "{name} has {count} cards"\n'
                 'msgstr[0] "{name} hat eine Karte"\nmsgstr[1] "{name} hat {count} Karten"\n\n'
                 'msgid "one die"\nmsgid_plural "{count} dice"\n'
                 'msgstr[0] "ein Würfel"\nmsgstr[1] "Würfel"\n')
    assert check.placeholder_problems(catalog) == []
    lost = po('msgid "{name} has one card"\nmsgid_plural "{name} has {count} cards"\n'
              'msgstr[0] "eine Karte"\nmsgstr[1] "{name} hat {count} Karten"\n')
    assert len(check.placeholder_problems(lost)) == 1


def test_a_wrong_plural_header_is_found() -> None:
    catalog = po('msgid "one"\nmsgid_plural "many"\nmsgstr[0] "un"\n', code="fr")
    problems = check.plural_problems(catalog, GETTEXT_PLURAL_FORMS["fr"])
    assert len(problems) == 1 and "(n > 1)" in problems[0]
    assert check.plural_problems(Catalog(locale="de"), GETTEXT_PLURAL_FORMS["de"]) == []
