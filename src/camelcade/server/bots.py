"""Moves nobody at a keyboard makes: server bots on their turns, and turn timers running out.

A bot's move is a job for the bot worker pool (``botpool.py``): it runs in another
process, on the seat's view alone, within a per-move budget, scheduled fairly across
matches, so no match's bots slow another match or anyone's acknowledgement. When a bot
fails or runs out of time, the seat plays a random legal action drawn from the match's
secret seed instead. Bot-only matches (no person seated) move at most every
``bot_only_pace`` seconds and only while someone watches: unwatched, they pause (also
after a restart) and resume when a spectator arrives. A timer is a deadline stored with
the match, so a restarted server (or another process) honours it.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Coroutine
from typing import Any

from camelcade.server import clocks
from camelcade.server.botpool import BotPool
from camelcade.server.manager import MatchManager
from camelcade.server.protocol import ErrorCode, ProtocolError
from camelcade.server.runtime import LiveMatch
from camelcade.server.settings import Settings
from camelcade.server.views import TimedOut

log = logging.getLogger(__name__)
PASS = "pass"
TAKEOVER_SECONDS = 3.0


def bot_seed(match: LiveMatch, seat: int) -> int:
    """A bot's seed for this move, from the match's secret seed: the same in any process."""
    return random.Random(f"{match.row.seed}:bot:{seat}:{match.state_id}").getrandbits(63)


def fallback_action(match: LiveMatch) -> str | None:
    """A random legal action, drawn from the match's seed, for a bot that gave none."""
    legal = match.state.legal_actions()
    if not legal:
        return None
    return str(random.Random(f"{match.row.seed}:fallback:{match.state_id}").choice(legal))


class BotRunner:
    """Schedules bot turns and turn timers after every change of a match."""

    def __init__(self, manager: MatchManager, settings: Settings, pool: BotPool,
                 watched: Callable[[LiveMatch], bool]) -> None:
        self.manager = manager
        self.bot_delay = settings.bot_delay
        self.bot_only_pace = settings.bot_only_pace
        self.pool = pool
        self.watched = watched
        """Whether anyone (here or, with PostgreSQL, in another process) watches a match."""
        self._tasks: set[asyncio.Task[None]] = set()

    def schedule(self, match: LiveMatch, remote: bool = False) -> None:
        """Arrange whatever must happen next in ``match`` without a person acting.

        After a change committed by another process (``remote``), that process drives the
        bots; this one steps in only if nothing has moved after ``TAKEOVER_SECONDS`` (the
        other process may have died). Timers are armed everywhere and the first to fire
        wins; the others find their ``state_id`` stale and do nothing. A bot-only match
        nobody watches is left paused (``resume`` restarts it).
        """
        if match.timer is not None:
            match.timer.cancel()
            match.timer = None
        if match.status != "running":
            return
        mover = match.state.current_player
        seat = match.seat_row(mover) if mover >= 0 else None
        if seat is None:
            return
        if seat.kind == "bot":
            delay = self.bot_delay
            if match.row.bot_only:
                if not self.watched(match):
                    return
                delay = max(delay, self.bot_only_pace)
            delay += TAKEOVER_SECONDS if remote else 0.0
            self._spawn(
                self._bot_turn(match, mover, seat.bot or "random", match.state_id, delay), match
            )
            return
        deadline = match.row.turn_deadline
        if deadline is not None:
            delay = max(0.0, deadline - time.time())
            expected = match.state_id
            match.timer = asyncio.get_running_loop().call_later(
                delay, lambda: self._spawn(self._timeout(match, expected), match)
            )

    def resume(self, match: LiveMatch) -> None:
        """Someone watches a paused bot-only match: let its bots move again."""
        if match.row.bot_only and match.status == "running" and match.bot_task is None:
            self.schedule(match)

    def _spawn(self, coroutine: Coroutine[Any, Any, None], match: LiveMatch) -> None:
        task = asyncio.ensure_future(coroutine)
        match.bot_task = task
        self._tasks.add(task)

        def done(finished: asyncio.Task[None]) -> None:
            self._tasks.discard(finished)
            if match.bot_task is finished:
                match.bot_task = None

        task.add_done_callback(done)

    async def _bot_turn(
        self, match: LiveMatch, seat: int, name: str, expected: int, delay: float
    ) -> None:
        if delay:
            await asyncio.sleep(delay)
        if match.state_id != expected or match.status != "running":
            return
        if match.row.bot_only and not self.watched(match):
            return  # paused until someone watches again
        await self._move_for(match, seat, name, expected)

    async def _timeout(self, match: LiveMatch, expected: int) -> None:
        match.timer = None
        if match.state_id != expected or match.status != "running":
            return
        seat = match.state.current_player
        if seat < 0:
            return
        legal = [str(a) for a in match.state.legal_actions()]
        row = match.seats[seat]
        outcome = clocks.on_timeout(match.row.on_timeout, PASS in legal, row.timeouts,
                                    match.row.takeover_after)
        bot = match.row.timeout_bot
        # Counted before the move, under the match's lock: of several processes whose
        # timers fire, only the one that finds the turn still waiting counts it; the move
        # itself is then guarded by its state_id as any other.
        if not await self.manager.time_ran_out(match, seat, expected, outcome, bot):
            return
        if not outcome.bot_moves:
            await self._play(match, seat, PASS, expected, TimedOut(seat, None))
            return
        await self._move_for(match, seat, bot, expected, TimedOut(seat, bot))

    async def _move_for(self, match: LiveMatch, seat: int, name: str, expected: int,
                        timed_out: TimedOut | None = None) -> None:
        """``name`` chooses ``seat``'s move (a random legal one if it gives none); with
        ``timed_out``, because the seat's time ran out, which everyone is told first."""
        choice = await self.pool.choose(
            match.id, match.row.game, match.row.options, match.texts, seat, name,
            bot_seed(match, seat), people=not match.row.bot_only)
        if match.state_id != expected or match.status != "running":
            return
        if choice is None:
            choice = fallback_action(match)
            if choice is None:
                return
        error = await self._play(match, seat, choice, expected, timed_out)
        if error is not None and error.code == ErrorCode.ACTION_ILLEGAL:
            fallback = fallback_action(match)
            log.error("bot %s chose an illegal action in match %s; it plays %s", name,
                      match.id, fallback)
            if fallback is not None:
                await self._play(match, seat, fallback, expected, timed_out)

    async def _play(
        self, match: LiveMatch, seat: int, text: str, expected: int,
        timed_out: TimedOut | None = None,
    ) -> ProtocolError | None:
        try:
            await self.manager.play(match, seat, text, expected, timed_out)
        except ProtocolError as error:
            log.info("automatic move %r in %s refused: %s", text, match.id, error.message)
            return error
        return None

    async def close(self) -> None:
        await self.pool.close()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
