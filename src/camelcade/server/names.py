"""Seat names: printable text only, so no name can drive a terminal or fake a message.

A name is shown to every other player and spectator: in the lobby, beside each seat, in
"Ann left." lines a screen reader speaks. ESC, CR and LF in a name once cleared the
screen of ``camelcade online lobby`` and printed a fake "Your turn."; bidirectional
overrides (format characters) reverse the text around them. So a name is normalised to
NFC (one spelling for one look), trimmed, and refused unless every character is
printable: no control (Cc) or format (Cf) characters, no line or paragraph separators,
no unassigned or private-use code points, and no space other than the ordinary one.

Two format characters are part of writing, not tricks, and are kept inside a character:
the zero-width joiner and non-joiner (U+200D, U+200C) that build emoji such as 👨‍👩‍👧 and
shape Indic and Persian letters, and the tag characters of subdivision flags (🏴 with
tags is the flag of Scotland). A joiner must follow a visible character it extends, tag
characters the black flag; alone, or first, either is refused like any other format
character.

A name's length is counted as people see it: in user-perceived characters (Unicode's
extended grapheme clusters, ``regex``'s ``\\X``), so 👨‍👩‍👧 is one character, not five
code points, and "नमस्ते" three. The web page counts the same way (``Intl.Segmenter``)
and reads the limit from the page itself, so the page and the server hold one rule.
Stacked combining marks ("Zalgo" text) make one character of any number of code points,
so code points are capped too, far above what any name in any script needs.
"""

from __future__ import annotations

import unicodedata

import regex

from camelcade.core.words import N_, t, tn, translate

MAX_NAME_CHARS = 32
"""User-perceived characters (grapheme clusters, after NFC) in a seat name."""
MAX_NAME_CODE_POINTS = 8 * MAX_NAME_CHARS
"""Code points in a seat name (the database column holds this many)."""
RAW_NAME_CHARS = 4 * MAX_NAME_CODE_POINTS
"""What the request may carry before normalising (NFC can shorten decomposed text)."""
RAW_NAME_UTF16 = 2 * RAW_NAME_CHARS
"""The web page's ``maxlength`` (HTML counts UTF-16 code units): only a backstop, the
page counts characters itself."""
_ALLOWED = N_("A name is 1 to {limit} characters: letters of any script, digits, "
              "punctuation, symbols, emoji and ordinary spaces; no control characters, "
              "line breaks, tabs or invisible formatting.")
ALLOWED = _ALLOWED.format(limit=MAX_NAME_CHARS)
"""What a name may be, in English (the API's schema says it)."""
JOINERS = frozenset({"\u200c", "\u200d"})
"""Zero-width non-joiner and joiner: allowed inside a character (see the docstring)."""
_CLUSTER = regex.compile(r"\X")


def allowed() -> str:
    """What a name may be, in the current language (each refusal ends with it)."""
    return translate(_ALLOWED).format(limit=MAX_NAME_CHARS)


class NameRefused(ValueError):
    """A name that breaks the rule; its text is for the player, whole (no field path)."""


CONTROL_NAMES = {"\x1b": N_("escape"), "\r": N_("carriage return"), "\n": N_("line feed"),
                 "\t": N_("tab"), "\x00": N_("null"), "\x07": N_("bell"),
                 "\x08": N_("backspace")}


def _described(char: str) -> str:
    """``U+001B (escape)``: the code point, and its name (Unicode's, or the control's)."""
    name = unicodedata.name(char, "").lower() or translate(CONTROL_NAMES.get(char, ""))
    if not name and unicodedata.category(char) == "Cc":
        name = t("a control character")
    code = f"U+{ord(char):04X}"
    return t("{code} ({name})", code=code, name=name) if name else code


def characters(text: str) -> list[str]:
    """``text`` cut into user-perceived characters (extended grapheme clusters)."""
    found: list[str] = _CLUSTER.findall(text)
    return found


BLACK_FLAG = "\U0001F3F4"
"""The base of a subdivision flag: the only character tag characters may follow (after
anything else they are invisible text, a way to smuggle words into a name)."""


def _extends(char: str, base: str) -> bool:
    """A format character that belongs to writing here: a joiner inside a character, or a
    tag character of a flag."""
    return char in JOINERS or (base == BLACK_FLAG and 0xE0020 <= ord(char) <= 0xE007F)


def check_name(name: str) -> str:
    """``name`` in NFC without surrounding spaces; ``NameRefused`` saying what is allowed."""
    clean = unicodedata.normalize("NFC", name).strip(" ")
    clusters = characters(clean)
    for cluster in clusters:
        for index, char in enumerate(cluster):
            if not char.isprintable() and not (index > 0 and _extends(char, cluster[0])):
                raise NameRefused(t("The name contains {char}. {allowed}",
                                    char=_described(char), allowed=allowed()))
    if not clean:
        raise NameRefused(t("The name is empty. {allowed}", allowed=allowed()))
    if len(clusters) > MAX_NAME_CHARS:
        raise NameRefused(tn(
            "This name is {count} character long; a name can have at most {limit}.",
            "This name is {count} characters long; a name can have at most {limit}.",
            len(clusters), limit=MAX_NAME_CHARS))
    if len(clean) > MAX_NAME_CODE_POINTS:
        raise NameRefused(t(
            "This name stacks too many marks on its letters; use fewer accents or symbols."))
    return clean
