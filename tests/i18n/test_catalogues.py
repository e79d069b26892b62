"""The catalogues of every domain (the shared one and each game's): complete, consistent
with the code, placeholders and plurals right.

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


DOMAINS = [domain for domain in build.domains(ROOT) if domain.template().is_file()]
EVERY = [pytest.param(domain, code, id=f"{domain.name}-{code}")
         for domain in DOMAINS for code in TRANSLATED]


def catalogue(code: str, domain: build.Domain | None = None) -> Any:
    return check.read_catalogue(build.catalogue_path(ROOT, code, domain), code)


def ids(catalog: Any) -> set[Any]:
    return {(message.id, message.context) for message in catalog if message.id}


def test_every_game_with_messages_has_its_own_domain_named_by_its_manifest() -> None:
    import camelcade as cc

    games = {domain.name for domain in DOMAINS if domain.game is not None}
    assert len(games) >= 5
    named = {manifest.locale.domain for manifest in cc.plugins()
             if manifest.locale is not None and manifest.package.startswith("camelcade.games.")}
    assert named == games


def test_english_german_french_and_danish_are_spoken() -> None:
    assert list(languages()) == ["en", "de", "fr", "da"]


@pytest.mark.parametrize(("domain", "code"), EVERY)
def test_every_message_is_translated(domain: build.Domain, code: str) -> None:
    missing = check.untranslated(catalogue(code, domain))
    assert not missing, (f"{domain.name} {code}: {len(missing)} messages untranslated, the "
                         f"first {', '.join(missing[:5])}")


@pytest.mark.parametrize(("domain", "code"), EVERY)
def test_placeholders_are_the_same_in_every_translation(domain: build.Domain, code: str) -> None:
    assert check.placeholder_problems(catalogue(code, domain)) == []


@pytest.mark.parametrize(("domain", "code"), EVERY)
def test_plural_forms_header_is_the_language_s_own(domain: build.Domain, code: str) -> None:
    assert languages()[code].plural_forms == GETTEXT_PLURAL_FORMS[code]
    assert check.plural_problems(catalogue(code, domain), GETTEXT_PLURAL_FORMS[code]) == []
    assert len(languages()[code].plural_categories) == 2


@pytest.mark.parametrize(("domain", "code"), EVERY)
def test_each_catalogue_has_exactly_the_template_s_messages(domain: build.Domain,
                                                            code: str) -> None:
    """``make catalogues`` was run after ``make extract``: nothing missing, nothing stale."""
    template = check.read_catalogue(build.template_path(ROOT, domain), "en")
    assert ids(catalogue(code, domain)) == ids(template)


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_message_in_two_domains_has_one_translation(code: str) -> None:
    """A language's catalogue is the domains one after the other (``core.words``): a message
    two games mark (or a game and the shared code) must say the same in both."""
    seen: dict[Any, tuple[str, Any]] = {}
    differ = []
    for domain in DOMAINS:
        for message in catalogue(code, domain):
            if not message.id:
                continue
            key = (message.id, message.context)
            first = seen.setdefault(key, (domain.name, message.string))
            if first[1] != message.string:
                differ.append(f"{message.id!r}: {first[0]} {first[1]!r}, "
                              f"{domain.name} {message.string!r}")
    assert differ == []


def test_the_templates_hold_every_message_of_the_sources() -> None:
    """``make extract`` was run: the committed templates are what the code marks today,
    each message in the domain of the folder that marks it."""
    extracted = build.extract_templates(ROOT)
    assert set(extracted) == {domain.name for domain in DOMAINS}
    for domain in DOMAINS:
        committed = check.read_catalogue(build.template_path(ROOT, domain), "en")
        new = ids(extracted[domain.name]) - ids(committed)
        gone = ids(committed) - ids(extracted[domain.name])
        assert not new and not gone, f"run `make extract`: {domain.name} new " \
            f"{sorted(map(str, new))[:5]}, gone {sorted(map(str, gone))[:5]}"


def test_a_game_s_messages_are_in_its_own_folder_not_the_shared_catalogue() -> None:
    shared = check.read_catalogue(build.template_path(ROOT), "en")
    for message in shared:
        places = [str(place[0]) for place in message.locations]
        assert not places or not all(place.startswith("src/camelcade/games/")
                                     for place in places), message.id


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
