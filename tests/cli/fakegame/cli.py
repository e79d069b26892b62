"""Sub-commands of the fake game, mounted as ``camelcade fake-camels ...``."""

from __future__ import annotations

import typer

from camelcade.core.errors import OptionError

app = typer.Typer()


@app.command()
def hello(name: str = "world") -> None:
    """Greet someone."""
    typer.echo(f"hello {name} from the fake camels")


@app.command()
def boom() -> None:
    """Fail the way camelcade commands fail."""
    raise OptionError("boom needs a bigger camel; allowed: small, large")
