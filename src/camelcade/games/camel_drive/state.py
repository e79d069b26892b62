"""The rules of Camel Drive: turns, interjections, finishing, bets, scoring, match end.

Everything is kept per *camel* (colour): with 2-3 players each seat runs two camels, and
the rules file treats every camel as a seat for turn order, lanes and neighbours (CD12),
so only ``current_player``, the start rotation and the team scores translate camels to
seats.

Decks are pile codes (``deck.py``); a reveal is a chance node over the cards left in that
camel's pile, so the shuffle happens one card at a time and no order is stored. A move
of several cards (the opening double move, ``shout forward``) is resolved once all its
cards are revealed: the sum moves the camel, surplus beyond the finish is lost.

Searches play thousands of steps a decision through these hooks, so they are kept cheap:
the seat to act is worked out once per step (``_mover``), legal actions and chance
outcomes are shared tuples looked up, not built, and a copy is one list per field.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from camelcade.core.action import Action
from camelcade.core.errors import check_state
from camelcade.core.game import State
from camelcade.core.types import CHANCE, TERMINAL, JSONDict, PlayerId
from camelcade.games.camel_drive import actions as notation
from camelcade.games.camel_drive.actions import (
    BET_ACTIONS,
    DRAW,
    SHOUT_ACTIONS,
    Bet,
    Card,
    Draw,
    Shout,
)
from camelcade.games.camel_drive.deck import (
    CARDS,
    COUNTS,
    DISCARDS,
    FULL,
    REVEALS,
    SIZE,
    STEP,
    code_of,
)
from camelcade.games.camel_drive.deck import draw_pile as draw_pile_code
from camelcade.games.camel_drive.position import Position
from camelcade.games.camel_drive.spec import (
    BETTING,
    COLOURS,
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
    owner_of,
    rotation_step,
)

if TYPE_CHECKING:
    from camelcade.core.game import Game

Pending = tuple[int, int, int, int, int]
"""A move being revealed: (camel, cards still to reveal, +1 or -1, sum so far, actor)."""

_DRAW_ONLY: tuple[Action, ...] = (DRAW,)
_WITH_SHOUTS: tuple[Action, ...] = (DRAW, *SHOUT_ACTIONS.values())
_BET_CHOICES: dict[tuple[int, int | None], tuple[Action, ...]] = {
    (n, first): tuple(BET_ACTIONS[COLOURS[c]] for c in range(n) if c != first)
    for n in range(2, len(COLOURS) + 1) for first in (None, *range(n))
}
"""(camels, first finisher) -> the stones a bettor may place, by colour."""
_CAMEL_OF = {colour: camel for camel, colour in enumerate(COLOURS)}
PLAYOUT_NUMBERS = 12
"""Random numbers a planner draws per deck for the playouts it compares (a race ending
rarely takes a deck more cards); a deck that needs more draws the rest."""


@dataclass(frozen=True)
class RaceEnding:
    """How a race played out: its first finisher (who lost), its winner (second home) and
    each camel's points for placing (bets aside)."""

    first: int
    winner: int
    placing: tuple[int, ...]


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


