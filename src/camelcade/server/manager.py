"""MatchManager: the one authority over every match this process serves.

Each change of a match — join, start, a move, a timeout, a rematch — runs under that
match's lock, is committed to the database, and only then is adopted in memory and told to
the clients. A move names the ``state_id`` its sender saw; any other ``state_id`` is refused
as stale, so double clicks and races between seats cannot play a move twice or against a
position nobody saw. Chance is drawn here, from the match's secret seed.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
import time
from typing import Any

from camelcade import bots as bot_registry
from camelcade.bots import LEVEL_PREFIX
from camelcade.core.errors import CamelcadeError, IllegalActionError, OptionError, UnknownGameError
from camelcade.core.registry import game_class, load
from camelcade.core.words import and_list, current_language, t, tn
from camelcade.server import clocks
from camelcade.server.admin import ENDED, ended_sentence
from camelcade.server.auth import hash_token, new_token, profile_seat_token, same_hash
from camelcade.server.moves import Advance, MoveWriter
from camelcade.server.outbox import notices_for
from camelcade.server.protocol import ErrorCode, ProtocolError
from camelcade.server.runtime import LiveMatch, Plan
from camelcade.server.schemas import CreateMatch, SeatSpec, TurnTimer
from camelcade.server.settings import Settings
from camelcade.server.store import MatchRow, SeatRow, Store
from camelcade.server.views import TimedOut, seat_names

log = logging.getLogger(__name__)

HOST = "host"


def _not_found(match_id: str) -> ProtocolError:
    return ProtocolError(ErrorCode.MATCH_NOT_FOUND,
                         t("There is no match {match}.", match=repr(match_id[:40])))


def status_refusal(status: str, reason: str | None = None) -> str:
    """Why a match in ``status`` cannot do what was asked (start, or take a move);
    ``reason``: why its host ended it (status ``ended``)."""
    if status == "open":
        return t("The match has not started yet.")
    if status == "running":
        return t("The match is already running.")
    if status == ENDED:
        return ended_sentence(reason)
    return t("The match is over.")


def lobby_closed_refusal(message: str) -> ProtocolError:
    """No new match while the host has closed the lobby (``camelcade admin lobby``)."""
    return ProtocolError(ErrorCode.SERVER_CLOSED, t(
        "No new matches for now: {message}", message=message))


def check_bot(name: str, game_id: str | None = None) -> None:
    """Refuse an unknown bot name at creation rather than when its turn comes."""
    if game_id is not None and name.startswith(LEVEL_PREFIX):
        try:
            bot_registry.level(game_id, name)
        except OptionError as error:
            raise ProtocolError(ErrorCode.BOT_UNKNOWN, str(error)) from None
        return
    if name not in bot_registry.names():
        known = ", ".join(bot_registry.names())
        raise ProtocolError(ErrorCode.BOT_UNKNOWN, t(
            "There is no bot {bot}; the bots are: {bots}.", bot=repr(name[:64]), bots=known))


def new_match_id() -> str:
    """16 random URL-safe characters that never begin with "-": a match id is typed as a
    command-line argument (``camelcade online join ID``), where a leading dash reads as an
    option."""
    while True:
        found = secrets.token_urlsafe(12)
        if not found.startswith("-"):
            return found


def open_match_row(game: str, options: dict[str, Any], *, now: float, creator: str,
                   bot_only: bool, auto_start: bool, turn_seconds: float | None,
                   on_timeout: str, timeout_bot: str, host_hash: str | None = None,
                   host_reserved_hash: str | None = None,
                   rematch_of: str | None = None, rated: bool = False) -> MatchRow:
    """The row of a match about to be created or rematched: a fresh id and a secret seed,
    open at step 0. The one place a new match's row is made, so a created match and a
    rematch cannot start from different defaults; the caller gives what it decides (its
    game and options, its settings, who hosts)."""
    return MatchRow(
        id=new_match_id(),
        game=game,
        options=options,
        seed=secrets.randbits(62),
        status="open",
        state_id=0,
        auto_start=auto_start,
        turn_seconds=turn_seconds,
        on_timeout=on_timeout,
        timeout_bot=timeout_bot,
        created_at=now,
        updated_at=now,
        host_hash=host_hash,
        host_reserved_hash=host_reserved_hash,
        rematch_of=rematch_of,
        bot_only=bot_only,
        creator=creator,
        rated=rated,
    )


def creator_hash(address: str | None) -> str:
    """What the database keeps of a creator's address: enough to count, nothing to show."""
    return hashlib.sha256(f"camelcade-creator:{address or 'unknown'}".encode()).hexdigest()[:32]


