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

MAX_NAME_CHARS = 32
"""Characters (code points, after NFC) in a seat name."""
RAW_NAME_CHARS = 4 * MAX_NAME_CHARS
"""What the request may carry before normalising (NFC can shorten decomposed text)."""
ALLOWED = (f"a name is 1 to {MAX_NAME_CHARS} printable characters: letters, digits, "
           "punctuation, symbols and ordinary spaces; no control characters, line breaks, "
           "tabs or invisible formatting")


CONTROL_NAMES = {"\x1b": "escape", "\r": "carriage return", "\n": "line feed",
                 "\t": "tab", "\x00": "null", "\x07": "bell", "\x08": "backspace"}


def _described(char: str) -> str:
    name = unicodedata.name(char, "") or CONTROL_NAMES.get(char, "")
    if not name and unicodedata.category(char) == "Cc":
        name = "a control character"
    return f"U+{ord(char):04X}" + (f" ({name.lower()})" if name else "")


def check_name(name: str) -> str:
    """``name`` in NFC without surrounding spaces; ``ValueError`` saying what is allowed."""
    clean = unicodedata.normalize("NFC", name).strip(" ")
    for char in clean:
        if not char.isprintable():
            raise ValueError(f"the name contains {_described(char)}; {ALLOWED}")
    if not clean:
        raise ValueError(f"the name is empty; {ALLOWED}")
    if len(clean) > MAX_NAME_CHARS:
        raise ValueError(f"the name has {len(clean)} characters; {ALLOWED}")
    return clean
