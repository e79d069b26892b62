"""Imported by the bot workers' fork server only: every game and bot, once (``botpool``)."""

from camelcade.server.botworker import preload

preload()
