"""A player's choices, told as a count and narrowed by words: ``legal [filter]``.

A game may offer hundreds of legal actions at once; read out one by one they are not a
choice but a wall. So a turn says only how many there are, and ``legal`` narrows them by
any words of the action's notation or its sentence: ``legal relay`` (a kind of action),
``legal d5`` (a square), ``legal blue`` (a camel), ``legal h1`` (a piece's square). A
word matches a word of the action equal to it or, from three letters on, beginning with
it (``legal rel``, ``legal oasis`` for ``oasis3 12``); every word given must match.
Numbers keep their place in the whole list, so the number shown plays the action.

A long list with no filter is summarised by kind (the first word of the notation):
"244 legal actions: move (241), pick (2) and pass (1)", with how to narrow it; ``legal
all`` lists every one. Nothing here knows a game: ``play`` passes the actions of a state
with their sentences, ``online`` the server's ``legal_actions``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from camelcade.core.words import and_list, t, tn
from camelcade.i18n.commands import word

LIST_AT_ONCE = 20
"""Up to this many actions, ``legal`` lists them all; beyond, it summarises them by kind."""
MOST_KINDS = 12
"""A summary with more kinds than this would be a list again: the list is shown instead."""
PREFIX_FROM = 3
"""Filter words this long or longer also match the start of a word (``rel`` -> ``relay``)."""
ALL_WORD = "all"
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Choice:
    """One legal action: its number in the whole list (from 1), notation and sentence."""

    number: int
    action: str
    sentence: str

    def line(self) -> str:
        return t("{number}. {action} — {sentence}", number=self.number, action=self.action,
                 sentence=self.sentence)


@dataclass(frozen=True)
class Listing:
    """What ``legal [filter]`` says: a heading (None before a summary, which says what it
    is itself), then one line per choice or the summary's lines."""

    heading: str | None
    lines: list[str]


def numbered(entries: Sequence[tuple[str, str]]) -> list[Choice]:
    """``(action text, sentence)`` pairs as numbered choices."""
    return [Choice(number, action, sentence)
            for number, (action, sentence) in enumerate(entries, 1)]


def words_of(text: str) -> list[str]:
    """The words of an action's text or sentence, lower case: ``camel d5-d6`` -> camel, d5, d6."""
    return _WORD.findall(text.lower())


def matches(choice: Choice, wanted: Sequence[str]) -> bool:
    """True when every wanted word is a word of the action's notation or its sentence."""
    words = set(words_of(choice.action)) | set(words_of(choice.sentence))
    return all(
        word in words or (len(word) >= PREFIX_FROM and any(w.startswith(word) for w in words))
        for word in wanted
    )


def count_sentence(count: int) -> str:
    """"1 legal action." / "12 legal actions."."""
    return tn("{count} legal action.", "{count} legal actions.", count)


def kinds(choices: Sequence[Choice]) -> dict[str, int]:
    """How many actions of each kind (the first word of the notation), in order of first use."""
    counted: dict[str, int] = {}
    for choice in choices:
        found = words_of(choice.action)
        kind = found[0] if found else choice.action
        counted[kind] = counted.get(kind, 0) + 1
    return counted


def listing(entries: Sequence[tuple[str, str]], filter_text: str = "") -> Listing:
    """What ``legal`` (``filter_text`` empty), ``legal all`` or ``legal WORDS`` says."""
    choices = numbered(entries)
    wanted = words_of(filter_text)
    total = len(choices)
    if not choices:
        return Listing(None, [t("You have no legal action now.")])
    if wanted == [ALL_WORD] or not wanted:
        by_kind = kinds(choices)
        if wanted or total <= LIST_AT_ONCE or len(by_kind) > MOST_KINDS:
            return Listing(t("Legal actions"), [choice.line() for choice in choices])
        return Listing(None, _summary(total, by_kind))
    found = [choice for choice in choices if matches(choice, wanted)]
    shown = " ".join(wanted)
    if not found:
        lines: list[str] = [t("No legal action matches '{filter}'.", filter=shown)]
        return Listing(None, lines + _summary(total, kinds(choices)))
    heading = tn("{count} of {total} legal actions matches '{filter}'",
                 "{count} of {total} legal actions match '{filter}'",
                 len(found), total=total, filter=shown)
    return Listing(heading, [choice.line() for choice in found])


def _summary(total: int, by_kind: dict[str, int]) -> list[str]:
    parts = [t("{kind} ({count})", kind=kind, count=count) for kind, count in by_kind.items()]
    example = max(by_kind, key=lambda kind: (by_kind[kind] > 1, -list(by_kind).index(kind)))
    return [
        tn("{count} legal action: {kinds}.", "{count} legal actions: {kinds}.", total,
           kinds=and_list(parts)),
        t("Type '{legal}' and a word to narrow them: a kind of action, a square, a piece or a "
          "colour, for example '{legal} {example}'. '{legal} {all}' lists every one.",
          example=example, legal=word("legal"), all=word("all")),
    ]
