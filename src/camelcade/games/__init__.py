"""The built-in games: the plug-in module of each, registered on first use.

A game is listed here only once it is complete: every rule of its rules file, its
notation, text and tests. Everything else about a game is declared in its own
``plugin.py`` (see ``camelcade.core.plugin``).
"""

from camelcade.core.registry import register_module

BUILTIN_PLUGINS = (
    "camelcade.games.a_dos_de_chameau.plugin",
    "camelcade.games.camel_drive.plugin",
    "camelcade.games.camel_up.plugin",
    "camelcade.games.caravan.plugin",
    "camelcade.games.kamelen.plugin",
)

for _module in BUILTIN_PLUGINS:
    register_module(_module)
