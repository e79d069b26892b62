"""Numbers in the listener's language: "12.5%" in English, "12,5 %" in French.

The odds report and the advisor say many decimals; a German reader reads "0,42", not
"0.42", and "10.000" for ten thousand. The separators are messages (contexts "decimal
separator" and "digit group separator"), so each catalogue says its own, and the percent
sign sits in a message of its own for the languages that put a space before it.

(The core's words have no number formatting yet; this is Camel Up's, the one game that
prints decimals to a person. See the report of the change that added it.)
"""

from __future__ import annotations

from fractions import Fraction

from camelcade.core.words import pt, t


def decimal(value: float, places: int, *, sign: bool = False) -> str:
    """``value`` with ``places`` decimals ("0.42", "+1.50" with ``sign``), localised."""
    text = f"{value:+.{places}f}" if sign else f"{value:.{places}f}"
    whole, _, fraction = text.partition(".")
    # TRANSLATORS: the character between the whole part and the decimals ("0.42"): "," in
    # German, French and Danish.
    point = pt("decimal separator", ".")
    return _grouped(whole) + (point + fraction if fraction else "")


def whole(value: int) -> str:
    """A whole number with its thousands grouped ("10,000"), localised."""
    return _grouped(str(value))


def percent(probability: float | Fraction) -> str:
    """A probability as a percentage with one decimal ("12.5%"), localised."""
    # TRANSLATORS: a percentage; French writes a space before the sign ("12,5 %").
    return t("{number}%", number=decimal(float(probability) * 100, 1))


def _grouped(digits: str) -> str:
    """``digits`` (a sign allowed) with the thousands separated."""
    sign = digits[0] if digits[:1] in ("+", "-") else ""
    body = digits[len(sign):]
    if len(body) <= 3:
        return digits
    # TRANSLATORS: the character between groups of three digits ("10,000"): "." in German
    # and Danish; a narrow no-break space in French.
    separator = pt("digit group separator", ",")
    groups: list[str] = []
    while body:
        groups.insert(0, body[-3:])
        body = body[:-3]
    return sign + separator.join(groups)
