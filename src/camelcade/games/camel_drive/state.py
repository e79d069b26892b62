"""The rules of Camel Drive: turns, interjections, finishing, bets, scoring, match end.

Everything is kept per *camel* (colour): with 2-3 players each seat runs two camels, and
the rules file treats every camel as a seat for turn order, lanes and neighbours (CD12),
so only ``current_player`` and the team scores translate camels to seats.

Decks are counts per card value; a reveal is a chance node over the cards left in that
camel's pile, so the shuffle happens one card at a time and no order is stored. A move
of several cards (the opening double move, ``shout forward``) is resolved once all its
cards are revealed: the sum moves the camel, surplus beyond the finish is lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from camelcade.core.action import Action
from camelcade.core.game import State
from camelcade.core.types import CHANCE, TERMINAL, JSONDict, PlayerId
from camelcade.games.camel_drive import actions as notation
from camelcade.games.camel_drive.actions import (
    BET_ACTIONS,
    CARD_ACTIONS,
    DRAW,
    SHOUT_ACTIONS,
    Bet,
    Card,
    Draw,
    Shout,
)
from camelcade.games.camel_drive.spec import (
    BETTING,
    COLOURS,
    DECK,
    NEXT_PLACED_POINTS,
    OPENING_CARDS,
    OTHER_POINTS,
    OVER,
    RACE,
    SHOUT_FORWARD_CARDS,
    SHOUTS,
    SPRINT,
    TEAM_PLAYERS,
    TIE_RACE,
    WIN_POINTS,
    bet_payout,
    camels_for,
)

if TYPE_CHECKING:
    from camelcade.games.camel_drive.game import CamelDrive

Pending = tuple[int, int, int, int, int]
"""A move being revealed: (camel, cards still to reveal, +1 or -1, sum so far, actor)."""

_DRAW_ONLY: tuple[Action, ...] = (DRAW,)
_WITH_SHOUTS: tuple[Action, ...] = (DRAW, *SHOUT_ACTIONS.values())


class CamelDriveState(State):
    """A position of a Camel Drive match: the current race and the match around it."""

    def __init__(self, game: CamelDrive) -> None:
        super().__init__(game)
        players = game.players
        self._players = players
        self._n = camels_for(players)
        self._team = players in TEAM_PLAYERS
        self._owner = tuple(c // 2 if self._team else c for c in range(self._n))
        self._length: int = game.option("track_length")
        self._target: int = game.option("target_score")
        self._tie_race_option: bool = game.option("tie_race")
        self._race = 1
        self._start = 0
        self._phase = RACE
        self._turn = 0
        self._left = [int(game.option("interjections"))] * self._n
        self._score = [0] * self._n
        self._pending: Pending | None = None
        self._racers: list[int] = []
        self._winning: list[PlayerId] | None = None
        self._last_race: JSONDict | None = None
        self._begin_race()

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
        return sum(self._piles[camel])

    def discard_size(self, camel: int) -> int:
        return sum(self._discards[camel])

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

    # -- races ----------------------------------------------------------------------------

    def _begin_race(self) -> None:
        """Camels to the start, every deck reshuffled, bets off; interjections carry over."""
        n = self._n
        self._pos = [0] * n
        self._opened = [False] * n
        self._bets: list[int | None] = [None] * n
        self._bet_queue: list[int] = []
        self._first: int | None = None
        self._piles = [list(DECK) for _ in range(n)]
        self._discards = [[0, 0, 0, 0] for _ in range(n)]
        self._tops: list[int | None] = [None] * n
        self._phase = RACE
        self._turn = self._start

    def _next_in_race(self, camel: int) -> int:
        """The next camel clockwise after ``camel`` that has not finished first."""
        n = self._n
        nxt = (camel + 1) % n
        if nxt == self._first:
            nxt = (nxt + 1) % n
        return nxt

    # -- hooks ----------------------------------------------------------------------------

    def _current_player(self) -> PlayerId:
        if self._phase == OVER:
            return TERMINAL
        if self._pending is not None:
            return CHANCE
        if self._bet_queue:
            return self._owner[self._bet_queue[0]]
        return self._owner[self._turn]

    def _legal_actions(self) -> Sequence[Action]:
        if self._bet_queue:
            first = self._first
            return [BET_ACTIONS[COLOURS[c]] for c in range(self._n) if c != first]
        turn = self._turn
        if self._phase == RACE and self._opened[turn] and self._left[turn] > 0:
            return _WITH_SHOUTS
        return _DRAW_ONLY

    def _deck_to_draw(self, camel: int) -> list[int]:
        pile = self._piles[camel]
        return pile if any(pile) else self._discards[camel]

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        assert self._pending is not None
        counts = self._deck_to_draw(self._pending[0])
        total = sum(counts)
        return [(CARD_ACTIONS[v], k / total) for v, k in enumerate(counts) if k]

    def _apply(self, action: Action) -> None:
        if isinstance(action, Card):
            self._reveal(action.value)
        elif isinstance(action, Draw):
            turn = self._turn
            cards = 1 if self._opened[turn] else OPENING_CARDS
            self._opened[turn] = True
            self._pending = (turn, cards, 1, 0, turn)
        elif isinstance(action, Shout):
            self._shout(action.effect)
        elif isinstance(action, Bet):
            bettor = self._bet_queue.pop(0)
            self._bets[bettor] = COLOURS.index(action.colour)
            if not self._bet_queue:
                self._phase = SPRINT

    def _shout(self, effect: str) -> None:
        turn = self._turn
        self._left[turn] -= 1
        if effect == "forward":
            self._pending = (turn, SHOUT_FORWARD_CARDS, 1, 0, turn)
        elif effect == "back":
            self._pending = (turn, 1, -1, 0, turn)
        else:
            self._pending = (self.shout_target(effect), 1, 1, 0, turn)

    def _reveal(self, value: int) -> None:
        assert self._pending is not None
        camel, cards, sign, total, actor = self._pending
        pile, discards = self._piles[camel], self._discards[camel]
        if not any(pile):  # reshuffle the discards into a new pile
            pile[:] = discards
            discards[:] = [0, 0, 0, 0]
        pile[value] -= 1
        discards[value] += 1
        self._tops[camel] = value
        if cards > 1:
            self._pending = (camel, cards - 1, sign, total + value, actor)
            return
        self._pending = None
        self._settle(camel, sign * (total + value), actor)

    def _settle(self, camel: int, steps: int, actor: int) -> None:
        """Move ``camel`` by ``steps`` and decide what happens next."""
        length = self._length
        new = max(0, self._pos[camel] + steps)
        if self._phase == TIE_RACE:
            self._pos[camel] = new  # overshoot counts only here (CD10)
            self._after_tie_move(actor)
            return
        self._pos[camel] = min(new, length)
        if new < length:
            self._turn = self._next_in_race(actor)
        elif self._phase == RACE:
            self._first_finish(camel, actor)
        else:
            self._score_race(camel)

    def _first_finish(self, camel: int, actor: int) -> None:
        """The first camel loses and leaves; the betting round starts with the next mover."""
        self._first = camel
        # An interjector who pushed a neighbour over moves next; else the left neighbour.
        nxt = actor if actor != camel else self._next_in_race(camel)
        if nxt == camel:
            nxt = self._next_in_race(camel)
        self._turn = nxt
        self._phase = BETTING
        self._bet_queue = [(nxt + k) % self._n for k in range(self._n)]

    def _score_race(self, winner: int) -> None:
        """Second finisher 5, the next placed 2 each, the rest 1; then correct bets."""
        n, first = self._n, self._first
        gains = [0] * n
        gains[winner] = WIN_POINTS
        others = [c for c in range(n) if c not in (first, winner)]
        best = max(self._pos[c] for c in others)
        for c in others:
            gains[c] = NEXT_PLACED_POINTS if self._pos[c] == best else OTHER_POINTS
        stones = [c for c in range(n) if self._bets[c] == winner]
        for c in stones:
            gains[c] += bet_payout(len(stones))
        for c in range(n):
            self._score[c] += gains[c]
        self._last_race = {
            "race": self._race,
            "first": first,
            "winner": winner,
            "gains": gains,
            "bets": list(self._bets),
        }
        if max(self._score) >= self._target:
            self._end_match()
        else:
            self._new_race()

    def _new_race(self) -> None:
        """The camel in lane 2 starts the next race from lane 1; the rest follow in order."""
        self._race += 1
        self._start = (self._start + 1) % self._n
        self._begin_race()

    # -- match end ------------------------------------------------------------------------

    def _end_match(self) -> None:
        """Highest team score wins; ties go to the tie-breaks of the rules file."""
        totals = self._scores()
        best = max(totals)
        tied = [s for s in range(self._players) if totals[s] == best]
        if self._team and len(tied) > 1:  # 2-3 players: the better single camel
            single = {s: max(self._score[c] for c in self._camels_of(s)) for s in tied}
            top = max(single.values())
            tied = [s for s in tied if single[s] == top]
        if len(tied) > 1 and self._tie_race_option:
            self._start_tie_race(tied)
            return
        if len(tied) > 1:  # most unused interjections
            unused = {s: sum(self._left[c] for c in self._camels_of(s)) for s in tied}
            most = max(unused.values())
            tied = [s for s in tied if unused[s] == most]
        self._finish(tied)

    def _finish(self, winners: list[PlayerId]) -> None:
        self._winning = sorted(winners)
        self._phase = OVER
        self._racers = []

    def _camels_of(self, seat: PlayerId) -> list[int]:
        return [c for c in range(self._n) if self._owner[c] == seat]

    def _start_tie_race(self, seats: list[PlayerId]) -> None:
        """The tied players' camels race without interjections or bets, full rounds."""
        self._start = (self._start + 1) % self._n
        self._begin_race()
        self._phase = TIE_RACE
        self._racers = [c for c in self.lane_order() if self._owner[c] in seats]
        self._turn = self._racers[0]

    def _after_tie_move(self, actor: int) -> None:
        racers = self._racers
        index = racers.index(actor)
        if index + 1 < len(racers):
            self._turn = racers[index + 1]
            return
        best = max(self._pos[c] for c in racers)
        if best < self._length:
            self._turn = racers[0]
            return
        seats = sorted({self._owner[c] for c in racers if self._pos[c] == best})
        if len(seats) == 1:
            self._finish(seats)
        else:
            self._start_tie_race(seats)

    # -- notation and results -------------------------------------------------------------

    def _parse_action(self, text: str) -> Action:
        return notation.parse(text)

    def _why_illegal(self, action: Action) -> str | None:
        from camelcade.games.camel_drive.text import why_illegal

        return why_illegal(self, action)

    def _scores(self) -> list[float]:
        totals = [0.0] * self._players
        for camel, points in enumerate(self._score):
            totals[self._owner[camel]] += points
        return totals

    def _winners(self) -> list[PlayerId]:
        assert self._winning is not None
        return list(self._winning)

    # -- copies and JSON -------------------------------------------------------------------

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, CamelDriveState)
        other._pos = list(self._pos)
        other._opened = list(self._opened)
        other._bets = list(self._bets)
        other._bet_queue = list(self._bet_queue)
        other._left = list(self._left)
        other._score = list(self._score)
        other._piles = [list(p) for p in self._piles]
        other._discards = [list(d) for d in self._discards]
        other._tops = list(self._tops)
        other._racers = list(self._racers)

    def _public(self) -> JSONDict:
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
        return {
            "race": self._race,
            "start": self._start,
            "phase": self._phase,
            "turn": self._turn,
            "positions": list(self._pos),
            "opened": list(self._opened),
            "first": self._first,
            "bets": list(self._bets),
            "bet_queue": list(self._bet_queue),
            "interjections": list(self._left),
            "scores": list(self._score),
            "tops": list(self._tops),
            "pending": pending,
            "racers": list(self._racers),
            "winners": None if self._winning is None else list(self._winning),
            "last_race": self._last_race,
        }

    def _to_data(self) -> JSONDict:
        data = self._public()
        data["piles"] = [list(p) for p in self._piles]
        data["discards"] = [list(d) for d in self._discards]
        return data

    def _observation(self, player: PlayerId) -> JSONDict:
        """The table as it lies (every seat sees the same), and which seat is asking."""
        data = self._public_observation()
        data["player"] = player
        return data

    def _public_observation(self) -> JSONDict:
        """The table as it lies: pile and discard sizes and the top discard, never more."""
        data = self._public()
        data.update(
            current_player=self._current_player(),
            pile_sizes=[sum(p) for p in self._piles],
            discard_sizes=[sum(d) for d in self._discards],
        )
        return data

    def load_data(self, data: Any) -> None:
        """Fill this fresh state from ``to_json()["state"]``, checking every invariant."""
        from camelcade.games.camel_drive.validate import load_position

        load_position(self, data)

    # -- text ------------------------------------------------------------------------------

    def _describe(self, player: PlayerId | None) -> str:
        from camelcade.games.camel_drive.text import describe_state

        return describe_state(self, player)

    def _describe_action(self, action: Action, player: PlayerId | None) -> str:
        from camelcade.games.camel_drive.text import describe_action

        return describe_action(self, action, player)



__all__ = ["SHOUTS", "CamelDriveState", "Pending"]
