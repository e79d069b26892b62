"""Camel Up's numbers in the listener's language (numbers.py): decimals, groups, percent."""

from __future__ import annotations

from fractions import Fraction

import pytest

from camelcade.core.words import language
from camelcade.games.camel_up.numbers import decimal, percent, whole


def test_english_numbers_are_as_python_writes_them() -> None:
    assert decimal(0.4167, 2) == "0.42"
    assert decimal(1.5, 2, sign=True) == "+1.50"
    assert decimal(-1234.5, 1) == "-1,234.5"
    assert whole(999) == "999"
    assert whole(10_000) == "10,000"
    assert whole(1_234_567) == "1,234,567"
    assert percent(Fraction(1, 8)) == "12.5%"


@pytest.mark.parametrize(("code", "ten_thousand", "value", "share"), [
    ("de", "10.000", "+1.234,50", "12,5\u00a0%"),
    ("fr", "10\u202f000", "+1\u202f234,50", "12,5\u00a0%"),
    ("da", "10.000", "+1.234,50", "12,5\u00a0%"),
])
def test_other_languages_use_their_separators_and_percent_sign(
        code: str, ten_thousand: str, value: str, share: str) -> None:
    with language(code):
        assert whole(10_000) == ten_thousand
        assert decimal(1234.5, 2, sign=True) == value
        assert percent(0.125) == share
