"""Install a plug-in the way pip would, as far as discovery can tell: a ``.dist-info``
folder with ``entry_points.txt`` in a folder put on the path.

``importlib.metadata`` finds distributions by their metadata folders on ``sys.path``, so a
test can plug a game in through the ``camelcade.games`` entry point group — the mechanism
outside packages and the built-in games use — without running pip or touching the venv.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from camelcade.core.registry import ENTRY_POINT_GROUP


def install_metadata(folder: Path, distribution: str, games: Mapping[str, str],
                     version: str = "0.1") -> Path:
    """Write ``<distribution>-<version>.dist-info`` into ``folder`` declaring ``games``
    (game id → ``module:PLUGIN``) as entry points; returns ``folder`` (put it on the path)."""
    info = folder / f"{distribution.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {distribution}\n"
                                   f"Version: {version}\n", encoding="utf-8")
    points = "".join(f"{game} = {target}\n" for game, target in games.items())
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\n{points}", encoding="utf-8")
    return folder
