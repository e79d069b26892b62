"""Loading a saved position: every invariant checked, each failure named.

A saved state arrives from files, the network, the command line and bots' samplers, so
nothing in it is trusted: a bad one raises ``StateError`` saying which field is wrong and
what is allowed, and never yields a position the rules could not have produced.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from camelcade.core.errors import check_state as check
from camelcade.games.kamelen.geometry import square_name
from camelcade.games.kamelen.position import Position, parse_key, parse_position
from camelcade.games.kamelen.spec import SIDE_NAMES
from camelcade.games.kamelen.state import KamelenState

FIELDS = {"position", "earlier"}


def load_position(state: KamelenState, data: Any) -> None:
    """Fill a fresh ``state`` from ``{"position": ..., "earlier": [...]}``."""
    check(isinstance(data, dict), "'state' must be an object with 'position' and 'earlier'")
    missing, extra = FIELDS - set(data), set(data) - FIELDS
    check(not missing, f"'state' lacks {sorted(missing)}")
    check(not extra, f"'state' has unknown fields {sorted(extra)}; allowed: {sorted(FIELDS)}")
    earlier = data["earlier"]
    check(isinstance(earlier, list), "'earlier' must be a list of earlier positions")
    position = parse_position(data["position"], state.geometry)
    keys = [parse_key(text, state.geometry) for text in earlier]
    install(state, position, keys)


def install(state: KamelenState, position: Position, earlier: list[bytes]) -> None:
    """Put ``position`` (and the repetition keys before it) into ``state``, checking it."""
    limit = state._limit
    check(not limit or position.clock <= limit,
          f"the no-capture clock is {position.clock} but the game is drawn at {limit}")
    check(len(earlier) <= position.clock,
          f"{len(earlier)} earlier positions are listed but only {position.clock} plies "
          f"were played since the last capture")
    material = Counter(position.board)
    for back, key in enumerate(reversed(earlier)):
        expected_side = (position.side + 1 + back) % 2
        check(key[-1] == expected_side,
              f"earlier position {len(earlier) - back} has {SIDE_NAMES[key[-1]]} to move; "
              f"turns alternate, so it must be {SIDE_NAMES[expected_side]}")
        check(Counter(key[:-1]) == material,
              f"earlier position {len(earlier) - back} has other animals than the current "
              f"one, but nothing has been captured since")
    repeated = [key for key, count in Counter(earlier).items() if count >= 3]
    check(not repeated, "an earlier position occurs three times: the game would have been "
                        "drawn then")
    state._board = list(position.board)
    state._side = position.side
    state._clock = position.clock
    state._passes = position.passes
    state._earlier = list(earlier)
    state.recount()
    _check_end(state)


def _check_end(state: KamelenState) -> None:
    geo = state.geometry
    south_home, north_home = (square_name(s) for s in geo.homes)
    check(not (state.piece(geo.homes[1]) == 1 and state.piece(geo.homes[0]) == 3),
          f"camels of both sides stand on the enemy home fields ({north_home} and "
          f"{south_home}); the game ends at the first")
    check(state.attackers(0) > 0 or state.attackers(1) > 0,
          "neither side has a camel left that can reach the enemy home field; the game "
          "ends when the first side loses its last one")
    winner = state.winner
    if winner is not None:
        check(state.side != winner,
              f"{SIDE_NAMES[winner]} has won with the last move, so "
              f"{SIDE_NAMES[1 - winner]} must be the side to move")
        check(state.passes == 0, "a game that was just won cannot have passes after the win")
    side = state.side
    if state.passes >= 1:
        check(not state.has_move(1 - side),
              f"{SIDE_NAMES[1 - side]} is said to have passed but has a legal move")
    if state.passes == 2:
        check(not state.has_move(side),
              f"both sides are said to have passed but {SIDE_NAMES[side]} has a legal move")
