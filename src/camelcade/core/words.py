"""The words every game speaks in: whole sentences with named placeholders, plurals, lists.

What a blind player hears, what the terminal prints and what the web app announces all
come from a game's text module. They are written with these few helpers so that

* every sentence is whole, with named placeholders (``t("{seat} draws a card.", seat=...)``),
  never glued together from parts — the shape gettext catalogues need, so the
  translations (German, French, Danish) replace sentences, not fragments;
* plurals are chosen by number (``tn("{count} point", "{count} points", n)``), never by
  appending an "s";
* a sentence remembers which message it was made from (:class:`Sentence`), so a run of the
  same event ("Yellow draws a card." three times) can be told once in its counted form
  ("Yellow draws 3 cards.") by :func:`group_repeats`, from data the game declares.

``t`` and ``tn`` look their message up in the catalogue of the current language
(:func:`language`, a context variable, so a server can word each seat's text in its own
language); English is the source and the fallback. The catalogues are gettext's, compiled
from ``.po`` files when the package is built, and read with the standard library's
``gettext`` alone: the core needs no package to speak German. There is a domain per game,
in the game's own folder (its manifest's ``locale`` slot names it; the registry adds it
here with :func:`add_domain` as the game registers, an outside package's as a built-in's),
and one shared domain (``camelcade``, in ``camelcade/locale/``) for the rest. A language's
catalogue is the shared one followed by every game's, so a message is found wherever it
is marked — a game's sentence in the game's domain, the summary of a manifest that the
shared command line translates, a shared word a game says — with no import or argument
to say which game is speaking; a message marked in two domains has one translation in
both (``tests/i18n`` holds every domain to it). ``docs/i18n.md`` tells how it all fits
together.

A sentence once made is remembered by its catalogue, message and values, and handed out
again (a web board and a description say the same few sentences at every move, for every
seat); :func:`worded_once` does the same for any text built from sentences, a board's
cells. Neither changes what is said: a new catalogue loader forgets them all.

``pt`` words a message whose English is ambiguous out of context (a command word typed at
a prompt, "help", is not the "help" of a sentence); ``N_`` marks a message for the
catalogue where it is written and leaves it untranslated, for text looked up later by
:func:`translate` (help written as data).
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

SOURCE_LANGUAGE = "en"
DOMAIN = "camelcade"
"""The shared gettext domain: every message not marked in one game's folder alone."""
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""Where the shared compiled catalogues are: ``<lang>/LC_MESSAGES/camelcade.mo``."""
_DOMAINS: dict[str, Path] = {DOMAIN: LOCALE_DIR}
"""Every domain spoken, by name: the shared one first, then the games' as they register."""
_LANGUAGE: ContextVar[str] = ContextVar("camelcade_language", default=SOURCE_LANGUAGE)
_CATALOGUES: dict[str, gettext.NullTranslations] = {}
_PLAYER_NAMES: ContextVar[tuple[str | None, ...]] = ContextVar("camelcade_player_names",
                                                             default=())
Loader = Callable[[str], gettext.NullTranslations | None]
_T = TypeVar("_T")


def add_domain(name: str, folder: Path) -> None:
    """Speak the messages of domain ``name`` too, compiled in ``folder``
    (``<lang>/LC_MESSAGES/<name>.mo``): a game's own catalogue. Its messages are looked up
    after those already spoken; a second folder under a name already taken is refused."""
    known = _DOMAINS.get(name)
    if known == folder:
        return
    if known is not None:
        raise ValueError(f"the gettext domain {name!r} is {known} already, not {folder}")
    _DOMAINS[name] = folder
    _CATALOGUES.clear()
    _MADE.clear()
    _WORDED.clear()


def remove_domain(name: str) -> None:
    """Stop speaking the game domain ``name`` (a game unregistered); the shared one stays."""
    if name != DOMAIN and _DOMAINS.pop(name, None) is not None:
        _CATALOGUES.clear()
        _MADE.clear()
        _WORDED.clear()


def domains() -> dict[str, Path]:
    """Every domain spoken and the folder of its compiled catalogues, the shared one first."""
    return dict(_DOMAINS)


