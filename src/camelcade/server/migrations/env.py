"""Alembic environment: uses the connection the server passes in, or the configured URL.

The server runs ``upgrade head`` itself at start-up (``db.migrate``), handing over an open
connection in ``config.attributes["connection"]``; the plain ``alembic`` command line works
too with ``-x url=...``.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from camelcade.server.models import metadata

config = context.config


def _run(connection: object) -> None:
    context.configure(
        connection=connection,  # type: ignore[arg-type]
        target_metadata=metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    _run(connection)
else:
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option(
        "sqlalchemy.url"
    )
    if not url:
        raise SystemExit("give the database with: alembic -x url=sqlite:///path.db upgrade head")
    engine = create_engine(url)
    with engine.begin() as conn:
        _run(conn)
