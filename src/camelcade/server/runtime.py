"""A match held in memory: its authoritative state, rebuilt by replaying its actions.

The database is the truth; a ``LiveMatch`` is a cache of it that one asyncio lock keeps
consistent: every change of the match runs under ``lock``, is committed, and only then is
copied here and told to anyone. Chance outcomes come from the match's secret seed and the
action index, so a draw does not depend on when or in which process it was made.

What each viewer is told of every action (``describe_action(action, viewer)``) is kept
here too, as the match moves, for every viewer this process has told anything: a player
who comes back is told what they missed, and a reloaded page shows the moves in words. A
viewer first asked for after the match was loaded (a restart, another process, a first
spectator) gets its sentences once by a replay of the stored actions (``told_to``).
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from typing import Any

from camelcade.core.action import Action
from camelcade.core.chance import sample_chance
from camelcade.core.errors import StateError
from camelcade.core.game import Game, State
from camelcade.core.registry import game_class
from camelcade.core.seen import Seen
from camelcade.core.types import CHANCE
from camelcade.core.words import player_names
from camelcade.server.store import ActionRow, MatchRow, SeatRow
from camelcade.server.views import TimedOut, Viewer, action_sentences, with_timeout

Role = int | None
"""A seat number, or None for spectators."""


Drawn = tuple[dict[str, Any] | None, list[dict[str, Any]], dict[str, Any]]
"""A viewer's board, legal actions with cells, and the seats' ``facts`` and ``colours``
for the players' panels (``layout.Laid``)."""


@dataclass
class Plan:
    """The result of acting on a copy of the state, ready to be committed."""

    state: State
    rows: list[ActionRow]
    events: dict[Viewer, list[str]]
    timed_out: TimedOut | None = None
    """Set when the server played the first row for a seat whose time ran out."""


@dataclass
class RoleCache:
    """One viewer's part of a ``state`` message at ``state_id``, built once for all the
    viewer's connections."""

    state_id: int
    observation: dict[str, Any]
    description: str
    history: list[str]
    legal: list[dict[str, Any]]
    """The legal actions with no cells, as a client that draws no board gets them."""
    seen: Seen[Any]
    """The viewer's ``Seen`` of the position: all the game's presenters are given."""
    drawn: Drawn | None = None
    """The game's accessible board for this viewer (``WebSlot.layout``; None for a game
    without one), the legal actions with their cells and each seat's facts for its panel:
    built when the first connection that draws a board asks (most of a message's cost),
    never for those that draw none."""


