"""Extract, update and compile camelcade's catalogues (Babel; a build and developer tool).

There is a gettext **domain** per game and one shared by the rest: a game's messages live
in its own folder, ``games/<game>/locale/<domain>.pot`` and
``games/<game>/locale/<lang>/LC_MESSAGES/<domain>.po`` (the domain is the folder's name),
the rest in ``camelcade/locale/camelcade.pot`` and ``.../camelcade.po``. A message goes to
the game whose folder marks it; one marked in several games goes to each of them; one
marked anywhere outside the games (too) is shared.

``make extract`` writes every domain's template from the sources (Python: ``t``, ``tn``,
``pt``, ``N_``, ``Counted``; the web's ES modules: ``t``, ``tn``; and the help and manifests
of ``camelcade.i18n.extract``, as ``babel.cfg`` maps them). ``make catalogues`` merges each
template into each language's ``.po`` of its domain (new messages empty, changed ones
fuzzy, the translations kept): a message new to a domain takes the translation another
domain's catalogue of the language has for it, so a message moving between the shared
catalogue and a game's — code moved, or a branch that added it to the shared one — keeps
its translation (``split`` is that step alone, for the catalogues as they are).
``make compile`` — and every build of the package, ``pip install`` and wheels alike,
through ``setup.py`` — writes each ``.mo`` that the terminal and the server read with the
standard library's ``gettext``, and the web app's catalogue of each language and domain
(``<domain>.web.json``: the messages of the ES modules, with the plural categories the
browser picks a form with).

This module imports nothing of camelcade, so ``setup.py`` can load it by its path before
the package is installed: only the standard library and Babel.

    python -m camelcade.i18n.build extract | update | split | compile
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path
from typing import Any, NamedTuple

DOMAIN = "camelcade"
"""The shared domain: every message not marked in a game's folder alone."""
WEB_SUFFIX = ".web.json"
WEB_CATALOGUE = DOMAIN + WEB_SUFFIX
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
GAME_TEMPLATE_HEADER = ("# The messages of one game: the template every language's catalogue of "
                        "the game is made from.\n# Written by `make extract`; never edit it by "
                        "hand. How to translate: docs/i18n.md.")
WEB_SUFFIXES = (".js",)
"""Messages found in these files go to the web app's catalogue too."""


class Domain(NamedTuple):
    """One catalogue's domain: its name, its ``locale`` folder and, for a game's, the game's
    folder (whose sources mark its messages). A named tuple, not a dataclass: ``setup.py``
    loads this module by its path, outside ``sys.modules``, where a dataclass cannot be
    made."""

    name: str
    folder: Path
    game: Path | None = None

    def template(self) -> Path:
        return self.folder / f"{self.name}.pot"

    def catalogue(self, code: str) -> Path:
        return self.folder / code / "LC_MESSAGES" / f"{self.name}.po"


def package_root(root: Path) -> Path:
    return root / "src" / "camelcade"


def locale_dir(root: Path) -> Path:
    return package_root(root) / "locale"


def shared_domain(root: Path) -> Domain:
    return Domain(DOMAIN, locale_dir(root))


def domains(root: Path) -> list[Domain]:
    """The shared domain, then each built-in game's (its folder's name), by name."""
    found = [shared_domain(root)]
    for game in sorted((package_root(root) / "games").glob("*/__init__.py")):
        folder = game.parent
        found.append(Domain(folder.name, folder / "locale", folder))
    return found


def template_path(root: Path, domain: Domain | None = None) -> Path:
    return (domain or shared_domain(root)).template()


def catalogue_path(root: Path, code: str, domain: Domain | None = None) -> Path:
    return (domain or shared_domain(root)).catalogue(code)


def web_catalogue_name(domain: str) -> str:
    """The file name of a domain's web catalogue (beside its ``.mo``)."""
    return domain + WEB_SUFFIX


def declared_languages(root: Path) -> dict[str, dict[str, Any]]:
    """``languages.toml``: every language and its settings (English, the source, first)."""
    return tomllib.loads((locale_dir(root) / "languages.toml").read_text(encoding="utf-8"))


def translated_languages(root: Path) -> list[str]:
    return [code for code in declared_languages(root) if code != "en"]


# -- extraction -------------------------------------------------------------------------


def extract_all(root: Path) -> Any:
    """Every message of the sources in one catalogue, as ``babel.cfg`` maps them."""
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


def _game_of(location: str, games: dict[str, Domain]) -> Domain | None:
    """The game domain whose folder holds the file at ``location`` (relative to the root)."""
    parts = Path(location).parts
    if parts[:3] == ("src", "camelcade", "games") and len(parts) > 4:
        return games.get(parts[3])
    return None


def extract_templates(root: Path) -> dict[str, Any]:
    """A fresh template per domain (by name): each message where it is marked (see the
    module's docstring). A game that marks no message has no template."""
    from babel.messages.catalog import Catalog

    every = extract_all(root)
    games = {domain.game.name: domain for domain in domains(root) if domain.game is not None}
    templates: dict[str, Any] = {}

    def template(name: str) -> Any:
        if name not in templates:
            templates[name] = Catalog(
                project="camelcade", domain=name, charset="utf-8", msgid_bugs_address="",
                copyright_holder="the camelcade authors", fuzzy=False,
                header_comment=TEMPLATE_HEADER if name == DOMAIN else GAME_TEMPLATE_HEADER)
        return templates[name]

    template(DOMAIN)
    for message in every:
        if not message.id:
            continue
        owners = [_game_of(str(place[0]), games) for place in message.locations]
        if None in owners:
            targets = {DOMAIN: list(message.locations)}
        else:
            targets = {}
            for place, owner in zip(message.locations, owners, strict=True):
                assert owner is not None
                targets.setdefault(owner.name, []).append(place)
        for name, places in targets.items():
            template(name).add(message.id, None, places, auto_comments=message.auto_comments,
                               context=message.context)
    return templates


