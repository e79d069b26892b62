"""Lobby pages: small, cursor-paginated and answered from a short-lived cache.

``GET /api/matches?limit=200`` cost about 24 ms and 42 calls a second saturated the
server. A page now holds at most ``lobby_limit`` matches (20 unless asked), the next one
starts after an opaque cursor (the last match's creation time and id, newest first, so
pages do not shift as matches are created), and each distinct page is kept for
``lobby_cache_seconds``: any number of clients polling the lobby cost the database at
most one query per page per interval. The reads are also rate-limited per address.
"""

from __future__ import annotations

import time
from typing import Any

from camelcade.core.words import t
from camelcade.server.protocol import ErrorCode, ProtocolError

MAX_CACHED_PAGES = 256
CURSOR_SEPARATOR = "~"


def make_cursor(created_at: float, match_id: str) -> str:
    return f"{created_at!r}{CURSOR_SEPARATOR}{match_id}"


def parse_cursor(cursor: str | None) -> tuple[float, str] | None:
    """The (created_at, id) a ``before`` cursor names; ``message/malformed`` if it is none."""
    if cursor is None:
        return None
    stamp, separator, match_id = cursor.partition(CURSOR_SEPARATOR)
    try:
        created = float(stamp)
    except ValueError:
        created = float("nan")
    if not separator or created != created or not 0 < len(match_id) <= 32:
        raise ProtocolError(ErrorCode.MESSAGE_MALFORMED,
                            t("'before' must be the 'next' value of a previous lobby page."))
    return created, match_id


class PageCache:
    """Pages by their query, each kept for ``seconds`` (bounded: oldest dropped first)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._pages: dict[Any, tuple[float, Any]] = {}

    def get(self, key: Any) -> Any | None:
        entry = self._pages.get(key)
        if entry is None or time.monotonic() - entry[0] > self.seconds:
            return None
        return entry[1]

    def put(self, key: Any, page: Any) -> None:
        if len(self._pages) >= MAX_CACHED_PAGES:
            now = time.monotonic()
            self._pages = {k: v for k, v in self._pages.items() if now - v[0] <= self.seconds}
            while len(self._pages) >= MAX_CACHED_PAGES:
                self._pages.pop(next(iter(self._pages)))
        self._pages[key] = (time.monotonic(), page)
