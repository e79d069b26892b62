"""``camelcade online``: play, watch and list matches on a camelcade server from the terminal.

The client knows no game: everything it shows comes from the server's ``state`` messages,
which the game has already worded for this seat (the position's description, the sentences
of the actions since the last message, and each legal action with its sentence), and from
the match page data (seat names, the game's commands, its guide). So every registered game
can be played online at once, in plain lines a screen reader reads in order. Set-up goes
over HTTP (standard library only); play over one websocket, read on a background thread so
that messages keep arriving while the player thinks.

A turn is told as ``camelcade play`` tells it: the other seats' actions as they happen,
then "Your turn.", the position once and how many choices there are; ``legal [filter]``
narrows them. On (re)joining, the events you missed come first, summarised.
"""

from __future__ import annotations

import http.cookies
import io
import json
import os
import queue
import select
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from camelcade.cli.choices import count_sentence, listing
from camelcade.core.errors import CamelcadeError
from camelcade.core.results import ranking_from, result_sentence
from camelcade.core.words import and_list, current_language, player_name, pt, t, tn
from camelcade.i18n.commands import canonical

DEFAULT_SERVER = "http://127.0.0.1:8000"
SESSION_COOKIE = "camelcade_session"
"""The server's session cookie (``server.accounts.web.COOKIE``; the client needs no server
package to read it)."""
HTTP_TIMEOUT = 15.0
WAITING_POLL = 0.25
"""Seconds between looks at the keyboard while the match waits for players."""
MISSED_SHOWN = 20
"""On (re)joining, at most this many of the events you missed are told; 'history' has all."""


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

    def __init__(self, base: str, session: str | None = None) -> None:
        parsed = urllib.parse.urlsplit(base)
        if parsed.scheme not in ("http", "https") or not parsed.netloc:
            raise OnlineError(t("The server must be an http:// or https:// address, not {base}.",
                                base=repr(base)))
        self.base = base.rstrip("/")
        self.session = session
        """The profile's session token (``camelcade online login``), sent as the bearer of
        every request that carries no seat token: seats taken are then the profile's."""
        self.cookie: str | None = None
        """The session cookie of the last answer that set one (signing in by e-mail)."""

    def socket_url(self, match_id: str) -> str:
        """The match's websocket address (ws:// for http://, wss:// for https://)."""
        return f"ws{self.base[len('http'):]}/ws/matches/{_quote(match_id)}"

    def request(self, method: str, path: str, body: Any = None,
                token: str | None = None) -> dict[str, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Accept", "application/json")
        request.add_header("Accept-Language", current_language())  # its refusals in ours
        if data is not None:
            request.add_header("Content-Type", "application/json")
        bearer = token if token is not None else self.session
        if bearer is not None:
            request.add_header("Authorization", f"Bearer {bearer}")
        try:
            with urllib.request.urlopen(request, timeout=HTTP_TIMEOUT) as response:
                self._keep_cookie(response.headers.get_all("Set-Cookie") or [])
                answer: dict[str, Any] = json.loads(response.read())
                return answer
        except urllib.error.HTTPError as error:
            raise OnlineError(_refusal(error)) from None
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise OnlineError(t("Cannot reach the server at {server}: {reason}",
                                server=self.base, reason=reason)) from None

    def _keep_cookie(self, headers: list[str]) -> None:
        for header in headers:
            jar: http.cookies.SimpleCookie = http.cookies.SimpleCookie()
            try:
                jar.load(header)
            except http.cookies.CookieError:
                continue
            if SESSION_COOKIE in jar and jar[SESSION_COOKIE].value:
                self.cookie = jar[SESSION_COOKIE].value

    def lobby(self) -> list[dict[str, Any]]:
        matches: list[dict[str, Any]] = self.request("GET", "/api/matches")["matches"]
        return matches

    def create(self, game: str, options: dict[str, Any], seats: list[dict[str, Any]],
               timer: float | None = None, join: dict[str, Any] | None = None
               ) -> dict[str, Any]:
        """Create a match; with ``join`` (``{"seat", "name"}``) take that seat in the same
        request, so a refused name leaves no match behind."""
        body: dict[str, Any] = {"game": game, "options": options, "seats": seats,
                                "auto_start": True}
        if join is not None:
            body["join"] = join
        if timer is not None:
            body["turn_timer"] = {"seconds": timer}
        return self.request("POST", "/api/matches", body)

    def match_page(self, match_id: str, token: str | None) -> dict[str, Any]:
        """What the web app's match page is given: seat names, the game's commands, whether
        advice is allowed here, the names of its advisor commands and the player's guide."""
        return self.request("GET", f"/api/web/matches/{_quote(match_id)}", token=token)

    def ask(self, match_id: str, token: str | None, command: str) -> str:
        """The server's answer to one of the game's commands, for the token's seat."""
        answer = self.request("POST", f"/api/web/matches/{_quote(match_id)}/ask",
                              {"command": command}, token=token)
        return str(answer.get("text", ""))

    def join(self, match_id: str, seat: int | None, name: str | None) -> dict[str, Any]:
        """Take ``seat``, or the first open one."""
        if seat is None:
            match = self.request("GET", f"/api/matches/{_quote(match_id)}")
            free = [s["seat"] for s in match["seats"] if s["kind"] == "open" and not s["taken"]]
            if not free:
                raise OnlineError(t("Match {match} has no open seat; watch it instead.",
                                    match=match_id))
            seat = free[0]
        body = {"name": name} if name else {}
        return self.request("POST", f"/api/matches/{_quote(match_id)}/seats/{seat}", body)


def _quote(text: str) -> str:
    return urllib.parse.quote(text, safe="")


def _refusal(error: urllib.error.HTTPError) -> str:
    try:
        body = json.loads(error.read())
        return shown(t("{message} ({code})", message=body["error"]["message"],
                       code=body["error"]["code"]))
    except (ValueError, KeyError, TypeError):
        return t("The server answered HTTP {status}.", status=error.code)


def lobby_lines(matches: Sequence[dict[str, Any]]) -> list[str]:
    """One line per match: id, game, status, and who sits where."""
    if not matches:
        return [t("No open or running matches.")]
    lines = []
    for match in matches:
        seats = ", ".join(_seat_label(s) for s in match["seats"])
        # TRANSLATORS: a lobby line: match id, game id, its status, then each seat.
        lines.append(shown(t("{match}  {game}  {status}  seats: {seats}", match=match["id"],
                             game=match["game"], status=status_word(str(match["status"])),
                             seats=seats)))
    return lines


def status_word(status: str) -> str:
    """A match's status as a person reads it (the protocol's word is English)."""
    words = {"open": pt("match status", "open"), "running": pt("match status", "running"),
             "finished": pt("match status", "finished"),
             "ended": pt("match status", "ended by the host")}
    return words.get(status, status)


def _seat_label(seat: dict[str, Any]) -> str:
    number = seat["seat"]
    if seat["kind"] == "bot":
        return t("{seat} bot {bot}", seat=number, bot=seat.get("bot") or seat.get("name"))
    if not seat["taken"]:
        return t("{seat} open", seat=number)
    if seat.get("name"):
        return t("{seat} {name}", seat=number, name=seat["name"])
    return t("{seat} taken", seat=number)


# -- the websocket session ----------------------------------------------------------------
@dataclass
class OnlineSession:
    """One connection to one match, for a seat (``token``) or as a spectator (None).

    ``say`` prints a line and ``ask`` reads one (``EOFError`` ends the session), so tests
    drive it with lists. ``run`` returns the last ``state`` message. ``meta`` is the
    server's match page data (seat names, the game's commands, its advice and guide),
    ``asker`` asks the server one of the game's commands; without them the client still
    plays, calling seats by number.
    """

    ws_url: str
    token: str | None
    say: Callable[[str], None]
    ask: Callable[[str], str]
    seat: int | None = None
    state: dict[str, Any] | None = None
    meta: dict[str, Any] | None = None
    asker: Callable[[str], str] | None = None
    typed: Callable[[], str | None] | None = None
    """A line typed while the match waits for players, or None when none is ready
    (``EOFError`` at the input's end): without it the keyboard is read only on your turn,
    so 'quit' could not leave a match whose other seats were still open."""
    advisor: bool = False
    """The player asked for advice (``--advisor``); the server still gives it only in a
    match against bots alone (README, "Advice")."""
    heard: list[str] = field(default_factory=list)
    """Every sentence told so far, for ``history``."""
    connected: dict[int, bool] = field(default_factory=dict)
    _inbox: queue.Queue[dict[str, Any] | None] = field(default_factory=queue.Queue)
    _prompted: int = -1
    _viewed: bool = False
    _hinted: bool = False

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
            raise OnlineError(t("Cannot open {address}: {reason}", address=self.ws_url,
                                reason=error)) from None
        with socket:
            # The server words it in our language; the terminal draws no web board.
            socket.send(json.dumps({"type": "hello", "token": self.token,
                                    "lang": current_language(), "board": False}))
            reader = threading.Thread(target=self._read, args=(socket,), daemon=True)
            reader.start()
            try:
                while True:
                    message = self._next(socket)
                    if message is None:
                        self.say(t("The server closed the connection."))
                        return self.state
                    if not self._handle(message, socket):
                        return self.state
            except (EOFError, KeyboardInterrupt):
                self._leave()
                return self.state
            except ConnectionClosed:
                self.say(t("The connection was lost."))
                return self.state

    def _next(self, socket: Any) -> dict[str, Any] | None:
        """The server's next message; while the match waits for players, the keyboard is
        looked at in between, and 'quit' there leaves (``EOFError``)."""
        while True:
            waiting = self.typed is not None and self.state is not None \
                and self.state.get("status") == "open"
            if not waiting:
                return self._inbox.get()
            try:
                return self._inbox.get(timeout=WAITING_POLL)
            except queue.Empty:
                assert self.typed is not None
                line = self.typed()
                if line is not None:
                    self._typed_while_waiting(line)

    def _typed_while_waiting(self, line: str) -> None:
        word = " ".join(canonical(line.strip()).lower().split())
        if word in ("quit", "exit"):
            raise EOFError
        if word == "history":
            self._history()
        elif word:
            self.say(t("The match has not started yet: it starts when every seat is taken. "
                       "Type {quit} to leave; your seat is kept.",
                       quit=pt("command word", "quit")))

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

    # -- names -------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """The seat's name in the game ("Yellow"), from the server, else its number."""
        names = (self.meta or {}).get("seat_names") or []
        if 0 <= seat < len(names):
            return shown(names[seat])
        return player_name(seat)

    def label(self, message: dict[str, Any], seat: int) -> str:
        """"Yellow (Ann)", "Orange (mcts)", "Red (you)": the name and who sits there."""
        if seat == self.seat:
            return t("{seat} (you)", seat=self.name(seat))
        for entry in message.get("seats", []):
            if entry["seat"] == seat and entry.get("name"):
                return t("{seat} ({player})", seat=self.name(seat), player=shown(entry["name"]))
        return self.name(seat)

    # -- messages ----------------------------------------------------------------------

    def _handle(self, message: dict[str, Any], socket: Any) -> bool:
        """React to one message; False once the session is over."""
        kind = message.get("type")
        if kind == "welcome":
            self.seat = message.get("seat")
            match = shown(message.get("match_id"))
            if self.seat is None:
                self.say(t("Connected to match {match}, watching.", match=match))
            else:
                self.say(t("Connected to match {match}: you are {seat}.", match=match,
                           seat=self.name(self.seat)))
        elif kind == "error":
            self.say(t("Refused: {message} ({code})", message=shown(message.get("message")),
                       code=shown(message.get("code"))))
            if message.get("code") in ("auth/bad_token", "match/not_found"):
                return False
            # a stale action is followed by the current state, which prompts anew
            stale = message.get("code") == "action/stale_state"
            if not stale and self.state is not None and self._my_turn(self.state):
                return self._prompt(self.state, socket, again=True)
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
            events = [shown(sentence) for sentence in view.get("events", [])]
            if not self._viewed:
                self._catch_up(events, view.get("events_from", 0))
                self._viewed = True
            else:
                for sentence in events:
                    self.say(sentence)
            self.heard.extend(events)
        status = message.get("status")
        if status == "open":
            if first:
                self._waiting(message)
            return True
        if status == "finished":
            if view is not None and (first or previous is None
                                     or previous.get("status") == "open"):
                self.say(view["description"])
            self.say(self._result(message))
            return False
        if status == "ended":  # by the server's host: its words, in ours (result_text)
            self.say(shown(str(message.get("result_text") or t("The match is over."))))
            return False
        if self._my_turn(message):
            goes_on = (previous is not None and previous.get("status") == "running"
                       and previous.get("current_player") == self.seat)
            return self._prompt(message, socket, again=goes_on)
        starting = first or (previous is not None and previous.get("status") == "open")
        if starting and view is not None:
            self.say(view["description"])
        return True

    def _catch_up(self, events: list[str], since: int) -> None:
        """What happened before this connection: since the start, or since you were here."""
        if not events:
            return
        self.say(t("Since the game began:") if since == 0 else t("While you were away:"))
        if len(events) > MISSED_SHOWN:
            left = len(events) - MISSED_SHOWN
            self.say(tn("{count} earlier event is left out here; 'history' tells it.",
                        "{count} earlier events are left out here; 'history' tells them all.",
                        left))
            events = events[left:]
        for sentence in events:
            self.say(sentence)

    def _waiting(self, message: dict[str, Any]) -> None:
        free = [s["seat"] for s in message["seats"] if s["kind"] == "open" and not s["taken"]]
        if free:
            self.say(tn("Waiting for players: {seats} is open.",
                        "Waiting for players: {seats} are open.", len(free),
                        seats=and_list([self.name(seat) for seat in free])))
        self.say(t("The match starts when every seat is taken."))

    def _my_turn(self, message: dict[str, Any]) -> bool:
        return bool(message.get("legal_actions")) and message.get("status") == "running"

    def _presence(self, seats: list[dict[str, Any]]) -> None:
        for seat in seats:
            number, now = seat["seat"], bool(seat.get("connected"))
            before = self.connected.get(number)
            self.connected[number] = now
            if before is not None and before != now and number != self.seat \
                    and seat["kind"] != "bot":
                who = shown(seat.get("name") or self.name(number))
                self.say(t("{player} is back.", player=who) if now
                         else t("{player} left.", player=who))

    def _result(self, message: dict[str, Any]) -> str:
        result = message.get("result") or {}
        returns = result.get("returns") or []
        seats = range(len(returns)) if returns else range(len(message.get("seats", [])))
        names = [self.name(seat) for seat in seats]
        ranking = result.get("ranking") or ranking_from(result.get("winners", []), len(names))
        head = result_sentence(names, ranking, returns, you=self.seat) \
            if returns else t("The match is over.")
        text = t("Game over. {result}", result=head)
        if returns:
            scores = [t("{seat} {points}", seat=self.label(message, seat), points=f"{value:g}")
                      for seat, value in enumerate(returns)]
            text = t("{text} Scores: {scores}.", text=text, scores=and_list(scores))
        rematch = message.get("rematch_id")
        if rematch:
            text = t("{text} Rematch: {match}.", text=text, match=shown(rematch))
        return text

    # -- the player's turn -------------------------------------------------------------

    def _prompt(self, message: dict[str, Any], socket: Any, *, again: bool = False) -> bool:
        """Ask for a move until one is sent (or the player leaves).

        A new turn starts with "Your turn." and the position; a turn that goes on (another
        action of the same seat) and a refused move only say the choices left.
        """
        legal = message["legal_actions"]
        if self._prompted != message["state_id"]:
            self._prompted = message["state_id"]
            if not again:
                self.say(t("Your turn."))
                self.say(message["view"]["description"])
            self._count(legal)
        while True:
            answer = canonical(self.ask(t("Your move: ")).strip())
            if not answer:
                continue
            word = " ".join(answer.lower().split())
            first, _, rest = word.partition(" ")
            if word in ("quit", "exit"):
                self._leave()
                return False
            if word in ("help", "?"):
                self._help()
            elif word == "board":
                self.say(message["view"]["description"])
            elif word == "history":
                self._history()
            elif first in ("legal", "actions"):
                self._legal(legal, rest)
            elif word in self._advice() or word in self._commands():
                self._command(word)
            else:
                action = self._choose(answer, legal)
                if action is not None:
                    socket.send(json.dumps({"type": "action", "action": action,
                                            "state_id": message["state_id"]}))
                    return True

    def _count(self, legal: list[dict[str, str]]) -> None:
        if len(legal) == 1:
            self.say(t("1 legal action: {action} — {sentence}", action=shown(legal[0]["action"]),
                       sentence=shown(legal[0]["description"])))
        elif not self._hinted:
            self.say(t("{count} Type a number from 'legal', an action's text, 'legal' and a "
                       "word to narrow the list (a piece, a square, a kind of action), or "
                       "'help'.", count=count_sentence(len(legal))))
        else:
            self.say(count_sentence(len(legal)))
        self._hinted = True

    def _legal(self, legal: list[dict[str, str]], filter_text: str) -> None:
        told = listing([(shown(e["action"]), shown(e["description"])) for e in legal],
                       filter_text)
        if told.heading:
            self.say(t("{heading}:", heading=told.heading))
        for line in told.lines:
            self.say(line)

    def _commands(self) -> list[str]:
        """The game's commands the server answers for this seat (advice only if asked)."""
        offered = (self.meta or {}).get("commands") or []
        return [str(c["name"]) for c in offered if not c.get("advisor") or self.advisor]

    def _advice(self) -> list[str]:
        return [str(name) for name in (self.meta or {}).get("advice") or []]

    def _command(self, word: str) -> None:
        if word in self._advice() and word not in self._commands():
            if not self.advisor:
                self.say(t("{command} is advice, off by default as in rated play; join with "
                           "--advisor to turn it on.", command=word))
            else:
                self.say(t("{command} is advice, given only in a match against bots alone.",
                           command=word))
            return
        if self.asker is None:
            self.say(t("{command} is not available from this client.", command=word))
            return
        try:
            self.say(shown(self.asker(word), multiline=True))
        except OnlineError as error:
            self.say(t("Refused: {message}", message=str(error)))

    def _help(self) -> None:
        lines = [
            t("Commands:"),
            t("A number: play that action from the 'legal' list."),
            t("An action's text: play it, for example as 'legal' shows it."),
            t("legal: your choices, numbered, each with what it does."),
            t("legal and words: only the choices with those words, for example a piece, a "
              "square, a colour or a kind of action; 'legal all' lists every choice."),
            t("board: the position again."),
            t("history: everything that happened, as it was told."),
            t("quit: leave; your seat stays yours (come back with --token)."),
        ]
        for command in (self.meta or {}).get("commands") or []:
            if not command.get("advisor") or self.advisor:
                lines.append(t("{word}: {help}", word=shown(command["name"]),
                               help=shown(command.get("help") or "")))
        for word in self._advice():
            if word not in self._commands():
                lines.append(t("{word}: advice, off; join with --advisor in a match against "
                               "bots alone to use it.", word=shown(word)))
        for line in lines:
            self.say(line)
        guide = (self.meta or {}).get("guide")
        if guide:
            self.say(t("How to play:"))
            self.say(shown(guide, multiline=True))

    def _history(self) -> None:
        if not self.heard:
            self.say(t("Nothing has happened yet."))
        for number, sentence in enumerate(self.heard, 1):
            self.say(t("{number}. {sentence}", number=number, sentence=sentence))

    def _choose(self, answer: str, legal: list[dict[str, str]]) -> str | None:
        if answer.isdigit():
            number = int(answer)
            if 1 <= number <= len(legal):
                return legal[number - 1]["action"]
            self.say(t("There is no action {number}; choose 1 to {last}.", number=number,
                       last=len(legal)))
            return None
        # any other text goes to the server, which names what is wrong with it
        return answer

    def _leave(self) -> None:
        if self.token is not None:
            self.say(t("You left. Your seat is kept: rejoin with --token={token}",
                       token=self.token))
        else:
            self.say(t("You stopped watching."))


def keyboard_line() -> str | None:
    """A line typed at the terminal if one is ready, else None; ``EOFError`` at the end.

    A file or a test's input (no usable file number) is read at once, since reading it
    never blocks; a terminal or a pipe is looked at with ``select``, which Windows offers
    only for sockets, so there the keyboard waits for your turn as before.
    """
    stream = sys.stdin
    try:
        number = stream.fileno()
    except (OSError, ValueError, io.UnsupportedOperation):
        number = None
    if number is not None and (os.name == "nt" or not select.select([number], [], [], 0)[0]):
        return None
    line = stream.readline()
    if line == "":
        raise EOFError
    return line