def packaged_catalogue(code: str) -> gettext.NullTranslations | None:
    """The compiled catalogues of ``code`` in every domain, one after the other, or None if
    no domain has one (or none was compiled): English."""
    found: gettext.NullTranslations | None = None
    for name, folder in list(_DOMAINS.items()):
        try:
            part = gettext.translation(name, localedir=folder, languages=[code])
        except OSError:  # this domain has no such catalogue
            continue
        if found is None:
            found = part
        else:
            found.add_fallback(part)
    return found


_loader: Loader = packaged_catalogue


def set_catalogue_loader(loader: Loader | None) -> None:
    """Install the function that finds a language's catalogue (tests give their own);
    None puts back the packaged catalogues."""
    global _loader
    _loader = packaged_catalogue if loader is None else loader
    _CATALOGUES.clear()
    _MADE.clear()
    _WORDED.clear()


def _catalogue() -> gettext.NullTranslations | None:
    code = _LANGUAGE.get()
    if code == SOURCE_LANGUAGE:
        return None
    found = _CATALOGUES.get(code)
    if found is None:
        found = _loader(code) or gettext.NullTranslations()
        _CATALOGUES[code] = found
    return found


def current_language() -> str:
    return _LANGUAGE.get()


@contextmanager
def language(code: str) -> Iterator[None]:
    """Word everything inside the block in ``code`` ("de", "fr", "da"; "en" the source)."""
    token = _LANGUAGE.set(code or SOURCE_LANGUAGE)
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


@contextmanager
def player_names(names: Sequence[str | None]) -> Iterator[None]:
    """Word everything in this block with the names the players gave (None: no name, a bot
    or an open seat), seat by seat: a server sets them per match, as it sets the language."""
    token = _PLAYER_NAMES.set(tuple(names))
    try:
        yield
    finally:
        _PLAYER_NAMES.reset(token)


def player_name(seat: int) -> str:
    """What a seat is called in a game whose players have no colour: the name its player
    gave ("Ben"), else "Player 2" — numbered from 1, as people count."""
    names = _PLAYER_NAMES.get()
    given = names[seat] if 0 <= seat < len(names) else None
    return given if given else t("Player {number}", number=seat + 1)


class Sentence(str):
    """Text that remembers the message and values it was made from (see :func:`group_repeats`)."""

    __slots__ = ("message", "values")
    message: str
    values: tuple[tuple[str, Any], ...]

    def __new__(cls, text: str, message: str, values: Mapping[str, Any]) -> Sentence:
        made = super().__new__(cls, text)
        made.message = message
        made.values = tuple(sorted(values.items()))
        return made


_MADE: dict[tuple[Any, ...], Sentence] = {}
"""Sentences already made, by catalogue, message and values: a board or a description says
the same few sentences over and over (a web board is a hundred of them per message), and
looking one up costs a quarter of making it (gettext, ``format``, ``Sentence``)."""
_MADE_LIMIT = 50_000
"""Past this many sentences the memory starts afresh (seat names make the set open)."""
_WORDED: dict[tuple[Any, ...], Any] = {}
"""Text worded once per language (``worded_once``), by catalogue and key."""
_KEYED = frozenset((int, str, Sentence))
"""The value types a sentence is remembered by. Exact types only: ``True == 1`` and
``1.0 == 1`` as keys but not as text, and a list is not hashable. A ``Sentence`` value keys
by its text, which is all ``format`` reads of it."""


def _keyable(values: Mapping[str, Any]) -> bool:
    """Whether a sentence with these values may be remembered by them (a loop, not
    ``all()``: a generator costs more than the whole lookup it guards)."""
    for value in values.values():  # noqa: SIM110
        if type(value) not in _KEYED:
            return False
    return True


def _remember(key: tuple[Any, ...], made: Sentence) -> Sentence:
    if len(_MADE) >= _MADE_LIMIT:
        _MADE.clear()
    _MADE[key] = made
    return made


def t(message: str, /, **values: Any) -> Sentence:
    """``message`` translated into the current language, its ``{placeholders}`` filled."""
    catalogue = _catalogue()
    key = (catalogue, message, *values.items())
    keyed = _keyable(values)
    if keyed:
        made = _MADE.get(key)
        if made is not None:
            return made
    text = catalogue.gettext(message) if catalogue is not None else message
    made = Sentence(text.format(**values), message, values)
    return _remember(key, made) if keyed else made


