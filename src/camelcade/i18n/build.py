"""Extract, update and compile camelcade's catalogues (Babel; a build and developer tool).

``make extract`` writes the template ``camelcade/locale/camelcade.pot`` from the sources
(Python: ``t``, ``tn``, ``pt``, ``N_``, ``Counted``; the web's ES modules: ``t``, ``tn``;
and the help and manifests of ``camelcade.i18n.extract``, as ``babel.cfg`` maps them).
``make update-catalogues`` merges it into each language's ``.po`` (new messages empty,
changed ones fuzzy, the translations kept). ``make compile`` — and every build of the
package, ``pip install`` and wheels alike, through ``setup.py`` — writes each ``.mo`` that
the terminal and the server read with the standard library's ``gettext``, and the web
app's catalogue of each language (``camelcade.web.json``: the messages of the ES modules,
with the plural categories the browser picks a form with).

This module imports nothing of camelcade, so ``setup.py`` can load it by its path before
the package is installed: only the standard library and Babel.

    python -m camelcade.i18n.build extract | update | compile
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path
from typing import Any

DOMAIN = "camelcade"
WEB_CATALOGUE = "camelcade.web.json"
KEYWORDS: dict[str, tuple[Any, ...] | None] = {
    "t": None,
    "tn": (1, 2),
    "pt": ((1, "c"), 2),
    "N_": None,
    "Counted": (1, 2),
}
"""The marking functions (Babel's keyword specs): message, singular and plural, context."""
COMMENT_TAGS = ("TRANSLATORS:",)
TEMPLATE_HEADER = ("# The messages of camelcade: the template every language's catalogue is "
                   "made from.\n# Written by `make extract`; never edit it by hand. How to "
                   "translate: docs/i18n.md.")
WEB_SUFFIXES = (".js",)
"""Messages found in these files go to the web app's catalogue too."""


def package_root(root: Path) -> Path:
    return root / "src" / "camelcade"


def locale_dir(root: Path) -> Path:
    return package_root(root) / "locale"


def template_path(root: Path) -> Path:
    return locale_dir(root) / f"{DOMAIN}.pot"


def catalogue_path(root: Path, code: str) -> Path:
    return locale_dir(root) / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def declared_languages(root: Path) -> dict[str, dict[str, Any]]:
    """``languages.toml``: every language and its settings (English, the source, first)."""
    return tomllib.loads((locale_dir(root) / "languages.toml").read_text(encoding="utf-8"))


def translated_languages(root: Path) -> list[str]:
    return [code for code in declared_languages(root) if code != "en"]


# -- extraction -------------------------------------------------------------------------


def extract_template(root: Path) -> Any:
    """A fresh template catalogue from the sources, as ``babel.cfg`` maps them."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with (root / "babel.cfg").open(encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config)  # type: ignore[no-untyped-call]
    catalog = Catalog(project="camelcade", domain=DOMAIN, charset="utf-8",
                      msgid_bugs_address="", copyright_holder="the camelcade authors",
                      fuzzy=False, header_comment=TEMPLATE_HEADER)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(root), method_map, options_map, keywords=KEYWORDS,
            comment_tags=COMMENT_TAGS, strip_comment_tags=True):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments,
                    context=context)
    return catalog


def write_template(root: Path) -> Path:
    """Write ``camelcade.pot`` (file locations without line numbers: diffs stay small)."""
    from babel.messages.pofile import write_po

    path = template_path(root)
    with path.open("wb") as out:
        write_po(out, extract_template(root), width=96, include_lineno=False,
                 sort_output=False, omit_header=False)
    return path


def update_catalogues(root: Path) -> list[Path]:
    """Merge the template into every language's ``.po`` (creating one that is missing).

    New messages come in empty, changed ones fuzzy (their old translation kept as a hint),
    and messages the code no longer has are dropped.
    """
    from babel.core import Locale
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    with template_path(root).open("rb") as source:
        template = read_po(source)
    written = []
    for code, settings in declared_languages(root).items():
        if code == "en":
            continue
        path = catalogue_path(root, code)
        if path.is_file():
            with path.open("rb") as existing:
                catalog = read_po(existing, locale=code)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=Locale.parse(code), domain=DOMAIN, project="camelcade",
                              copyright_holder="the camelcade authors",
                              header_comment=(f"# {settings['name']}: camelcade's messages "
                                              f"in {code}. How to translate: docs/i18n.md."))
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()  # a message the code no longer has is gone for good
        catalog.fuzzy = False
        catalog.language_team = f"camelcade {settings['name']}"
        # gettext's forms for the language, which may differ from Babel's CLDR data (French
        # has two in gettext, three in CLDR 42 and later: "many" for whole millions)
        catalog.mime_headers = [("Plural-Forms", settings["plural_forms"])]
        if catalog.plural_forms != settings["plural_forms"]:
            raise SystemExit(f"{path}: Babel gives the plural forms {catalog.plural_forms!r}, "
                             f"languages.toml declares {settings['plural_forms']!r}")
        with path.open("wb") as out:
            write_po(out, catalog, width=96, include_lineno=False, include_previous=False)
        written.append(path)
    return written


# -- compilation ------------------------------------------------------------------------


def compile_catalogues(root: Path) -> list[Path]:
    """Every ``.po`` to its ``.mo``, and the web app's catalogue beside it.

    Fuzzy and empty translations are left out, so those messages fall back to English.
    """
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for code, settings in declared_languages(root).items():
        if code == "en":
            continue
        path = catalogue_path(root, code)
        if not path.is_file():
            continue
        with path.open("rb") as source:
            catalog = read_po(source, locale=code)
        mo = path.with_suffix(".mo")
        with mo.open("wb") as out:
            write_mo(out, translated_only(catalog), use_fuzzy=False)
        web = path.with_name(WEB_CATALOGUE)
        web.write_text(json.dumps(web_catalogue(catalog, code, settings), ensure_ascii=False,
                                  sort_keys=True, indent=0), encoding="utf-8")
        written += [mo, web]
    return written


def translated_only(catalog: Any) -> Any:
    """``catalog`` without the messages it does not translate wholly.

    Babel's ``write_mo`` skips an empty translation but not a counted one whose forms are
    empty (its tuple of empty strings is not empty), and gettext would then answer such a
    message with an empty string instead of the English: every form must be there.
    """
    from babel.messages.catalog import Catalog

    kept = Catalog(locale=catalog.locale, domain=catalog.domain, fuzzy=False)
    kept.mime_headers = catalog.mime_headers
    for message in catalog:
        if not message.id:
            continue
        forms = message.string if message.pluralizable else (message.string,)
        if all(forms) and not message.fuzzy:
            kept[message.id] = message  # the Catalog keys it by id and context
    return kept


def web_catalogue(catalog: Any, code: str, settings: dict[str, Any]) -> dict[str, Any]:
    """The translated messages of the web app's modules, for its ``t``/``tn``.

    ``messages`` maps a message to its text, a counted one (by its singular) to its list
    of forms; ``plural_categories`` says which ``Intl.PluralRules`` category picks which.
    """
    messages: dict[str, Any] = {}
    for message in catalog:
        if not message.id or message.fuzzy or message.context is not None:
            continue
        if not any(str(place[0]).endswith(WEB_SUFFIXES) for place in message.locations):
            continue
        if message.pluralizable:
            forms = list(message.string)
            if all(forms):
                messages[message.id[0]] = forms
        elif message.string:
            messages[message.id] = message.string
    return {"lang": code, "plural_categories": list(settings["plural_categories"]),
            "messages": messages}


def main(argv: list[str]) -> int:
    root = Path(__file__).resolve().parents[3]
    steps = {"extract": lambda: [write_template(root)], "update": lambda: update_catalogues(root),
             "compile": lambda: compile_catalogues(root)}
    if len(argv) != 1 or argv[0] not in steps:
        print(f"usage: python -m camelcade.i18n.build {' | '.join(steps)}", file=sys.stderr)
        return 2
    for path in steps[argv[0]]():
        print(f"wrote {path.relative_to(root)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
