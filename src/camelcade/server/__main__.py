"""``python -m camelcade.server [--db URL] [--host H] [--port P] [--public-url U] ...``.

The same as ``camelcade serve``; tests and the load benchmark start servers this way so
they do not depend on the command-line package.
"""

from __future__ import annotations

import argparse

from camelcade.server.app import run_server


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m camelcade.server", description=__doc__)
    parser.add_argument("--db", default=None, help="database URL or SQLite path")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--public-url", default=None,
                        help="the address people reach this server at, for share links")
    parser.add_argument("--log-format", choices=("text", "json"), default=None,
                        help="json: one JSON object a line (default: text)")
    args = parser.parse_args(argv)
    run_server(args.db, args.host, args.port, args.public_url, args.log_format)


if __name__ == "__main__":
    main()
