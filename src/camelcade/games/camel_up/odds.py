"""Exact leg odds and Monte Carlo race odds for Camel Up, from any position.

``leg_odds(position)`` gives, as exact ``Fraction`` values, the probability of each racing
camel being 1st, 2nd and last when the leg ends (or the game ends inside it), with tiles
and both crazy camels (and the grey die's exceptions) taken into account; also the
expected number of units landing on each space, which is what a tile there would earn.
``race_odds(position, samples, seed)`` estimates who wins and who loses the whole race by
seeded Monte Carlo, with standard errors.

How the exact odds stay fast in pure Python: every die is thought of as six equally likely
faces (a racing die shows each value twice), so every path through a leg has the same
weight and the probabilities are integer counts over one common denominator. The leg is
expanded forward, and positions reached in several ways (dice rolled in another order with
the same result) are merged: each layer maps the racing dice still in the pyramid to a
dict from board to the paths reaching it. A board is a short ASCII string, 16 segments
``<units bottom first>|`` with racing camels ``0-4``, crazy camels ``5 6`` and tiles ``}``
(forward side) / ``~`` (backward side), so moving a stack is a few C-level string
operations. Three things keep the work down (``_solve`` says more): a layer counts racing
dice, and each board carries two path counts, with the grey die still in and out, so a
board reached after the same racing dice either way is moved once; crazy camels that no
racing camel can reach before the grey die (``_dormant``, the usual case) are forgotten
at once, the grey die then only adding its six faces; and the last die builds no board,
its ranking being the board's with one group of camels moved along (``_last_roll``). On
a fresh 2nd-edition leg that is 2,200 boards moved instead of 5,800 (4 to 5 times less
CPU than the solver of commit 9801fe7; ``benchmarks/bench_camel_up.py``). Nothing is kept
between calls: a solve's memory is its layers, freed when it returns; the callers that
solve the same leg again (``advice.Evaluator``) keep whole answers in their own bounded
caches.

Why this module moves camels itself instead of through the State (``board.plan_move``):
the solver makes tens of thousands of moves per leg and merges boards by the thousand, so
it needs positions that are hashable, cheap to copy and cheap to move. Measured on a
fresh 2nd-edition leg, the same forward expansion driven by ``plan_move``/``apply_move``
on dict tracks took 0.28 s of CPU against 0.028 s here (10x), and the ``camel-up-ev`` bot
and the ``odds`` tools solve one or more legs per decision. So the rules of movement are
written twice, on purpose: ``move`` (Monte Carlo races, the advice), ``_advance`` (the
exact solver, three die values at once, with landings) and ``grey_mover`` here, and the
State's ``board.py``. ``tests/games/camel_up/test_odds_movement.py`` proves them equal on
every die outcome of thousands of random positions of both editions (tiles, stacks,
crossings both ways, both grey-die precedences), in ``make test``. The solver's lean
paths (``_slide``, ``_last_roll``) are checked by ``test_odds_reference.py``: the same
Fractions as the earlier solver on hundreds of positions and every leg the bots solve.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from camelcade.core.errors import StateError
from camelcade.core.words import t
from camelcade.games.camel_up.spec import (
    DIE_FACES,
    EDITIONS,
    FIRST_SPACE,
    GREY,
    LAST_SPACE,
    PRECEDENCES,
    SECOND_PAY,
    WRONG_LEG_PAY,
    Edition,
)

if TYPE_CHECKING:
    from camelcade.core.view import View
    from camelcade.games.camel_up.state import CamelUpState

SEP = "|"
FORWARD_TILE = "}"
BACKWARD_TILE = "~"
WHITE, BLACK = "5", "6"
GREY_CHAR = "g"
_UNRANKED = (SEP + WHITE + BLACK + FORWARD_TILE + BACKWARD_TILE).encode()
_RACING_CODES = b"01234"


def _ranking(board: str) -> str:
    """The racing camels of a board (or a piece of one), last camel first.

    Deleting through ``bytes.translate`` costs a fifth of ``str.translate`` with a table,
    which goes through a dict lookup per character; the solver does this thousands of
    times a leg.
    """
    return board.encode().translate(None, _UNRANKED).decode()


def _forget(board: str) -> str:
    """The board without its crazy camels."""
    return board.replace(WHITE, "").replace(BLACK, "")


# -- positions ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """What the odds depend on: camels, tiles, dice still in the pyramid, the edition."""

    edition: int
    track: tuple[tuple[int, tuple[str, ...]], ...]
    """(space, units bottom first) for each occupied space, in track order."""
    tiles: tuple[tuple[int, str, int], ...] = ()
    """(space, side, owner) for each tile."""
    pyramid: tuple[str, ...] | None = None
    """Dice still in the pyramid (colours and "grey"); None means all of them."""
    precedence: str = PRECEDENCES[0]

    def __post_init__(self) -> None:
        _check_position(self)

    @property
    def spec(self) -> Edition:
        return EDITIONS[self.edition]

    @property
    def dice(self) -> tuple[str, ...]:
        return self.spec.dice if self.pyramid is None else self.pyramid

    @property
    def rolls_left(self) -> int:
        """Dice still to come out before the leg ends."""
        spec = self.spec
        return max(0, len(self.dice) - (len(spec.dice) - spec.rolls_per_leg))

    @property
    def finished(self) -> bool:
        """A unit has crossed the line: the game is over and nothing moves any more."""
        return any(not FIRST_SPACE <= space <= LAST_SPACE for space, _ in self.track)

    @classmethod
    def from_state(cls, state: CamelUpState) -> Position:
        """The position of a game in progress (or over)."""
        if state.phase == "setup":
            raise StateError(t("the camels are still being set up: there are no odds yet"))
        return cls.from_observation(state.observation(0),
                                    state.game.option("grey_die_precedence"))

    @classmethod
    def from_view(cls, view: View) -> Position:
        return cls.from_observation(view.observation, view.game.option("grey_die_precedence"))

    @classmethod
    def from_observation(cls, observation: Mapping[str, Any],
                         precedence: str = PRECEDENCES[0]) -> Position:
        """The position a seat sees (everything the odds need is public)."""
        edition = EDITIONS[observation["edition"]]
        out = {GREY if c in edition.crazy else c for c, _ in observation["rolled"]}
        return cls(
            edition=edition.number,
            track=tuple((space, tuple(units)) for space, units in observation["track"]),
            tiles=tuple((space, side, owner) for space, side, owner in observation["tiles"]),
            pyramid=tuple(d for d in edition.dice if d not in out),
            precedence=precedence,
        )

    def board(self) -> str:
        """The solver's string form of the track and tiles (spaces 1..16)."""
        spec = self.spec
        code = {unit: str(i) for i, unit in enumerate(spec.units)}
        segments = {space: "".join(code[u] for u in units) for space, units in self.track}
        for space, side, _ in self.tiles:
            segments[space] = FORWARD_TILE if spec.tile_push(side) > 0 else BACKWARD_TILE
        return "".join(segments.get(space, "") + SEP
                       for space in range(FIRST_SPACE, LAST_SPACE + 1))

    def dice_code(self) -> str:
        code = {unit: str(i) for i, unit in enumerate(self.spec.racing)}
        return "".join(GREY_CHAR if die == GREY else code[die] for die in self.dice)


