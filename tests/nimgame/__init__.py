"""Nim, the smallest complete camelcade game: the proof that a game is one folder.

It carries everything of its own — rules, words and their German, French and Danish
translations, its rules document — and is plugged in the way any package is, through a
``camelcade.games`` entry point (``test_nim.py`` installs a copy of this folder). This
file imports nothing, so listing the games imports only the manifest.
"""
