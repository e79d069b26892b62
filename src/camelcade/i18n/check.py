"""Checks of a translation catalogue: what the tests in ``tests/i18n`` and a translator ask.

Each check returns the problems it found as sentences naming the message, so a failing
test (or ``python -m camelcade.i18n.check``) tells the translator what to fix:

* :func:`untranslated`: messages with no translation (or a fuzzy one, which the build
  leaves out), each plural form counted;
* :func:`placeholder_problems`: a translation whose ``{placeholders}`` are not the
  message's own (a name changed, dropped or invented; a brace unbalanced);
* :func:`plural_problems`: a ``Plural-Forms`` header other than the language's.

Babel reads the ``.po`` files (a developer and test dependency, never a runtime one).
"""

from __future__ import annotations

import string
import sys
from pathlib import Path
from typing import Any

from camelcade.i18n.build import declared_languages, domains

COUNT = "count"
"""The placeholder ``tn`` fills with the count itself: a form may leave it out ("one")."""


def read_catalogue(path: Path, code: str) -> Any:
    """The Babel catalogue of a ``.po`` file."""
    from babel.messages.pofile import read_po

    with path.open("rb") as source:
        return read_po(source, locale=code)


def label(message: Any) -> str:
    """A message as a translator finds it in the ``.po``: its id, and its context if any."""
    msgid = message.id[0] if isinstance(message.id, tuple | list) else message.id
    context = f" (msgctxt {message.context!r})" if message.context else ""
    return f"{msgid!r}{context}"


def _forms(message: Any) -> list[str]:
    return list(message.string) if message.pluralizable else [message.string]


def untranslated(catalog: Any) -> list[str]:
    """Every message of ``catalog`` that has no complete, non-fuzzy translation."""
    return [label(message) for message in catalog
            if message.id and (message.fuzzy or not all(_forms(message)))]


def names(text: str) -> set[str] | None:
    """The placeholder names of a ``str.format`` text, or None if it is not one."""
    try:
        return {field.split(".")[0].split("[")[0]
                for _literal, field, _spec, _conversion in string.Formatter().parse(text)
                if field is not None}
    except ValueError:  # an unbalanced brace: str.format would raise too
        return None


def placeholder_problems(catalog: Any) -> list[str]:
    """Every translation whose placeholders differ from its message's.

    A plain message's translation has exactly the message's names. Each form of a counted
    one has the names of its singular and plural together, ``{count}`` optional (a
    language may say "one" as a word).
    """
    problems = []
    for message in catalog:
        if not message.id:
            continue
        sources = message.id if message.pluralizable else (message.id,)
        expected: set[str] = set()
        for source in sources:
            expected |= names(source) or set()
        for form in _forms(message):
            if not form:
                continue
            found = names(form)
            if found is None:
                problems.append(f"{label(message)}: the translation {form!r} has an "
                                f"unbalanced brace (write {{{{ and }}}} for a brace itself)")
                continue
            allowed = found == expected or (message.pluralizable
                                            and found | {COUNT} == expected | {COUNT})
            if not allowed:
                problems.append(f"{label(message)}: the translation {form!r} has the "
                                f"placeholders {sorted(found)}, the message "
                                f"{sorted(expected)}")
    return problems


def plural_problems(catalog: Any, plural_forms: str) -> list[str]:
    """A ``Plural-Forms`` header other than the language's (Babel reads each counted
    message with as many forms as the header says, so the header is what decides)."""
    problems = []
    header = dict(catalog.mime_headers).get("Plural-Forms")
    if header != plural_forms:
        problems.append(f"the header Plural-Forms is {header!r}, the language's is "
                        f"{plural_forms!r}")
    return problems


def report(root: Path) -> list[str]:
    """Every problem of every domain's catalogue of every language, each line naming its
    domain and language."""
    lines = []
    for domain in domains(root):
        for code, settings in declared_languages(root).items():
            path = domain.catalogue(code)
            if code == "en" or not path.is_file():
                continue
            catalog = read_catalogue(path, code)
            where = f"{domain.name} {code}"
            missing = untranslated(catalog)
            if missing:
                lines.append(f"{where}: {len(missing)} of {len(catalog)} messages untranslated")
            lines += [f"{where}: {problem}" for problem in placeholder_problems(catalog)]
            lines += [f"{where}: {problem}"
                      for problem in plural_problems(catalog, settings["plural_forms"])]
    return lines


if __name__ == "__main__":
    found = report(Path(__file__).resolve().parents[3])
    print("\n".join(found) or "every catalogue is complete and consistent")
    sys.exit(1 if found else 0)