def _check_position(position: Position) -> None:
    def check(condition: bool, message: Callable[[], str]) -> None:
        if not condition:
            raise StateError(t("bad position: {problem}", problem=message()))

    check(position.edition in EDITIONS,
          lambda: t("edition must be 1 or 2, not {edition}", edition=repr(position.edition)))
    spec = position.spec
    check(position.precedence in PRECEDENCES,
          lambda: t("precedence must be one of {allowed}", allowed=", ".join(PRECEDENCES)))
    units = [u for _, stack in position.track for u in stack]
    check(sorted(units) == sorted(spec.units),
          lambda: t("every camel ({camels}) must be on the track exactly once; got {found}",
                    camels=", ".join(spec.units), found=", ".join(units) or t("none")))
    spaces = [space for space, _ in position.track]
    check(len(set(spaces)) == len(spaces) and all(stack for _, stack in position.track),
          lambda: t("each space is listed once, with at least one camel"))
    off = [s for s in spaces if not FIRST_SPACE <= s <= LAST_SPACE]
    check(len(off) <= 1, lambda: t("at most one unit can be past the finish line"))
    tile_spaces = [space for space, _, _ in position.tiles]
    check(all(side in spec.tile_sides for _, side, _ in position.tiles),
          lambda: t("tile sides are {first} and {second}", first=spec.tile_sides[0],
                    second=spec.tile_sides[1]))
    check(all(FIRST_SPACE < s <= LAST_SPACE and s not in spaces for s in tile_spaces)
          and len(set(tile_spaces)) == len(tile_spaces),
          lambda: t("tiles lie on empty spaces 2-16, one per space"))
    check(all(s + 1 not in tile_spaces for s in tile_spaces),
          lambda: t("tiles are never adjacent"))
    dice = position.dice
    check(len(set(dice)) == len(dice) and all(d in spec.dice for d in dice),
          lambda: t("the pyramid holds distinct dice of {dice}", dice=", ".join(spec.dice)))