class CamelDriveState(State):
    """A position of a Camel Drive match: the current race and the match around it."""

    def __init__(self, game: Game, position: Position | None = None) -> None:
        """The match at ``position`` (validated by ``Position.from_data``; default: the
        start). The only place a state's fields are filled from a layout."""
        super().__init__(game)
        players = game.players
        self._players = players
        self._n = n = camels_for(players)
        self._team = players in TEAM_PLAYERS
        self._owner = tuple(owner_of(c, players) for c in range(n))
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

    # -- races ----------------------------------------------------------------------------

    def _begin_race(self) -> None:
        """Camels to the start, every deck reshuffled, bets off; interjections carry over."""
        n = self._n
        self._pos = [0] * n
        self._opened = [False] * n
        self._bets = [None] * n
        self._bet_queue = []
        self._first = None
        self._piles = [FULL] * n
        self._tops = [None] * n
        self._phase = RACE
        self._turn = self._start

    def _next_in_race(self, camel: int) -> int:
        """The next camel clockwise after ``camel`` that has not finished first."""
        n = self._n
        nxt = (camel + 1) % n
        if nxt == self._first:
            nxt = (nxt + 1) % n
        return nxt

    def _who_moves(self) -> PlayerId:
        if self._phase == OVER:
            return TERMINAL
        if self._pending is not None:
            return CHANCE
        if self._bet_queue:
            return self._owner[self._bet_queue[0]]
        return self._owner[self._turn]

    # -- hooks ----------------------------------------------------------------------------

    def _current_player(self) -> PlayerId:
        return self._mover

    def _legal_actions(self) -> tuple[Action, ...]:
        if self._bet_queue:
            return _BET_CHOICES[self._n, self._first]
        turn = self._turn
        if self._left[turn] and self._opened[turn] and self._phase == RACE:
            return _WITH_SHOUTS
        return _DRAW_ONLY

    def _chance_outcomes(self) -> tuple[tuple[Action, float], ...]:
        assert self._pending is not None
        return REVEALS[self._piles[self._pending[0]]]

    def _apply(self, action: Action) -> None:
        kind = action.__class__
        if kind is Card:  # half of all steps: kept to one call
            self._reveal(action.value)  # type: ignore[attr-defined]
        elif kind is Draw:
            turn = self._turn
            opened = self._opened
            cards = 1 if opened[turn] else OPENING_CARDS
            opened[turn] = True
            self._pending = (turn, cards, 1, 0, turn)
            self._mover = CHANCE
        elif kind is Shout:
            self._shout(action.effect)  # type: ignore[attr-defined]
        else:
            assert isinstance(action, Bet)
            queue = self._bet_queue
            self._bets[queue.pop(0)] = _CAMEL_OF[action.colour]
            if not queue:
                self._phase = SPRINT
            self._mover = self._who_moves()

    def _shout(self, effect: str) -> None:
        turn = self._turn
        self._left[turn] -= 1
        if effect == "forward":
            self._pending = (turn, SHOUT_FORWARD_CARDS, 1, 0, turn)
        elif effect == "back":
            self._pending = (turn, 1, -1, 0, turn)
        else:
            self._pending = (self.shout_target(effect), 1, 1, 0, turn)
        self._mover = CHANCE

    def _reveal(self, value: int) -> None:
        """Turn over a card of ``value``; the last card of a move settles it: the camel
        moves by the sum (never behind the start) and the next camel is to play."""
        assert self._pending is not None
        camel, cards, sign, total, actor = self._pending
        piles = self._piles
        # An empty pile is first made again from its shuffled discards: all twelve cards.
        piles[camel] = (piles[camel] or FULL) - STEP[value]
        self._tops[camel] = value
        if cards > 1:
            self._pending = (camel, cards - 1, sign, total + value, actor)
            return
        self._pending = None
        pos = self._pos
        new = pos[camel] + sign * (total + value)
        if new < 0:
            new = 0
        if new < self._length and self._phase != TIE_RACE:  # the usual case: play passes on
            pos[camel] = new
            nxt = self._next_in_race(actor)
            self._turn = nxt
            self._mover = self._owner[nxt]
            return
        if self._phase == TIE_RACE:
            pos[camel] = new  # overshoot counts only here (CD10)
            self._after_tie_move(actor)
        else:
            pos[camel] = self._length  # surplus beyond the finish is lost
            if self._phase == RACE:
                self._first_finish(camel, actor)
            else:
                self._score_race(camel)
        self._mover = self._who_moves()

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

    def placing_points(self, winner: int) -> list[int]:
        """Race points per camel for placing alone, were ``winner`` to finish second now:
        the winner 5, the camels furthest along among the rest 2 each, the others 1, the
        first finisher 0."""
        n, first, pos = self._n, self._first, self._pos
        gains = [0] * n
        gains[winner] = WIN_POINTS
        others = [c for c in range(n) if c != first and c != winner]
        best = max(pos[c] for c in others)
        for c in others:
            gains[c] = NEXT_PLACED_POINTS if pos[c] == best else OTHER_POINTS
        return gains

    def _score_race(self, winner: int) -> None:
        """Placing points, then each correct stone by the number of stones on the winner."""
        n = self._n
        gains = self.placing_points(winner)
        stones = [c for c in range(n) if self._bets[c] == winner]
        for c in stones:
            gains[c] += bet_payout(len(stones))
        for c in range(n):
            self._score[c] += gains[c]
        self._last_race = {
            "race": self._race,
            "first": self._first,
            "winner": winner,
            "gains": gains,
            "bets": list(self._bets),
        }
        if max(self._score) >= self._target:
            self._end_match()
        else:
            self._new_race()

    def _new_race(self) -> None:
        """The start passes on (to the next player's pair, or the next camel: option
        ``start_rotation``); the start camel takes lane 1, the rest follow in seat order."""
        self._race += 1
        self._start = (self._start + self._rotation) % self._n
        self._begin_race()

    # -- match end ------------------------------------------------------------------------

    def _standings(self) -> list[list[PlayerId]]:
        """Seats grouped best first by points and the tie-breaks that need no race.

        Points first; with 2-3 players, then the better single camel; then, unless the
        ``tie_race`` variant replaces it, the most unused interjections.
        """
        totals = self._scores()
        team, count = self._team, not self._tie_race_option
        camels = [[c for c in range(self._n) if self._owner[c] == s]
                  for s in range(self._players)]
        keys = [(totals[s],
                 max(self._score[c] for c in camels[s]) if team else 0,
                 sum(self._left[c] for c in camels[s]) if count else 0)
                for s in range(self._players)]
        groups: dict[tuple[float, int, int], list[PlayerId]] = {}
        for seat, key in enumerate(keys):
            groups.setdefault(key, []).append(seat)
        return [groups[key] for key in sorted(groups, reverse=True)]

    def _end_match(self) -> None:
        """The top group of the standings wins, or runs the tie race (``tie_race``)."""
        best = self._standings()[0]
        if len(best) > 1 and self._tie_race_option:
            self._start_tie_race(best)
        else:
            self._finish(best)

    def _finish(self, winners: list[PlayerId]) -> None:
        self._winning = sorted(winners)
        self._phase = OVER
        self._racers = []

    def _start_tie_race(self, seats: list[PlayerId]) -> None:
        """The tied players' camels race without interjections or bets, full rounds."""
        self._start = (self._start + self._rotation) % self._n
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

    def _check_result(self, winners: list[PlayerId]) -> None:
        """A loaded finished match names the winners its scores and tie-breaks give."""
        best = self._standings()[0]
        if self._tie_race_option:
            check_state(set(winners) <= set(best), f"'winners' {winners} must be among the "
                        f"seats level on points and the better camel ({best})")
        else:
            check_state(winners == best, f"'winners' {winners} must be the seats the scores "
                        f"and tie-breaks name ({best})")

    def _ranking(self) -> list[list[PlayerId]]:
        """The standings, with the tie race (``tie_race``) splitting the tied top group.

        The tie race decides only the win: the tied players it does not name winner stay
        level just below (the rules rank nobody else by it), and lower places are never
        raced, so with the variant they are tied on points and the better single camel.
        """
        assert self._winning is not None
        winners = self._winning
        rest = [[seat for seat in group if seat not in winners] for group in self._standings()]
        return [list(winners), *(group for group in rest if group)]

    # -- notation and results -------------------------------------------------------------

    def _parse_action(self, text: str) -> Action:
        return notation.parse(text)

    def _why_illegal(self, action: Action) -> str | None:
        """The reason in words, from the game's text module (``text.why_illegal``)."""
        why = getattr(self._game.words, "why_illegal", None)
        reason = None if why is None else why(self, action)
        return reason if isinstance(reason, str) else None

    def _scores(self) -> list[float]:
        totals = [0.0] * self._players
        for camel, points in enumerate(self._score):
            totals[self._owner[camel]] += points
        return totals

    def _returns(self) -> list[float]:
        """The match points of each seat (team sums with 2-3 players), as the rules count
        them. A tie on points is settled by the tie-breaks, which are not points: the
        better single camel, unused interjections or the tie race decide the order in
        ``ranking()`` (and ``winners()``), so a seat may win level on points with another,
        as in ``[0, 30, 30, 1]`` won by seat 2 on interjections."""
        return self._scores()

    # -- playouts -------------------------------------------------------------------------

    def play_out_race(self, rng: random.Random, move: Action | None = None,
                      numbers: Sequence[Sequence[float]] | None = None) -> RaceEnding:
        """How the race ends if, after ``move`` (a legal action of the camel to act), every
        camel only draws and every stone still to place backs the first camel racing.

        For the planner and the odds advisor, which weigh thousands of race endings a
        decision: the race is played on a private copy through the rules' own hooks, with
        no checks and no history, so ``self`` is unchanged and there is one rules engine.
        Each card is picked from the cards its pile holds by a number uniform in [0, 1),
        which gives it the chance the rules give it: from ``rng``, or, with ``numbers``,
        a camel's k-th card by the k-th of its numbers. The same numbers deal every deck
        the same cards whatever the order of moves, so endings after different first
        moves compare draw for draw (common random numbers). A deck that needs more
        numbers than it was given draws them from ``rng``.
        """
        race = self._race
        play = self._position_copy()
        n = play._n
        rand = rng.random
        used = [0] * n
        if move is not None:
            play._apply(move)
        while True:
            last = play._last_race
            if last is not None and last["race"] == race:
                break
            if play._mover == CHANCE:
                camel = play._pending[0]  # type: ignore[index]
                cards = CARDS[play._piles[camel]]
                if numbers is None:
                    number = rand()
                else:
                    k = used[camel]
                    used[camel] = k + 1
                    mine = numbers[camel]
                    number = mine[k] if k < len(mine) else rand()
                play._reveal(cards[int(number * len(cards))])
            elif play._bet_queue:
                play._apply(_BET_CHOICES[n, play._first][0])
            else:
                play._apply(DRAW)
        winner, bets = last["winner"], last["bets"]
        stones = [c for c in range(n) if bets[c] == winner]
        paid = bet_payout(len(stones)) if stones else 0
        return RaceEnding(last["first"], winner, tuple(
            gain - paid if c in stones else gain for c, gain in enumerate(last["gains"])))

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
        assert isinstance(other, CamelDriveState)
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


__all__ = ["SHOUTS", "CamelDriveState", "Pending", "initial_position"]
