"""A deliberately plain brute force of one leg, independent of odds.py and of the engine.

It walks every order of the dice and every face with exact fractions, moving camels on a
dict of lists. Slow and obvious on purpose: it is the reference the fast solver must equal.
"""

from __future__ import annotations

from fractions import Fraction

RACING = {1: ["blue", "green", "orange", "yellow", "white"],
          2: ["blue", "green", "yellow", "red", "purple"]}
CRAZY = {1: [], 2: ["white", "black"]}
FORWARD_SIDES = ("cheer", "oasis")


def find(track: dict[int, list[str]], unit: str) -> int:
    for space in track:
        if unit in track[space]:
            return space
    raise KeyError(unit)


def move(track: dict[int, list[str]], tiles: dict[int, str], unit: str, steps: int,
         backwards: bool) -> int:
    """Move ``unit`` and all above it; return the tile space landed on (0 if none)."""
    start = find(track, unit)
    height = track[start].index(unit)
    group = track[start][height:]
    track[start] = track[start][:height]
    direction = -1 if backwards else 1
    space = start + direction * steps
    landed_tile = 0
    on_top = True
    if space in tiles:
        landed_tile = space
        if tiles[space] in FORWARD_SIDES:
            space = space + direction
        else:
            space = space - direction
            on_top = False
    if space not in track:
        track[space] = []
    if on_top:
        track[space] = track[space] + group
    else:
        track[space] = group + track[space]
    return landed_tile


def crossed(track: dict[int, list[str]]) -> bool:
    return any(stack and not 1 <= space <= 16 for space, stack in track.items())


def ranking(track: dict[int, list[str]], racing: list[str]) -> list[str]:
    """First to last."""
    keyed = []
    for space, stack in track.items():
        for height, unit in enumerate(stack):
            if unit in racing:
                keyed.append((space, height, unit))
    keyed.sort(reverse=True)
    return [unit for _, _, unit in keyed]


def crazy_mover(track: dict[int, list[str]], shown: str, crazy: list[str]) -> str:
    """Rules (i) then (ii) then (iii)."""
    carrying = []
    for camel in crazy:
        stack = track[find(track, camel)]
        above = stack[stack.index(camel) + 1:]
        if any(u not in crazy for u in above):
            carrying.append(camel)
    if len(carrying) == 1:
        return carrying[0]
    for camel in crazy:
        stack = track[find(track, camel)]
        h = stack.index(camel)
        if h > 0 and stack[h - 1] in crazy:
            return camel
    return shown


def leg(edition: int, track: dict[int, list[str]], tiles: dict[int, str], pyramid: list[str],
        rolls: int) -> tuple[dict[str, Fraction], dict[str, Fraction], dict[str, Fraction],
                             dict[int, Fraction]]:
    """P(1st), P(2nd), P(last) per racing camel, and expected landings on tile spaces."""
    racing, crazy = RACING[edition], CRAZY[edition]
    first = {c: Fraction(0) for c in racing}
    second = {c: Fraction(0) for c in racing}
    last = {c: Fraction(0) for c in racing}
    tile_hits = {space: Fraction(0) for space in tiles}

    def record(board: dict[int, list[str]], p: Fraction) -> None:
        order = ranking(board, racing)
        first[order[0]] += p
        second[order[1]] += p
        last[order[-1]] += p

    def go(board: dict[int, list[str]], dice: list[str], left: int, p: Fraction) -> None:
        if left == 0:
            record(board, p)
            return
        for die in dice:
            rest = [d for d in dice if d != die]
            if die == "grey":
                faces = [(c, v, Fraction(1, 6)) for c in crazy for v in (1, 2, 3)]
            else:
                faces = [(die, v, Fraction(1, 3)) for v in (1, 2, 3)]
            for shown, value, pf in faces:
                q = p / len(dice) * pf
                new = {space: list(stack) for space, stack in board.items()}
                if die == "grey":
                    landed = move(new, tiles, crazy_mover(new, shown, crazy), value, True)
                else:
                    landed = move(new, tiles, shown, value, False)
                if landed:
                    tile_hits[landed] += q
                if crossed(new):
                    record(new, q)
                else:
                    go(new, rest, left - 1, q)

    go({space: list(stack) for space, stack in track.items()}, list(pyramid), rolls,
       Fraction(1))
    return first, second, last, tile_hits