# -- exact leg odds -----------------------------------------------------------------------


@dataclass(frozen=True)
class LegOdds:
    """Exact probabilities for the rest of the leg (fractions of ``outcomes`` paths)."""

    racing: tuple[str, ...]
    first: dict[str, Fraction]
    second: dict[str, Fraction]
    last: dict[str, Fraction]
    game_end: Fraction
    """Probability that a unit crosses the finish line before the leg ends."""
    outcomes: int
    """Equally likely paths (die order and six faces per die): the common denominator."""
    landings: dict[int, Fraction] = field(default_factory=dict)
    """Expected number of units landing on each space 1-16 (empty if not asked for)."""

    def floats(self) -> dict[str, dict[str, float]]:
        """The same odds as floats: {"first": {colour: p}, "second": ..., "last": ...}."""
        return {name: {c: float(p) for c, p in table.items()}
                for name, table in (("first", self.first), ("second", self.second),
                                    ("last", self.last))}

    def ticket_value(self, colour: str, value: int) -> Fraction:
        """Expected coins of a leg ticket worth ``value`` on ``colour`` (no money floor)."""
        p1, p2 = self.first[colour], self.second[colour]
        return value * p1 + SECOND_PAY * p2 + WRONG_LEG_PAY * (1 - p1 - p2)


def leg_odds(position: Position, *, landings: bool = False) -> LegOdds:
    """Exact 1st / 2nd / last probabilities of each racing camel when this leg ends."""
    racing = position.spec.racing
    if position.finished:
        counts: dict[str, int] = {_rank_code(position): 1}
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
    return LegOdds(racing, tables[0], tables[1], tables[2], Fraction(ended, total), total, spots)


def _rank_code(position: Position) -> str:
    code = {unit: str(i) for i, unit in enumerate(position.spec.units)}
    racing = set(position.spec.racing)
    return "".join(code[u] for _, stack in sorted(position.track) for u in stack if u in racing)


_OUT = 64
"""A weight packs two path counts, ``paths_in + (paths_out << _OUT)``: see ``_solve``."""
_IN = (1 << _OUT) - 1


