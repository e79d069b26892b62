"""permessage-deflate for big messages only (issue 13, capacity: deflating every few-KB
state message for every viewer was an eighth of the server's CPU under load)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import DATA_OPCODES, Frame, Opcode

from camelcade.server.wsprotocol import BigMessagesDeflate
from tests.server.conftest import sqlite_settings
from tests.server.support import Api, Client, ServerThread

THRESHOLD = 1000
"""Below a two-seat A dos de Chameau state message (about 4 KB), above its welcome."""


def _pair(min_bytes: int) -> tuple[BigMessagesDeflate, PerMessageDeflate]:
    server = BigMessagesDeflate(False, False, 12, 12, {"memLevel": 5})
    server.min_bytes = min_bytes
    return server, PerMessageDeflate(False, False, 12, 12)


def test_small_messages_go_plain_and_the_context_stays_in_step() -> None:
    """Messages under the threshold leave the compressor out (no RSV1), so the big ones
    around them, compressed with context takeover, still inflate to the same text."""
    server, client = _pair(200)
    board = b'{"cells":[' + b",".join(b'{"id":"s%d","text":"%d: empty"}' % (i, i)
                                        for i in range(40)) + b"]}"
    texts = [board, b'{"type":"pong"}', board.replace(b"empty", b"a camel"),
             b'{"type":"presence"}', board]
    for text in texts:
        sent = server.encode(Frame(Opcode.TEXT, text))
        assert sent.rsv1 is (len(text) >= 200), text[:30]
        assert (len(sent.data) < len(text)) is sent.rsv1
        assert client.decode(sent).data == text


def test_compression_contexts_are_made_when_first_used_not_at_the_hand_shake() -> None:
    """Making both at every hand-shake was a sixth of a spectator visit's CPU, and most
    connections never use either; made late they are the same fresh contexts."""
    server, client = _pair(1000)
    assert "encoder" not in vars(server) and "decoder" not in vars(server)
    server.encode(Frame(Opcode.TEXT, b'{"type":"pong"}'))
    assert "encoder" not in vars(server)  # a small message leaves the compressor out
    big = b'{"board":"' + b"a camel, " * 300 + b'"}'
    for _ in range(2):  # context takeover: the second message leans on the first
        assert client.decode(server.encode(Frame(Opcode.TEXT, big))).data == big
    assert "encoder" in vars(server)
    from_client = client.encode(Frame(Opcode.TEXT, big))
    assert from_client.rsv1 and server.decode(from_client).data == big
    assert "decoder" in vars(server)


def test_a_threshold_of_zero_deflates_everything() -> None:
    server, client = _pair(0)
    sent = server.encode(Frame(Opcode.TEXT, b'{"type":"pong"}'))
    assert sent.rsv1 and client.decode(sent).data == b'{"type":"pong"}'


def _recording(client: Client) -> list[tuple[bool, int]]:
    """Each data frame the client receives: (compressed, length of its text)."""
    extensions = client.ws.protocol.extensions
    assert [type(e) for e in extensions] == [PerMessageDeflate], "deflate not negotiated"
    seen: list[tuple[bool, int]] = []
    decode = extensions[0].decode

    def record(frame: Frame, *, max_size: int | None = None) -> Frame:
        decoded = decode(frame, max_size=max_size)
        if frame.opcode in DATA_OPCODES:
            seen.append((frame.rsv1, len(decoded.data)))
        return decoded

    extensions[0].decode = record  # type: ignore[method-assign]
    return seen


def _play_a_little(server: ServerThread) -> list[tuple[bool, int]]:
    api = Api(server.base)
    try:
        match_id, _host, tokens = api.open_match(players=2)
    finally:
        api.http.close()
    client = Client(server.ws_base, match_id, tokens[0], hello=False)
    seen = _recording(client)
    client.send({"type": "hello", "token": tokens[0]})
    assert client.recv()["type"] == "welcome"
    client.wait_state()
    client.send({"type": "ping"})
    client.wait(lambda m: m["type"] == "pong")
    client.close()
    return seen


@pytest.fixture
def low_threshold(tmp_path: Any) -> Iterator[ServerThread]:
    running = ServerThread(sqlite_settings(tmp_path, ws_compress_min_bytes=THRESHOLD)).start()
    yield running
    running.stop()


def test_the_server_deflates_only_messages_over_its_threshold(
        low_threshold: ServerThread) -> None:
    seen = _play_a_little(low_threshold)
    assert any(size >= THRESHOLD for _, size in seen) and any(size < THRESHOLD
                                                              for _, size in seen)
    assert all(compressed is (size >= THRESHOLD) for compressed, size in seen), seen


def test_by_default_a_state_message_of_a_few_kilobytes_goes_plain(server: ServerThread) -> None:
    seen = _play_a_little(server)
    assert any(size > 2000 for _, size in seen), seen
    assert not any(compressed for compressed, _ in seen), seen
