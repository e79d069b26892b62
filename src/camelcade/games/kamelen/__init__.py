"""Kamelen (Fred Horn, 1991): two armies of leaping camels and dromedaries, 2 players.

Rules as implemented: ``docs/games/kamelen.md``. The manifest is ``plugin.py``; the game
is ``game.KamelenGame``, its state ``state.KamelenState``, and ``game.position_state(game,
text)`` builds a state from the one-line position notation (``play --position``). This
file imports nothing, so listing the games imports only their manifests.
"""