def check_option_types(game_id: str, given: dict[str, Any], checked: dict[str, Any]) -> None:
    """Refuse options not written as the JSON the game means: ``"players": "2"`` is text.

    The games accept text digits for the command line (``--option players=2``); over
    JSON a value must already have its type, so each given value must be exactly the
    checked one (``2``, not ``"2"`` or ``2.0``; ``[1, 2]``, not ``"1,2"``).
    """
    for name, value in given.items():
        canonical = checked.get(name)
        if json.dumps(value) != json.dumps(canonical):
            raise ProtocolError(ErrorCode.GAME_BAD_OPTIONS, t(
                "{game} option {option} must be given as the JSON value {wanted}, not {given}.",
                game=game_class(game_id).title, option=repr(name[:40]),
                wanted=json.dumps(canonical)[:80], given=json.dumps(value)[:80]))


def check_clock(timer: TurnTimer) -> tuple[str, float | None, int | None]:
    """The clock's kind, bank and timeouts before a takeover, or a refusal naming what is
    allowed: a move's time within its kind's bounds, a bank and a takeover only where they
    mean something."""
    kind = timer.kind or clocks.kind_for(timer.seconds)
    low, high = clocks.bounds(kind)
    if not low <= timer.seconds <= high:
        if kind == clocks.LIVE:
            message = t("A live clock gives {low} to {high} seconds a move, not {given}; "
                        "for more, choose a correspondence clock.", low=int(low),
                        high=int(high), given=timer.seconds)
        else:
            message = t("A correspondence clock gives 1 hour to 14 days a move ({low} to "
                        "{high} seconds), not {given} seconds; for less, choose a live "
                        "clock.", low=int(low), high=int(high), given=timer.seconds)
        raise ProtocolError(ErrorCode.GAME_BAD_OPTIONS, message)
    if timer.bank_seconds is not None and kind != clocks.CORRESPONDENCE:
        raise ProtocolError(ErrorCode.GAME_BAD_OPTIONS, t(
            "A time bank is for correspondence clocks only; leave bank_seconds out of a "
            "live clock."))
    takeover = timer.takeover_after
    if takeover is not None and timer.on_timeout != clocks.TAKEOVER:
        raise ProtocolError(ErrorCode.GAME_BAD_OPTIONS, t(
            "takeover_after counts timeouts before a bot keeps the seat: give it only with "
            "on_timeout 'takeover'."))
    if timer.on_timeout == clocks.TAKEOVER and takeover is None:
        takeover = 3
    return kind, timer.bank_seconds or None, takeover


def _check_joinable(specs: list[SeatSpec], seat: int) -> None:
    """Refuse a creator's seat that is not one of the open seats being created."""
    if seat >= len(specs):
        raise ProtocolError(ErrorCode.MATCH_NO_SUCH_SEAT, t(
            "There is no seat {seat}; this match has seats 0 to {last}.", seat=seat,
            last=len(specs) - 1))
    if specs[seat].kind != "open":
        raise ProtocolError(ErrorCode.MATCH_SEAT_TAKEN, t(
            "The seat you asked for ({seat}, counted from 0) is not open (it is a bot or "
            "hot-seat seat); join an open seat.", seat=seat))


