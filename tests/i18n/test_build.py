"""The build compiles each catalogue to the ``.mo`` gettext reads and the web's JSON."""

from __future__ import annotations

import gettext
import json
import shutil
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
