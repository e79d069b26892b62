"""Message parsing and the closed set of error codes, without a server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from camelcade.server.protocol import (
    HTTP_STATUS,
    ErrorCode,
    Hello,
    PlayAction,
    ProtocolError,
    json_schemas,
    parse_client_message,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "server.md"


def test_valid_messages_parse() -> None:
    assert parse_client_message('{"type":"hello"}', 4096) == Hello(type="hello")
    message = parse_client_message('{"type":"action","action":"storm","state_id":3}', 4096)
    assert message == PlayAction(type="action", action="storm", state_id=3)


def test_hello_says_whether_the_client_draws_the_board() -> None:
    assert parse_client_message('{"type":"hello"}', 4096) == Hello(type="hello", board=True)
    drawn = parse_client_message('{"type":"hello","board":false}', 4096)
    assert isinstance(drawn, Hello) and drawn.board is False
    for bad in ('0', '"false"', 'null'):
        with pytest.raises(ProtocolError) as refused:
            parse_client_message('{"type":"hello","board":' + bad + '}', 4096)
        assert refused.value.code == ErrorCode.MESSAGE_MALFORMED
        assert "board" in refused.value.message


@given(st.one_of(st.text(max_size=300), st.binary(max_size=300)))
def test_junk_raises_only_protocol_errors(raw: str | bytes) -> None:
    try:
        parse_client_message(raw, 256)
    except ProtocolError as error:
        assert error.code in ErrorCode
        assert "Traceback" not in error.message


@given(st.dictionaries(st.text(max_size=10), st.none() | st.integers() | st.text(max_size=10),
                       max_size=5))
def test_random_objects_raise_only_protocol_errors(data: dict[str, object]) -> None:
    try:
        parse_client_message(json.dumps(data), 4096)
    except ProtocolError as error:
        assert error.code in ErrorCode


def test_size_is_checked_in_bytes_before_parsing() -> None:
    with pytest.raises(ProtocolError) as refused:
        parse_client_message('{"type":"ping","x":"' + "é" * 100 + '"}', 150)
    assert refused.value.code == ErrorCode.MESSAGE_TOO_LARGE


def test_every_code_has_an_http_status_and_is_documented() -> None:
    assert set(HTTP_STATUS) == set(ErrorCode)
    text = DOCS.read_text(encoding="utf-8")
    for code in ErrorCode:
        assert f"`{code.value}`" in text, f"{code.value} is not documented in docs/server.md"


def test_the_documented_schema_is_the_one_in_the_code() -> None:
    text = DOCS.read_text(encoding="utf-8")
    start = text.index("```json\n", text.index("## JSON schema")) + len("```json\n")
    documented = json.loads(text[start: text.index("```", start)])
    assert documented == json_schemas(), "regenerate the block at the end of docs/server.md"
