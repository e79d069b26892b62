"""Loading a saved position: every invariant checked, each failure named.

A saved state comes from files, the network and bots' samplers, so nothing in it is
trusted: a bad one raises ``StateError`` saying which field is wrong and what is allowed,
and never yields a position the rules could not reach.

Decks are saved as counts per card value: ``"piles": [[3, 3, 2, 3], ...]`` means that
camel's pile holds three 0s, three 1s, two 2s and three 3s. Only the top discard's value
is kept besides the discard counts: the order beneath it never matters to the rules.
"""

from __future__ import annotations

from typing import Any

from camelcade.core.errors import check_state as check
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
)
from camelcade.games.camel_drive.state import CamelDriveState, Pending

FIELDS = {
    "race", "start", "phase", "turn", "positions", "opened", "first", "bets", "bet_queue",
    "interjections", "scores", "tops", "pending", "racers", "winners", "last_race",
    "piles", "discards",
}
PENDING_FIELDS = {"camel", "cards", "direction", "revealed", "actor"}
LAST_RACE_FIELDS = {"race", "first", "winner", "gains", "bets"}
MAX_OVERSHOOT = 2 * max(CARD_VALUES) - 1
"""How far past the finish a tie-race camel can get: from L-1 with an opening double move."""


def _int(value: Any, low: int, high: int, name: str) -> int:
    check(
        isinstance(value, int) and not isinstance(value, bool) and low <= value <= high,
        f"{name} must be a whole number from {low} to {high}, got {value!r}",
    )
    return int(value)


def _camel(value: Any, n: int, name: str, *, optional: bool = False) -> int | None:
    if optional and value is None:
        return None
    return _int(value, 0, n - 1, name + (" (a camel number or null)" if optional else ""))


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


def load_position(state: CamelDriveState, data: Any) -> None:
    """Fill a fresh ``state`` from ``data``; raise ``StateError`` naming any problem."""
    check(isinstance(data, dict), "'state' must be an object")
    missing, extra = FIELDS - set(data), set(data) - FIELDS
    check(not missing, f"'state' lacks {sorted(missing)}")
    check(not extra, f"'state' has unknown fields {sorted(extra)}; allowed: {sorted(FIELDS)}")
    n, length = state.camels, state.track_length
    phase = data["phase"]
    check(phase in PHASES, f"'phase' must be one of {', '.join(PHASES)}, got {phase!r}")
    race = _int(data["race"], 1, 10_000, "'race'")
    start = _int(data["start"], 0, n - 1, "'start'")
    turn = _int(data["turn"], 0, n - 1, "'turn'")
    top = length + MAX_OVERSHOOT if phase in (TIE_RACE, OVER) else length
    pos = [_int(p, 0, top, f"position of camel {c}")
           for c, p in enumerate(_list(data["positions"], n, "positions"))]
    opened = _list(data["opened"], n, "opened")
    check(all(isinstance(o, bool) for o in opened), "'opened' must hold true or false per camel")
    first = _camel(data["first"], n, "'first'", optional=True)
    bets = [_camel(b, n, f"bet of camel {c}", optional=True)
            for c, b in enumerate(_list(data["bets"], n, "bets"))]
    queue = data["bet_queue"]
    check(isinstance(queue, list), "'bet_queue' must be a list of camels")
    queue = [_camel(q, n, "'bet_queue' entry") for q in queue]
    allowed = state.game.option("interjections")
    left = [_int(x, 0, allowed, f"interjections of camel {c}")
            for c, x in enumerate(_list(data["interjections"], n, "interjections"))]
    scores = [_int(s, 0, 100_000, f"score of camel {c}")
              for c, s in enumerate(_list(data["scores"], n, "scores"))]
    piles = [_counts(p, f"pile of camel {c}") for c, p in enumerate(_list(data["piles"], n,
                                                                          "piles"))]
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
    pending = _pending(data["pending"], n, turn, phase)
    racers = data["racers"]
    check(isinstance(racers, list), "'racers' must be a list of camels")
    racers = [_camel(r, n, "'racers' entry") for r in racers]
    check(len(set(racers)) == len(racers), "'racers' lists a camel twice")
    check(bool(racers) == (phase == TIE_RACE), "'racers' is non-empty exactly in a tie race")
    check(not racers or turn in racers, "in a tie race 'turn' must be one of the racers")
    winners = data["winners"]
    players = state.game.players
    if phase == OVER:
        check(isinstance(winners, list) and bool(winners)
              and all(_int(w, 0, players - 1, "winner") == w for w in winners)
              and sorted(set(winners)) == winners,
              f"'winners' must be a sorted list of seats 0-{players - 1} at the end")
    else:
        check(winners is None, "'winners' must be null until the match is over")
    target = state.game.option("target_score")
    check(phase in (TIE_RACE, OVER) or max(scores) < target,
          f"a colour has reached {target} points, so the match cannot still be in a race")
    check(phase not in (TIE_RACE, OVER) or max(scores) >= target,
          f"the match ends only once a colour has {target} points")
    _check_race(phase, pos, length, first, bets, queue, turn, opened, start, pending, n)
    state._race, state._start, state._phase, state._turn = race, start, phase, turn
    state._pos, state._opened, state._first, state._bets = pos, list(opened), first, bets
    state._bet_queue, state._left, state._score = queue, left, scores
    state._piles, state._discards, state._tops = piles, discards, tops
    state._pending, state._racers = pending, racers
    state._winning = None if winners is None else list(winners)
    state._last_race = _last_race(data["last_race"], n)


def _pending(value: Any, n: int, turn: int, phase: str) -> Pending | None:
    if value is None:
        return None
    check(isinstance(value, dict) and set(value) == PENDING_FIELDS,
          f"'pending' must be null or an object with {sorted(PENDING_FIELDS)}")
    camel = _int(value["camel"], 0, n - 1, "'pending.camel'")
    cards = _int(value["cards"], 1, OPENING_CARDS, "'pending.cards'")
    direction = value["direction"]
    check(direction in ("forward", "back"), "'pending.direction' must be 'forward' or 'back'")
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
    return (camel, cards, 1 if direction == "forward" else -1, revealed, actor)


def _check_race(
    phase: str, pos: list[int], length: int, first: int | None, bets: list[int | None],
    queue: list[int], turn: int, opened: list[bool], start: int, pending: Pending | None,
    n: int,
) -> None:
    """The invariants of the current race's phase."""
    at_finish = [c for c in range(n) if pos[c] >= length]
    if phase == RACE:
        check(not at_finish and first is None, "no camel has finished before the betting round")
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


def _last_race(value: Any, n: int) -> dict[str, Any] | None:
    if value is None:
        return None
    check(isinstance(value, dict) and set(value) == LAST_RACE_FIELDS,
          f"'last_race' must be null or an object with {sorted(LAST_RACE_FIELDS)}")
    first = _camel(value["first"], n, "'last_race.first'")
    winner = _camel(value["winner"], n, "'last_race.winner'")
    check(first != winner, "'last_race' first finisher and winner must differ")
    gains = [_int(g, 0, 10, "'last_race.gains' entry") for g in _list(value["gains"], n,
                                                                       "last_race.gains")]
    bets = [_camel(b, n, "'last_race.bets' entry", optional=True)
            for b in _list(value["bets"], n, "last_race.bets")]
    race = _int(value["race"], 1, 10_000, "'last_race.race'")
    return {"race": race, "first": first, "winner": winner, "gains": gains, "bets": bets}
