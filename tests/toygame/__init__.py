"""A toy game in a folder of its own, plugged in through its manifest alone.

It proves the plug-in contract: registered by ``tests.toygame.plugin`` (in-process, or
through ``CAMELCADE_PLUGINS`` for a subprocess), it gets ``camelcade play``, ``simulate``,
the server and the bots without an edit anywhere else.
"""
