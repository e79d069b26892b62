"""The build compiles each catalogue to the ``.mo`` gettext reads and the web's JSON."""

from __future__ import annotations

import gettext
import json
import shutil
import subprocess
import sys
from pathlib import Path

from camelcade.core.words import LOCALE_DIR
from camelcade.i18n import build

PO = """msgid ""
msgstr ""
"Language: fr\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"
"Content-Type: text/plain; charset=utf-8\\n"

#: src/camelcade/server/web/static/js/match.js
msgid "It is your turn."
msgstr "C'est votre tour."

#: src/camelcade/server/web/static/js/match.js
msgid "one move"
msgid_plural "{count} moves"
msgstr[0] "{count} coup"
msgstr[1] "{count} coups"

#: src/camelcade/games/camel_up/text.py
msgid "{name} wins."
msgstr "{name} gagne."

#: src/camelcade/server/web/static/js/match.js
#, fuzzy
msgid "Close"
msgstr "Fermer"

#: src/camelcade/games/camel_up/text.py
msgid "one camel"
msgid_plural "{count} camels"
msgstr[0] ""
msgstr[1] ""

#: src/camelcade/i18n/commands.py
msgctxt "command word"
msgid "help"
msgstr "aide"
"""


def test_a_catalogue_compiles_for_gettext_and_for_the_browser(tmp_path: Path) -> None:
    locale = tmp_path / "src" / "camelcade" / "locale"
    locale.mkdir(parents=True)
    shutil.copy(LOCALE_DIR / "languages.toml", locale / "languages.toml")
    (locale / "fr" / "LC_MESSAGES").mkdir(parents=True)
    build.catalogue_path(tmp_path, "fr").write_text(PO, encoding="utf-8")
    written = build.compile_catalogues(tmp_path)
    assert {path.name for path in written} == {"camelcade.mo", "camelcade.web.json"}

    french = gettext.translation("camelcade", localedir=locale, languages=["fr"])
    assert french.gettext("{name} wins.") == "{name} gagne."
    assert french.ngettext("one move", "{count} moves", 0) == "{count} coup"  # French: 0 is one
    assert french.pgettext("command word", "help") == "aide"
    assert french.gettext("Close") == "Close"  # fuzzy: left out, English
    # a counted message not yet translated is English, never an empty string
    assert french.ngettext("one camel", "{count} camels", 2) == "{count} camels"

    web = json.loads((locale / "fr" / "LC_MESSAGES" / "camelcade.web.json").read_text())
    assert web == {"lang": "fr", "plural_categories": ["one", "other"], "messages": {
        "It is your turn.": "C'est votre tour.", "one move": ["{count} coup", "{count} coups"]}}


def _tree(root: Path) -> None:
    """A checkout with a shared message, a game's own messages, and one two games mark."""
    package = root / "src" / "camelcade"
    (package / "locale").mkdir(parents=True)
    shutil.copy(LOCALE_DIR / "languages.toml", package / "locale" / "languages.toml")
    (root / "babel.cfg").write_text("[python: src/camelcade/**.py]\n", encoding="utf-8")
    (package / "core").mkdir()
    (package / "core" / "say.py").write_text('t("Shared words.")\n', encoding="utf-8")
    for game, text in {"toy": 't("A toy sentence.")\ntn("one toy", "{count} toys", 2)\n',
                       "other": 't("A toy sentence.")\n'}.items():
        (package / "games" / game).mkdir(parents=True)
        (package / "games" / game / "__init__.py").write_text("", encoding="utf-8")
        (package / "games" / game / "text.py").write_text(text, encoding="utf-8")


SHARED_BEFORE = """msgid ""
msgstr ""
"Language: {code}\\n"
"Plural-Forms: {forms}\\n"
"Content-Type: text/plain; charset=utf-8\\n"

#: src/camelcade/core/say.py
msgid "Shared words."
msgstr "[{code}] Shared words."

#: src/camelcade/games/toy/text.py src/camelcade/games/other/text.py
msgid "A toy sentence."
msgstr "[{code}] A toy sentence."

#: src/camelcade/games/toy/text.py
msgid "one toy"
msgid_plural "{{count}} toys"
msgstr[0] "[{code}] one toy"
msgstr[1] "[{code}] {{count}} toys"
"""