@dataclass(eq=False)
class LiveMatch:
    """One match: database row, seats, the state after ``row.state_id`` actions."""

    row: MatchRow
    seats: list[SeatRow]
    game: Game
    state: State
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Any] = field(default_factory=set)
    told: dict[Viewer, list[str]] = field(default_factory=dict)
    """Each viewer's (seat and language's) sentence for every action so far (entry ``i``:
    action ``i``, "" where the game failed to word it), for the viewers this process keeps
    them for."""
    seen: dict[int, int] = field(default_factory=dict)
    """The last ``state_id`` each seat was sent: what a returning player was already told."""
    cache: dict[Viewer, RoleCache] = field(default_factory=dict)
    histories: dict[Role, list[str]] = field(default_factory=dict)
    """Each viewer's history text so far, extended as the match moves (never rewritten)."""
    texts: list[str] = field(default_factory=list)
    """Every action text so far (chance included), as stored: what bot workers replay."""
    timeouts: dict[int, TimedOut] = field(default_factory=dict)
    """The actions (by index) this process played for a seat whose time ran out: their
    sentences start by saying so, also when replayed for a viewer (``told_to``). Not
    stored: after a restart, or in another process, the move is told without it."""
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
        """The viewers (seat and language) sentences are written for: those connected here,
        and those told before (their record goes on while they are away); each language a
        seat's connections speak gets its own sentences."""
        viewers = set(self.told) | {(c.seat, c.lang) for c in self.connections}
        return sorted(viewers, key=lambda v: (-1 if v[0] is None else v[0], v[1]))

    def seat_row(self, seat: int) -> SeatRow | None:
        return self.seats[seat] if 0 <= seat < len(self.seats) else None

    @property
    def names(self) -> tuple[str | None, ...]:
        """The names the seats' players gave, in seat order (None for a bot or an open
        seat): the words a game without player colours calls its seats by
        (``player_names``)."""
        return tuple(s.name if s.kind != "bot" else None for s in self.seats)

    def plan(self, action: Action | str | None, seat: int | None,
             timed_out: TimedOut | None = None) -> Plan:
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
            self._step(state, resolved, -1 if seat is None else seat, rows, events, viewers,
                       self._listed(str(resolved), seat), timed_out)
        else:
            timed_out = None
        while state.current_player == CHANCE:
            rng = random.Random(f"{self.row.seed}:{len(rows) + self.state_id}")
            self._step(state, sample_chance(state, rng), -1, rows, events, viewers)
        return Plan(state, rows, events, timed_out)

    def _step(
        self,
        state: State,
        action: Action,
        seat: int,
        rows: list[ActionRow],
        events: dict[Viewer, list[str]],
        viewers: list[Viewer],
        known: dict[Viewer, str] | None = None,
        timed_out: TimedOut | None = None,
    ) -> None:
        with player_names(self.names):
            sentences = with_timeout(self.game, timed_out,
                                     action_sentences(state, action, viewers, known))
        for viewer in viewers:
            events[viewer].append(sentences.get(viewer, ""))
        state.apply(action)
        rows.append(ActionRow(self.state_id + len(rows), str(action), seat))

    def _listed(self, text: str, seat: int | None) -> dict[Viewer, str]:
        """The sentence the mover's connections were shown for the action it now plays:
        its entry among their legal actions, worded for that seat and language in this
        very position, so it is not worded a second time."""
        listed: dict[Viewer, str] = {}
        for viewer, cached in self.cache.items():
            if viewer[0] != seat or seat is None or cached.state_id != self.state_id:
                continue
            for entry in cached.legal:
                if entry["action"] == text:
                    listed[viewer] = entry["description"]
                    break
        return listed

    def accept(self, plan: Plan) -> None:
        """Adopt a committed plan."""
        before = self.row.state_id
        if plan.timed_out is not None:
            self.timeouts[before] = plan.timed_out
        self.state = plan.state
        self.row.state_id += len(plan.rows)
        self.texts.extend(row.text for row in plan.rows)
        self._record(before, plan.events)
        self.cache.clear()

    def catch_up(self, texts: list[str]) -> None:
        """Apply actions another process committed (after ``state_id``)."""
        before = self.row.state_id
        viewers = self.viewers()
        events: dict[Viewer, list[str]] = {viewer: [] for viewer in viewers}
        state = self.state
        for text in texts:
            action = state.parse_action(text)
            with player_names(self.names):
                sentences = action_sentences(state, action, viewers)
            for viewer in viewers:
                events[viewer].append(sentences.get(viewer, ""))
            state.apply(action)
            self.row.state_id += 1
            self.texts.append(text)
        self._record(before, events)
        self.cache.clear()

    def _record(self, before: int, events: dict[Viewer, list[str]]) -> None:
        """Add the sentences of the actions after ``before``; a viewer whose record does
        not line up with them (first asked for while they were being planned) is dropped,
        to be replayed whole when next asked for."""
        for viewer, kept in list(self.told.items()):
            sentences = events.get(viewer)
            if sentences is None or len(kept) != before:
                del self.told[viewer]
            else:
                kept.extend(sentences)
        for viewer, sentences in events.items():
            if viewer not in self.told and before == 0:
                self.told[viewer] = list(sentences)

    def told_to(self, viewer: Viewer) -> list[str]:
        """Every action's sentence for ``viewer`` so far, replayed from the stored actions
        the first time this process is asked (one pass over the match, then kept up to
        date)."""
        kept = self.told.get(viewer)
        if kept is not None and len(kept) == self.state_id:
            return kept
        state = self.game.new_state()
        kept = []
        for index, text in enumerate(self.texts):
            action = state.parse_action(text)
            with player_names(self.names):
                sentences = with_timeout(self.game, self.timeouts.get(index),
                                         action_sentences(state, action, [viewer]))
            kept.append(sentences.get(viewer, ""))
            state.apply(action)
        self.told[viewer] = kept
        return kept

    def history_for(self, role: Role) -> list[str]:
        """``state.history_for(role)``, adding only the entries written since last asked."""
        history = self.histories.setdefault(role, [])
        if len(history) > self.state_id:  # cannot happen: a match's history only grows
            history.clear()
        history.extend(self.state.history_for(role, len(history)))
        return history

    def events_since(self, viewer: Viewer, state_id: int) -> list[str]:
        """The sentences of the actions after ``state_id``, as ``viewer`` is told them."""
        told = self.told_to(viewer)
        return [text for text in told[max(0, state_id):] if text]
