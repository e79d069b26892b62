"""Camel Up: the betting camel race, 2nd edition (crazy camels) and 1st edition (option).

Rules as implemented: ``docs/games/camel-up.md``. Exact leg odds: :mod:`.odds`.
"""

from camelcade.games.camel_up.actions import Bet, Die, Overall, Partner, PlaceTile, Roll
from camelcade.games.camel_up.game import CamelUp
from camelcade.games.camel_up.state import CamelUpState

__all__ = ["Bet", "CamelUp", "CamelUpState", "Die", "Overall", "Partner", "PlaceTile", "Roll"]
