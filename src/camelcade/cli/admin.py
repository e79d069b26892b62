"""``camelcade admin``: the host's commands for a running server (``server/admin.py``).

Each command opens the server's database (``--db``, or ``CAMELCADE_SERVER_DATABASE_URL``
as the server reads it) and acts there; the serving processes learn of it at once on
PostgreSQL and within a few seconds on SQLite. Nothing here is reachable from the network.
"""

from __future__ import annotations

import time
from typing import Annotated, Any

import typer

from camelcade.core.errors import OptionError
from camelcade.core.words import t, tn

admin_app = typer.Typer(
    help="Run a server: its live matches, the lobby, the bot pools, the secrets.",
    no_args_is_help=True,
)
lobby_app = typer.Typer(help="Close the lobby for maintenance, or open it again.",
                        no_args_is_help=True)
secrets_app = typer.Typer(help="The secrets the server keeps, and their rotation.",
                          no_args_is_help=True)
admin_app.add_typer(lobby_app, name="lobby")
admin_app.add_typer(secrets_app, name="secrets")

DbOption = Annotated[str | None, typer.Option(
    "--db", envvar="CAMELCADE_SERVER_DATABASE_URL",
    help="The server's database: a SQLite file or postgresql+psycopg://... "
    "(default: SQLite in your data folder).")]


class _Desk:
    """The database and the notification channel, checked before any command acts."""

    def __init__(self, db: str | None) -> None:
        try:
            from camelcade.server import admin
            from camelcade.server.db import current_revision, head_revision, make_engine
            from camelcade.server.settings import settings_for
        except ImportError as error:
            raise OptionError(t(
                "The server needs its extra packages ({package} is missing); install them "
                "with: pip install 'camelcade[server]'", package=error.name)) from None
        self.admin = admin
        try:
            settings = settings_for(db)
        except ValueError as error:
            raise OptionError(str(error)) from None
        self.channel = settings.notify_channel
        self.engine = make_engine(settings)
        try:
            found = current_revision(self.engine)
        except Exception as error:
            raise OptionError(t("The database cannot be reached: {problem}",
                                problem=type(error).__name__)) from None
        if found != head_revision():
            raise OptionError(t(
                "The database is at schema revision {found}, and this camelcade expects "
                "{head}: start this version's server once, which migrates it, then try "
                "again.", found=found or "-", head=head_revision()))

    def run(self, action: Any, *args: Any) -> Any:
        try:
            return action(self.engine, *args)
        except self.admin.AdminError as error:
            raise OptionError(str(error)) from None
        finally:
            self.engine.dispose()


