"""The websocket protocol the server runs: uvicorn's, compressing only the big messages.

Browsers always offer permessage-deflate, and uvicorn then compresses every message. A
state message of most games is 2-6 KB, sent to every viewer on every move, and deflating
it was an eighth of the server's CPU under load, more than building it: for a few
kilobytes a move nobody waits on, the bandwidth saved does not pay for the CPU. RFC 7692
lets the sender leave any message uncompressed (its first frame without RSV1), and every
client reads such a message as it is, so messages under ``ws_compress_min_bytes`` go out
plain and the big ones (a game's hundreds of legal actions, a long history on
reconnecting) are still deflated. The window and memory settings are uvicorn's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import DATA_OPCODES, Frame
from websockets.typing import ExtensionParameter


class BigMessagesDeflate(PerMessageDeflate):
    """permessage-deflate that sends whole messages under ``min_bytes`` uncompressed."""

    min_bytes = 0

    def encode(self, frame: Frame) -> Frame:
        # A whole small message is left out of the compressor altogether, so the context
        # both ends keep (the client inflates only frames with RSV1) stays the same.
        if frame.fin and frame.opcode in DATA_OPCODES and len(frame.data) < self.min_bytes:
            return frame
        return super().encode(frame)


class BigMessagesDeflateFactory(ServerPerMessageDeflateFactory):
    """Negotiates as uvicorn does; the extension it accepts is ``BigMessagesDeflate``."""

    def __init__(self, min_bytes: int) -> None:
        super().__init__(server_max_window_bits=12, client_max_window_bits=12,
                         compress_settings={"memLevel": 5})
        self.min_bytes = min_bytes

    def process_request_params(
        self, params: Sequence[ExtensionParameter], accepted_extensions: Sequence[Extension],
    ) -> tuple[list[ExtensionParameter], PerMessageDeflate]:
        response, negotiated = super().process_request_params(params, accepted_extensions)
        extension = BigMessagesDeflate(
            negotiated.remote_no_context_takeover, negotiated.local_no_context_takeover,
            negotiated.remote_max_window_bits, negotiated.local_max_window_bits,
            negotiated.compress_settings)
        extension.min_bytes = self.min_bytes
        return response, extension


def protocol_class(min_bytes: int) -> type[WebSocketsSansIOProtocol]:
    """uvicorn's websocket protocol, deflating only messages of ``min_bytes`` or more (0:
    every message, as uvicorn does); without compression uvicorn's own is used."""

    class WebSocketProtocol(WebSocketsSansIOProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            if self.config.ws_per_message_deflate:
                self.conn.available_extensions = [BigMessagesDeflateFactory(min_bytes)]

    return WebSocketProtocol
