"""The goods' names in words, apart from their notation.

A good's notation (``salt``, ``ivory`` ... ``spec.GOODS``) is part of the action notation
(``relay salt a7-d4``), the one language-neutral contract, so it stays English and is what
a person types. What a person reads names the good in their language: "Dein Kamel auf a7
nimmt Salz auf." Each good therefore has messages of its own, per use:

* :func:`good_name` — the bare name, for labels, lists and the web board's cell words
  ("Salz", "sel"; the legend's "Sa: Salz");
* :func:`the_good` — the good as a running sentence names it (context "good in a
  sentence"): the same bare name in English, German and Danish, with its article in French,
  whose sentences need one ("prend le sel", "pour l'ivoire", "les gemmes");
* :func:`good_count` — a number of one good ("3 salt", "1 gem", "2 gems"), counted in each
  language's plural forms.

The names are those of ``docs/i18n.md``'s Caravan glossaries. Each language's names are
made once and kept (the lookups run for every square of every position told).
"""

from __future__ import annotations

from collections.abc import Callable

from camelcade.core.words import current_language, pt, tn

_NAMES: dict[str, tuple[str, ...]] = {}
_IN_SENTENCES: dict[str, tuple[str, ...]] = {}


def good_name(good: int) -> str:
    """The name of good ``good`` (an id into ``spec.GOODS``) as a label or list says it."""
    code = current_language()
    found = _NAMES.get(code)
    if found is None:
        found = _NAMES[code] = (
            pt("good", "ivory"), pt("good", "cloth"), pt("good", "gems"), pt("good", "paper"),
            pt("good", "meat"), pt("good", "swords"), pt("good", "salt"), pt("good", "hides"))
    return found[good]


def the_good(good: int) -> str:
    """The good ``good`` as a sentence names it ("picks up {good}", "for the {good}")."""
    code = current_language()
    found = _IN_SENTENCES.get(code)
    if found is None:
        # TRANSLATORS: a good inside a sentence ("Your camel on a7 picks up {good}."); give it
        # the article your sentences need (French: "le sel", "l'ivoire", "les gemmes").
        found = _IN_SENTENCES[code] = (
            pt("good in a sentence", "ivory"), pt("good in a sentence", "cloth"),
            pt("good in a sentence", "gems"), pt("good in a sentence", "paper"),
            pt("good in a sentence", "meat"), pt("good in a sentence", "swords"),
            pt("good in a sentence", "salt"), pt("good in a sentence", "hides"))
    return found[good]


_COUNTS: tuple[Callable[[int], str], ...] = (
    lambda n: tn("{count} ivory", "{count} ivory", n),
    lambda n: tn("{count} cloth", "{count} cloth", n),
    lambda n: tn("{count} gem", "{count} gems", n),
    lambda n: tn("{count} paper", "{count} paper", n),
    lambda n: tn("{count} meat", "{count} meat", n),
    lambda n: tn("{count} sword", "{count} swords", n),
    lambda n: tn("{count} salt", "{count} salt", n),
    lambda n: tn("{count} hide", "{count} hides", n),
)
"""One counted message per good, in ``GOODS`` order (a list of what a seat delivered)."""


def good_count(good: int, count: int) -> str:
    """``count`` of good ``good``: "3 salt", "1 gem", "2 swords"."""
    return _COUNTS[good](count)


def short_name(good: int) -> str:
    """The good's two letters on the web board's cubes and loads ("Sa" for salt, "Sa" for
    Salz): the first two of its name, so they read as the name does."""
    return good_name(good)[:2].capitalize()

