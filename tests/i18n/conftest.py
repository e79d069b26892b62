"""The server fixtures of tests/server (one SQLite server in a thread per module)."""

from tests.server.conftest import api, server

__all__ = ["api", "server"]
