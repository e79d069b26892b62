"""``camelcade online``: play, watch and list matches on a camelcade server from the terminal.

The client knows no game: everything it shows comes from the server's ``state`` messages,
which the game has already worded for this seat (the position's description, one sentence
per action since the last message, and each legal action with its sentence). So every
registered game can be played online at once, in plain lines a screen reader reads in
order. Set-up goes over HTTP (standard library only); play over one websocket, read on a
background thread so that messages keep arriving while the player thinks.
"""

from __future__ import annotations

import json
import queue
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from camelcade.core.errors import CamelcadeError
from camelcade.core.words import current_language, t
from camelcade.i18n.commands import canonical

DEFAULT_SERVER = "http://127.0.0.1:8000"
HTTP_TIMEOUT = 15.0
COMMANDS_HELP = (
    "Type the number of an action or its text. Also: 'board' shows the position again, "
    "'history' the actions so far, 'actions' your choices, 'quit' leaves (your seat stays "
    "yours: come back with --token)."
)


class OnlineError(CamelcadeError):
    """The server refused a request or could not be reached; the message says why."""


_NAMED_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escaped(char: str) -> str:
    code = ord(char)
    named = _NAMED_ESCAPES.get(char)
    if named is not None:
        return named
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def shown(value: object, multiline: bool = False) -> str:
    """``value`` as text safe to print: control and format characters shown as escapes.

    Whatever the server relays (a seat name, a message) reaches a terminal and a screen
    reader: ESC could clear the screen, CR and LF fake a line such as "Your turn.", a
    bidirectional override reverse what follows. Such characters are printed as visible
    escapes (``\\x1b``, ``\\n``, ``\\u202e``) instead. ``multiline`` keeps line breaks, for
    the game's own descriptions.
    """
    text = str(value)
    lines = text.split("\n") if multiline else [text]
    if all(line.isprintable() for line in lines):
        return text
    return "\n".join(
        "".join(c if c.isprintable() else _escaped(c) for c in line) for line in lines)


# -- HTTP ---------------------------------------------------------------------------------


class ServerApi:
    """The server's HTTP side: lobby, create, join. Errors become ``OnlineError``."""

    def __init__(self, base: str) -> None:
        parsed = urllib.parse.urlsplit(base)
        if parsed.scheme not in ("http", "https") or not parsed.netloc:
            raise OnlineError(f"server must be an http:// or https:// address, got {base!r}")
        self.base = base.rstrip("/")

    def socket_url(self, match_id: str) -> str:
        """The match's websocket address (ws:// for http://, wss:// for https://)."""
        return f"ws{self.base[len('http'):]}/ws/matches/{_quote(match_id)}"

    def request(self, method: str, path: str, body: Any = None,
                token: str | None = None) -> dict[str, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if token is not None:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=HTTP_TIMEOUT) as response:
                answer: dict[str, Any] = json.loads(response.read())
                return answer
        except urllib.error.HTTPError as error:
            raise OnlineError(_refusal(error)) from None
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise OnlineError(f"cannot reach the server at {self.base}: {reason}") from None

    def lobby(self) -> list[dict[str, Any]]:
        matches: list[dict[str, Any]] = self.request("GET", "/api/matches")["matches"]
        return matches

    def create(self, game: str, options: dict[str, Any], seats: list[dict[str, Any]],
               timer: float | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"game": game, "options": options, "seats": seats,
                                "auto_start": True}
        if timer is not None:
            body["turn_timer"] = {"seconds": timer}
        return self.request("POST", "/api/matches", body)

    def join(self, match_id: str, seat: int | None, name: str | None) -> dict[str, Any]:
        """Take ``seat``, or the first open one."""
        if seat is None:
            match = self.request("GET", f"/api/matches/{_quote(match_id)}")
            free = [s["seat"] for s in match["seats"] if s["kind"] == "open" and not s["taken"]]
            if not free:
                raise OnlineError(f"match {match_id} has no open seat; watch it instead")
            seat = free[0]
        body = {"name": name} if name else {}
        return self.request("POST", f"/api/matches/{_quote(match_id)}/seats/{seat}", body)


def _quote(text: str) -> str:
    return urllib.parse.quote(text, safe="")


