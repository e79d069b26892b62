"""The rules of Kamelen: legal leaps, captures, the two wins and the three draws.

The one rules implementation, built to be fast enough for searches and playouts:

* ``_board``: a piece code per square (``geometry``); ``_animals``: each side's animal
  squares, ascending, which the move generator (``movegen``) walks;
* ``_hash``: the Zobrist hash of board and side, kept up to date by XOR;
* ``_seen``: how often each position hash occurred since the last capture, before now, so
  a third occurrence is found by a dict lookup (and then confirmed square by square);
* ``_trail``: the actions since the last capture (or since loading), from which the
  earlier positions are rebuilt when they are saved or compared; ``_base``: the earlier
  positions that came with a loaded position.

A move updates all of it and decides the end from what it changed (a conquest, the last
reachable camel taken, two passes, a third repetition, the no-capture clock). A loaded
position is judged from scratch (``_judge``); a test replays random games and compares the
two. ``undo()`` takes the last action back (make/unmake for searches and perft).
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, TypeVar

from camelcade.core.action import Action
from camelcade.core.errors import CamelcadeError
from camelcade.core.game import State
from camelcade.core.types import TERMINAL, JSONDict, PlayerId
from camelcade.games.kamelen.actions import PASS, Move, parse
from camelcade.games.kamelen.geometry import Geometry
from camelcade.games.kamelen.movegen import LANDING, MoveTables, animals, generate, tables
from camelcade.games.kamelen.notation import Position, board_key
from camelcade.games.kamelen.position import KamelenLayout
from camelcade.games.kamelen.reasons import why_illegal
from camelcade.games.kamelen.sampler import TRIES, slot_tables
from camelcade.games.kamelen.spec import (
    CAMEL,
    CONQUEST_POINTS,
    DRAW_POINTS,
    ELIMINATION_POINTS,
    EMPTY,
    END_CONQUEST,
    END_ELIMINATION,
    END_NO_CAPTURE,
    END_PASSES,
    END_REPETITION,
    REPETITION_DRAW,
)

if TYPE_CHECKING:
    from camelcade.games.kamelen.game import KamelenGame

_S = TypeVar("_S", bound="KamelenState")

_PASS_ONLY = (PASS,)
_SEEN_BEFORE_A_DRAW = REPETITION_DRAW - 1
"""Occurrences of a position before the one that draws (looked up every ply)."""

History = tuple[dict[int, int], list[Action], tuple[bytes, ...]]
"""The repetition history since the last capture: seen counts, trail, loaded keys."""
Record = tuple[int, int, int, int, History | None]
"""What ``undo`` cannot recompute, kept for a capture or a move right after a pass: the
action's number, the victim, the clock and passes before it, and the repetition history a
capture cleared (None when there was none)."""


class KamelenState(State):
    """A position of Kamelen (seat 0 South, seat 1 North).

    Its own fields are slots: they stay fast to read and write in copies too (a copied
    instance dictionary loses CPython's fast attribute path), and ``_copy_into`` copies
    each of them.
    """

    __slots__ = ("_animals", "_attacker_code", "_attackers", "_base", "_board", "_clock",
                 "_end", "_geo", "_hash", "_homes", "_limit", "_passes", "_records", "_seen",
                 "_side", "_side_key", "_tables", "_trail", "_turn", "_undoable", "_winner",
                 "_zobrist")

    def __init__(self, game: KamelenGame) -> None:
        super().__init__(game)
        geo = game.geometry
        self._geo: Geometry = geo
        self._tables = tables(geo)
        self._limit: int = game.option("no_capture_limit")
        self._zobrist = geo.zobrist
        self._side_key = geo.side_key
        self._homes = geo.homes
        self._attacker_code = geo.attacker_code
        start = _start(geo)
        self._board: list[int] = list(geo.start)
        self._animals: list[list[int]] = [list(start.animals[0]), list(start.animals[1])]
        self._side: PlayerId = 0
        self._turn: PlayerId = 0
        """The current player: the side to move, or TERMINAL."""
        self._clock = 0
        """Plies since the last capture (passes count)."""
        self._passes = 0
        """Passes made in a row just now (2 ends the game)."""
        self._hash = start.hash
        self._seen: dict[int, int] = {}
        self._trail: list[Action] = []
        self._base: tuple[bytes, ...] = ()
        self._attackers = list(start.attackers)
        self._end: str | None = None
        self._winner: PlayerId | None = None
        self._records: list[Record] = []
        self._undoable = 0
        """Actions applied to this position (or the one it was cloned from) that
        ``undo`` can take back; a loaded or determinised position starts at 0."""

    @classmethod
    def from_layout(cls, game: KamelenGame, layout: KamelenLayout) -> KamelenState:
        """The state of a checked saved layout (``KamelenLayout.from_data``), no history."""
        state = cls(game)
        state._install(layout.position, layout.earlier)
        return state

    def _install(self, position: Position, earlier: tuple[bytes, ...]) -> None:
        geo = self._geo
        self._board[:] = position.board  # in place: ``cells`` is one list for life
        self._animals[0][:] = animals(self._board, 0)
        self._animals[1][:] = animals(self._board, 1)
        self._side = position.side
        self._clock = position.clock
        self._passes = position.passes
        self._hash = geo.hash_of(self._board, self._side)
        self._base = earlier
        self._trail = []
        self._seen = {}
        for key in earlier:
            hashed = _key_hash(geo, key)
            self._seen[hashed] = self._seen.get(hashed, 0) + 1
        self._attackers[:] = [geo.attackers(self._board, 0), geo.attackers(self._board, 1)]
        self._judge()

    def _judge(self) -> None:
        """Decide the end from the position alone (after loading)."""
        self._end, self._winner = None, None
        decided = self._geo.decided(self._board)
        if decided is not None:
            self._end, self._winner = decided
        elif self._passes >= 2:
            self._end = END_PASSES
        elif self._repeated():
            self._end = END_REPETITION
        elif self._limit and self._clock >= self._limit:
            self._end = END_NO_CAPTURE
        self._turn = self._side if self._end is None else TERMINAL

    # -- reading the position ------------------------------------------------------------

    @property
    def geometry(self) -> Geometry:
        return self._geo

    @property
    def board(self) -> tuple[int, ...]:
        """Piece code on every square (index ``rank * 11 + file``), a copy."""
        return tuple(self._board)

    @property
    def cells(self) -> Sequence[int]:
        """The live board (piece code per square), for code that reads it at every node of
        a search: one list for the state's life, changed by each action. Never write it."""
        return self._board

    @property
    def move_tables(self) -> MoveTables:
        """The move generator's tables of this board (``movegen.generate`` reads them)."""
        return self._tables

    @property
    def animal_squares(self) -> tuple[Sequence[int], Sequence[int]]:
        """Each side's animal squares, ascending, live like ``cells`` (never write them)."""
        return self._animals[0], self._animals[1]

    @property
    def attacker_counts(self) -> Sequence[int]:
        """``attackers(seat)`` of both seats, live like ``cells`` (never write it)."""
        return self._attackers

    def piece(self, square: int) -> int:
        return self._board[square]

    @property
    def side(self) -> PlayerId:
        """The seat whose turn it is (also once the game is over: the side that would move)."""
        return self._side

    @property
    def clock(self) -> int:
        return self._clock

    @property
    def passes(self) -> int:
        return self._passes

    @property
    def no_capture_limit(self) -> int:
        """Plies without a capture that draw the game (0: no limit)."""
        return self._limit

    @property
    def end_reason(self) -> str | None:
        """None while the game goes on; else one of the ``spec.END_*`` names."""
        return self._end

    @property
    def winner(self) -> PlayerId | None:
        """The winning seat once the game is won (None while playing and on a draw)."""
        return self._winner

    @property
    def position_hash(self) -> int:
        """The Zobrist hash of the board and the side to move (``geometry``)."""
        return self._hash

    def attackers(self, seat: PlayerId) -> int:
        """How many of ``seat``'s camels can still reach the opponent's home field."""
        return self._attackers[seat]

    def moves(self, seat: PlayerId | None = None) -> list[Move]:
        """The legal moves of ``seat`` (default: the side to move) on this board, no pass.

        The one move generator; ``legal_actions`` adds the pass when this is empty.
        """
        seat = self._side if seat is None else seat
        return generate(self._board, self._animals[seat], seat, self._tables)

    def earlier_keys(self) -> list[bytes]:
        """Repetition keys of the positions since the last capture, oldest first."""
        board, side = list(self._board), self._side
        rebuilt: list[bytes] = []
        for action in reversed(self._trail):
            side ^= 1
            if type(action) is Move:  # never a capture: captures clear the trail
                board[action.source] = board[action.target]
                board[action.target] = EMPTY
            rebuilt.append(board_key(board, side))
        rebuilt.reverse()
        return [*self._base, *rebuilt]

    def repeated_hashes(self) -> list[int]:
        """Hashes of the positions that occurred twice since the last capture, before now:
        reaching one of them again draws (searches look them up by hash alone)."""
        return [hashed for hashed, count in self._seen.items() if count >= _SEEN_BEFORE_A_DRAW]

    def repetitions(self) -> int:
        """How many times the current position (board and side) has occurred, this time too."""
        if not self._seen.get(self._hash):
            return 1
        return self.earlier_keys().count(board_key(self._board, self._side)) + 1

    def _repeated(self) -> bool:
        """Whether this is the position's third occurrence (the hash count, confirmed)."""
        return self._seen.get(self._hash, 0) >= _SEEN_BEFORE_A_DRAW and \
            self.repetitions() >= REPETITION_DRAW

    def position(self) -> str:
        """The one-line position text (see ``notation``)."""
        return self._position().text(self._geo.ranks)

    def _position(self) -> Position:
        return Position(tuple(self._board), self._side, self._clock, self._passes)

    def layout(self) -> KamelenLayout:
        """The saved layout of this position (``to_json()["state"]`` as a value)."""
        return KamelenLayout(self._position(), tuple(self.earlier_keys()))

    # -- hooks ---------------------------------------------------------------------------

    def _current_player(self) -> PlayerId:
        return self._turn

    def _legal_actions(self) -> Sequence[Action]:
        side = self._side
        return generate(self._board, self._animals[side], side, self._tables) or _PASS_ONLY

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return ()  # Kamelen has no chance nodes

    def _apply(self, action: Action) -> None:
        board, side = self._board, self._side
        other = side ^ 1
        before = h = self._hash
        self._undoable += 1
        self._side = other
        conquest = False
        if type(action) is Move:
            source, target = action.source, action.target
            piece, victim = board[source], board[target]
            board[target] = piece
            board[source] = EMPTY
            own = self._animals[side]
            own.remove(source)
            insort(own, target)
            keys = self._zobrist[piece]
            h ^= keys[source] ^ keys[target] ^ self._side_key
            if victim:
                cleared = None
                if self._trail or self._base:  # else nothing since the last capture
                    cleared = (self._seen, self._trail, self._base)
                    self._seen, self._trail, self._base = {}, [], ()
                self._records.append((self._undoable, victim, self._clock, self._passes,
                                      cleared))
                self._clock = self._passes = 0
                self._hash = h ^ self._zobrist[victim][target]
                self._animals[other].remove(target)
                attackers = self._attackers
                if victim == self._attacker_code[other][target]:
                    attackers[other] -= 1
                if piece == CAMEL[side] and target == self._homes[other]:
                    self._finish(END_CONQUEST, side)
                elif attackers[other]:
                    self._turn = other
                else:
                    self._finish(END_ELIMINATION, side)
                return
            if self._passes:
                self._records.append((self._undoable, EMPTY, self._clock, self._passes, None))
                self._passes = 0
            conquest = target == self._homes[other] and piece == CAMEL[side]
        else:
            self._passes += 1
            h ^= self._side_key
        seen = self._seen
        seen[before] = seen.get(before, 0) + 1
        self._hash = h
        self._trail.append(action)
        clock = self._clock = self._clock + 1
        if conquest:
            self._finish(END_CONQUEST, side)
        elif self._passes >= 2:
            self._finish(END_PASSES, None)
        elif seen.get(h, 0) >= _SEEN_BEFORE_A_DRAW and self._repeated():
            self._finish(END_REPETITION, None)
        elif self._limit and clock >= self._limit:
            self._finish(END_NO_CAPTURE, None)
        else:
            self._turn = other

    def _playout(self, rng: random.Random, limit: int) -> int:
        """``State.playout``'s loop on this state's own fields: the searches' hot path.

        Each ply's move is uniformly random over the legal moves, as the contract asks,
        but drawn by rejection sampling (``sampler``: an animal and a leap slot at random,
        until one is a legal move; after ``TRIES`` misses, among the listed moves) instead
        of ``actions[floor(u * n)]`` over the listed moves: listing them was more than half
        of a search iteration. So from the same numbers it plays other moves than the
        generic loop; ``tests/games/kamelen/test_playout.py`` proves each step legal and
        the pick uniform. ``_apply`` plays the move as ever (passes, repetition, the
        clock). The draw is written out here, not called, because a call per ply costs
        a tenth of the loop.
        """
        uniform = rng.random
        apply, push = self._apply, self._history.append
        board, own_squares, table = self._board, self._animals, self._tables
        slots = slot_tables(self._geo)
        by_code, shift = slots.by_code, slots.shift
        mask = (1 << shift) - 1
        played = 0
        while played != limit:
            side = self._turn
            if side < 0:
                break
            landing, squares = LANDING[side], own_squares[side]
            span = len(squares) << shift  # never 0: a side without a camel has lost
            for _ in range(TRIES):
                drawn = int(uniform() * span)
                source = squares[drawn >> shift]
                slot = by_code[board[source]][source][drawn & mask]  # type: ignore[index]
                if slot is not None:
                    first, second, target, leap, earlier = slot
                    if not board[first] and not board[second] and landing[board[target]] and (
                            not earlier or all(board[b1] or board[b2] for b1, b2 in earlier)):
                        action: Action = leap
                        break
            else:
                moves = generate(board, squares, side, table)
                action = moves[int(uniform() * len(moves))] if moves else PASS
            apply(action)
            push(action)
            played += 1
        return played

    def _finish(self, end: str, winner: PlayerId | None) -> None:
        self._end, self._winner = end, winner
        self._turn = TERMINAL

    def _parse_action(self, text: str) -> Action:
        return parse(text, self._geo)

    def _why_illegal(self, action: Action) -> str | None:
        return why_illegal(self._board, self._side, self._geo, action)

    # -- taking an action back -----------------------------------------------------------

    def _undo(self, action: Action) -> None:
        """Take back ``action``, the last one applied (``State.undo``): make/unmake for
        searches and perft instead of a copy per node. Only actions applied to this state,
        or to the state it was cloned from, can be taken back: a loaded or determinised
        position keeps no undo record of its history.
        """
        if not self._undoable:
            raise CamelcadeError("there is no action to undo: this position was loaded or "
                                 "sampled, or every action applied to it was undone")
        records = self._records
        record = records.pop() if records and records[-1][0] == self._undoable else None
        self._undoable -= 1
        side = self._side ^ 1
        self._side = self._turn = side
        h = self._hash ^ self._side_key
        if self._end is not None:
            self._end = self._winner = None
        if type(action) is Move:
            board = self._board
            source, target = action.source, action.target
            piece = board[target]
            board[source] = piece
            own = self._animals[side]
            own.remove(target)
            insort(own, source)
            keys = self._zobrist[piece]
            h ^= keys[source] ^ keys[target]
            if record is not None:  # else no pass came before: passes stay 0
                self._passes = record[3]
                victim = record[1]
                if victim:
                    board[target] = victim
                    other = side ^ 1
                    self._hash = h ^ self._zobrist[victim][target]
                    insort(self._animals[other], target)
                    if victim == self._attacker_code[other][target]:
                        self._attackers[other] += 1
                    self._clock = record[2]
                    cleared = record[4]
                    if cleared is not None:
                        self._seen, self._trail, self._base = cleared
                    return
            board[target] = EMPTY
        else:
            self._passes -= 1
        self._hash = h
        self._trail.pop()
        self._clock -= 1
        seen = self._seen
        count = seen[h] - 1
        if count:
            seen[h] = count
        else:
            del seen[h]

    # -- results -------------------------------------------------------------------------

    def _scores(self) -> list[float]:
        if self._end is None:
            return [0.0, 0.0]
        if self._winner is None:
            return [DRAW_POINTS, DRAW_POINTS]
        points = CONQUEST_POINTS if self._end == END_CONQUEST else ELIMINATION_POINTS
        result = [0.0, 0.0]
        result[self._winner] = points
        return result

    def _ranking(self) -> list[list[PlayerId]]:
        """The winner first; a draw (passes, repetition, the clock) ranks both together."""
        if self._winner is None:
            return [[0, 1]]
        return [[self._winner], [1 - self._winner]]

    # -- copies and JSON -----------------------------------------------------------------

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, KamelenState)
        other._geo, other._tables, other._limit = self._geo, self._tables, self._limit
        other._zobrist, other._side_key, other._homes, other._attacker_code = \
            self._zobrist, self._side_key, self._homes, self._attacker_code
        other._side, other._turn, other._clock, other._passes = \
            self._side, self._turn, self._clock, self._passes
        other._hash, other._base, other._end, other._winner = \
            self._hash, self._base, self._end, self._winner
        other._board = self._board[:]
        other._animals = [self._animals[0][:], self._animals[1][:]]
        other._attackers = self._attackers[:]
        other._seen = self._seen.copy()
        other._trail = self._trail[:]
        other._records = []
        other._undoable = 0

    def clone(self: _S) -> _S:
        """An independent copy that can also take back this state's actions (``undo``)."""
        new = super().clone()
        new._records = [
            (number, victim, clock, passes,
             None if cleared is None else (dict(cleared[0]), list(cleared[1]), cleared[2]))
            for number, victim, clock, passes, cleared in self._records
        ]
        new._undoable = self._undoable
        return new

    def _to_data(self) -> JSONDict:
        return self.layout().to_data()

    def _observation(self, player: PlayerId) -> JSONDict:
        data = self._public_observation()
        data["player"] = player
        return data

    def _public_observation(self) -> JSONDict:
        """The whole position: Kamelen hides nothing."""
        data = self._to_data()
        data.update(end=self._end, winner=self._winner)
        return data


@dataclass(frozen=True)
class _Start:
    """What a new state derives from the start position, worked out once per geometry."""

    animals: tuple[tuple[int, ...], tuple[int, ...]]
    hash: int
    attackers: tuple[int, int]


@cache
def _start(geo: Geometry) -> _Start:
    board = geo.start
    return _Start((tuple(animals(board, 0)), tuple(animals(board, 1))), geo.hash_of(board, 0),
                  (geo.attackers(board, 0), geo.attackers(board, 1)))


@lru_cache(maxsize=4096)
def _key_hash(geo: Geometry, key: bytes) -> int:
    """The Zobrist hash of a repetition key (board bytes, then the side)."""
    return geo.hash_of(key[:-1], key[-1])

