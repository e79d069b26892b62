"""The judges of Camel Drive's lessons (``lessons.toml``): goals and numbers from the engine.

Each judge gets a lesson's position and one legal action of it, and says whether the
action reaches the lesson's goal and the numbers its sentences speak of. Chances of one
move are exact: the call cards still in each pile are enumerated (``chance_outcomes``).
Chances of a whole race are counted over race endings the engine plays out
(``play_out_race``) from a fixed seed, so the same lesson always says the same numbers.
The messages of weaker moves are marked for the catalogue with ``N_``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from camelcade.core.action import Action
from camelcade.core.game import State
from camelcade.core.learn import Judged
from camelcade.core.words import N_
from camelcade.games.camel_drive.actions import DRAW, Bet
from camelcade.games.camel_drive.naming import colour
from camelcade.games.camel_drive.spec import COLOURS, bet_payout
from camelcade.games.camel_drive.state import CamelDriveState

ENDINGS = 2000
"""Race endings played out per bet: enough that a chance is right to about a point."""
SEED = 27

Outcomes = list[tuple[float, CamelDriveState]]

FINISHES_FIRST = N_(
    "With it your camel crosses the finish first, and so loses the race, with a chance of "
    "{chance}%. The interjection backward leaves it a chance of {best}%.")
STAYS_CLOSE = N_(
    "Your camel stays on field {field}, {distance} from the finish, and must move again "
    "next turn. The interjection backward takes it {back} fields back on average.")
NEIGHBOUR_STAYS = N_(
    "After it {camel} finishes first now with a chance of {chance}%; an interjection that "
    "makes {camel} move gives {best}%.")
SLOWER = N_(
    "It moves your camel {mine} fields on average; the interjection forward moves it {best} "
    "fields, and the finish is still out of reach.")
LESS_LIKELY = N_(
    "{camel} wins in {chance}% of {endings} race endings the engine played out from here; "
    "{best} wins in {top}%.")
WORTH_LESS = N_(
    "A stone on {camel} would bring you {worth} points on average ({chance}% of the race "
    "endings times a payout of {pays}); a stone on {best} brings {top}.")


def _drive(state: State) -> CamelDriveState:
    assert isinstance(state, CamelDriveState)
    return state


def outcomes(state: CamelDriveState, action: Action) -> Outcomes:
    """Every way ``action`` can turn out, card by card, with its chance."""
    done: Outcomes = []
    todo: Outcomes = [(1.0, state.child(action))]
    while todo:
        chance, now = todo.pop()
        if not now.is_chance():
            done.append((chance, now))
            continue
        for card, p in now.chance_outcomes():
            todo.append((chance * p, now.child(card)))
    return done


def _percent(chance: float) -> int:
    return round(100 * chance)


def _expected(state: CamelDriveState, action: Action, camel: int) -> float:
    return sum(p * after.position(camel) for p, after in outcomes(state, action))


def _first_chance(state: CamelDriveState, action: Action, camel: int) -> float:
    return sum(p for p, after in outcomes(state, action) if after.first_finisher == camel)


def _best(state: CamelDriveState, score: Callable[[Action], float]) -> tuple[Action, float]:
    scored = [(score(a), str(a), a) for a in state.legal_actions()]
    top = max(s for s, _, _ in scored)
    return next(a for s, _, a in scored if s == top), top


def opening(state: State, action: Action) -> Judged:
    """Goal: open the race (the only legal action): numbers of the opening double move."""
    drive = _drive(state)
    camel = drive.actor
    average = _expected(drive, action, camel) - drive.position(camel)
    values = {"average": f"{average:g}", "length": drive.track_length}
    return Judged(True, values)


def hold_back(state: State, action: Action) -> Judged:
    """Goal: move your own camel backward, away from a finish that would lose the race."""
    drive = _drive(state)
    camel = drive.actor
    here = drive.position(camel)
    moved = _expected(drive, action, camel) - here
    back = min(_expected(drive, a, camel) - here for a in drive.legal_actions())
    chance = _first_chance(drive, action, camel)
    best = min(_first_chance(drive, a, camel) for a in drive.legal_actions())
    drawn = _first_chance(drive, DRAW, camel)
    values = {"chance": _percent(chance), "best": _percent(best), "field": here,
              "draw": _percent(drawn),
              "distance": drive.track_length - here, "back": f"{-back:g}"}
    return Judged(moved < 0, values, FINISHES_FIRST if chance > 0 else STAYS_CLOSE)


def push_leader(state: State, action: Action) -> Judged:
    """Goal: make the camel next to the finish move now, so it may finish first and lose."""
    drive = _drive(state)
    leader = max((c for c in range(drive.camels) if c != drive.actor),
                 key=drive.position)
    chance = _first_chance(drive, action, leader)
    _, best = _best(drive, lambda a: _first_chance(drive, a, leader))
    values = {"camel": colour(leader), "chance": _percent(chance), "best": _percent(best)}
    return Judged(chance == best and chance > 0, values, NEIGHBOUR_STAYS)


def forward(state: State, action: Action) -> Judged:
    """Goal: move your camel furthest forward without reaching the finish first."""
    drive = _drive(state)
    camel = drive.actor
    here = drive.position(camel)

    def gain(a: Action) -> float:
        return _expected(drive, a, camel) - here

    _, best = _best(drive, gain)
    mine = gain(action)
    safe = _first_chance(drive, action, camel) == 0
    values = {"mine": f"{mine:g}", "best": f"{best:g}", "field": here}
    return Judged(mine == best and safe, values, SLOWER)


def _win_chances(state: CamelDriveState, action: Action) -> list[float]:
    rng = random.Random(SEED)
    wins = [0] * state.camels
    for _ in range(ENDINGS):
        wins[state.play_out_race(rng, action).winner] += 1
    return [w / ENDINGS for w in wins]


def _backed(state: CamelDriveState, camel: int) -> int:
    return sum(1 for c in range(state.camels) if state.bet_of(c) == camel)


def likely_winner(state: State, action: Bet) -> Judged:
    """Goal: back the camel most likely to win the race (finish second)."""
    drive = _drive(state)
    chances = _win_chances(drive, action)
    mine = COLOURS.index(action.colour)
    top = max(range(drive.camels), key=lambda c: chances[c])
    values = {"camel": colour(mine), "chance": _percent(chances[mine]), "endings": ENDINGS,
              "best": colour(top), "top": _percent(chances[top]),
              "pays": bet_payout(_backed(drive, mine) + 1)}
    return Judged(mine == top, values, LESS_LIKELY)


def best_bet(state: State, action: Bet) -> Judged:
    """Goal: place the stone worth most on average: the chance times what it pays."""
    drive = _drive(state)
    chances = _win_chances(drive, action)

    def worth(camel: int) -> float:
        return chances[camel] * bet_payout(_backed(drive, camel) + 1)

    mine = COLOURS.index(action.colour)
    racing = [c for c in range(drive.camels) if drive.in_race(c)]
    top = max(racing, key=worth)
    crowded = max(racing, key=lambda c: _backed(drive, c))
    values = {"camel": colour(mine), "chance": _percent(chances[mine]),
              "pays": bet_payout(_backed(drive, mine) + 1), "worth": f"{worth(mine):.1f}",
              "best": colour(top), "top": f"{worth(top):.1f}", "endings": ENDINGS,
              "crowded": colour(crowded), "crowded_worth": f"{worth(crowded):.1f}"}
    return Judged(mine == top, values, WORTH_LESS)
