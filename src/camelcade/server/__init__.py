"""The camelcade game server: FastAPI over HTTP and websockets, SQLite or PostgreSQL.

Nothing heavy is imported here, so ``camelcade`` stays fast to start; use
``camelcade.server.app.create_app`` or ``run_server``. See ``docs/server.md``.
"""