def _solve(board: str, dice: str, rolls: int, carrying_first: bool,
           want_landings: bool) -> tuple[dict[str, int], int, int, list[int]]:
    """Forward expansion of the leg; returns (ranking -> paths, ended paths, total, landings).

    A ranking is the racing camels' codes from last to first. Layer ``r`` maps the racing
    dice still in the pyramid to the boards after ``r`` racing dice, each with the number
    of paths reaching it, packed as two counts in one integer: the paths on which the grey
    die is still in the pyramid (``weight & _IN``, ``r`` rolls so far) and those on which
    it came out (``weight >> _OUT``, ``r + 1`` rolls; the crazy camels are forgotten, since
    they never move again this leg). A board reached after the same racing dice with and
    without the grey die is then moved once for both, which is most boards of a leg:
    the crazy camels usually cannot reach the racing camels (``_dormant``) and the grey
    die only adds its six faces. A leaf reached early (a crossing) is scaled by the paths
    the missing dice would have had, so every count shares the denominator ``total``.
    """
    sizes = [len(dice) - t for t in range(rolls)]
    scale = [math.prod(n * DIE_FACES for n in sizes[t + 1:]) for t in range(rolls)] + [1]
    total = math.prod(n * DIE_FACES for n in sizes)
    leaves: defaultdict[str, int] = defaultdict(int)
    landed = [0] * (LAST_SPACE + 2)
    ended = 0
    if rolls == 0:
        leaves[_ranking(board)] = 1
        return leaves, 0, 1, landed
    grey = GREY_CHAR in dice
    if not grey:
        board = _forget(board)
    layer: dict[str, dict[str, int]] = {dice.replace(GREY_CHAR, ""): {board: 1}}
    spots = landed if want_landings else None
    tiles = FORWARD_TILE in board or BACKWARD_TILE in board
    lean = spots is None and not tiles
    asleep = _asleep(board, carrying_first) if grey else ()
    for r in range(rolls):
        if grey:
            _doze(layer, rolls - r, tiles)
        if r == rolls - 1:
            for remaining, boards in layer.items():
                ended += _last_roll(boards, remaining, grey, carrying_first, leaves, spots,
                                    tiles, asleep)
            break
        if grey:
            for boards in layer.values():
                ended += _roll_grey(boards, carrying_first, leaves, scale[r], spots, asleep)
        following: defaultdict[str, defaultdict[str, int]] = defaultdict(
            lambda: defaultdict(int))
        for remaining, boards in layer.items():
            for die in remaining:
                target = following[remaining.replace(die, "")]
                if lean:
                    ended += _slide(boards.items(), die, target, leaves, scale[r],
                                    scale[r + 1])
                else:
                    ended += _advance(boards.items(), die, 1, 2, target, False, leaves,
                                      scale[r], spots, scale[r + 1])
        layer = following  # type: ignore[assignment]
    return leaves, ended, total, landed


def _roll_grey(boards: dict[str, int], carrying_first: bool, leaves: defaultdict[str, int],
               scale: int, landed: list[int] | None,
               asleep: Sequence[tuple[int, int]]) -> int:
    """The grey die out next, on the paths where it is still in: into the same boards'
    ``paths_out``, its crazy camels forgotten. Returns the scaled paths that ended the game.
    """
    ended = 0
    out: defaultdict[str, int] = defaultdict(int)
    busy: dict[str, int] = {}
    for board, weight in boards.items():
        paths = weight & _IN
        if not paths:
            continue
        if WHITE not in board:  # dormant crazy camels, forgotten already
            out[board] += DIE_FACES * paths
            if landed is not None:
                _land(asleep, paths * scale, landed)
        elif _idle_grey(board, paths, carrying_first, scale, landed):
            out[_forget(board)] += DIE_FACES * paths
        else:
            busy[board] = paths
    if busy:
        whites, blacks = _grey_split(busy, carrying_first)
        for unit, items in ((WHITE, whites), (BLACK, blacks)):
            ended += _advance(items, unit, -1, 1, out, False, leaves, scale, landed)
    for board, paths in out.items():
        board = _forget(board)
        boards[board] = boards.get(board, 0) + (paths << _OUT)
    return ended