def _nobody() -> None:
    """Nobody is told (a manager without an outbox)."""


class MatchManager:
    """Creates, loads, advances and caches matches; see the module docstring."""

    def __init__(self, store: Store, moves: MoveWriter, on_change: Any, on_turn: Any,
                 settings: Settings) -> None:
        self.settings = settings
        self.store = store
        self.moves = moves
        self.matches: dict[str, LiveMatch] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._on_change = on_change
        """Called with a match after every accepted change (broadcasts to its clients)."""
        self._on_turn = on_turn
        """Called with a match after every accepted change (schedules bots and timers)."""
        self.seat_key = b""
        """The server's key for the seat tokens of profiles (``profile_seat_token``), read
        from the database at start; empty until then."""
        self.closed_message: str | None = None
        """The host's message while the lobby is closed: no match is created meanwhile."""
        self.notices_written: Any = _nobody
        """Called after a commit that wrote notices (the outbox looks at once)."""

    # -- loading -----------------------------------------------------------------------

    async def get(self, match_id: str) -> LiveMatch:
        """The cached match, loaded and replayed from the database on first use."""
        match = self.matches.get(match_id)
        if match is not None:
            match.last_used = time.monotonic()
            return match
        if len(match_id) > 32:
            raise _not_found(match_id)
        lock = self._loading.setdefault(match_id, asyncio.Lock())
        async with lock:
            match = self.matches.get(match_id)
            if match is None:
                loaded = await self.store.read(self.store.load_match, match_id)
                if loaded is None:
                    self._loading.pop(match_id, None)
                    raise _not_found(match_id)
                try:
                    match = LiveMatch.rebuild(*loaded)
                except (CamelcadeError, TypeError) as error:
                    self._loading.pop(match_id, None)
                    log.error("match %s cannot be rebuilt: %s", match_id, error)
                    raise ProtocolError(ErrorCode.MATCH_UNREADABLE, t(
                        "This match cannot be replayed by this version of its game.")) from None
                self.matches[match_id] = match
        self._loading.pop(match_id, None)
        return match

    async def refresh(self, match_id: str) -> None:
        """Catch up with changes another process committed (PostgreSQL notifications)."""
        match = self.matches.get(match_id)
        if match is None:
            return
        async with match.lock:
            changed = await self._refresh_locked(match)
        if changed:
            self._on_change(match)
            self._on_turn(match, remote=True)

    async def _refresh_locked(self, match: LiveMatch) -> bool:
        loaded = await self.store.read(self.store.load_since, match.id, match.state_id)
        if loaded is None:  # deleted (an open match expired) by another process
            if match.status == "open" and not match.connections:
                self.matches.pop(match.id, None)
            return False
        row, seats, texts = loaded
        before = (match.state_id, match.row.status, match.row.rematch_id, match.row.turn_deadline,
                  match.seats)
        match.catch_up(texts)
        state_id = match.state_id
        match.row = row
        match.row.state_id = state_id
        match.seats = seats
        match.cache.clear()
        return before != (match.state_id, match.row.status, match.row.rematch_id,
                          match.row.turn_deadline, match.seats)

    # -- creating and joining ----------------------------------------------------------

    async def check_bot_caps(self, creator: str) -> None:
        """Refuse one more bot-only match beyond the per-address or the total cap.

        Only matches that moved within ``bot_match_active_seconds`` count, so matches left
        paused (nobody watches) stop blocking new ones. Two creations racing may both pass;
        the create rate limit keeps that small.
        """
        settings = self.settings
        since = time.time() - settings.bot_match_active_seconds
        mine, every = await self.store.read(self.store.count_bot_matches, creator, since)
        if mine >= settings.bot_matches_per_address:
            raise ProtocolError(ErrorCode.RATE_LIMITED, t(
                "Your address has {count} bot-only matches going; at most {limit} at once "
                "(seat a person, or wait for one to end).", count=mine,
                limit=settings.bot_matches_per_address))
        if every >= settings.bot_matches_total:
            raise ProtocolError(ErrorCode.SERVER_BUSY, t(
                "The server runs its most bot-only matches ({limit}); try again later, or seat "
                "a person.", limit=settings.bot_matches_total))

    async def create(self, request: CreateMatch, address: str | None = None,
                     profile_id: str | None = None
                     ) -> tuple[LiveMatch, str, dict[int, str], str | None]:
        """A new match, its host token, its hot-seat tokens and the token of the seat
        ``request.join`` takes (None without). Everything is checked before the one
        transaction that writes the match with its seats: a refusal leaves nothing.
        With ``profile_id`` (a signed-in browser) the hot seats and the joined seat belong
        to that profile."""
        if self.closed_message is not None:
            raise lobby_closed_refusal(self.closed_message)
        options = dict(request.options)
        if request.seats is not None and "players" not in options:
            options["players"] = len(request.seats)
        try:
            game = load(request.game, **options)
        except UnknownGameError as error:
            raise ProtocolError(ErrorCode.GAME_UNKNOWN, str(error)) from None
        except (CamelcadeError, TypeError, ValueError) as error:
            raise ProtocolError(ErrorCode.GAME_BAD_OPTIONS, str(error)[:500]) from None
        check_option_types(game.id, request.options, game.options)
        specs = request.seats if request.seats is not None else [SeatSpec()] * game.players
        if len(specs) != game.players:
            raise ProtocolError(ErrorCode.GAME_BAD_OPTIONS, tn(
                "{game} has {players} seats here; {count} seat was given.",
                "{game} has {players} seats here; {count} seats were given.", len(specs),
                game=game.title, players=game.players))
        timer = request.turn_timer
        for spec in specs:
            if spec.kind == "bot":
                check_bot(spec.bot or "", game.id)
        clock: tuple[str, float | None, int | None] = (clocks.LIVE, None, None)
        if timer is not None:
            check_bot(timer.bot, game.id)
            clock = check_clock(timer)
        joining = request.join
        if joining is not None:
            _check_joinable(specs, joining.seat)
        bot_only = all(spec.kind == "bot" for spec in specs)
        creator = creator_hash(address)
        if bot_only:
            await self.check_bot_caps(creator)
        now = time.time()
        host_token = new_token()
        seat_tokens: dict[int, str] = {}
        seat_rows: list[SeatRow] = []
        for seat, spec in enumerate(specs):
            row = SeatRow(seat=seat, kind=spec.kind, name=spec.name, bank_left=clock[1])
            if spec.kind == "bot":
                row.bot = spec.bot
            elif spec.kind == "hotseat":
                seat_tokens[seat] = new_token()
                row.token_hash = hash_token(seat_tokens[seat])
                row.joined_at = now
                row.lang = current_language()  # the creator's: hot seats are at their screen
                row.profile_id = profile_id
            seat_rows.append(row)
        own_token = None
        if joining is not None:
            own_token = new_token()
            row = seat_rows[joining.seat]
            row.kind, row.name, row.token_hash = "human", joining.name, hash_token(own_token)
            row.joined_at, row.lang = now, current_language()
            row.profile_id = profile_id
        match_row = open_match_row(
            game.id, game.options, now=now, creator=creator, bot_only=bot_only,
            auto_start=request.auto_start,
            turn_seconds=timer.seconds if timer else None,
            on_timeout=timer.on_timeout if timer else "bot",
            timeout_bot=timer.bot if timer else "random",
            host_hash=hash_token(host_token),
            rated=request.rated,
        )
        match_row.clock, match_row.bank_seconds, match_row.takeover_after = clock
        await self.store.write(self.store.insert_match, match_row, seat_rows)
        match = LiveMatch(row=match_row, seats=seat_rows, game=game, state=game.new_state())
        self.matches[match.id] = match
        if match.row.auto_start and self._ready(match):
            await self._auto_start(match)
        return match, host_token, seat_tokens, own_token

    async def _auto_start(self, match: LiveMatch, locked: bool = False) -> None:
        """Start a full match; a failure is logged, not raised: the caller's seat stands."""
        try:
            if locked:
                await self._start_locked(match)
            else:
                await self._start(match)
        except ProtocolError as error:
            log.warning("match %s did not start by itself: %s", match.id, error.message)

    async def join(self, match_id: str, seat: int, name: str | None,
                   profile_id: str | None = None) -> tuple[LiveMatch, str]:
        match = await self.get(match_id)
        token = new_token()
        async with match.lock:
            if match.status != "open":
                raise ProtocolError(ErrorCode.MATCH_NOT_OPEN, t("This match is no longer open."))
            row = match.seat_row(seat)
            if row is None:
                raise ProtocolError(ErrorCode.MATCH_NO_SUCH_SEAT, t(
                    "There is no seat {seat}; this match has seats 0 to {last}.", seat=seat,
                    last=len(match.seats) - 1))
            claimed = await self.store.write(
                self.store.claim_seat, match.id, seat, hash_token(token), name, time.time(),
                current_language(), profile_id,
            )
            await self._refresh_locked(match)
            if not claimed:
                raise ProtocolError(ErrorCode.MATCH_SEAT_TAKEN, t(
                    "{seat}'s seat is taken.", seat=seat_names(match.game, match.names)[seat]))
            if match.row.auto_start and self._ready(match):
                await self._auto_start(match, locked=True)
                return match, token
        self._on_change(match)
        return match, token

    @staticmethod
    def _ready(match: LiveMatch) -> bool:
        return all(s.kind == "bot" or s.token_hash is not None for s in match.seats)

    def authenticate(self, match: LiveMatch, token: str) -> int | str:
        """The seat ``token`` holds in ``match``, or ``HOST``; else ``auth/bad_token``."""
        digest = hash_token(token)
        for seat in match.seats:
            if same_hash(seat.token_hash, digest):
                return seat.seat
            if seat.profile_id is not None and self.seat_key and hmac.compare_digest(
                    profile_seat_token(self.seat_key, match.id, seat.seat, seat.profile_id),
                    token):
                return seat.seat
        if same_hash(match.row.host_hash, digest):
            return HOST
        raise ProtocolError(ErrorCode.AUTH_BAD_TOKEN,
                            t("This token holds no seat in this match."))

    async def seat_speaks(self, match: LiveMatch, seat: int, lang: str) -> None:
        """Keep the language ``seat`` last connected with: its turn e-mails are worded in it.

        Written only when it changed, so a reconnection in the same language costs nothing;
        a failed write is logged, never a refused connection (the mail is then in the
        language the seat had).
        """
        row = match.seat_row(seat)
        if row is None or row.lang == lang:
            return
        async with match.lock:
            try:
                await self.store.write(self.store.set_seat_language, match.id, seat, lang)
            except Exception:
                log.exception("keeping the language of seat %d of match %s failed", seat,
                              match.id)
                return
            row = match.seat_row(seat)
            if row is not None:
                row.lang = lang

    # -- starting and playing ----------------------------------------------------------

    async def start(self, match_id: str, token: str) -> LiveMatch:
        match = await self.get(match_id)
        self.authenticate(match, token)
        await self._start(match)
        return match

    async def _start(self, match: LiveMatch) -> None:
        async with match.lock:
            await self._start_locked(match)

    async def _start_locked(self, match: LiveMatch) -> None:
        if match.status != "open":
            raise ProtocolError(ErrorCode.MATCH_NOT_OPEN,
                                status_refusal(match.status, match.row.end_reason))
        if not self._ready(match):
            names = seat_names(match.game, match.names)
            free = [names[s.seat] for s in match.seats
                    if s.kind != "bot" and s.token_hash is None]
            raise ProtocolError(ErrorCode.MATCH_NOT_READY, tn(
                "{seats} is still open; every seat must be taken first.",
                "{seats} are still open; every seat must be taken first.",
                len(free), seats=and_list(free)))
        await self._commit(match, match.plan(None, None), start=True)

    async def play(self, match: LiveMatch, seat: int, text: str, state_id: int,
                   timed_out: TimedOut | None = None) -> None:
        """Play ``text`` for ``seat`` against ``state_id``; raises ``ProtocolError`` if refused.

        ``timed_out``: the server plays it because the seat's time ran out (every viewer is
        told so first)."""
        async with match.lock:
            if match.status != "running":
                raise ProtocolError(ErrorCode.ACTION_NOT_RUNNING,
                                    status_refusal(match.status, match.row.end_reason),
                                    match.state_id)
            if state_id != match.state_id:
                raise ProtocolError(ErrorCode.ACTION_STALE_STATE, t(
                    "The position changed: you sent state {sent}, it is now {now}.",
                    sent=state_id, now=match.state_id), match.state_id)
            if match.state.current_player != seat:
                raise ProtocolError(ErrorCode.ACTION_NOT_YOUR_TURN, t(
                    "It is not seat {seat}'s turn; seat {mover} is to act.", seat=seat,
                    mover=match.state.current_player), match.state_id)
            try:
                plan = match.plan(text, seat, timed_out)
            except IllegalActionError as error:
                raise ProtocolError(ErrorCode.ACTION_ILLEGAL, str(error), match.state_id) from None
            await self._commit(match, plan)

    async def _commit(self, match: LiveMatch, plan: Plan, start: bool = False) -> None:
        """Make ``plan`` durable, then adopt and announce it (call with the lock held)."""
        now = time.time()
        state = plan.state
        status = "finished" if state.is_terminal() else "running"
        result = (
            {"returns": state.returns(), "winners": state.winners(),
             "ranking": state.ranking()} if status == "finished"
            else None
        )
        mover = state.current_player
        deadline = None
        if (
            status == "running"
            and match.row.turn_seconds
            and 0 <= mover < len(match.seats)
            and match.seats[mover].kind != "bot"
        ):
            seat = match.seats[mover]
            deadline = clocks.deadline(now, match.row.turn_seconds, seat.bank_left,
                                       seat.away_until)
        banked = self._banked(match, plan, now)
        item = Advance(match.id, match.state_id, plan.rows, status, deadline, result, now, start)
        if self.settings.notices:
            item.notices = notices_for(
                match.state.current_player, mover, status,
                [s.seat for s in match.seats if s.kind != "bot"], now, deadline,
                match.row.turn_seconds, start)
        try:
            committed = await self.moves.advance(item)
        except Exception:
            raise ProtocolError(ErrorCode.SERVER_BUSY, t(
                "The move could not be saved; nothing changed, try again."),
                match.state_id) from None
        if not committed:
            await self._refresh_locked(match)
            self._on_change(match)
            if match.status == ENDED:  # the host ended it while this move was on its way
                raise ProtocolError(ErrorCode.ACTION_NOT_RUNNING,
                                    status_refusal(match.status, match.row.end_reason),
                                    match.state_id)
            raise ProtocolError(ErrorCode.ACTION_STALE_STATE, t(
                "Another move was accepted first; the position is now state {now}.",
                now=match.state_id), match.state_id)
        if item.notices:
            self.notices_written()
        match.accept(plan)
        if banked is not None:
            await self._keep_bank(match, *banked)
        match.row.status = status
        match.row.turn_deadline = deadline
        match.row.updated_at = now
        if start:
            match.row.started_at = now
        if result is not None:
            match.row.result = result
            match.row.finished_at = now
        self._on_change(match)
        self._on_turn(match, remote=False)
        if result is not None and match.row.rated:
            await self._rate(match)

    async def _rate(self, match: LiveMatch) -> None:
        """Rate a finished rated match (once: ``rated_matches`` has a row per match). A
        failure is logged, not raised: the last move stands either way."""
        from camelcade.server.accounts.ratings import rate_match

        try:  # who abandoned it is read from the seats' rows (``rate_match``)
            await self.store.write(rate_match, self.store.engine, match.id)
        except Exception:
            log.exception("match %s was not rated", match.id)

    @staticmethod
    def _banked(match: LiveMatch, plan: Plan, now: float) -> tuple[int, float] | None:
        """``(seat, bank)`` for a seat of a banked clock that moved in time (a timeout
        empties the bank in ``time_ran_out``); None otherwise."""
        if match.row.bank_seconds is None or plan.timed_out is not None:
            return None
        seat = match.state.current_player
        if not 0 <= seat < len(match.seats) or match.status != "running":
            return None
        bank = clocks.bank_after_move(now, match.row.turn_deadline, match.row.bank_seconds)
        return None if bank is None else (seat, bank)

    async def _keep_bank(self, match: LiveMatch, seat: int, bank: float) -> None:
        """Keep a seat's bank after its move (logged, not raised: the move stands; the
        seat then keeps the bank it had, which only ever favours it)."""
        try:
            await self.store.write(self.store.set_seat_clock, match.id, seat, bank, None, None)
        except Exception:
            log.exception("keeping the time bank of seat %d of match %s failed", seat,
                          match.id)
            return
        match.seats[seat].bank_left = bank

    async def time_ran_out(self, match: LiveMatch, seat: int, expected: int,
                           outcome: clocks.Timeout, bot: str) -> bool:
        """Count a timeout of ``seat`` (its bank is empty now) and, if the rule says so,
        hand the seat to ``bot`` for good. False if the match moved on meanwhile."""
        async with match.lock:
            if match.state_id != expected or match.status != "running":
                return False
            bank = 0.0 if match.row.bank_seconds is not None else None
            await self.store.write(self.store.set_seat_clock, match.id, seat, bank,
                                   outcome.timeouts, bot if outcome.take_over else None)
            row = match.seats[seat]
            row.bank_left, row.timeouts = bank, outcome.timeouts
            if outcome.take_over:
                row.kind, row.bot, row.taken_over = "bot", bot, True
            match.cache.clear()
        return True

    async def pause_clock(self, match_id: str, profile_id: str, shift: float) -> None:
        """A vacation of ``profile_id`` began (``shift`` > 0, its length) or ended early
        (< 0, the time it had left): reload the match's seats and move on (or back) the
        deadline of that profile's seat if it is to move, and re-arm the timer."""
        match = await self.get(match_id)
        async with match.lock:
            loaded = await self.store.read(self.store.load_since, match.id, match.state_id)
            if loaded is None:
                return
            row, seats, texts = loaded
            match.catch_up(texts)
            state_id = match.state_id
            match.row, match.seats = row, seats
            match.row.state_id = state_id
            mover = match.state.current_player
            due = match.row.turn_deadline
            if (match.status == "running" and due is not None
                    and 0 <= mover < len(seats) and seats[mover].profile_id == profile_id):
                moved = max(time.time(), due + shift)
                if await self.store.write(self.store.set_deadline, match.id, state_id, moved):
                    match.row.turn_deadline = moved
            match.cache.clear()
        self._on_change(match)
        self._on_turn(match, remote=False)

    # -- rematch -------------------------------------------------------------------------

    async def rematch(self, match_id: str, token: str, address: str | None = None
                      ) -> tuple[LiveMatch, int | None, str]:
        """Open (or join) the rematch of a finished match with a token from that match.

        Everyone moves one seat on (seat s plays seat s+1), so the first move passes round.
        Bots keep their places' bots; each person claims the seat reserved for their token.
        """
        old = await self.get(match_id)
        who = self.authenticate(old, token)
        if old.status != "finished":
            raise ProtocolError(ErrorCode.MATCH_NOT_FINISHED,
                                t("A rematch follows a finished match."))
        if old.row.rematch_id is None:
            if self.closed_message is not None:
                raise lobby_closed_refusal(self.closed_message)
            if old.row.bot_only:
                await self.check_bot_caps(creator_hash(address))
            await self._create_rematch(old, creator_hash(address))
        assert old.row.rematch_id is not None
        new = await self.get(old.row.rematch_id)
        fresh = new_token()
        held = None if who == HOST else old.seat_row(int(who))
        # The seat's stored hash: a profile's derived token (``profile_seat_token``) claims
        # the rematch seat kept for the token its seat was taken with, for the profile.
        old_hash = held.token_hash if held is not None and held.token_hash else hash_token(token)
        now = time.time()
        async with new.lock:
            if who == HOST:
                ok = await self.store.write(
                    self.store.claim_host, new.id, old_hash, hash_token(fresh), now
                )
                seat = None
            else:
                seat = await self.store.write(
                    self.store.claim_reserved, new.id, old_hash, hash_token(fresh), now,
                    held.profile_id if held is not None else None,
                )
                ok = seat is not None
            await self._refresh_locked(new)
            if not ok:
                raise ProtocolError(ErrorCode.AUTH_BAD_TOKEN,
                                    t("This token has already claimed its rematch seat."))
            if new.row.auto_start and new.status == "open" and self._ready(new):
                await self._auto_start(new, locked=True)
                return new, seat, fresh
        self._on_change(new)
        return new, seat, fresh

    async def _create_rematch(self, old: LiveMatch, creator: str) -> None:
        async with old.lock:
            if old.row.rematch_id is not None:
                return
            now = time.time()
            players = len(old.seats)
            seat_rows = [SeatRow(seat=s, kind="open") for s in range(players)]
            for previous in old.seats:
                row = seat_rows[(previous.seat + 1) % players]
                if previous.kind == "bot":
                    row.kind, row.bot, row.name = "bot", previous.bot, previous.name
                else:
                    row.kind = "hotseat" if previous.kind == "hotseat" else "open"
                    row.name = previous.name
                    row.reserved_hash = previous.token_hash
                    row.lang = previous.lang
            source = old.row
            match_row = open_match_row(
                source.game, source.options, now=now, creator=creator,
                bot_only=source.bot_only,
                auto_start=source.auto_start,
                turn_seconds=source.turn_seconds,
                on_timeout=source.on_timeout,
                timeout_bot=source.timeout_bot,
                host_reserved_hash=source.host_hash,
                rematch_of=source.id,
                rated=source.rated,
            )
            match_row.clock, match_row.bank_seconds = source.clock, source.bank_seconds
            match_row.takeover_after = source.takeover_after
            for row in seat_rows:
                row.bank_left = source.bank_seconds
            new_id = await self.store.write(self.store.insert_rematch, old.id, match_row, seat_rows)
            old.row.rematch_id = new_id
            old.cache.clear()
        self._on_change(old)

    # -- housekeeping --------------------------------------------------------------------

    def forget(self, match_id: str) -> None:
        """Drop a match deleted from the database (expired) from memory."""
        match = self.matches.pop(match_id, None)
        if match is not None and match.timer is not None:
            match.timer.cancel()

    def evict_idle(self, idle_seconds: float) -> int:
        """Forget matches nobody uses: they reload from the database when needed."""
        cutoff = time.monotonic() - idle_seconds
        gone = [
            match_id
            for match_id, match in self.matches.items()
            if not match.connections
            and match.last_used < cutoff
            and not match.lock.locked()
            and (match.status != "running" or (match.timer is None and match.bot_task is None))
        ]
        for match_id in gone:
            del self.matches[match_id]
        return len(gone)
