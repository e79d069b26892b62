"""The exact leg solver as it was before it was made faster (commit 9801fe7), as a reference.

``odds.py``'s solver now builds no board for the last die, forgets dormant crazy camels
early and moves each board once for the paths with and without the grey die. This copy
of the earlier forward expansion (one layer per die, every grey face moved) is what the
tests compare it with, Fraction for Fraction, on many positions; it is much faster than
``brute_force.py``, so it can check fresh legs and hundreds of mid-leg positions. Only
the tests import it.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping
from fractions import Fraction

from camelcade.games.camel_up.odds import Position
from camelcade.games.camel_up.spec import DIE_FACES, FIRST_SPACE, LAST_SPACE, PRECEDENCES

SEP = "|"
FORWARD_TILE = "}"
BACKWARD_TILE = "~"
WHITE, BLACK = "5", "6"
GREY_CHAR = "g"
_RANK = str.maketrans("", "", SEP + WHITE + BLACK + FORWARD_TILE + BACKWARD_TILE)
_NO_CRAZY = str.maketrans("", "", WHITE + BLACK)

Odds = tuple[dict[str, Fraction], dict[str, Fraction], dict[str, Fraction], Fraction, int,
             dict[int, Fraction]]


def leg_odds(position: Position, landings: bool = False) -> Odds:
    """(first, second, last, game_end, outcomes, landings) as ``odds.leg_odds`` gave them."""
    racing = position.spec.racing
    if position.finished:
        code = {unit: str(i) for i, unit in enumerate(position.spec.units)}
        order = "".join(code[u] for _, stack in sorted(position.track) for u in stack
                        if u in racing)
        counts: dict[str, int] = {order: 1}
        ended, total, landed = 1, 1, [0] * (LAST_SPACE + 2)
    else:
        counts, ended, total, landed = _solve(
            position.board(), position.dice_code(), position.rolls_left,
            position.precedence == PRECEDENCES[0], landings)
    tables: list[dict[str, Fraction]] = []
    for index in (-1, -2, 0):
        tally = dict.fromkeys(range(len(racing)), 0)
        for order, weight in counts.items():
            tally[int(order[index])] += weight
        tables.append({racing[i]: Fraction(n, total) for i, n in tally.items()})
    spots = ({space: Fraction(landed[space], total)
              for space in range(FIRST_SPACE, LAST_SPACE + 1)} if landings else {})
    return tables[0], tables[1], tables[2], Fraction(ended, total), total, spots


def _solve(board: str, dice: str, rolls: int, carrying_first: bool,
           want_landings: bool) -> tuple[dict[str, int], int, int, list[int]]:
    """Forward expansion of the leg; returns (ranking -> paths, ended paths, total, landings).

    A ranking is the racing camels' codes from last to first. Layer ``t`` holds the boards
    after ``t`` dice; a leaf reached early (a crossing) is scaled by the paths the missing
    dice would have had, so every count shares the denominator ``total``.
    """
    sizes = [len(dice) - t for t in range(rolls)]
    scale = [math.prod(n * DIE_FACES for n in sizes[t + 1:]) for t in range(rolls)]
    total = math.prod(n * DIE_FACES for n in sizes)
    leaves: defaultdict[str, int] = defaultdict(int)
    landed = [0] * (LAST_SPACE + 2)
    ended = 0
    if rolls == 0:
        leaves[board.translate(_RANK)] = 1
        return leaves, 0, 1, landed
    if GREY_CHAR not in dice:
        board = board.translate(_NO_CRAZY)
    layer: dict[str, dict[str, int]] = {dice: {board: 1}}
    for step in range(rolls):
        final = step == rolls - 1
        following: defaultdict[str, defaultdict[str, int]] = defaultdict(
            lambda: defaultdict(int))
        for remaining, boards in layer.items():
            for die in remaining:
                target = leaves if final else following[remaining.replace(die, "")]
                if die != GREY_CHAR:
                    ended += _advance(boards.items(), die, 1, 2, target, final, leaves,
                                      scale[step], landed if want_landings else None)
                    continue
                whites, blacks = _grey_split(boards, carrying_first)
                for unit, items in ((WHITE, whites), (BLACK, blacks)):
                    ended += _advance(items, unit, -1, 1, target, final, leaves,
                                      scale[step], landed if want_landings else None)
                if not final:
                    # With the grey die out, crazy camels never move again this leg and
                    # cannot change the ranking: forgetting them merges many boards.
                    _forget_crazy(following, remaining.replace(die, ""))
        layer = following  # type: ignore[assignment]
    return leaves, ended, total, landed


def _forget_crazy(layer: defaultdict[str, defaultdict[str, int]], key: str) -> None:
    merged: defaultdict[str, int] = defaultdict(int)
    for board, weight in layer[key].items():
        merged[board.translate(_NO_CRAZY)] += weight
    layer[key] = merged


def _grey_split(boards: Mapping[str, int], carrying_first: bool) -> tuple[
        list[tuple[str, int]], list[tuple[str, int]]]:
    """Boards where white moves and where black moves, with their path counts.

    An exception ((i) one crazy camel carries racing camels, (ii) one sits directly on the
    other) makes the move the same for both colours: the board goes to one list with both
    faces' weight; otherwise half the faces move each.
    """
    whites: list[tuple[str, int]] = []
    blacks: list[tuple[str, int]] = []
    for board, weight in boards.items():
        mover = grey_mover(board, carrying_first)
        if mover == WHITE:
            whites.append((board, 2 * weight))
        elif mover == BLACK:
            blacks.append((board, 2 * weight))
        else:
            whites.append((board, weight))
            blacks.append((board, weight))
    return whites, blacks


def grey_mover(board: str, carrying_first: bool = True) -> str | None:
    """The crazy camel the grey die moves whatever colour it shows, or None (rule (iii))."""
    iw, ib = board.index(WHITE), board.index(BLACK)
    above_w = board[iw + 1:board.index(SEP, iw)]
    above_b = board[ib + 1:board.index(SEP, ib)]
    carry_w = bool(above_w.strip(WHITE + BLACK))
    carry_b = bool(above_b.strip(WHITE + BLACK))
    carrying = (WHITE if carry_w else BLACK) if carry_w != carry_b else None
    stacked = (BLACK if above_w[:1] == BLACK else WHITE if above_b[:1] == WHITE else None)
    if carrying_first:
        return carrying or stacked
    return stacked or carrying


def _advance(items: Iterable[tuple[str, int]], unit: str, direction: int, faces: int,
             target: defaultdict[str, int], final: bool, leaves: defaultdict[str, int],
             scale: int, landed: list[int] | None) -> int:
    """Move ``unit`` by 1, 2 and 3 on every board; add the results to ``target``.

    ``faces`` is how many of the die's six faces give each value to this unit. Returns the
    scaled number of paths on which the game ended (a unit crossed the line).
    """
    ended = 0
    forward = direction > 0
    for board, weight in items:
        count = weight * faces
        i = board.index(unit)
        j = board.index(SEP, i)
        group = board[i:j]
        rest = board[:i] + board[j:]
        k = i
        if landed is not None:
            space = board.count(SEP, 0, i) + 1
        for step in range(3):
            k = rest.find(SEP, k + 1) if forward else rest.rfind(SEP, 0, k)
            if k < 0:  # this value and the larger ones all cross the line
                paths = count * scale * (3 - step)
                leaves[_crossed(rest, group, forward)] += paths
                ended += paths
                break
            tile = rest[k - 1] if k else SEP
            if landed is not None:
                space += direction
                landed[space] += count * scale
            if tile > SEP:
                new = _bounce(rest, group, k, forward, tile == FORWARD_TILE)
                if new is None:  # pushed over the line
                    order = _crossed(rest, group, forward == (tile == FORWARD_TILE))
                    leaves[order] += count * scale
                    ended += count * scale
                    continue
            else:
                new = rest[:k] + group + rest[k:]
            if final:
                target[new.translate(_RANK)] += count
            else:
                target[new] += count
    return ended


def _crossed(rest: str, group: str, forward: bool) -> str:
    """The final ranking when ``group`` crosses the line (ahead of all, or behind all)."""
    racing_rest, racing_group = rest.translate(_RANK), group.translate(_RANK)
    return racing_rest + racing_group if forward else racing_group + racing_rest


def _bounce(rest: str, group: str, k: int, forward: bool, pushes_on: bool) -> str | None:
    """A unit landing on a tile (segment ending at ``k``): one space on, on top, or one
    space back, underneath. None when that takes it over the finish line."""
    if pushes_on:
        end = rest.find(SEP, k + 1) if forward else rest.rfind(SEP, 0, k)
        return None if end < 0 else rest[:end] + group + rest[end:]
    if forward:
        start = rest.rfind(SEP, 0, k - 2) + 1
    else:
        start = k + 1
        if start >= len(rest):
            return None
    return rest[:start] + group + rest[start:]
