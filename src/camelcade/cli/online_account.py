"""``camelcade online login/logout/games``: the terminal signed in to a profile.

A terminal session is an ordinary session of the profile, as a browser's cookie is: the
server takes its token in ``Authorization: Bearer`` (no CSRF token needed, since no
browser adds that header by itself), and "sign out everywhere" ends it too. The token
comes either from the account page ("Sign in a terminal"), pasted here, or from an
e-mailed sign-in link traded for one.

The tokens are kept per server in ``$XDG_CONFIG_HOME/camelcade/online.json`` (default
``~/.config``), readable by its owner alone (mode 0600) and holding nothing else secret;
nothing here ever prints one.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from camelcade.cli.online import OnlineError, ServerApi, shown, status_word
from camelcade.core.words import t

FILE_NAME = "online.json"


def config_path() -> Path:
    """Where the terminal's sign-ins are kept (the XDG base directory convention)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "camelcade" / FILE_NAME


def _key(server: str) -> str:
    return server.rstrip("/")


def _read() -> dict[str, Any]:
    try:
        data = json.loads(config_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"servers": {}}
    if not isinstance(data, dict) or not isinstance(data.get("servers"), dict):
        return {"servers": {}}
    return data


def _write(data: dict[str, Any]) -> None:
    """Replace the file at once, made 0600 before any token is written into it."""
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(descriptor, 0o600)  # an older file of that name keeps its mode otherwise
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        json.dump(data, out, indent=1)
    os.replace(temporary, path)


def saved_session(server: str) -> str | None:
    """The session token kept for ``server``, if this terminal signed in there."""
    entry = _read()["servers"].get(_key(server))
    token = entry.get("token") if isinstance(entry, dict) else None
    return token if isinstance(token, str) and token else None


def save_session(server: str, token: str) -> None:
    data = _read()
    data["servers"][_key(server)] = {"token": token}
    _write(data)


def forget_session(server: str) -> bool:
    """Forget ``server``'s token; whether there was one."""
    data = _read()
    if data["servers"].pop(_key(server), None) is None:
        return False
    _write(data)
    return True


def check_token(server: str, token: str) -> dict[str, Any]:
    """The profile ``token`` signs in (``GET /api/me``); refused if it signs no one in."""
    token = token.strip()
    if not token:
        raise OnlineError(t("No token was given; copy it from the account page's "
                            "'Sign in a terminal'."))
    profile: dict[str, Any] = ServerApi(server, token).request("GET", "/api/me")["profile"]
    return profile


def link_token(pasted: str) -> str:
    """The token of a pasted sign-in link (after ``#signin=``), or the pasted token."""
    text = pasted.strip()
    _, found, after = text.partition("#signin=")
    token = after if found else text
    if not token:
        raise OnlineError(t("Nothing was pasted; paste the link from the sign-in mail, or "
                            "the token at its end."))
    return token


def sign_in_by_mail(server: str, address: str, paste: Callable[[str], str],
                    say: Callable[[str], None]) -> tuple[str, dict[str, Any]]:
    """Ask for a sign-in link to ``address``, read the pasted link, and trade it for a
    session: ``(its token, the profile)``.

    The link is asked with this terminal's session if it has one, else with a new guest
    session (the server's first visit, read from its cookie), which the link then keeps
    with the address or merges into the address's profile, as in a browser.
    """
    start = saved_session(server)
    api = ServerApi(server, start)
    if start is None:
        api.request("GET", "/api/me")
        if api.cookie is None:
            raise OnlineError(t("The server at {server} gave this terminal no session; it "
                                "keeps profiles only over https or on this computer.",
                                server=api.base))
        api.session = api.cookie
    answer = api.request("POST", "/api/me/link", {"email": address})
    say(shown(answer.get("message", "")))
    token = link_token(paste(t("Paste the link from the mail (or its token)")))
    api.cookie = None
    signed = api.request("POST", "/api/me/signin", {"token": token})
    if api.cookie is None:
        raise OnlineError(t("The server signed in but gave no session; sign in with a "
                            "token from the account page instead."))
    profile: dict[str, Any] = signed["profile"]
    return api.cookie, profile


def sign_out(server: str) -> tuple[bool, str | None]:
    """End this terminal's session on the server and forget it here: whether there was
    one, and why the server did not end it (unreachable, or it had ended already). The
    token is forgotten either way: a terminal asked to sign out keeps no secret."""
    token = saved_session(server)
    if token is None:
        return False, None
    problem = None
    try:
        ServerApi(server, token).request("POST", "/api/me/signout")
    except OnlineError as error:
        problem = str(error)
    forget_session(server)
    return True, problem


def invitation_lines(received: list[dict[str, Any]]) -> list[str]:
    """One line per pending invitation to the profile (listed before the matches): who
    invites, to what, which seat; they are answered in My games on the web."""
    return [t("Invited by {player}: {game}, match {match}, as {seat}; answer in My games "
              "on the web.", player=shown(i.get("player")),
              game=shown(i.get("title") or i.get("game")), match=shown(i.get("match_id")),
              seat=shown(i.get("seat_name") or i.get("seat"))) for i in received]


def games_lines(matches: list[dict[str, Any]], server: str) -> list[str]:
    """One line per match, in the server's order (your turn, running, finished), each
    starting with words that say which of those it is (no colour carries it)."""
    if not matches:
        return [t("You have no matches on {server}; start one with 'camelcade online new'.",
                  server=server)]
    lines = []
    for match in matches:
        fields = {"game": shown(match.get("title") or match.get("game")),
                  "match": shown(match.get("match_id")),
                  "seat": shown(match.get("seat_name") or match.get("seat"))}
        status = str(match.get("status"))
        if match.get("your_turn"):
            line = t("Your turn: {game}, match {match}, you are {seat}.", **fields)
        elif status == "running":
            line = t("Waiting for {player}: {game}, match {match}, you are {seat}.",
                     player=shown(match.get("to_move") or "?"), **fields)
        elif status == "open":
            line = t("Waiting for players: {game}, match {match}, you are {seat}.", **fields)
        else:
            line = t("Over ({status}): {game}, match {match}. {result}",
                     status=status_word(status), result=shown(match.get("result") or ""),
                     **fields)
        lines.append(line.rstrip())
    return lines
