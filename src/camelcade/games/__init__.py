"""The built-in games, one package each: everything about a game lives in its folder.

Each game registers the way an outside package does, through an entry point of the group
``camelcade.games`` naming its ``plugin.py`` (camelcade's ``pyproject.toml``; see
``camelcade.core.registry``). A game is declared there only once it is complete: every
rule of its rules file, its notation, text and tests. This file imports nothing, so
listing the games imports only their manifests.
"""
