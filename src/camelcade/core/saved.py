"""The saved position: one dataclass per game whose fields are the saved keys.

A game's ``position.py`` declares its saved position as a dataclass deriving from
:class:`SavedPosition` (named apart from the learning encoding's ``TensorLayout`` and the
web board's ``WebLayout``): the field names are the keys of ``to_json()["state"]``,
written once. ``to_data`` turns it
into JSON-safe data; ``from_data`` checks the keys (missing and unknown ones named) and
hands the values to the game's ``_parse``, which validates each field and says what is
allowed. The state builds itself from a validated saved position and is the only writer of
its own private fields, so the saved position is not repeated in a field list, a
``_to_data`` and a sampler.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar, TypeVar

from camelcade.core.errors import StateError
from camelcade.core.types import JSONDict
from camelcade.core.words import t

_L = TypeVar("_L", bound="SavedPosition")


_SCALARS: frozenset[type] = frozenset({int, str, float, bool, type(None)})


def plain(value: Any) -> Any:
    """A JSON-safe copy: tuples and lists become lists, mappings dicts, counters lists.

    Observations are made of this for every viewer at every move on the server, so the
    exact built-in types are answered first, before the abstract-class checks.
    """
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list or kind is tuple:
        return [plain(item) for item in value]
    if kind is dict:
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, Counter):
        return sorted(value.elements())
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


class SavedPosition:
    """Base of a game's saved position (a dataclass; see the module docstring)."""

    name: ClassVar[str] = "'state'"
    """How an error names the saved object."""

    @classmethod
    def keys(cls) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]

    def to_data(self) -> JSONDict:
        """The layout as JSON-safe data, keys in field order."""
        return {name: plain(getattr(self, name)) for name in self.keys()}

    @classmethod
    def checked_keys(cls, data: Any) -> dict[str, Any]:
        """``data`` as a dict with exactly the layout's keys, or a ``StateError`` naming them."""
        if not isinstance(data, dict):
            raise StateError(f"{cls.name} must be an object with {', '.join(cls.keys())}")
        keys = set(cls.keys())
        missing, extra = keys - set(data), set(data) - keys
        if missing:
            raise StateError(f"{cls.name} lacks {sorted(missing)}")
        if extra:
            raise StateError(f"{cls.name} has unknown fields {sorted(map(str, extra))}; "
                             f"allowed: {sorted(keys)}")
        return dict(data)


def written_position(text: str, start: JSONDict) -> tuple[JSONDict, JSONDict]:
    """A position written as one line of JSON (``play --position``, a lesson), laid over
    ``start``, the saved fields of a new match of the same options.

    Answers ``(fields, data)``: the fields the line wrote, and ``start`` with them in place,
    so a game can work out a field the line left out (a bag, the piles) before the whole is
    checked as a saved position is. A line that is not JSON, not an object, or names a field
    the saved position lacks raises ``StateError`` listing the fields allowed; the values
    themselves are checked later by the game's ``from_data``.
    """
    try:
        fields = json.loads(text)
    except (TypeError, json.JSONDecodeError) as error:
        raise StateError(t("bad position: it is not one line of JSON ({problem})",
                           problem=str(error))) from None
    if not isinstance(fields, dict) or not set(fields) <= set(start):
        raise StateError(t("bad position: a JSON object of the fields {fields}",
                           fields=", ".join(start)))
    return fields, {**start, **fields}
