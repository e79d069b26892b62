"""A dos de Chameau: a card-driven race to the oasis (2-4 players).

Rules as implemented: ``docs/games/a-dos-de-chameau.md``. The manifest is ``plugin.py``;
the game is ``game.ADosDeChameau``, its state ``state.ADosState``, its actions in
``actions``. This file imports nothing, so listing the games imports only their manifests.
"""
