"""A dos de Chameau: a card-driven race to the oasis (2-4 players).

Rules as implemented: ``docs/games/a-dos-de-chameau.md``.
"""

from camelcade.games.a_dos_de_chameau.actions import Discard, Draw, Play
from camelcade.games.a_dos_de_chameau.game import ADosDeChameau
from camelcade.games.a_dos_de_chameau.state import ADosState

__all__ = ["ADosDeChameau", "ADosState", "Discard", "Draw", "Play"]
