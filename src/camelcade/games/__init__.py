"""The built-in games, registered by id with lazy imports.

A game is listed here only once it is complete: every rule of its rules file, its
notation, text and tests. Until then ``cc.load`` refuses its id.
"""

from camelcade.core.registry import register

BUILTIN_GAMES = {
    "a-dos-de-chameau": "camelcade.games.a_dos_de_chameau.game:ADosDeChameau",
    "camel-drive": "camelcade.games.camel_drive.game:CamelDrive",
    "caravan": "camelcade.games.caravan.game:Caravan",
    "camel-up": "camelcade.games.camel_up.game:CamelUp",
    "kamelen": "camelcade.games.kamelen.game:KamelenGame",
}

for _game_id, _target in BUILTIN_GAMES.items():
    register(_game_id, _target)
