"""Sub-commands of the toy game, mounted as ``camelcade toy ...``."""

from __future__ import annotations

import typer

from camelcade.core.errors import OptionError

app = typer.Typer()


@app.command()
def hello(name: str = "world") -> None:
    """Greet someone."""
    typer.echo(f"hello {name} from the toy")


@app.command()
def boom() -> None:
    """Fail the way camelcade commands fail."""
    raise OptionError("boom needs a bigger camel; allowed: small, large")
