"""The websocket protocol the server runs: uvicorn's, compressing only the big messages.

Browsers always offer permessage-deflate, and uvicorn then compresses every message. A
state message of most games is 2-6 KB, sent to every viewer on every move, and deflating
it was an eighth of the server's CPU under load, more than building it: for a few
kilobytes a move nobody waits on, the bandwidth saved does not pay for the CPU. RFC 7692
lets the sender leave any message uncompressed (its first frame without RSV1), and every
client reads such a message as it is, so messages under ``ws_compress_min_bytes`` go out
plain and the big ones (a game's hundreds of legal actions, a long history on
reconnecting) are still deflated. The window and memory settings are uvicorn's. A
connection's compressor and decompressor are made when first needed, not at the
hand-shake: most connections never send or receive a compressed message, and making both
was a sixth of the CPU a spectator's visit costs.

The hand-shakes themselves are let through ``arrivals_per_turn`` a turn of the event loop.
uvicorn parses a websocket's upgrade request and runs the websocket hand-shake as soon
as the bytes arrive, outside the application; 200 spectators reconnecting at once under
the attack benchmark held one turn of the loop for 40-60 ms that way, twice a wave, and
every move waiting meanwhile (a p99 of 70 ms). Beyond that many a turn, a hand-shake's
bytes wait for a later turn (``turns.Gate``).
"""

from __future__ import annotations

import zlib
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

from camelcade.server.turns import Gate


class BigMessagesDeflate(PerMessageDeflate):
    """permessage-deflate that sends whole messages under ``min_bytes`` uncompressed."""

    min_bytes = 0

    def __init__(self, remote_no_context_takeover: bool, local_no_context_takeover: bool,
                 remote_max_window_bits: int, local_max_window_bits: int,
                 compress_settings: dict[Any, Any] | None = None) -> None:
        # The parent makes no compression context when told there is no takeover; the
        # negotiated flags are set afterwards, and ``__getattr__`` makes each on first use.
        super().__init__(True, True, remote_max_window_bits, local_max_window_bits,
                         compress_settings)
        self.remote_no_context_takeover = remote_no_context_takeover
        self.local_no_context_takeover = local_no_context_takeover

    def __getattr__(self, name: str) -> Any:
        """The compressor or decompressor, made when first used: a fresh context then is
        the one the parent would have made at the hand-shake and left unused till now."""
        if name == "encoder":
            self.encoder = zlib.compressobj(wbits=-self.local_max_window_bits,
                                            **self.compress_settings)
            return self.encoder
        if name == "decoder":
            self.decoder = zlib.decompressobj(wbits=-self.remote_max_window_bits)
            return self.decoder
        raise AttributeError(name)

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


def protocol_class(min_bytes: int, arrivals_per_turn: int = 0) -> type[WebSocketsSansIOProtocol]:
    """uvicorn's websocket protocol, deflating only messages of ``min_bytes`` or more (0:
    every message, as uvicorn does), and (``arrivals_per_turn`` above 0) running at most
    that many hand-shakes a turn of the loop; one gate for every connection of a server."""
    gate = Gate(arrivals_per_turn) if arrivals_per_turn > 0 else None

    class WebSocketProtocol(WebSocketsSansIOProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            if self.config.ws_per_message_deflate:
                self.conn.available_extensions = [BigMessagesDeflateFactory(min_bytes)]
            self.held: list[bytes] | None = None
            """Bytes received while the hand-shake waits for its turn, in order."""
            self.admitted = gate is None

        def data_received(self, data: bytes) -> None:
            if self.admitted:
                super().data_received(data)
            elif self.held is not None:
                self.held.append(data)
            else:
                self.held = [data]
                assert gate is not None
                gate.run(self._admit)

        def _admit(self) -> None:
            held, self.held = self.held or [], None
            self.admitted = True
            if self.transport.is_closing():  # gone while it waited: nothing to answer
                return
            for data in held:
                super().data_received(data)

    return WebSocketProtocol
