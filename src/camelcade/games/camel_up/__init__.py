"""Camel Up: the betting camel race, 2nd edition (crazy camels) and 1st edition (option).

Rules as implemented: ``docs/games/camel-up.md``. Exact leg odds: :mod:`.odds`. The
manifest is ``plugin.py``; the game is ``game.CamelUp``, its state ``state.CamelUpState``,
its actions in ``actions``. This file imports nothing, so listing the games imports only
their manifests.
"""
