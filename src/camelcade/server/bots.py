"""Moves nobody at a keyboard makes: server bots on their turns, and turn timers running out.

A bot is built by name (``cc.bots.load``) once per seat and match and is handed only
``state.view(seat)``, never the state. Its choice runs in a worker thread, since a search
bot may think for seconds and the event loop must keep serving everyone else. A timer is
a deadline stored with the match, so a restarted server (or another process) honours it.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Coroutine
from typing import Any

from camelcade import bots as bot_registry
from camelcade.core.agent import Agent
from camelcade.server.manager import MatchManager
from camelcade.server.protocol import ErrorCode, ProtocolError
from camelcade.server.runtime import LiveMatch

log = logging.getLogger(__name__)
PASS = "pass"
TAKEOVER_SECONDS = 3.0


def build_bot(match: LiveMatch, seat: int, name: str) -> Agent:
    """A bot for ``seat``, seeded from the match's secret seed when it takes ``begin``."""
    agent = (bot_registry.load_level(match.game.id, name[1:]) if name.startswith("@")
             else bot_registry.load(name))
    begin = getattr(agent, "begin", None)
    if callable(begin):
        seed = random.Random(f"{match.row.seed}:bot:{seat}:{match.state_id}").getrandbits(63)
        begin(match.game, seat, seed)
    return agent


class BotRunner:
    """Schedules bot turns and turn timers after every change of a match."""

    def __init__(self, manager: MatchManager, bot_delay: float) -> None:
        self.manager = manager
        self.bot_delay = bot_delay
        self._tasks: set[asyncio.Task[None]] = set()

    def schedule(self, match: LiveMatch, remote: bool = False) -> None:
        """Arrange whatever must happen next in ``match`` without a person acting.

        After a change committed by another process (``remote``), that process drives the
        bots; this one steps in only if nothing has moved after ``TAKEOVER_SECONDS`` (the
        other process may have died). Timers are armed everywhere and the first to fire
        wins; the others find their ``state_id`` stale and do nothing.
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
            delay = self.bot_delay + (TAKEOVER_SECONDS if remote else 0.0)
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
        agent = match.bots.get(seat)
        if agent is None:
            agent = match.bots[seat] = build_bot(match, seat, name)
        await self._move_for(match, seat, agent, expected)

    async def _timeout(self, match: LiveMatch, expected: int) -> None:
        match.timer = None
        if match.state_id != expected or match.status != "running":
            return
        seat = match.state.current_player
        if seat < 0:
            return
        legal = [str(a) for a in match.state.legal_actions()]
        if match.row.on_timeout == PASS and PASS in legal:
            await self._play(match, seat, PASS, expected)
            return
        await self._move_for(match, seat, build_bot(match, seat, match.row.timeout_bot), expected)

    async def _move_for(self, match: LiveMatch, seat: int, agent: Agent, expected: int) -> None:
        view = match.state.view(seat)
        try:
            choice = str(await asyncio.to_thread(agent.choose, view))
        except Exception:
            log.exception("bot %s failed in match %s; it plays the first legal action",
                          getattr(agent, "name", agent), match.id)
            choice = str(view.legal_actions()[0])
        error = await self._play(match, seat, choice, expected)
        if error is not None and error.code == ErrorCode.ACTION_ILLEGAL and view.legal_actions():
            log.error("bot %s chose an illegal action in match %s; it plays the first legal one",
                      getattr(agent, "name", agent), match.id)
            await self._play(match, seat, str(view.legal_actions()[0]), expected)

    async def _play(
        self, match: LiveMatch, seat: int, text: str, expected: int
    ) -> ProtocolError | None:
        try:
            await self.manager.play(match, seat, text, expected)
        except ProtocolError as error:
            log.info("automatic move %r in %s refused: %s", text, match.id, error.message)
            return error
        return None

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
