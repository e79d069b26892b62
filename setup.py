"""Build step of camelcade's package: compile the translation catalogues.

Everything else is declared in pyproject.toml. Each ``.po`` of every domain (the shared
``src/camelcade/locale`` and each game's ``src/camelcade/games/<game>/locale``) is
compiled to the ``.mo`` that the standard library's ``gettext`` reads (and the web app's
catalogue beside it) before the package's files are collected, so a wheel, an sdist's
build and ``pip install -e .`` all carry compiled catalogues. Babel does the compiling; it
is a build requirement only (pyproject.toml, ``[build-system]``), never a runtime one.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def _compile_catalogues() -> None:
    spec = importlib.util.spec_from_file_location(
        "camelcade_i18n_build", ROOT / "src" / "camelcade" / "i18n" / "build.py")
    assert spec is not None and spec.loader is not None
    module: Any = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.compile_catalogues(ROOT)


class BuildWithCatalogues(build_py):  # type: ignore[misc]
    """``build_py`` that compiles the catalogues first (editable installs run it too)."""

    def run(self) -> None:
        _compile_catalogues()
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogues})