def _last_roll(boards: Mapping[str, int], remaining: str, grey: bool, carrying_first: bool,
               leaves: defaultdict[str, int], landed: list[int] | None, tiles: bool,
               asleep: Sequence[tuple[int, int]]) -> int:
    """The leg's last die from each board: add the rankings it ends in to ``leaves``.

    The paths on which the grey die came out end here as they are. On the others the last
    die is one of ``remaining`` (or the grey die, if ``grey``), and no board is built for
    it. A racing die cannot be changed by the crazy camels (they are not ranked, and
    whether they ride along does not matter), so it moves on the board without them;
    without tiles the new ranking is the board's with the moving group's camels moved
    past the racing camels it overtakes (``passed``), a few slices of the ranking string,
    and a move that overtakes nobody is only counted. A grey die moving only crazy camels
    (``_idle_grey``) leaves the ranking as it is. Anything else (tiles, a crazy camel
    carrying racing camels) goes through ``_advance``. Returns the paths that ended the
    game.
    """
    ended = 0
    for board, weight in boards.items():
        paths = weight & _IN
        same = weight >> _OUT
        """Paths that end in the board's own ranking."""
        plain = board.replace(WHITE, "").replace(BLACK, "") if WHITE in board else board
        if tiles:
            ranking = _ranking(plain)
            if paths:
                for unit in remaining:
                    ended += _advance(((plain, paths),), unit, 1, 2, leaves, True, leaves, 1,
                                      landed)
        else:
            ranking = plain.replace(SEP, "")
            count = 2 * paths
            for unit in remaining if paths else ():
                i = plain.index(unit)
                k = j = plain.index(SEP, i)
                below = plain.count(SEP, 0, i)
                top = j - below
                """The group's camels are ``ranking[bottom:top]``."""
                bottom = top - j + i
                passed = 0
                for value in (1, 2, 3):
                    after = plain.find(SEP, k + 1)
                    if after < 0:  # this value and the larger ones cross the line
                        leaves[ranking[:bottom] + ranking[top:] + ranking[bottom:top]] += (
                            count * (4 - value))
                        ended += count * (4 - value)
                        break
                    if landed is not None:
                        landed[below + 1 + value] += count
                    passed += after - k - 1
                    k = after
                    if passed:
                        leaves[ranking[:bottom] + ranking[top:top + passed]
                               + ranking[bottom:top] + ranking[top + passed:]] += count
                    else:
                        same += count
        if grey and paths:
            if WHITE not in board:  # dormant crazy camels, forgotten already
                same += DIE_FACES * paths
                if landed is not None:
                    _land(asleep, paths, landed)
            elif _idle_grey(board, paths, carrying_first, 1, landed):
                same += DIE_FACES * paths
            else:
                mover = grey_mover(board, carrying_first)
                for unit in (WHITE, BLACK) if mover is None else (mover,):
                    ended += _advance(((board, paths),), unit, -1, 1 if mover is None else 2,
                                      leaves, True, leaves, 1, landed)
        if same:
            leaves[ranking] += same
    return ended


def _doze(layer: dict[str, dict[str, int]], rolls: int, tiles: bool) -> None:
    """Forget the crazy camels of the boards where they are dormant (``_dormant``).

    From then on the grey die only counts its six faces (and its landings, ``_asleep``),
    and the boards are shorter and merge.
    """
    for remaining, boards in layer.items():
        if any(WHITE in board for board in boards):
            settled: defaultdict[str, int] = defaultdict(int)
            for board, weight in boards.items():
                if WHITE in board and _dormant(board, rolls, tiles):
                    board = _forget(board)
                settled[board] += weight
            layer[remaining] = settled


def _asleep(board: str, carrying_first: bool) -> tuple[tuple[int, int], ...]:
    """(space, faces per value) of each crazy camel the grey die moves on a dormant board.

    Dormant crazy camels are where they stood when the solve began: a crazy camel moves
    before the grey die only when a racing camel under it does, and then it shares that
    camel's space until the grey die, so it is never dormant. Without the racing camels
    (none carried, by definition) the grey die's choice depends on them alone.
    """
    crazy = board.encode().translate(None, _RACING_CODES).decode()
    mover = grey_mover(crazy, carrying_first)
    return tuple((crazy.count(SEP, 0, crazy.index(unit)) + 1, 1 if mover is None else 2)
                 for unit in (WHITE, BLACK) if mover in (None, unit))


def _land(asleep: Sequence[tuple[int, int]], paths: int, landed: list[int]) -> None:
    """The landings of the grey die's faces on ``paths`` paths, its crazy camels asleep."""
    for space, faces in asleep:
        for value in range(1, 4):
            landed[space - value] += faces * paths


