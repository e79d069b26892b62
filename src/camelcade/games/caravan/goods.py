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

The names are those of ``docs/i18n.md``'s Caravan glossaries.
"""

from __future__ import annotations

from collections.abc import Callable

from camelcade.core.words import pt, tn

_NAMES: tuple[Callable[[], str], ...] = (
    lambda: pt("good", "ivory"), lambda: pt("good", "cloth"), lambda: pt("good", "gems"),
    lambda: pt("good", "paper"), lambda: pt("good", "meat"), lambda: pt("good", "swords"),
    lambda: pt("good", "salt"), lambda: pt("good", "hides"),
)
"""Each good's bare name, in ``GOODS`` order. Looked up at each use, never kept: the
language, and in tests the catalogue itself, may change between two uses."""

# TRANSLATORS: a good inside a sentence ("Your camel on a7 picks up {good}."); give it the
# article your sentences need (French: "le sel", "l'ivoire", "les gemmes").
_IN_SENTENCES: tuple[Callable[[], str], ...] = (
    lambda: pt("good in a sentence", "ivory"), lambda: pt("good in a sentence", "cloth"),
    lambda: pt("good in a sentence", "gems"), lambda: pt("good in a sentence", "paper"),
    lambda: pt("good in a sentence", "meat"), lambda: pt("good in a sentence", "swords"),
    lambda: pt("good in a sentence", "salt"), lambda: pt("good in a sentence", "hides"),
)


def good_name(good: int) -> str:
    """The name of good ``good`` (an id into ``spec.GOODS``) as a label or list says it."""
    return _NAMES[good]()


def the_good(good: int) -> str:
    """The good ``good`` as a sentence names it ("picks up {good}", "for the {good}")."""
    return _IN_SENTENCES[good]()


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

