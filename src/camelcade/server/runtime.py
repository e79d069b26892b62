"""A match held in memory: its authoritative state, rebuilt by replaying its actions.

The database is the truth; a ``LiveMatch`` is a cache of it that one asyncio lock keeps
consistent: every change of the match runs under ``lock``, is committed, and only then is
copied here and told to anyone. Chance outcomes come from the match's secret seed and the
action index, so a draw does not depend on when or in which process it was made.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from camelcade.core.action import Action
from camelcade.core.chance import sample_chance
from camelcade.core.errors import StateError
from camelcade.core.game import Game, State
from camelcade.core.registry import game_class
from camelcade.core.types import CHANCE
from camelcade.server.store import ActionRow, MatchRow, SeatRow
from camelcade.server.views import Viewer, action_sentences

Role = int | None
"""A seat number, or None for spectators."""
EVENT_MEMORY = 64


@dataclass
class Plan:
    """The result of acting on a copy of the state, ready to be committed."""

    state: State
    rows: list[ActionRow]
    events: dict[Viewer, list[str]]


@dataclass
class RoleCache:
    state_id: int
    observation: dict[str, Any]
    description: str
    history: list[str]
    legal: list[dict[str, Any]]
    board: dict[str, Any] | None = None
    """The game's accessible board for this role (``WebSlot.layout``), or None."""


@dataclass(eq=False)
class LiveMatch:
    """One match: database row, seats, the state after ``row.state_id`` actions."""

    row: MatchRow
    seats: list[SeatRow]
    game: Game
    state: State
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Any] = field(default_factory=set)
    events: dict[Viewer, deque[tuple[int, str]]] = field(default_factory=dict)
    """Each viewer's (seat and language's) latest sentences, by the state_id they led to."""
    cache: dict[Viewer, RoleCache] = field(default_factory=dict)
    histories: dict[Role, list[str]] = field(default_factory=dict)
    """Each viewer's history text so far, extended as the match moves (never rewritten)."""
    texts: list[str] = field(default_factory=list)
    """Every action text so far (chance included), as stored: what bot workers replay."""
    timer: asyncio.TimerHandle | None = None
    bot_task: asyncio.Task[None] | None = None
    remote_presence: dict[str, tuple[frozenset[int], int, float]] = field(default_factory=dict)
    last_used: float = field(default_factory=time.monotonic)
    presence_due: asyncio.TimerHandle | None = None
    """A presence message waiting to go (changes are merged, ``presence_interval``)."""
    presence_sent: tuple[Any, ...] = ()
    presence_sent_at: float = 0.0

    @classmethod
    def rebuild(cls, row: MatchRow, seats: list[SeatRow], texts: list[str]) -> LiveMatch:
        """Replay the stored actions; a mismatch with ``state_id`` means a corrupt match."""
        game = game_class(row.game).load_saved(row.options)
        state = game.new_state()
        for index, text in enumerate(texts):
            try:
                state.apply(text)
            except Exception as error:
                raise StateError(f"match {row.id}: action {index} {text!r} does not replay: "
                                 f"{error}") from None
        if len(texts) != row.state_id:
            raise StateError(f"match {row.id}: {len(texts)} actions stored, state_id "
                             f"{row.state_id}")
        return cls(row=row, seats=seats, game=game, state=state, texts=list(texts))

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def state_id(self) -> int:
        return self.row.state_id

    @property
    def status(self) -> str:
        return self.row.status

    def viewers(self) -> list[Viewer]:
        """The viewers connected here (seat and language), for whom event sentences are
        written: each language a seat's connections speak gets its own sentences.

        Sentences are only for updates; whoever connects later gets a full view instead.
        """
        return sorted({(c.seat, c.lang) for c in self.connections},
                      key=lambda v: (-1 if v[0] is None else v[0], v[1]))

    def seat_row(self, seat: int) -> SeatRow | None:
        return self.seats[seat] if 0 <= seat < len(self.seats) else None

    def plan(self, action: Action | str | None, seat: int | None) -> Plan:
        """Apply ``action`` for ``seat`` (if any) and then every chance draw, off the record.

        Raises the engine's ``IllegalActionError`` family when the action is refused, and
        then changes nothing. Otherwise the live state object itself goes on as the plan,
        while ``self.state`` becomes an equal copy that everyone reads until the commit
        lands (and for good if it fails): a state's history text per viewer is built once
        and then only extended, but a copy starts without it, so planning on a copy made
        each move rebuild every viewer's whole history (a fifth of its CPU at 100 moves).
        """
        live = self.state
        resolved = None if action is None else live.check_action(action, player=seat)
        self.state = live.clone()
        state = live
        rows: list[ActionRow] = []
        viewers = self.viewers()
        events: dict[Viewer, list[str]] = {viewer: [] for viewer in viewers}
        if resolved is not None:
            self._step(state, resolved, -1 if seat is None else seat, rows, events, viewers)
        while state.current_player == CHANCE:
            rng = random.Random(f"{self.row.seed}:{len(rows) + self.state_id}")
            self._step(state, sample_chance(state, rng), -1, rows, events, viewers)
        return Plan(state, rows, events)

    def _step(
        self,
        state: State,
        action: Action,
        seat: int,
        rows: list[ActionRow],
        events: dict[Viewer, list[str]],
        viewers: list[Viewer],
    ) -> None:
        for viewer, sentence in action_sentences(state, action, viewers).items():
            events[viewer].append(sentence)
        state.apply(action)
        rows.append(ActionRow(self.state_id + len(rows), str(action), seat))

    def accept(self, plan: Plan) -> None:
        """Adopt a committed plan."""
        self.state = plan.state
        self.row.state_id += len(plan.rows)
        self.texts.extend(row.text for row in plan.rows)
        for viewer, sentences in plan.events.items():
            memory = self.events.setdefault(viewer, deque(maxlen=EVENT_MEMORY))
            for sentence in sentences:
                memory.append((self.row.state_id, sentence))
        self.cache.clear()

    def catch_up(self, texts: list[str]) -> None:
        """Apply actions another process committed (after ``state_id``)."""
        viewers = self.viewers()
        state = self.state
        for text in texts:
            action = state.parse_action(text)
            sentences = action_sentences(state, action, viewers)
            state.apply(action)
            self.row.state_id += 1
            self.texts.append(text)
            for viewer, sentence in sentences.items():
                self.events.setdefault(viewer, deque(maxlen=EVENT_MEMORY)).append(
                    (self.row.state_id, sentence)
                )
        self.cache.clear()

    def history_for(self, role: Role) -> list[str]:
        """``state.history_for(role)``, adding only the entries written since last asked."""
        history = self.histories.setdefault(role, [])
        if len(history) > self.state_id:  # cannot happen: a match's history only grows
            history.clear()
        history.extend(self.state.history_for(role, len(history)))
        return history

    def events_since(self, viewer: Viewer, state_id: int) -> list[str]:
        """The sentences after ``state_id``, read from the newest end (usually one or two)."""
        found: list[str] = []
        for sid, text in reversed(self.events.get(viewer, ())):
            if sid <= state_id:
                break
            found.append(text)
        found.reverse()
        return found