def _refusal(error: urllib.error.HTTPError) -> str:
    try:
        body = json.loads(error.read())
        return shown(f"{body['error']['message']} ({body['error']['code']})")
    except (ValueError, KeyError, TypeError):
        return f"the server answered HTTP {error.code}"


def lobby_lines(matches: Sequence[dict[str, Any]]) -> list[str]:
    """One line per match: id, game, status, and who sits where."""
    if not matches:
        return ["No open or running matches."]
    lines = []
    for match in matches:
        seats = ", ".join(_seat_label(s) for s in match["seats"])
        lines.append(shown(f"{match['id']}  {match['game']}  {match['status']}  seats: {seats}"))
    return lines


def _seat_label(seat: dict[str, Any]) -> str:
    if seat["kind"] == "bot":
        return f"{seat['seat']} bot {seat.get('bot') or seat.get('name')}"
    if not seat["taken"]:
        return f"{seat['seat']} open"
    return f"{seat['seat']} {seat.get('name') or 'taken'}"


# -- the websocket session ----------------------------------------------------------------


@dataclass
class OnlineSession:
    """One connection to one match, for a seat (``token``) or as a spectator (None).

    ``say`` prints a line and ``ask`` reads one (``EOFError`` ends the session), so tests
    drive it with lists. ``run`` returns the last ``state`` message.
    """

    ws_url: str
    token: str | None
    say: Callable[[str], None]
    ask: Callable[[str], str]
    seat: int | None = None
    state: dict[str, Any] | None = None
    history: list[str] = field(default_factory=list)
    connected: dict[int, bool] = field(default_factory=dict)
    _inbox: queue.Queue[dict[str, Any] | None] = field(default_factory=queue.Queue)
    _prompted: int = -1

    def __post_init__(self) -> None:
        """Everything said passes ``shown``: only the game's line breaks survive.

        Single-line fields (names, actions, messages) are escaped where they are read, so
        a line break in a name is shown as ``\\n`` rather than starting a line of its own.
        """
        printer = self.say
        self.say = lambda text: printer(shown(text, multiline=True))

    def run(self) -> dict[str, Any] | None:
        from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
        from websockets.sync.client import connect

        try:
            socket = connect(self.ws_url, open_timeout=HTTP_TIMEOUT, close_timeout=2)
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as error:
            raise OnlineError(f"cannot open {self.ws_url}: {error}") from None
        with socket:
            socket.send(json.dumps({"type": "hello", "token": self.token,
                                    "lang": current_language()}))  # the server words it
            reader = threading.Thread(target=self._read, args=(socket,), daemon=True)
            reader.start()
            try:
                while True:
                    message = self._inbox.get()
                    if message is None:
                        self.say("The server closed the connection.")
                        return self.state
                    if not self._handle(message, socket):
                        return self.state
            except (EOFError, KeyboardInterrupt):
                self._leave()
                return self.state
            except ConnectionClosed:
                self.say("The connection was lost.")
                return self.state

    def _read(self, socket: Any) -> None:
        try:
            for raw in socket:
                try:
                    message = json.loads(raw)
                except ValueError:
                    continue
                if isinstance(message, dict):
                    self._inbox.put(message)
        except Exception:  # closed from either side: the main loop is told below
            pass
        self._inbox.put(None)

    # -- messages ----------------------------------------------------------------------

    def _handle(self, message: dict[str, Any], socket: Any) -> bool:
        """React to one message; False once the session is over."""
        kind = message.get("type")
        if kind == "welcome":
            self.seat = message.get("seat")
            where = "watching" if self.seat is None else f"seat {self.seat}"
            self.say(f"Connected to match {shown(message.get('match_id'))}, {where}.")
        elif kind == "error":
            self.say(f"Refused: {shown(message.get('message'))} ({shown(message.get('code'))})")
            if message.get("code") in ("auth/bad_token", "match/not_found"):
                return False
            # a stale action is followed by the current state, which prompts anew
            stale = message.get("code") == "action/stale_state"
            if not stale and self.state is not None and self._my_turn(self.state):
                return self._prompt(self.state, socket)
        elif kind == "presence":
            self._presence(message.get("seats", []))
        elif kind == "state":
            return self._on_state(message, socket)
        return True

    def _on_state(self, message: dict[str, Any], socket: Any) -> bool:
        first = self.state is None
        previous = self.state
        self.state = message
        self._presence(message.get("seats", []))
        view = message.get("view")
        if view is not None:
            if view.get("history_from", 0) == 0:
                self.history = list(view.get("history", []))
            else:
                self.history.extend(view.get("history", []))
            for sentence in view.get("events", []):
                self.say(shown(sentence))
        status = message.get("status")
        if status == "open":
            if first:
                open_seats = [s["seat"] for s in message["seats"]
                              if s["kind"] == "open" and not s["taken"]]
                self.say(f"Waiting for players: seats {', '.join(map(str, open_seats))} "
                         f"are open. The match starts when every seat is taken.")
            return True
        starting = first or (previous is not None and previous.get("status") == "open")
        if starting and view is not None:
            self.say(view["description"])
        if status == "finished":
            self.say(self._result(message))
            return False
        if self._my_turn(message):
            return self._prompt(message, socket)
        return True

    def _my_turn(self, message: dict[str, Any]) -> bool:
        return bool(message.get("legal_actions")) and message.get("status") == "running"

    def _presence(self, seats: list[dict[str, Any]]) -> None:
        for seat in seats:
            number, now = seat["seat"], bool(seat.get("connected"))
            before = self.connected.get(number)
            self.connected[number] = now
            if before is not None and before != now and number != self.seat \
                    and seat["kind"] != "bot":
                who = shown(seat.get("name") or f"Seat {number}")
                self.say(f"{who} {'is back' if now else 'left'}.")

    def _result(self, message: dict[str, Any]) -> str:
        result = message.get("result") or {}
        winners = result.get("winners", [])
        names = [self._seat_name(message, w) for w in winners]
        if not winners:
            head = "No one wins"
        elif self.seat in winners:
            head = "You win" if len(winners) == 1 else "You share the win"
        elif len(winners) == 1:
            head = f"{names[0]} wins"
        else:
            head = f"{' and '.join(names)} share the win"
        returns = result.get("returns")
        scores = ""
        if returns:
            scores = "; " + ", ".join(f"{self._seat_name(message, i)} {value:g}"
                                      for i, value in enumerate(returns))
        rematch = message.get("rematch_id")
        after = f" Rematch: {shown(rematch)}." if rematch else ""
        return f"Game over. {head}{scores}.{after}"

    @staticmethod
    def _seat_name(message: dict[str, Any], seat: int) -> str:
        for entry in message.get("seats", []):
            if entry["seat"] == seat and entry.get("name"):
                return f"seat {seat} ({shown(entry['name'])})"
        return f"seat {seat}"

    # -- the player's turn -------------------------------------------------------------

    def _prompt(self, message: dict[str, Any], socket: Any) -> bool:
        """Ask for a move until one is sent (or the player leaves)."""
        legal = message["legal_actions"]
        if self._prompted != message["state_id"]:
            self._prompted = message["state_id"]
            self.say(t("Your turn."))
            self._list_actions(legal)
        while True:
            answer = canonical(self.ask(t("Your move: ")).strip())
            if not answer:
                continue
            word = answer.lower()
            if word in ("quit", "exit"):
                self._leave()
                return False
            if word in ("help", "?"):
                self.say(COMMANDS_HELP)
            elif word == "board":
                self.say(message["view"]["description"])
            elif word == "history":
                for index, text in enumerate(self.history, 1):
                    self.say(f"{index}. {shown(text)}")
            elif word == "actions":
                self._list_actions(legal)
            else:
                action = self._choose(answer, legal)
                if action is not None:
                    socket.send(json.dumps({"type": "action", "action": action,
                                            "state_id": message["state_id"]}))
                    return True

    def _list_actions(self, legal: list[dict[str, str]]) -> None:
        for number, entry in enumerate(legal, 1):
            self.say(f"{number}. {shown(entry['action'])}: {shown(entry['description'])}")

    def _choose(self, answer: str, legal: list[dict[str, str]]) -> str | None:
        if answer.isdigit():
            number = int(answer)
            if 1 <= number <= len(legal):
                return legal[number - 1]["action"]
            self.say(f"There is no action {number}; choose 1 to {len(legal)}.")
            return None
        # any other text goes to the server, which names what is wrong with it
        return answer

    def _leave(self) -> None:
        if self.token is not None:
            self.say(f"You left. Your seat is kept: rejoin with --token {self.token}")
        else:
            self.say("You stopped watching.")