def worded_once(key: Hashable, make: Callable[..., _T], *args: Any) -> _T:
    """What ``make(*args)`` words, made once per language and ``key`` and then remembered.

    For text built from sentences over and over, a web board's cells for instance: the key
    names everything the text depends on besides the language (``("path", space, owner,
    listener)``). The result is shared by every caller, so it must never be changed.
    """
    full = (_catalogue(), _PLAYER_NAMES.get(), key)
    try:
        made: _T = _WORDED[full]
    except KeyError:
        made = make(*args)
        if len(_WORDED) >= _MADE_LIMIT:
            _WORDED.clear()
        _WORDED[full] = made
    return made


def pt(context: str, message: str, /, **values: Any) -> Sentence:
    """``message`` in ``context`` (gettext's ``msgctxt``), translated, placeholders filled."""
    catalogue = _catalogue()
    text = catalogue.pgettext(context, message) if catalogue is not None else message
    return Sentence(text.format(**values), message, values)


def translate(message: str) -> str:
    """The current language's text of a message known only at run time (marked with
    :func:`N_` where it is written); no placeholders are filled."""
    catalogue = _catalogue()
    return catalogue.gettext(message) if catalogue is not None else message


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it here (see translate)."""
    return message


def tn(singular: str, plural: str, count: int, /, **values: Any) -> Sentence:
    """The form of a message for ``count`` (``{count}`` is filled in too), translated."""
    catalogue = _catalogue()
    key = (catalogue, singular, plural, count, *values.items())
    keyed = type(count) is int and _keyable(values)
    if keyed:
        made = _MADE.get(key)
        if made is not None:
            return made
    if catalogue is not None:
        text = catalogue.ngettext(singular, plural, count)
    else:
        text = singular if count == 1 else plural
    made = Sentence(text.format(count=count, **values), singular, {"count": count, **values})
    return _remember(key, made) if keyed else made


def and_list(items: Sequence[str]) -> str:
    """"Red", "Red and Yellow", "Red, Yellow and Orange" (in the current language)."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return t("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


@dataclass(frozen=True)
class Counted:
    """How a repeated sentence is told once: its counted singular and plural messages.

    With ``gather``, the run may differ in that one placeholder: its values are told
    together ("You draw oasis 2, mirage 1 and the sandstorm." from three draws), the other
    values must agree, and ``{count}`` is the run's length.
    """

    singular: str
    plural: str
    gather: str | None = None


def group_repeats(sentences: Sequence[str], counted: Mapping[str, Counted]) -> list[str]:
    """Consecutive equal sentences told once, counted, where the game declares how.

    ``counted`` maps a message (as written in the game's text module) to its counted form,
    e.g. ``{"{seat} draws a card.": Counted("{seat} draws {count} card.",
    "{seat} draws {count} cards.")}``. Sentences of other messages, and runs of one, stay
    as they are.
    """
    told: list[str] = []
    index = 0
    while index < len(sentences):
        sentence = sentences[index]
        form = counted.get(sentence.message) if isinstance(sentence, Sentence) else None
        run = 1
        while index + run < len(sentences) and _same_event(sentence, sentences[index + run],
                                                           form):
            run += 1
        if run > 1 and form is not None and isinstance(sentence, Sentence):
            values = dict(sentence.values)
            values.pop("count", None)  # a message made with tn: the run's length replaces it
            if form.gather is not None:
                gathered = sentences[index:index + run]
                values[form.gather] = and_list([dict(s.values)[form.gather]  # type: ignore[attr-defined]
                                                for s in gathered])
            told.append(tn(form.singular, form.plural, run, **values))
        else:
            told.extend(sentences[index:index + run])
        index += run
    return told


def _same_event(first: str, other: str, form: Counted | None) -> bool:
    """Whether ``other`` continues a run that began with ``first``."""
    if form is None or form.gather is None:
        return other == first
    if not (isinstance(first, Sentence) and isinstance(other, Sentence)
            and other.message == first.message):
        return False
    mine, theirs = dict(first.values), dict(other.values)
    mine.pop(form.gather, None)
    theirs.pop(form.gather, None)
    return mine == theirs