def _dormant(board: str, rolls: int, tiles: bool) -> bool:
    """Whether the crazy camels cannot change the racing camels' ranking in ``rolls``.

    Until the grey die comes out the crazy camels stay where they are if no racing camel
    shares their space (none carries them), and once it is out they never move again.
    So they matter only if a racing camel can reach a crazy camel's space before the
    grey die: it moves at most ``rolls - 1`` times by 3 spaces (4 with a tile pushing it
    on) and never backwards past where it started, so a crazy camel behind every racing
    camel, or further ahead than that, is out of reach. And the grey die must not take
    one over the line (space 5 or further, even pushed on by a tile).
    """
    spaces = []
    for unit in (WHITE, BLACK):
        index = board.index(unit)
        start = board.rfind(SEP, 0, index) + 1
        if board[start:board.index(SEP, index)].strip(WHITE + BLACK):
            return False
        spaces.append(board.count(SEP, 0, index) + 1)
    if min(spaces) < 5:
        return False
    if rolls <= 1:
        return True
    plain = _forget(board)
    empty = SEP + FORWARD_TILE + BACKWARD_TILE
    rear = plain.count(SEP, 0, len(plain) - len(plain.lstrip(empty))) + 1
    front = plain.count(SEP, 0, len(plain.rstrip(empty))) + 1
    reach = front + (4 if tiles else 3) * (rolls - 1)
    return all(space < rear or space > reach for space in spaces)


def _idle_grey(board: str, weight: int, carrying_first: bool, scale: int,
               landed: list[int] | None) -> bool:
    """Whether the grey die, whatever it shows, leaves the racing camels' future as it is.

    True when neither crazy camel has a racing camel above it and both are on space 5 or
    further (so not even a tile can push one over the line): the grey die then moves only
    crazy camels, and once it is out they never move again this leg, so the board may
    forget them. The landings of its six faces are counted here (a tile's bounce is not
    a landing).
    """
    iw, ib = board.index(WHITE), board.index(BLACK)
    above = board[iw + 1]
    if above != SEP and (above != BLACK or board[iw + 2] != SEP):
        return False
    above = board[ib + 1]
    if above != SEP and (above != WHITE or board[ib + 2] != SEP):
        return False
    if board.count(SEP, 0, min(iw, ib)) < 4:
        return False
    if landed is not None:
        mover = grey_mover(board, carrying_first)
        for unit, index in ((WHITE, iw), (BLACK, ib)):
            if mover in (None, unit):
                faces = 1 if mover is None else 2
                space = board.count(SEP, 0, index) + 1
                for value in range(1, 4):
                    landed[space - value] += faces * weight * scale
    return True


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
             scale: int, landed: list[int] | None, scale_out: int = 0) -> int:
    """Move ``unit`` by 1, 2 and 3 on every board; add the results to ``target``.

    ``faces`` is how many of the die's six faces give each value to this unit. A weight
    packs two counts (``_solve``): the paths still to be scaled by ``scale`` and those by
    ``scale_out``. Returns the scaled number of paths on which the game ended (a unit
    crossed the line).
    """
    ended = 0
    forward = direction > 0
    for board, weight in items:
        count = weight * faces
        scaled = (count & _IN) * scale + (count >> _OUT) * scale_out
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
                paths = scaled * (3 - step)
                leaves[_crossed(rest, group, forward)] += paths
                ended += paths
                break
            tile = rest[k - 1] if k else SEP
            if landed is not None:
                space += direction
                landed[space] += scaled
            if tile > SEP:
                new = _bounce(rest, group, k, forward, tile == FORWARD_TILE)
                if new is None:  # pushed over the line
                    order = _crossed(rest, group, forward == (tile == FORWARD_TILE))
                    leaves[order] += scaled
                    ended += scaled
                    continue
            else:
                new = rest[:k] + group + rest[k:]
            if final:
                target[_ranking(new)] += count
            else:
                target[new] += count
    return ended


def _slide(items: Iterable[tuple[str, int]], unit: str, target: defaultdict[str, int],
           leaves: defaultdict[str, int], scale: int, scale_out: int) -> int:
    """``_advance`` for a racing die on boards without tiles, landings not counted.

    The common case, kept lean: the solver spends most of its time here and in
    ``_last_roll``.
    """
    ended = 0
    for board, weight in items:
        count = 2 * weight
        i = board.index(unit)
        j = board.index(SEP, i)
        group = board[i:j]
        rest = board[:i] + board[j:]
        k = i
        for values in (3, 2, 1):  # the values from this one up
            k = rest.find(SEP, k + 1)
            if k < 0:  # this value and the larger ones all cross the line
                paths = ((count & _IN) * scale + (count >> _OUT) * scale_out) * values
                leaves[_ranking(rest) + _ranking(group)] += paths
                ended += paths
                break
            target[rest[:k] + group + rest[k:]] += count
    return ended