def extract_template(root: Path) -> Any:
    """The shared domain's fresh template."""
    return extract_templates(root)[DOMAIN]


def write_templates(root: Path) -> list[Path]:
    """Write every domain's ``.pot`` (file locations without line numbers: diffs stay
    small); a game's template that has no message left is removed."""
    from babel.messages.pofile import write_po

    written = []
    templates = extract_templates(root)
    for domain in domains(root):
        path = domain.template()
        catalog = templates.get(domain.name)
        if catalog is None:
            path.unlink(missing_ok=True)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as out:
            write_po(out, catalog, width=96, include_lineno=False, sort_output=False,
                     omit_header=False)
        written.append(path)
    return written


def write_template(root: Path) -> Path:
    """Write every domain's template; the shared one's path."""
    write_templates(root)
    return template_path(root)


def _read(path: Path, code: str | None = None) -> Any:
    from babel.messages.pofile import read_po

    with path.open("rb") as source:
        return read_po(source, locale=code) if code else read_po(source)


def _translations(root: Path, code: str) -> dict[tuple[Any, Any], Any]:
    """Every translated message of ``code`` in any domain's catalogue, by id and context:
    what a message moving between domains keeps."""
    found: dict[tuple[Any, Any], Any] = {}
    for domain in domains(root):
        path = domain.catalogue(code)
        if not path.is_file():
            continue
        for message in _read(path, code):
            forms = message.string if message.pluralizable else (message.string,)
            if message.id and all(forms) and not message.fuzzy:
                found.setdefault((message.id, message.context), message)
    return found


def update_catalogues(root: Path) -> list[Path]:
    """Merge each domain's template into every language's ``.po`` of the domain (creating
    one that is missing).

    New messages come in empty unless another domain's catalogue translates them (then
    with its translation), changed ones fuzzy (their old translation kept as a hint), and
    messages the code no longer has are dropped.
    """
    from babel.core import Locale
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    written = []
    for code, settings in declared_languages(root).items():
        if code == "en":
            continue
        known = _translations(root, code)  # read all before any is rewritten
        for domain in domains(root):
            if not domain.template().is_file():
                continue
            template = _read(domain.template())
            path = domain.catalogue(code)
            if path.is_file():
                catalog = _read(path, code)
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                whose = "camelcade's messages" if domain.game is None else \
                    f"the messages of {domain.name}"
                catalog = Catalog(locale=Locale.parse(code), domain=domain.name,
                                  project="camelcade", copyright_holder="the camelcade authors",
                                  header_comment=(f"# {settings['name']}: {whose} in {code}. "
                                                  "How to translate: docs/i18n.md."))
            catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
            catalog.obsolete.clear()  # a message the code no longer has is gone for good
            for message in catalog:
                forms = message.string if message.pluralizable else (message.string,)
                if not message.id or any(forms):
                    continue
                moved = known.get((message.id, message.context))
                if moved is not None and moved.pluralizable == message.pluralizable:
                    message.string = moved.string
            catalog.fuzzy = False
            catalog.language_team = f"camelcade {settings['name']}"
            # gettext's forms for the language, which may differ from Babel's CLDR data
            # (French has two in gettext, three in CLDR 42 and later: "many" for whole
            # millions)
            catalog.mime_headers = [("Plural-Forms", settings["plural_forms"])]
            if catalog.plural_forms != settings["plural_forms"]:
                raise SystemExit(f"{path}: Babel gives the plural forms "
                                 f"{catalog.plural_forms!r}, languages.toml declares "
                                 f"{settings['plural_forms']!r}")
            with path.open("wb") as out:
                write_po(out, catalog, width=96, include_lineno=False, include_previous=False)
            written.append(path)
    return written


def split_catalogues(root: Path) -> list[Path]:
    """Each message to the domain its template puts it in, with its translation: ``update``
    after ``extract`` (kept as its own step for moving the catalogues once, and after
    merging branches that added a game's messages to the shared catalogue)."""
    write_templates(root)
    return update_catalogues(root)


# -- compilation ------------------------------------------------------------------------


def compile_catalogues(root: Path) -> list[Path]:
    """Every domain's ``.po`` to its ``.mo``, and the web app's catalogue beside it.

    Fuzzy and empty translations are left out, so those messages fall back to English.
    """
    languages = declared_languages(root)
    return [path for domain in domains(root) for path in compile_domain(domain, languages)]


def compile_domain(domain: Domain, languages: dict[str, dict[str, Any]]) -> list[Path]:
    """One domain's ``.po`` of each of ``languages`` (``languages.toml``'s tables) to its
    ``.mo`` and ``<domain>.web.json``: what an outside game's package, or a test's copy of
    one, compiles its own catalogues with."""
    from babel.messages.mofile import write_mo

    written = []
    for code, settings in languages.items():
        path = domain.catalogue(code)
        if code == "en" or not path.is_file():
            continue
        catalog = _read(path, code)
        mo = path.with_suffix(".mo")
        with mo.open("wb") as out:
            write_mo(out, translated_only(catalog), use_fuzzy=False)
        web = path.with_name(web_catalogue_name(domain.name))
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
    steps = {"extract": lambda: write_templates(root), "update": lambda: update_catalogues(root),
             "split": lambda: split_catalogues(root), "compile": lambda: compile_catalogues(root)}
    if len(argv) != 1 or argv[0] not in steps:
        print(f"usage: python -m camelcade.i18n.build {' | '.join(steps)}", file=sys.stderr)
        return 2
    for path in steps[argv[0]]():
        print(f"wrote {path.relative_to(root)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
