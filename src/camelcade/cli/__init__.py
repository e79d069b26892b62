"""The ``camelcade`` command line; the entry point is ``camelcade.cli.main:main``."""
