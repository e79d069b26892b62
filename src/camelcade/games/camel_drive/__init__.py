"""Camel Drive (Reinhard Gottwald, 2020 prototype): only the second camel home wins.

Rules as implemented: ``docs/games/camel-drive.md``; decisions: ``shared/rules/camel-drive.md``.
"""

from camelcade.games.camel_drive.game import CamelDrive
from camelcade.games.camel_drive.state import CamelDriveState

__all__ = ["CamelDrive", "CamelDriveState"]
