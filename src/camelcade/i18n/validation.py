"""Validation problems in the reader's language: what pydantic found, said as a person reads it.

The server's websocket frames and HTTP bodies, and the command line's option values
(typer checks them with pydantic), are validated by pydantic, whose messages are English
("Field required", "String should have at most 200 characters"). A refusal is read by a
person in the language of the connection, request or terminal, so each kind of problem is
worded here, by pydantic's error ``type`` and its values (``ctx``). Field names
(``state_id``, ``seats.0.kind``) are the protocol's and stay as they are; a kind not
listed falls back to pydantic's own words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from camelcade.core.words import t

MAX_PROBLEMS = 3
"""Problems named in one refusal: the first few are enough to fix the request."""

Reason = Callable[[Mapping[str, Any]], str]


def _reasons() -> dict[str, Reason]:
    """Each pydantic error type a client meets, worded (built per call: the current
    language words it)."""
    return {
        "missing": lambda c: t("this field is required"),
        "extra_forbidden": lambda c: t("this field is not part of the message"),
        "string_too_long": lambda c: t("at most {limit} characters", limit=c.get("max_length")),
        "string_too_short": lambda c: t("at least {limit} characters", limit=c.get("min_length")),
        "too_long": lambda c: t("at most {limit} items", limit=c.get("max_length")),
        "too_short": lambda c: t("at least {limit} items", limit=c.get("min_length")),
        "string_type": lambda c: t("must be text"),
        "int_type": lambda c: t("must be a whole number"),
        "int_parsing": lambda c: t("must be a whole number"),
        "int_from_float": lambda c: t("must be a whole number"),
        "float_type": lambda c: t("must be a number"),
        "float_parsing": lambda c: t("must be a number"),
        "bool_type": lambda c: t("must be true or false"),
        "bool_parsing": lambda c: t("must be true or false"),
        "dict_type": lambda c: t("must be a JSON object"),
        "model_type": lambda c: t("must be a JSON object"),
        "model_attributes_type": lambda c: t("must be a JSON object"),
        "list_type": lambda c: t("must be a list"),
        "greater_than_equal": lambda c: t("must be at least {limit}", limit=c.get("ge")),
        "greater_than": lambda c: t("must be more than {limit}", limit=c.get("gt")),
        "less_than_equal": lambda c: t("must be at most {limit}", limit=c.get("le")),
        "less_than": lambda c: t("must be less than {limit}", limit=c.get("lt")),
        "literal_error": lambda c: t("must be one of {allowed}", allowed=c.get("expected")),
        "enum": lambda c: t("must be one of {allowed}", allowed=c.get("expected")),
        "string_pattern_mismatch": lambda c: t(
            "control or format characters (line breaks, tabs, escapes) are not allowed"),
        "json_invalid": lambda c: t("not valid JSON"),
        "value_error": lambda c: str(c.get("error", "")),
    }


def reason(error: Mapping[str, Any]) -> str:
    """One pydantic error in the current language (``value_error``: our own ``ValueError``,
    worded where it was raised)."""
    found = _reasons().get(str(error.get("type")))
    return str(error.get("msg", "")) if found is None else found(error.get("ctx") or {})


def problems(errors: Iterable[Mapping[str, Any]], skip: int = 0) -> str:
    """The first few errors as "field: reason; field: reason" (``skip`` leading location
    parts: a websocket frame's discriminator)."""
    said = []
    for index, error in enumerate(errors):
        if index == MAX_PROBLEMS:
            break
        where = ".".join(str(part) for part in tuple(error.get("loc", ()))[skip:])
        said.append(t("{field}: {reason}", field=where, reason=reason(error)) if where
                    else reason(error))
    return "; ".join(said)
