"""Camel Drive (Reinhard Gottwald, 2020 prototype): only the second camel home wins.

Rules as implemented: ``docs/games/camel-drive.md``; decisions: ``shared/rules/camel-drive.md``.
The manifest is ``plugin.py``; the game is ``game.CamelDrive``, its state
``state.CamelDriveState``. This file imports nothing, so listing the games imports only
their manifests.
"""