def _crossed(rest: str, group: str, forward: bool) -> str:
    """The final ranking when ``group`` crosses the line (ahead of all, or behind all)."""
    racing_rest, racing_group = _ranking(rest), _ranking(group)
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


# -- Monte Carlo race odds ----------------------------------------------------------------


@dataclass(frozen=True)
class RaceOdds:
    """Estimated probabilities of winning / losing the whole race, with standard errors."""

    winner: dict[str, float]
    loser: dict[str, float]
    winner_error: dict[str, float]
    loser_error: dict[str, float]
    samples: int
    seed: int


def race_odds(position: Position, samples: int = 10_000, seed: int = 0) -> RaceOdds:
    """Play the race to its end ``samples`` times: this leg with its tiles, then fresh legs.

    Tiles go back at each leg end and future tiles are unknown, so later legs have none.
    """
    spec = position.spec
    racing = spec.racing
    rng = random.Random(seed)
    wins = [0] * len(racing)
    losses = [0] * len(racing)
    if position.finished:
        order = _rank_code(position)
        wins[int(order[-1])], losses[int(order[0])] = samples, samples
    else:
        board, dice = position.board(), position.dice_code()
        fresh = Position(position.edition, position.track).dice_code()
        clean = board.replace(FORWARD_TILE, "").replace(BACKWARD_TILE, "")
        carrying_first = position.precedence == PRECEDENCES[0]
        per_leg = spec.rolls_per_leg
        for _ in range(samples):
            order = _play_race(board, dice, position.rolls_left, fresh, per_leg,
                               clean != board, carrying_first, rng)
            wins[int(order[-1])] += 1
            losses[int(order[0])] += 1

    def table(counts: Sequence[int]) -> tuple[dict[str, float], dict[str, float]]:
        p = {c: n / samples for c, n in zip(racing, counts, strict=True)}
        return p, {c: math.sqrt(v * (1 - v) / samples) for c, v in p.items()}

    winner, winner_error = table(wins)
    loser, loser_error = table(losses)
    return RaceOdds(winner, loser, winner_error, loser_error, samples, seed)


@dataclass(frozen=True)
class RacePath:
    """One random rest of the race: how this leg ends, how the race ends, and how many
    more legs are started before it does (what a search needs to score every bet)."""

    leg: tuple[str, ...]
    """The racing camels when this leg ends (or the race, if it ends first), first first."""
    race: tuple[str, ...]
    """The racing camels when the race ends, first first."""
    legs_after: int
    """Legs begun after this one (0: the race ends during this leg)."""


def race_paths(position: Position, samples: int, seed: int = 0) -> list[RacePath]:
    """``samples`` random rests of the race from ``position``, seeded: the same dice as
    ``race_odds`` throws with the same seed, each path kept whole instead of counted."""
    spec = position.spec
    racing = spec.racing
    if position.finished:
        order = tuple(racing[int(i)] for i in reversed(_rank_code(position)))
        return [RacePath(order, order, 0)] * samples
    rng = random.Random(seed)
    board, dice = position.board(), position.dice_code()
    fresh = Position(position.edition, position.track).dice_code()
    clean = board.replace(FORWARD_TILE, "").replace(BACKWARD_TILE, "")
    carrying_first = position.precedence == PRECEDENCES[0]
    names: dict[str, tuple[str, ...]] = {}

    def named(code: str) -> tuple[str, ...]:
        found = names.get(code)
        if found is None:
            found = names[code] = tuple(racing[int(i)] for i in reversed(code))
        return found

    paths = []
    for _ in range(samples):
        leg, race, after = _play_path(board, dice, position.rolls_left, fresh,
                                      spec.rolls_per_leg, clean != board, carrying_first, rng)
        paths.append(RacePath(named(leg), named(race), after))
    return paths


