"""Strict JSON for everything a client sends: size and depth checked before parsing.

``json.loads`` recurses once per nesting level, so ``"[" * 2000 + "]" * 2000`` (under
4 KB) raises ``RecursionError`` deep inside the parser; and it keeps the last of two equal
keys, so ``{"type": "ping", "type": "action", ...}`` reads as an action while a filter
that looked at the first key saw a ping. Here the nesting is counted on the raw text first
(strings skipped) and refused beyond ``max_depth``, duplicate keys are refused, and every
failure is a ``StrictJSONError`` whose message says what was wrong and what is allowed.
"""

from __future__ import annotations

import json
import re
from typing import Any

from camelcade.core.errors import CamelcadeError
from camelcade.core.words import t

DEFAULT_MAX_DEPTH = 16
"""Client messages nest 1 deep and HTTP bodies 4; real clients never come near this."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class StrictJSONError(CamelcadeError):
    """The text is not strict JSON: too deep, a duplicate key, or not JSON at all."""


def nesting_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in ``text``, brackets in strings ignored.

    Linear and non-recursive, so it is safe on any input; unbalanced text just gives the
    deepest level reached (the parser refuses it afterwards).
    """
    if text.count("[") + text.count("{") <= 1:
        return 1 if ("[" in text or "{" in text) else 0
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _refuse_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise StrictJSONError(t("The key {key} appears twice; each key may appear once.",
                                    key=repr(key[:40])))
        result[key] = value
    return result


def _no_constants(name: str) -> Any:
    raise StrictJSONError(t("{name} is not JSON; numbers must be finite.", name=name))


def loads(raw: str | bytes, max_depth: int = DEFAULT_MAX_DEPTH) -> Any:
    """Parse ``raw`` strictly (see the module docstring); raises ``StrictJSONError``.

    Bytes must be UTF-8. ``NaN`` and ``Infinity``, which Python's parser accepts but JSON
    does not have, are refused too.
    """
    if isinstance(raw, bytes | bytearray):
        try:
            text = bytes(raw).decode("utf-8")
        except UnicodeDecodeError:
            raise StrictJSONError(t("The message is not UTF-8 text.")) from None
    else:
        text = raw
    depth = nesting_depth(text)
    if depth > max_depth:
        raise StrictJSONError(t("The JSON nests {depth} levels deep; at most {limit} are allowed.",
                                depth=depth, limit=max_depth))
    try:
        return json.loads(text, object_pairs_hook=_refuse_duplicates,
                          parse_constant=_no_constants)
    except StrictJSONError:
        raise
    except (ValueError, RecursionError):
        raise StrictJSONError(t("The message is not JSON.")) from None