def _translated(root: Path, code: str) -> dict[str, set[object]]:
    found = {}
    for domain in build.domains(root):
        path = domain.catalogue(code)
        if path.is_file():
            found[domain.name] = {message.id for message in build._read(path, code)
                                  if message.id and message.string and all(message.string)}
    return found


def test_split_moves_each_game_s_messages_to_its_folder_with_their_translations(
    tmp_path: Path,
) -> None:
    """The one central catalogue of before becomes one per domain, no translation lost:
    per language, the translated messages before are the translated messages after."""
    _tree(tmp_path)
    codes = [code for code in build.declared_languages(tmp_path) if code != "en"]
    for code in codes:
        path = build.catalogue_path(tmp_path, code)
        path.parent.mkdir(parents=True)
        forms = build.declared_languages(tmp_path)[code]["plural_forms"]
        path.write_text(SHARED_BEFORE.format(code=code, forms=forms), encoding="utf-8")
    before = {code: set().union(*_translated(tmp_path, code).values()) for code in codes}

    build.split_catalogues(tmp_path)

    for code in codes:
        after = _translated(tmp_path, code)
        assert set().union(*after.values()) == before[code] and len(before[code]) == 3
        assert after == {"camelcade": {"Shared words."},
                         "other": {"A toy sentence."},
                         "toy": {"A toy sentence.", ("one toy", "{count} toys")}}
    assert (tmp_path / "src/camelcade/games/toy/locale/toy.pot").is_file()
    written = build.compile_catalogues(tmp_path)
    assert tmp_path / "src/camelcade/games/toy/locale/de/LC_MESSAGES/toy.mo" in written
    assert tmp_path / "src/camelcade/games/toy/locale/de/LC_MESSAGES/toy.web.json" in written
    toy = gettext.translation("toy", localedir=tmp_path / "src/camelcade/games/toy/locale",
                              languages=["da"])
    assert toy.ngettext("one toy", "{count} toys", 3) == "[da] {count} toys"


def test_a_message_moved_back_to_the_shared_code_keeps_its_translation(tmp_path: Path) -> None:
    _tree(tmp_path)
    for code in ("de", "fr", "da"):
        path = build.catalogue_path(tmp_path, code)
        path.parent.mkdir(parents=True)
        forms = build.declared_languages(tmp_path)[code]["plural_forms"]
        path.write_text(SHARED_BEFORE.format(code=code, forms=forms), encoding="utf-8")
    build.split_catalogues(tmp_path)
    (tmp_path / "src/camelcade/core/say.py").write_text(
        't("Shared words.")\ntn("one toy", "{count} toys", 2)\n', encoding="utf-8")
    (tmp_path / "src/camelcade/games/toy/text.py").write_text('t("A toy sentence.")\n',
                                                              encoding="utf-8")
    build.split_catalogues(tmp_path)
    assert _translated(tmp_path, "fr")["camelcade"] == {"Shared words.",
                                                         ("one toy", "{count} toys")}
    assert _translated(tmp_path, "fr")["toy"] == {"A toy sentence."}


def test_setup_py_loads_the_build_by_its_path_and_compiles_every_domain(tmp_path: Path) -> None:
    """``setup.py`` runs the build before camelcade is installed: the module loaded from its
    file, outside ``sys.modules``, must compile every domain (a dataclass there broke it)."""
    _tree(tmp_path)
    path = build.catalogue_path(tmp_path, "de")
    path.parent.mkdir(parents=True)
    forms = build.declared_languages(tmp_path)["de"]["plural_forms"]
    path.write_text(SHARED_BEFORE.format(code="de", forms=forms), encoding="utf-8")
    build.split_catalogues(tmp_path)
    code = ("import importlib.util, sys; from pathlib import Path\n"
            "spec = importlib.util.spec_from_file_location('camelcade_i18n_build', sys.argv[1])\n"
            "module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)\n"
            "print(len(module.compile_catalogues(Path(sys.argv[2]))))")
    done = subprocess.run([sys.executable, "-c", code, build.__file__, str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == 18  # .mo and .web.json: 3 domains (shared, toy, other) × 3
