"""The saved layout of a Camel Drive position, and its validation: every invariant named.

``Position`` is ``to_json()["state"]``, one field per saved key, written once: the state
turns itself into one and is built from one, ``_sample_state`` builds one from an
observation, and ``Position.from_data`` validates a saved one. A saved position comes from
files, the network and bots' samplers, so nothing in it is trusted: a bad one raises
``StateError`` saying which field is wrong and what is allowed, and never yields a
position the rules could not reach.

Decks are saved as counts per card value: ``"piles": [[3, 3, 2, 3], ...]`` means that
camel's pile holds three 0s, three 1s, two 2s and three 3s, and ``"discards"`` the rest of
its twelve cards. Only the top discard's value is kept besides: the order beneath it never
matters to the rules. ``pending`` is the move being revealed (the camel moving, the cards
still to reveal, its direction, the sum revealed so far and the camel whose turn it is);
``last_race`` the result of the race before (its number, first finisher, winner, points
per camel and the bets placed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from camelcade.core.errors import check_state as check
from camelcade.core.game import Game
from camelcade.core.saved import SavedPosition
from camelcade.core.types import JSONDict
from camelcade.games.camel_drive.spec import (
    BETTING,
    CARD_VALUES,
    COPIES,
    OPENING_CARDS,
    OVER,
    PHASES,
    RACE,
    SPRINT,
    TIE_RACE,
    camels_for,
    rotation_step,
)

PENDING_FIELDS: Final = ("camel", "cards", "direction", "revealed", "actor")
LAST_RACE_FIELDS: Final = ("race", "first", "winner", "gains", "bets")
HIDDEN: Final = ("piles", "discards")
"""The saved fields no seat sees: what each deck holds beyond its size and top card."""
MAX_OVERSHOOT: Final = 2 * max(CARD_VALUES) - 1
"""How far past the finish a tie-race camel can get: from L-1 with an opening double move."""
MAX_RACES: Final = 10_000


@dataclass
class Position(SavedPosition):
    """A Camel Drive position as saved (see the module docstring); lists are per camel."""

    race: int
    start: int
    phase: str
    turn: int
    positions: list[int]
    opened: list[bool]
    first: int | None
    bets: list[int | None]
    bet_queue: list[int]
    interjections: list[int]
    scores: list[int]
    tops: list[int | None]
    pending: JSONDict | None
    racers: list[int]
    winners: list[int] | None
    last_race: JSONDict | None
    piles: list[list[int]]
    discards: list[list[int]]

    @classmethod
    def public_keys(cls) -> tuple[str, ...]:
        """The fields every seat sees: all but the deck contents."""
        every = cls.keys()
        return tuple(key for key in every if key not in HIDDEN)

    def to_data(self) -> JSONDict:
        """The layout as JSON-safe data, keys in field order (fresh lists throughout)."""
        return self._data(_KEYS)

    def public_data(self) -> JSONDict:
        """``to_data`` without the deck contents: the table every seat sees."""
        return self._data(_PUBLIC_KEYS)

    def _data(self, keys: tuple[str, ...]) -> JSONDict:
        # Every field is JSON-shaped already (ints, strings, lists of them, two small
        # objects), so copying one level down per field does what the generic walk of
        # SavedPosition.to_data does at a fraction of its cost: positions are saved at every
        # step of the conformance suite and the goldens.
        data: JSONDict = {}
        for key in keys:
            value = getattr(self, key)
            if isinstance(value, list):
                value = [list(v) for v in value] if key in HIDDEN else list(value)
            elif isinstance(value, dict):
                value = {k: list(v) if isinstance(v, list) else v for k, v in value.items()}
            data[key] = value
        return data

    @classmethod
    def from_data(cls, data: Any, game: Game) -> Position:
        """The validated position ``data`` of ``game``; ``StateError`` naming any problem."""
        fields = cls.checked_keys(data)
        return _Checker(game).check(fields)


_KEYS: Final = Position.keys()
_PUBLIC_KEYS: Final = Position.public_keys()


def _int(value: Any, low: int, high: int, name: str) -> int:
    check(
        isinstance(value, int) and not isinstance(value, bool) and low <= value <= high,
        f"{name} must be a whole number from {low} to {high}, got {value!r}",
    )
    return int(value)


def _list(value: Any, n: int, name: str) -> list[Any]:
    check(isinstance(value, list) and len(value) == n,
          f"'{name}' must be a list with one entry per camel ({n})")
    return list(value)


def _counts(value: Any, name: str) -> list[int]:
    check(
        isinstance(value, list) and len(value) == len(CARD_VALUES),
        f"{name} must be four counts (of 0s, 1s, 2s and 3s), got {value!r}",
    )
    return [_int(v, 0, COPIES, f"{name} count of {i}s") for i, v in enumerate(value)]


class _Checker:
    """Validates one saved position against its game's options."""

    def __init__(self, game: Game) -> None:
        self.players = game.players
        self.n = camels_for(game.players)
        self.length: int = game.option("track_length")
        self.interjections: int = game.option("interjections")
        self.target: int = game.option("target_score")
        self.step = rotation_step(game.players, game.option("start_rotation"))

    def camel(self, value: Any, name: str, *, optional: bool = False) -> int | None:
        if optional and value is None:
            return None
        return _int(value, 0, self.n - 1,
                    name + (" (a camel number or null)" if optional else ""))

    def camels(self, value: Any, name: str) -> list[int]:
        check(isinstance(value, list), f"'{name}' must be a list of camels")
        return [_int(v, 0, self.n - 1, f"'{name}' entry") for v in value]

    def check(self, data: dict[str, Any]) -> Position:
        n, length = self.n, self.length
        phase = data["phase"]
        check(phase in PHASES, f"'phase' must be one of {', '.join(PHASES)}, got {phase!r}")
        race = _int(data["race"], 1, MAX_RACES, "'race'")
        start = _int(data["start"], 0, n - 1, "'start'")
        check(start % self.step == 0,
              "'start' must be the first camel of a player's pair (an even camel): with "
              "start_rotation 'player' the start passes from player to player")
        turn = _int(data["turn"], 0, n - 1, "'turn'")
        top = length + MAX_OVERSHOOT if phase in (TIE_RACE, OVER) else length
        positions = [_int(p, 0, top, f"position of camel {c}")
                     for c, p in enumerate(_list(data["positions"], n, "positions"))]
        opened = _list(data["opened"], n, "opened")
        check(all(isinstance(o, bool) for o in opened),
              "'opened' must hold true or false per camel")
        first = self.camel(data["first"], "'first'", optional=True)
        bets = [self.camel(b, f"bet of camel {c}", optional=True)
                for c, b in enumerate(_list(data["bets"], n, "bets"))]
        queue = self.camels(data["bet_queue"], "bet_queue")
        left = [_int(x, 0, self.interjections, f"interjections of camel {c}")
                for c, x in enumerate(_list(data["interjections"], n, "interjections"))]
        scores = [_int(s, 0, 100_000, f"score of camel {c}")
                  for c, s in enumerate(_list(data["scores"], n, "scores"))]
        piles, discards, tops = self.decks(data)
        pending = self.pending(data["pending"], turn, phase)
        racers = self.camels(data["racers"], "racers")
        check(len(set(racers)) == len(racers), "'racers' lists a camel twice")
        check(bool(racers) == (phase == TIE_RACE), "'racers' is non-empty exactly in a tie race")
        check(not racers or turn in racers, "in a tie race 'turn' must be one of the racers")
        winners = self.winners(data["winners"], phase)
        target = self.target
        check(phase in (TIE_RACE, OVER) or max(scores) < target,
              f"a colour has reached {target} points, so the match cannot still be in a race")
        check(phase not in (TIE_RACE, OVER) or max(scores) >= target,
              f"the match ends only once a colour has {target} points")
        self.race_invariants(phase, positions, first, bets, queue, turn, opened, start,
                             pending)
        return Position(
            race=race, start=start, phase=phase, turn=turn, positions=positions,
            opened=opened, first=first, bets=bets, bet_queue=queue, interjections=left,
            scores=scores, tops=tops, pending=pending, racers=racers, winners=winners,
            last_race=self.last_race(data["last_race"]), piles=piles, discards=discards,
        )

    def decks(self, data: dict[str, Any]
              ) -> tuple[list[list[int]], list[list[int]], list[int | None]]:
        n = self.n
        piles = [_counts(p, f"pile of camel {c}")
                 for c, p in enumerate(_list(data["piles"], n, "piles"))]
        discards = [_counts(d, f"discards of camel {c}")
                    for c, d in enumerate(_list(data["discards"], n, "discards"))]
        tops = [_int(t, 0, 3, f"top discard of camel {c}") if t is not None else None
                for c, t in enumerate(_list(data["tops"], n, "tops"))]
        for c in range(n):
            check(all(piles[c][v] + discards[c][v] == COPIES for v in CARD_VALUES),
                  f"camel {c}'s pile and discards are not its twelve call cards "
                  f"(three each of 0, 1, 2, 3)")
            top_card = tops[c]
            check((top_card is None) == (sum(discards[c]) == 0),
                  f"camel {c} has a top discard exactly when its discard pile is not empty")
            check(top_card is None or discards[c][top_card] > 0,
                  f"camel {c}'s top discard {top_card} is not among its discards")
        return piles, discards, tops

    def winners(self, value: Any, phase: str) -> list[int] | None:
        players = self.players
        if phase != OVER:
            check(value is None, "'winners' must be null until the match is over")
            return None
        check(isinstance(value, list) and bool(value)
              and all(_int(w, 0, players - 1, "winner") == w for w in value)
              and sorted(set(value)) == value,
              f"'winners' must be a sorted list of seats 0-{players - 1} at the end")
        return list(value)

    def pending(self, value: Any, turn: int, phase: str) -> JSONDict | None:
        if value is None:
            return None
        n = self.n
        check(isinstance(value, dict) and set(value) == set(PENDING_FIELDS),
              f"'pending' must be null or an object with {sorted(PENDING_FIELDS)}")
        camel = _int(value["camel"], 0, n - 1, "'pending.camel'")
        cards = _int(value["cards"], 1, OPENING_CARDS, "'pending.cards'")
        direction = value["direction"]
        check(direction in ("forward", "back"),
              "'pending.direction' must be 'forward' or 'back'")
        revealed = _int(value["revealed"], 0, 3 * (OPENING_CARDS - cards), "'pending.revealed'")
        actor = _int(value["actor"], 0, n - 1, "'pending.actor'")
        check(phase in (RACE, SPRINT, TIE_RACE), f"no card is revealed in the {phase} phase")
        check(actor == turn, "'pending.actor' must be the camel whose turn it is")
        if phase != RACE or direction == "back":
            check(camel == actor, "only an interjection moves a camel other than the actor")
        if camel != actor:
            check(camel in ((actor + 1) % n, (actor - 1) % n),
                  "an interjection moves only a neighbour of the interjector")
            check(cards == 1, "a neighbour's interjected move reveals one card")
        if direction == "back":
            check(cards == 1, "a backward interjection reveals one card")
        return {"camel": camel, "cards": cards, "direction": direction, "revealed": revealed,
                "actor": actor}

    def race_invariants(
        self, phase: str, pos: list[int], first: int | None, bets: list[int | None],
        queue: list[int], turn: int, opened: list[bool], start: int,
        pending: JSONDict | None,
    ) -> None:
        """The invariants of the current race's phase."""
        n, length = self.n, self.length
        at_finish = [c for c in range(n) if pos[c] >= length]
        if phase == RACE:
            check(not at_finish and first is None,
                  "no camel has finished before the betting round")
            check(all(b is None for b in bets), "bets are placed only in the betting round")
            order = [(start + k) % n for k in range(n)]
            done = [opened[c] for c in order]
            check(done == sorted(done, reverse=True),
                  "camels take their opening double move in lane order")
            if not all(done):
                first_closed = order[done.index(False)]
                expected = first_closed if pending is None else order[done.index(False) - 1]
                check(turn == expected, "the camel to move must be the next to open the race")
        if phase in (BETTING, SPRINT):
            check(first is not None and at_finish == [first],
                  "after the first finish exactly the first finisher stands at the finish")
            check(all(opened), "every camel has opened the race before anyone finishes")
            check(turn != first, "the first finisher takes no more turns this race")
            check(all(b != first for b in bets), "no stone may back the first finisher")
        if phase == BETTING:
            order = [(turn + k) % n for k in range(n)]
            check(bool(queue) and queue == order[n - len(queue):],
                  "the betting queue must be the remaining camels clockwise from the next mover")
            check(all((bets[c] is None) == (c in queue) for c in range(n)),
                  "exactly the camels still in the betting queue have no stone placed")
        else:
            check(not queue, "'bet_queue' is empty outside the betting round")
        if phase == SPRINT:
            check(all(b is not None for b in bets), "every stone is placed before the sprint")
        if phase == TIE_RACE:
            check(first is None and all(b is None for b in bets),
                  "a tie race has no first finisher and no bets")

    def last_race(self, value: Any) -> JSONDict | None:
        if value is None:
            return None
        n = self.n
        check(isinstance(value, dict) and set(value) == set(LAST_RACE_FIELDS),
              f"'last_race' must be null or an object with {sorted(LAST_RACE_FIELDS)}")
        first = self.camel(value["first"], "'last_race.first'")
        winner = self.camel(value["winner"], "'last_race.winner'")
        check(first != winner, "'last_race' first finisher and winner must differ")
        gains = [_int(g, 0, 10, "'last_race.gains' entry")
                 for g in _list(value["gains"], n, "last_race.gains")]
        bets = [self.camel(b, "'last_race.bets' entry", optional=True)
                for b in _list(value["bets"], n, "last_race.bets")]
        race = _int(value["race"], 1, MAX_RACES, "'last_race.race'")
        return {"race": race, "first": first, "winner": winner, "gains": gains, "bets": bets}