def _ago(seconds: float) -> str:
    if seconds < 120:
        return tn("{count} second", "{count} seconds", int(seconds))
    if seconds < 7200:
        return tn("{count} minute", "{count} minutes", int(seconds // 60))
    if seconds < 172_800:
        return tn("{count} hour", "{count} hours", int(seconds // 3600))
    return tn("{count} day", "{count} days", int(seconds // 86_400))


@admin_app.command("matches")
def matches_command(db: DbOption = None) -> None:
    """List the open and running matches, the most recently moved first."""
    desk = _Desk(db)
    rows = desk.run(desk.admin.live_matches)
    if not rows:
        typer.echo(t("No match is open or running."))
        return
    for row in rows:
        typer.echo(t("{match}  {game}  {status}  {moves}  idle {idle}  {players}",
                     match=row.id, game=row.game, status=row.status,
                     moves=tn("{count} move", "{count} moves", row.moves),
                     idle=_ago(row.idle_seconds), players=", ".join(row.players)))
    typer.echo(tn("{count} live match.", "{count} live matches.", len(rows)))


@admin_app.command("end")
def end_command(
    match_id: Annotated[str, typer.Argument(help="The match id ('camelcade admin matches').")],
    reason: Annotated[str, typer.Option(
        "--reason", help="Why, in a sentence its players read (at most 280 characters).")],
    db: DbOption = None,
) -> None:
    """End an open or running match now; its players are told the reason."""
    desk = _Desk(db)
    was = desk.run(desk.admin.end_match, desk.channel, match_id, reason)
    typer.echo(t("Ended match {match} (it was {status}); its players are told: {reason}",
                 match=match_id, status=was, reason=" ".join(reason.split())))


@lobby_app.command("close")
def lobby_close(
    message: Annotated[str, typer.Argument(
        help="What every page shows meanwhile (at most 280 characters).")],
    db: DbOption = None,
) -> None:
    """Refuse new matches and show MESSAGE on every page; matches going on go on."""
    desk = _Desk(db)
    desk.run(desk.admin.set_lobby, desk.channel, True, message)
    typer.echo(t("The lobby is closed. Every page says: {message}",
                 message=" ".join(message.split())))


@lobby_app.command("open")
def lobby_open(db: DbOption = None) -> None:
    """Accept new matches again and take the notice off the pages."""
    desk = _Desk(db)
    desk.run(desk.admin.set_lobby, desk.channel, False)
    typer.echo(t("The lobby is open."))


@lobby_app.command("status")
def lobby_status(db: DbOption = None) -> None:
    """Whether the lobby is open, and the notice if it is closed."""
    desk = _Desk(db)
    state = desk.run(desk.admin.host_state)
    typer.echo(t("The lobby is closed: {message}", message=state.message)
               if state.lobby_closed else t("The lobby is open."))


@admin_app.command("bots")
def bots_command(db: DbOption = None) -> None:
    """Show each serving process's bot pool: its workers, what they think about, the queue."""
    desk = _Desk(db)
    rows = desk.run(desk.admin.instance_rows)
    now = time.time()
    if not rows:
        typer.echo(t("No server process has reported here; is one running on this database?"))
        return
    for instance, started, seen, info in rows:
        fresh = now - seen <= desk.admin.INSTANCE_FRESH_SECONDS
        pool = info.get("bot_pool") or {}
        typer.echo(t("Process {id} (camelcade {version}), up {up}, {state}: {matches} "
                     "matches held, {sockets} websockets.", id=instance,
                     version=info.get("version", "?"), up=_ago(now - started),
                     state=t("reporting") if fresh else t("silent for {time}",
                                                          time=_ago(now - seen)),
                     matches=info.get("matches_in_memory", 0),
                     sockets=info.get("websockets", 0)))
        for worker in pool.get("workers", []):
            doing = (t("thinking for {bot}, {seconds} s", bot=worker["busy_with"],
                       seconds=f"{worker['busy_seconds']:.1f}") if worker.get("busy_with")
                     else t("idle"))
            alive = {"alive": t("alive"), "dead": t("dead"),
                     "not started": t("not started yet")}.get(str(worker.get("process")),
                                                               str(worker.get("process")))
            typer.echo("  " + t("worker {index} ({kind}): {alive}, {doing}, {jobs} jobs done",
                                index=worker["index"], kind=worker["kind"], alive=alive,
                                doing=doing, jobs=worker.get("jobs_done", 0)))
        typer.echo("  " + t("queued {queued}; {jobs} jobs, {fallbacks} fallbacks, {replaced} "
                            "workers replaced, {cpu} CPU s", queued=pool.get("queued", 0),
                            jobs=pool.get("jobs", 0), fallbacks=pool.get("fallbacks", 0),
                            replaced=pool.get("replaced_workers", 0),
                            cpu=pool.get("bot_cpu_seconds", 0)))


@secrets_app.command("rotate")
def secrets_rotate(db: DbOption = None) -> None:
    """Make a new metrics token; the old one (and the setting's) stops working at once."""
    desk = _Desk(db)
    token = desk.run(desk.admin.rotate_metrics_token, desk.channel)
    typer.echo(t("The new metrics token, shown this once (Authorization: Bearer ...):"))
    typer.echo(token)
    typer.echo(t("Put it in your monitoring's configuration; the server keeps only its hash."))


@secrets_app.command("list")
def secrets_list(db: DbOption = None) -> None:
    """Which secrets the server keeps and when each was last rotated (never their values)."""
    desk = _Desk(db)
    state = desk.run(desk.admin.host_state)
    typer.echo(t("metrics token: rotated, kept as a hash") if state.metrics_token_hash
               else t("metrics token: the CAMELCADE_SERVER_METRICS_TOKEN setting (never "
                      "rotated here)"))
    typer.echo(t("seat and host tokens: one per seat, kept as hashes; a host ends a match "
                 "to revoke them"))
