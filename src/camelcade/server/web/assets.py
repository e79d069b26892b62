"""Where the web app's files are: the shell's own, each game's board, Swagger UI's.

A game's board files are served only when its ``WebSlot`` names them or they sit under
the package's ``web/`` folder, and never Python: the URL cannot climb out of the folder.
"""

from __future__ import annotations

import mimetypes
from importlib import resources
from pathlib import Path

from camelcade.core.registry import plugin

STATIC = Path(__file__).resolve().parent / "static"
WEB_FOLDER = "web"
SERVED_SUFFIXES = {".js", ".css", ".svg", ".png", ".webp", ".json", ".woff2"}
GENERIC_PICTURE = "/static/img/game.svg"

mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("image/svg+xml", ".svg")


def package_root(game_id: str) -> Path | None:
    """The folder of the game's package on disk (None for a zipped install)."""
    root = resources.files(plugin(game_id).package)
    return root if isinstance(root, Path) else None


def board_file(game_id: str, relative: str) -> Path | None:
    """The file ``relative`` of the game's web assets, or None when it may not be served."""
    slot = plugin(game_id).web
    root = package_root(game_id)
    if slot is None or root is None or not relative or "\\" in relative:
        return None
    named = {p for p in (slot.board, slot.stylesheet, slot.picture) if p}
    parts = Path(relative).parts
    if ".." in parts or Path(relative).suffix.lower() not in SERVED_SUFFIXES:
        return None
    if relative not in named and (not parts or parts[0] != WEB_FOLDER):
        return None
    candidate = (root / relative).resolve()
    if not candidate.is_relative_to(root.resolve()) or not candidate.is_file():
        return None
    return candidate


def asset_urls(game_id: str) -> dict[str, str | None]:
    """The URLs the shell loads for a game: board module, stylesheet, lobby picture."""
    slot = plugin(game_id).web

    def url(path: str | None) -> str | None:
        return f"/games/{game_id}/{path}" if path and board_file(game_id, path) else None

    if slot is None:
        return {"board": None, "stylesheet": None, "picture": GENERIC_PICTURE}
    return {"board": url(slot.board), "stylesheet": url(slot.stylesheet),
            "picture": url(slot.picture) or GENERIC_PICTURE}


def swagger_folder() -> Path:
    """Swagger UI 5's files, as the ``fastapi-offline`` package ships them (never a CDN).

    Swagger UI 5 is needed for FastAPI's OpenAPI 3.1 documents; the package is used for
    its files only.
    """
    import fastapi_offline

    return Path(fastapi_offline.__file__).resolve().parent / "static"
