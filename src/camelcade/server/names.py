"""Seat names: printable text only, so no name can drive a terminal or fake a message.

A name is shown to every other player and spectator: in the lobby, beside each seat, in
"Ann left." lines a screen reader speaks. ESC, CR and LF in a name once cleared the
screen of ``camelcade online lobby`` and printed a fake "Your turn."; bidirectional
overrides (format characters) reverse the text around them. So a name is normalised to
NFC (one spelling for one look), trimmed, and refused unless every character is
printable: no control (Cc) or format (Cf) characters, no line or paragraph separators,
no unassigned or private-use code points, and no space other than the ordinary one.
"""

from __future__ import annotations

import unicodedata

from camelcade.core.words import N_, t, tn, translate

MAX_NAME_CHARS = 32
"""Characters (code points, after NFC) in a seat name."""
RAW_NAME_CHARS = 4 * MAX_NAME_CHARS
"""What the request may carry before normalising (NFC can shorten decomposed text)."""
_ALLOWED = N_("A name is 1 to {limit} printable characters: letters, digits, punctuation, "
              "symbols and ordinary spaces; no control characters, line breaks, tabs or "
              "invisible formatting.")
ALLOWED = _ALLOWED.format(limit=MAX_NAME_CHARS)
"""What a name may be, in English (the API's schema says it)."""


def allowed() -> str:
    """What a name may be, in the current language (each refusal ends with it)."""
    return translate(_ALLOWED).format(limit=MAX_NAME_CHARS)


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


def check_name(name: str) -> str:
    """``name`` in NFC without surrounding spaces; ``ValueError`` saying what is allowed."""
    clean = unicodedata.normalize("NFC", name).strip(" ")
    for char in clean:
        if not char.isprintable():
            raise ValueError(t("The name contains {char}. {allowed}", char=_described(char),
                               allowed=allowed()))
    if not clean:
        raise ValueError(t("The name is empty. {allowed}", allowed=allowed()))
    if len(clean) > MAX_NAME_CHARS:
        raise ValueError(tn("The name has {count} character. {allowed}",
                            "The name has {count} characters. {allowed}", len(clean),
                            allowed=allowed()))
    return clean
