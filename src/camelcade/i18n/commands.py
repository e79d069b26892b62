"""The words a person types at a prompt, in their own language.

Action notation is one language-neutral contract (``oasis3 12``, ``b3-c5``: what the
server and the records keep), but the commands around it are words: ``help``, ``legal``,
``board``, ``quit`` and each game's own (``hand``, ``odds``). Each command keeps its
English name in the code, and each language gives it a word of its own in the catalogue,
in the message context ``command word`` (``msgctxt "command word"``, ``msgid "help"``, German
``msgstr "hilfe"``), so "help" the command is not confused with "help" in a sentence.

At a prompt :func:`canonical` turns what was typed back into the English command, so
the code that answers it stays one: typed ``hilfe`` is ``help``, ``zulässig blau`` is
``legal blau`` (the words after a command are its arguments: they match the translated
sentences as they are). English always works too, in every language: a player who
learnt the English words keeps them. Game commands are found by the extraction from
each game's plug-in manifest (``camelcade.i18n.extract``), so a game declares nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from camelcade.core.words import pt

CONTEXT = "command word"
"""The message context of every command word."""


def front_end_words() -> dict[str, str]:
    """The commands of the terminal's prompts, by English name, in the current language
    (``history`` and ``actions`` are the online prompt's)."""
    return {
        "help": pt("command word", "help"),
        "legal": pt("command word", "legal"),
        "all": pt("command word", "all"),
        "board": pt("command word", "board"),
        "quit": pt("command word", "quit"),
        "exit": pt("command word", "exit"),
        "history": pt("command word", "history"),
        "actions": pt("command word", "actions"),
    }


def word(command: str) -> str:
    """The current language's word for the command ``command`` (its English name)."""
    return str(pt(CONTEXT, command))


def canonical(text: str, commands: Iterable[str] = ()) -> str:
    """``text`` with a translated command word put back into its English name.

    The first word may be any command of :func:`front_end_words` or of ``commands`` (a
    game's, by English name); after ``legal`` its argument ``all`` is a command word too.
    Anything else (an action, a number, a filter word) is returned as it was typed.
    """
    first, space, rest = text.strip().partition(" ")
    names = {**front_end_words(), **{name: word(name) for name in commands}}
    english = _reverse(names).get(first.lower())
    if english is None:
        return text
    if english == "legal" and rest:
        argument = _reverse({"all": names["all"]}).get(rest.strip().lower())
        if argument is not None:
            rest = argument
    return english + space + rest


def _reverse(names: dict[str, str]) -> dict[str, str]:
    """Typed word -> English name: each translation, and each English name itself."""
    reverse = {str(translated).lower(): english for english, translated in names.items()}
    reverse.update({english: english for english in names})
    return reverse
