"""What the terminal client says when it connects: its seat, its language, and that it
draws no web board (the server then builds none for it)."""

from __future__ import annotations

import json
from types import TracebackType
from typing import Any

import pytest
import websockets.sync.client

from camelcade.cli.online import OnlineSession
from camelcade.core.words import language


class QuietSocket:
    """A connection the server closes at once, keeping what the client sent."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def __enter__(self) -> QuietSocket:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        return None

    def send(self, raw: str) -> None:
        self.sent.append(json.loads(raw))

    def __iter__(self) -> Any:
        return iter(())


def test_the_hello_names_the_seat_the_language_and_no_board(
        monkeypatch: pytest.MonkeyPatch) -> None:
    socket = QuietSocket()
    monkeypatch.setattr(websockets.sync.client, "connect", lambda *args, **kw: socket)
    said: list[str] = []
    with language("fr"):
        OnlineSession("ws://example.invalid/ws/matches/m", "secret", said.append,
                      lambda prompt: "").run()
    assert socket.sent[0] == {"type": "hello", "token": "secret", "lang": "fr",
                              "board": False}
    assert said  # the closed connection is told
