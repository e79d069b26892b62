"""What a Camel Drive position holds and shows; the rules that change it are in state.py.

Everything is kept per *camel* (colour): with 2-3 players each seat runs two camels, and
the rules file treats every camel as a seat for turn order, lanes and neighbours (CD12),
so only the seat to act, the start rotation and the team scores translate camels to
seats.

:class:`CamelDriveTable` is the table as it lies: its fields (filled from a saved layout
in one place), the read-only queries the rules, the words, the board and the bots ask,
the standings with their tie-breaks, what a seat sees, how a copy is made and how the
position is saved. Decks are pile codes (``deck.py``): the table shows a deck's size and
top discard, never its order or its discards.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from camelcade.core.errors import check_state
from camelcade.core.game import State
from camelcade.core.types import CHANCE, TERMINAL, JSONDict, PlayerId
from camelcade.games.camel_drive.deck import COUNTS, DISCARDS, FULL, SIZE, code_of
from camelcade.games.camel_drive.deck import draw_pile as draw_pile_code
from camelcade.games.camel_drive.position import Position
from camelcade.games.camel_drive.spec import (
    COLOURS,
    OVER,
    RACE,
    TEAM_PLAYERS,
    TIE_RACE,
    camels_for,
    owner_of,
    rotation_step,
)

if TYPE_CHECKING:
    from camelcade.core.game import Game

Pending = tuple[int, int, int, int, int]
"""A move being revealed: (camel, cards still to reveal, +1 or -1, sum so far, actor)."""
StandingKey = tuple[float, int, int]
"""What orders the seats at the match's end, compared best highest: points, the better
single camel (2-3 players, else 0), unused interjections (0 with the tie race)."""


def initial_position(game: Game) -> Position:
    """Race 1 of a new match: camels on the start, full decks, every interjection in hand."""
    n = camels_for(game.players)
    interjections: int = game.option("interjections")
    return Position(
        race=1, start=0, phase=RACE, turn=0, positions=[0] * n, opened=[False] * n,
        first=None, bets=[None] * n, bet_queue=[], interjections=[interjections] * n,
        scores=[0] * n, tops=[None] * n, pending=None, racers=[], winners=None,
        last_race=None, piles=[list(COUNTS[FULL]) for _ in range(n)],
        discards=[list(DISCARDS[FULL]) for _ in range(n)],
    )


class CamelDriveTable(State):
    """A Camel Drive position as it lies: the current race and the match around it."""

    def __init__(self, game: Game, position: Position | None = None) -> None:
        """The match at ``position`` (validated by ``Position.from_data``; default: the
        start). The only place a state's fields are filled from a layout."""
        super().__init__(game)
        players = game.players
        self._players = players
        self._n = n = camels_for(players)
        self._team = players in TEAM_PLAYERS
        self._owner = tuple(owner_of(c, players) for c in range(n))
        self._camels_of = tuple(tuple(c for c in range(n) if self._owner[c] == seat)
                                for seat in range(players))
        self._length: int = game.option("track_length")
        self._target: int = game.option("target_score")
        self._tie_race_option: bool = game.option("tie_race")
        self._rotation = rotation_step(players, game.option("start_rotation"))
        p = initial_position(game) if position is None else position
        self._race, self._start, self._phase, self._turn = p.race, p.start, p.phase, p.turn
        self._pos = list(p.positions)
        self._opened = list(p.opened)
        self._first = p.first
        self._bets = list(p.bets)
        self._bet_queue = list(p.bet_queue)
        self._left = list(p.interjections)
        self._score = list(p.scores)
        self._tops = list(p.tops)
        self._piles = [code_of(pile) for pile in p.piles]
        pending = p.pending
        self._pending: Pending | None = None if pending is None else (
            pending["camel"], pending["cards"], 1 if pending["direction"] == "forward" else -1,
            pending["revealed"], pending["actor"])
        self._racers = list(p.racers)
        self._winning = None if p.winners is None else list(p.winners)
        self._last_race = p.last_race
        self._mover = self._who_moves()
        if self._winning is not None:
            self._check_result(self._winning)

    # -- small queries (used by rules, text, bots) ---------------------------------------

    @property
    def camels(self) -> int:
        """Number of camels (two per seat with 2-3 players)."""
        return self._n

    @property
    def track_length(self) -> int:
        return self._length

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def race(self) -> int:
        """The race number, from 1."""
        return self._race

    @property
    def first_finisher(self) -> int | None:
        """The camel that finished first (and lost) in this race, if any."""
        return self._first

    @property
    def pending(self) -> Pending | None:
        return self._pending

    @property
    def last_race(self) -> JSONDict | None:
        """The result of the previous race: its number, first, winner, gains and bets."""
        return self._last_race

    def owner(self, camel: int) -> PlayerId:
        return self._owner[camel]

    def colour(self, camel: int) -> str:
        """The camel's colour word, capitalised ("Green"): camels are named, not coloured."""
        return COLOURS[camel].capitalize()

    def position(self, camel: int) -> int:
        return self._pos[camel]

    def lane(self, camel: int) -> int:
        """The camel's lane this race, 1..camels; lane 1 belongs to the start camel."""
        return (camel - self._start) % self._n + 1

    def lane_order(self) -> list[int]:
        """Camels in turn order for this race, the start camel first."""
        return [(self._start + k) % self._n for k in range(self._n)]

    def interjections_left(self, camel: int) -> int:
        return self._left[camel]

    def camel_score(self, camel: int) -> int:
        return self._score[camel]

    def bet_of(self, camel: int) -> int | None:
        """The camel that ``camel``'s betting stone backs, if placed."""
        return self._bets[camel]

    def pile_size(self, camel: int) -> int:
        return SIZE[self._piles[camel]]

    def discard_size(self, camel: int) -> int:
        return SIZE[FULL] - SIZE[self._piles[camel]]

    def top_discard(self, camel: int) -> int | None:
        """The only visible discard: the card revealed last from this camel's deck."""
        return self._tops[camel]

    def has_opened(self, camel: int) -> bool:
        """Whether the camel has had its first turn (the opening double move) this race."""
        return self._opened[camel]

    @property
    def actor(self) -> int:
        """The camel whose turn or bet it is (the revealing camel's actor at chance nodes)."""
        return self._bet_queue[0] if self._bet_queue else self._turn

    @property
    def bettors(self) -> list[int]:
        """Camels still to place their stone, in order (non-empty only while betting)."""
        return list(self._bet_queue)

    @property
    def racers(self) -> list[int]:
        """Camels in the tie race, in turn order (empty outside it)."""
        return list(self._racers)

    def in_race(self, camel: int) -> bool:
        """Still racing: not the first finisher (and, in a tie race, one of the racers)."""
        if self._phase == TIE_RACE:
            return camel in self._racers
        return camel != self._first

    def left_neighbour(self, camel: int) -> int:
        """The next camel clockwise: the one that plays after ``camel``."""
        return (camel + 1) % self._n

    def right_neighbour(self, camel: int) -> int:
        return (camel - 1) % self._n

    def shout_target(self, effect: str) -> int:
        """The camel an interjection by the acting camel moves."""
        if effect == "left":
            return self.left_neighbour(self._turn)
        if effect == "right":
            return self.right_neighbour(self._turn)
        return self._turn

    def _who_moves(self) -> PlayerId:
        """The seat to act, from the phase, a move being revealed and the betting queue
        (the rules keep it as ``_mover`` after every step)."""
        if self._phase == OVER:
            return TERMINAL
        if self._pending is not None:
            return CHANCE
        if self._bet_queue:
            return self._owner[self._bet_queue[0]]
        return self._owner[self._turn]

    # -- standings ------------------------------------------------------------------------

    def camels_of(self, seat: PlayerId) -> tuple[int, ...]:
        """The camels ``seat`` runs: one, or two with 2-3 players."""
        return self._camels_of[seat]

    def standing_key(self, seat: PlayerId) -> StandingKey:
        """What places ``seat`` at the match's end, compared best highest.

        Points first; with 2-3 players, then the better single camel; then, unless the
        ``tie_race`` variant replaces it, the most unused interjections. A tie-break that
        does not apply is 0 for every seat.
        """
        camels = self._camels_of[seat]
        score = self._score
        return (float(sum(score[c] for c in camels)),
                max(score[c] for c in camels) if self._team else 0,
                0 if self._tie_race_option else sum(self._left[c] for c in camels))

    def _standings(self) -> list[list[PlayerId]]:
        """Seats grouped best first by their ``standing_key``: points and the tie-breaks
        that need no race."""
        groups: dict[StandingKey, list[PlayerId]] = {}
        for seat in range(self._players):
            groups.setdefault(self.standing_key(seat), []).append(seat)
        return [groups[key] for key in sorted(groups, reverse=True)]

    def _check_result(self, winners: list[PlayerId]) -> None:
        """A loaded finished match names the winners its scores and tie-breaks give."""
        best = self._standings()[0]
        if self._tie_race_option:
            check_state(set(winners) <= set(best), f"'winners' {winners} must be among the "
                        f"seats level on points and the better camel ({best})")
        else:
            check_state(winners == best, f"'winners' {winners} must be the seats the scores "
                        f"and tie-breaks name ({best})")

    def _scores(self) -> list[float]:
        totals = [0.0] * self._players
        for camel, points in enumerate(self._score):
            totals[self._owner[camel]] += points
        return totals

    # -- hidden information ---------------------------------------------------------------

    def _resample(self, player: PlayerId, rng: random.Random) -> None:
        """Redraw what every deck holds from what the table shows: its size and top card.

        Nobody may look through a discard pile (CD13), so a seat knows of a deck only its
        pile size and its top discard; the rest of the discards is a uniform draw from the
        other eleven cards. Every seat sees the same, whatever ``player`` is.
        """
        piles, tops = self._piles, self._tops
        for camel, code in enumerate(piles):
            piles[camel] = draw_pile_code(tops[camel], SIZE[code], rng)

    def remembered_piles(self) -> list[tuple[int, ...]]:
        """Each pile's counts of 0s, 1s, 2s and 3s: hidden in play, so only for a state a
        bot rebuilt itself from the public reveals (the planner's perfect recall)."""
        return [COUNTS[code] for code in self._piles]

    # -- copies and JSON -------------------------------------------------------------------

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, CamelDriveTable)
        other._pos = self._pos[:]
        other._opened = self._opened[:]
        other._bets = self._bets[:]
        other._bet_queue = self._bet_queue[:]
        other._left = self._left[:]
        other._score = self._score[:]
        other._piles = self._piles[:]
        other._tops = self._tops[:]
        other._racers = self._racers[:]

    def _layout(self) -> Position:
        """The saved layout of this position (``to_json()["state"]``)."""
        pending = None
        if self._pending is not None:
            camel, cards, sign, total, actor = self._pending
            pending = {
                "camel": camel,
                "cards": cards,
                "direction": "forward" if sign > 0 else "back",
                "revealed": total,
                "actor": actor,
            }
        return Position(
            race=self._race, start=self._start, phase=self._phase, turn=self._turn,
            positions=self._pos, opened=self._opened, first=self._first, bets=self._bets,
            bet_queue=self._bet_queue, interjections=self._left, scores=self._score,
            tops=self._tops, pending=pending, racers=self._racers, winners=self._winning,
            last_race=self._last_race, piles=[list(COUNTS[code]) for code in self._piles],
            discards=[list(DISCARDS[code]) for code in self._piles],
        )

    def _to_data(self) -> JSONDict:
        return self._layout().to_data()

    def _observation(self, player: PlayerId) -> JSONDict:
        """The table as it lies (every seat sees the same), and which seat is asking."""
        data = self._public_observation()
        data["player"] = player
        return data

    def _public_observation(self) -> JSONDict:
        """The table as it lies: pile and discard sizes and the top discard, never more."""
        data = self._layout().public_data()
        data.update(
            current_player=self._mover,
            pile_sizes=[SIZE[code] for code in self._piles],
            discard_sizes=[SIZE[FULL] - SIZE[code] for code in self._piles],
        )
        return data


__all__ = ["CamelDriveTable", "Pending", "StandingKey", "initial_position"]