def _play_race(board: str, dice: str, rolls: int, fresh: str, per_leg: int, tiles: bool,
               carrying_first: bool, rng: random.Random) -> str:
    """One random race from ``board``; returns the final ranking code (last camel first)."""
    return _play_path(board, dice, rolls, fresh, per_leg, tiles, carrying_first, rng)[1]


def _play_path(board: str, dice: str, rolls: int, fresh: str, per_leg: int, tiles: bool,
               carrying_first: bool, rng: random.Random) -> tuple[str, str, int]:
    """One random race from ``board``: (this leg's ranking code, the final ranking code,
    legs begun after this one); codes list the racing camels last camel first."""
    draw = rng.random
    leg = ""
    after = 0
    while True:
        pyramid = list(dice)
        for _ in range(rolls):
            die = pyramid.pop(int(draw() * len(pyramid)))
            face = int(draw() * 6)  # six faces: value 1-3, colour white/black (grey die)
            if die == GREY_CHAR:
                unit = grey_mover(board, carrying_first) or (WHITE if face < 3 else BLACK)
                result = move(board, unit, -1, face % 3 + 1)
            else:
                result = move(board, die, 1, face % 3 + 1)
            if result[1] is not None:
                return leg or result[1], result[1], after
            board = result[0]
        if not leg:
            leg = _ranking(board)
        if tiles:
            board = board.replace(FORWARD_TILE, "").replace(BACKWARD_TILE, "")
            tiles = False
        dice, rolls = fresh, per_leg
        after += 1


def move(board: str, unit: str, direction: int, steps: int) -> tuple[str, str | None]:
    """One die on a solver board: (new board, None), or (board, final ranking) on a crossing."""
    i = board.index(unit)
    j = board.index(SEP, i)
    group = board[i:j]
    rest = board[:i] + board[j:]
    forward = direction > 0
    k = i
    for _ in range(steps):
        k = rest.find(SEP, k + 1) if forward else rest.rfind(SEP, 0, k)
        if k < 0:
            return board, _crossed(rest, group, forward)
    tile = rest[k - 1] if k else SEP
    if tile > SEP:
        new = _bounce(rest, group, k, forward, tile == FORWARD_TILE)
        if new is None:
            return board, _crossed(rest, group, forward == (tile == FORWARD_TILE))
        return new, None
    return rest[:k] + group + rest[k:], None


def parse_position(track: str, pyramid: str | None = None, tiles: str | None = None,
                   edition: int = 2, precedence: str = PRECEDENCES[0]) -> Position:
    """A position typed at the command line.

    ``track``: ``"1:blue,red 3:green 14:black 16:white"`` (each space's camels bottom
    first); ``pyramid``: the dice still in it, ``"blue,green,grey"`` (default all);
    ``tiles``: ``"7:cheer 10:boo"`` (owners are numbered 0, 1, ... in the order given).
    """
    def fail(message: str) -> StateError:
        return StateError(t("cannot read the position: {problem}", problem=message))

    entries = []
    for token in track.replace(";", " ").split():
        space, _, units = token.partition(":")
        if not space.lstrip("-").isdigit() or not units:
            # TRANSLATORS: SPACE and CAMEL may be translated; the example is notation.
            raise fail(t("'{token}' is not SPACE:CAMEL,CAMEL (e.g. 3:blue,red)", token=token))
        entries.append((int(space), tuple(u.strip().lower() for u in units.split(",") if u)))
    laid = []
    for owner, token in enumerate((tiles or "").replace(";", " ").split()):
        space, _, side = token.partition(":")
        if not space.isdigit() or not side:
            # TRANSLATORS: SPACE and SIDE may be translated; the example is notation.
            raise fail(t("'{token}' is not SPACE:SIDE (e.g. 7:cheer)", token=token))
        laid.append((int(space), side.strip().lower(), owner))
    dice = None if pyramid is None else tuple(
        d.strip().lower() for d in pyramid.replace(" ", ",").split(",") if d.strip())
    return Position(edition, tuple(sorted(entries)), tuple(sorted(laid)), dice, precedence)
