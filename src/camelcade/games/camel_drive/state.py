"""The rules of Camel Drive: turns, interjections, finishing, bets, scoring, match end.

The position itself — its fields, the queries on it, the standings, what a seat sees and
how it is saved — is :class:`~camelcade.games.camel_drive.table.CamelDriveTable`; this
class adds how it changes. Every camel is a seat for turn order, lanes and neighbours
(CD12), so the rules speak of camels throughout.

A reveal is a chance node over the cards left in that camel's pile, so the shuffle
happens one card at a time and no order is stored. A move of several cards (the opening
double move, ``shout forward``) is resolved once all its cards are revealed: the sum
moves the camel, surplus beyond the finish is lost.

Searches play thousands of steps a decision through these hooks, so they are kept cheap:
the seat to act is worked out once per step (``_mover``), legal actions and chance
outcomes are shared tuples looked up, not built, and a copy is one list per field.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from camelcade.core.action import Action
from camelcade.core.types import CHANCE, PlayerId
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
from camelcade.games.camel_drive.deck import CARDS, FULL, REVEALS, RUNNING, STEP
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
    TIE_RACE,
    WIN_POINTS,
    bet_payout,
)
from camelcade.games.camel_drive.table import CamelDriveTable, Pending, initial_position

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
    """How a race played out: its first finisher (who lost), its winner (second home),
    each camel's points for placing (bets aside) and its points in all (bets counted)."""

    first: int
    winner: int
    placing: tuple[int, ...]
    gains: tuple[int, ...] = ()


class CamelDriveState(CamelDriveTable):
    """A position of a Camel Drive match, with the rules that play it on."""

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

    def _chance_key(self) -> str:
        """The deck a card comes from, by race: ``camel 2 race 3 `` and the cards it holds.

        Every camel has its own deck, reset to twelve cards at the start of each race and
        reshuffled, by the rules alone, whenever it runs out; so camel, race and contents
        name one place in one shuffle, and a camel's cards in a race are the same in
        every seat arrangement of a seed, however interjections move draws between turns
        (``docs/games/camel-drive.md``, "Paired seeds"). A tie race restarts the decks
        within the race number of the race before it, so it is named apart.
        """
        assert self._pending is not None
        race = f"tie {self._race}" if self._phase == TIE_RACE else str(self._race)
        return f"camel {self._pending[0]} race {race} {super()._chance_key()}"

    def _apply(self, action: Action) -> None:
        kind = action.__class__
        if kind is Card:  # half of all steps: kept to one call
            self._reveal(action.value)  # type: ignore[attr-defined]
        elif kind is Draw:
            self._draw()
        elif kind is Shout:
            self._shout(action.effect)  # type: ignore[attr-defined]
        else:
            assert isinstance(action, Bet)
            queue = self._bet_queue
            self._bets[queue.pop(0)] = _CAMEL_OF[action.colour]
            if not queue:
                self._phase = SPRINT
            self._mover = self._who_moves()

    def _draw(self) -> None:
        """The camel to act reveals its top card (two on its first turn of the race)."""
        turn = self._turn
        opened = self._opened
        cards = 1 if opened[turn] else OPENING_CARDS
        opened[turn] = True
        self._pending = (turn, cards, 1, 0, turn)
        self._mover = CHANCE

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
        camel, cards, sign, total, actor = self._pending  # type: ignore[misc]  # a reveal
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
            nxt = (actor + 1) % self._n  # _next_in_race(actor), inline on the hot path
            if nxt == self._first:
                nxt = (nxt + 1) % self._n
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

    def _returns(self) -> list[float]:
        """The match points of each seat (team sums with 2-3 players), as the rules count
        them. A tie on points is settled by the tie-breaks, which are not points: the
        better single camel, unused interjections or the tie race decide the order in
        ``ranking()`` (and ``winners()``), so a seat may win level on points with another,
        as in ``[0, 30, 30, 1]`` won by seat 2 on interjections."""
        return self._scores()

    # -- playouts -------------------------------------------------------------------------

    def _playout(self, rng: random.Random, limit: int) -> int:
        """``State.playout``'s loop on this state's own fields: the searches' hot path.

        Half of a playout's steps are reveals, so a reveal reads the card straight off its
        pile code's running probabilities (``deck.RUNNING``) and turns it over with
        ``_reveal``; a seat's choice is ``_legal_actions`` and ``_apply`` as ever. The
        same ``rng.random()`` calls pick the same actions as the generic loop (a test
        replays both over many positions); only the calls per step are fewer.
        """
        uniform = rng.random
        legal, apply, draw, reveal = self._legal_actions, self._apply, self._draw, self._reveal
        push = self._history.append
        played = 0
        while played != limit:
            mover = self._mover
            if mover >= 0:
                actions = legal()
                action = actions[int(uniform() * len(actions))]
                if action is DRAW:  # most choices: no dispatch on the action's kind
                    draw()
                else:
                    apply(action)
                push(action)
            elif mover == CHANCE:
                # _begin_race gives each race new pile and pending fields: read them here
                totals, values = RUNNING[self._piles[self._pending[0]]]  # type: ignore[index]
                value = values[bisect_right(totals, uniform())]
                reveal(value)
                push(CARD_ACTIONS[value])
            else:
                break
            played += 1
        return played

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
            gain - paid if c in stones else gain for c, gain in enumerate(last["gains"])),
            tuple(last["gains"]))


__all__ = ["PLAYOUT_NUMBERS", "SHOUTS", "CamelDriveState", "Pending", "RaceEnding",
           "initial_position"]
