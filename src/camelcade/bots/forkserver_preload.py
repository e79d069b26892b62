"""Imported by the fork server only (``preload.worker_context``): every game and bot, once."""

from camelcade.bots.preload import preload

preload()
