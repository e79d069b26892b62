"""Caravan (Galleon Games, 2019): chains of camels carry goods to the cities that want them.

Rules as implemented: ``docs/games/caravan.md``; sources and decisions:
``shared/rules/caravan.md``. The manifest is ``plugin.py``; the game is ``game.Caravan``,
its state ``state.CaravanState``. This file imports nothing, so listing the games imports
only their manifests.
"""
