"""Caravan (Galleon Games, 2019): chains of camels carry goods to the cities that want them.

Rules as implemented: ``docs/games/caravan.md``; sources and decisions:
``shared/rules/caravan.md``.
"""

from camelcade.games.caravan.game import Caravan
from camelcade.games.caravan.state import CaravanState

__all__ = ["Caravan", "CaravanState"]
