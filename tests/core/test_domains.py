"""A game's own gettext domain: compiled in its folder, spoken once its manifest registers,
after the shared domain — with nothing in the game's code to say which domain it is."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from camelcade.core import registry, words
from camelcade.core.plugin import LocaleSlot
from camelcade.core.words import add_domain, domains, language, set_catalogue_loader, t
from tests.toygame.plugin import PLUGIN as TOY_PLUGIN


@pytest.fixture
def spoken() -> Iterator[None]:
    """Put the domains spoken back as they were after the test."""
    saved = dict(words._DOMAINS)
    try:
        yield
    finally:
        words._DOMAINS.clear()
        words._DOMAINS.update(saved)
        set_catalogue_loader(None)


def compiled(folder: Path, domain: str, code: str, messages: dict[str, str]) -> Path:
    catalog = Catalog(locale=code, domain=domain)
    for message, text in messages.items():
        catalog.add(message, text)
    out = folder / code / "LC_MESSAGES"
    out.mkdir(parents=True)
    with (out / f"{domain}.mo").open("wb") as mo:
        write_mo(mo, catalog)
    return folder


def test_a_game_s_domain_is_spoken_after_the_shared_one(spoken: None, tmp_path: Path) -> None:
    folder = compiled(tmp_path / "locale", "boxes", "de",
                      {"A box is full.": "Eine Kiste ist voll.", "Players": "Ihre Spieler"})
    with language("de"):
        assert t("A box is full.") == "A box is full."  # not yet registered: English
        add_domain("boxes", folder)
        assert t("A box is full.") == "Eine Kiste ist voll."
        assert t("Players") == "Spieler"  # the shared domain answers first
    assert next(iter(domains())) == words.DOMAIN and domains()["boxes"] == folder


def test_a_domain_name_is_one_folder(spoken: None, tmp_path: Path) -> None:
    add_domain("boxes", tmp_path / "a")
    add_domain("boxes", tmp_path / "a")
    with pytest.raises(ValueError, match="boxes"):
        add_domain("boxes", tmp_path / "b")


def test_registering_a_manifest_with_a_locale_speaks_its_domain(spoken: None,
                                                                 tmp_path: Path) -> None:
    manifest = replace(TOY_PLUGIN, id="toy-speaking", locale=LocaleSlot("toybox"))
    folder = manifest.locale_folder()
    assert folder == Path(__file__).resolve().parents[1] / "toygame" / "locale"
    registry.register(manifest)
    try:
        assert domains()["toybox"] == folder
    finally:
        registry.unregister(manifest.id)


def test_the_web_catalogue_has_every_domain_s_messages(spoken: None, tmp_path: Path) -> None:
    from camelcade.server.web.language import web_catalogue

    folder = tmp_path / "locale"
    (folder / "fr" / "LC_MESSAGES").mkdir(parents=True)
    (folder / "fr" / "LC_MESSAGES" / "boxes.web.json").write_text(json.dumps(
        {"lang": "fr", "plural_categories": ["one", "other"],
         "messages": {"Open the box": "Ouvrir la boîte"}}), encoding="utf-8")
    shared = web_catalogue("fr")["messages"]
    add_domain("boxes", folder)
    merged = web_catalogue("fr")["messages"]
    assert merged["Open the box"] == "Ouvrir la boîte"
    assert {key: merged[key] for key in shared} == shared and len(shared) > 100
