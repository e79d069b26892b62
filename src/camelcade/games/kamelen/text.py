"""Kamelen in words: the position and every action as a listener hears them.

What a blind player hears, what ``camelcade play --plain`` prints and what the web app
announces. Kamelen hides nothing, so every seat is told everything; the listener's own
side is "you" ("You move your camel from d2 to c5."), the other side is named ("North
moves its dromedary from a9 to d7.").

``describe_state`` is short and most important first: whose turn and what to do, then
what is urgent (a win you can take now, a camel threatening your home field, a pass, a
repetition, the no-capture draw near), then each side's animals — the camels able to
reach the enemy home field first, since the game turns on them — and last the board's
fixed facts and the no-capture clock.

``describe_action`` says what happened on its first line (the move, the capture, how many
camels able to reach a home field are left); a move that ends the game adds one line for
why it ended (home conquest, camel elimination, two passes, threefold repetition, the
no-capture limit) and one for the result and its points.
"""

from __future__ import annotations

from collections.abc import Mapping

from camelcade.core.action import Action
from camelcade.core.seen import Seen
from camelcade.core.types import PlayerId
from camelcade.core.words import Counted, Sentence, t, tn
from camelcade.games.kamelen.actions import Move
from camelcade.games.kamelen.geometry import square_name
from camelcade.games.kamelen.phrases import animal, home, home_field, raiders, side, squares
from camelcade.games.kamelen.spec import (
    CAMEL,
    CONQUEST_POINTS,
    DROMEDARY,
    ELIMINATION_POINTS,
    END_CONQUEST,
    END_ELIMINATION,
    END_NO_CAPTURE,
    END_PASSES,
    END_REPETITION,
)
from camelcade.games.kamelen.state import KamelenState

COUNTED: Mapping[str, Counted] = {}
"""No Kamelen event repeats: one move a turn, the sides alternating, and a second pass in
a row ends the game. So nothing is told in a counted form."""

CLOCK_WARNING = 10
"""Plies before the no-capture limit from which the clock is told first, as a warning."""


# -- the position ----------------------------------------------------------------------

def describe_state(seen: Seen[KamelenState]) -> str:
    """The position for ``seen.role`` (None: a spectator), a few lines, most important
    first."""
    state, player = seen.state, seen.role
    lines = [_status(state, player)]
    if state.end_reason is None:
        lines += _warnings(state, player)
    first = 0 if player is None else player
    lines += [side_line(state, first, player), side_line(state, 1 - first, player)]
    lines.append(_board_line(state, player))
    return "\n".join(lines)


def _status(state: KamelenState, player: PlayerId | None) -> str:
    if state.end_reason is not None:
        return " ".join([t("The game is over."), *end_lines(state, player)])
    mover = state.side
    if mover != player:
        return t("It is {side}'s turn.", side=side(mover))
    if not state.moves():
        return t("Your turn, {side}: you have no legal move, so you pass.", side=side(mover))
    return t("Your turn, {side}: move one of your animals.", side=side(mover))


def _warnings(state: KamelenState, player: PlayerId | None) -> list[str]:
    """What cannot wait: a win to take, a threat to your home field, a draw coming."""
    mover, waiting = state.side, 1 - state.side
    lines: list[str] = []
    if mover == player:
        wins = conquests(state, mover)
        if wins:
            lines.append(tn("You can win now: your camel on {squares} can reach {home}.",
                            "You can win now: your camels on {squares} can reach {home}.",
                            len(wins), squares=squares(wins),
                            home=home_field(state, waiting, player)))
        last, takers = last_camel_takers(state, mover)
        if takers:
            lines.append(tn("You can win now: your animal on {squares} can take {side}'s last "
                            "camel that can reach {home}, on {square}.",
                            "You can win now: your animals on {squares} can take {side}'s "
                            "last camel that can reach {home}, on {square}.",
                            len(takers), squares=squares(takers), side=side(waiting),
                            square=square_name(last), home=home_field(state, mover, player)))
        threats = conquests(state, waiting)
        if threats:
            lines.append(tn("Danger: {side}'s camel on {squares} can reach {home} next move.",
                            "Danger: {side}'s camels on {squares} can reach {home} next move.",
                            len(threats), side=side(waiting), squares=squares(threats),
                            home=home_field(state, mover, player)))
        last, takers = last_camel_takers(state, waiting)
        if takers:
            lines.append(tn("Danger: {side}'s animal on {squares} can take your last camel "
                            "that can reach {home}, on {square}, next move.",
                            "Danger: {side}'s animals on {squares} can take your last camel "
                            "that can reach {home}, on {square}, next move.",
                            len(takers), squares=squares(takers), side=side(waiting),
                            square=square_name(last), home=home_field(state, waiting, player)))
    if state.passes:
        if waiting == player:
            lines.append(t("You have just passed: if {side} cannot move either, the game is "
                           "drawn.", side=side(mover)))
        elif mover == player:
            lines.append(t("{side} has just passed: if you cannot move either, the game is "
                           "drawn.", side=side(waiting)))
        else:
            lines.append(t("{side} has just passed: if {other} cannot move either, the game "
                           "is drawn.", side=side(waiting), other=side(mover)))
    if state.repetitions() >= 2:
        lines.append(t("This position is on the board for the second time: a third time "
                       "draws the game."))
    if _clock_urgent(state):
        lines.append(_clock(state))
    return lines


def conquests(state: KamelenState, seat: PlayerId) -> list[int]:
    """The squares of ``seat``'s camels that could land on the enemy home field now."""
    target = state.geometry.homes[1 - seat]
    camel = CAMEL[seat]
    return sorted({move.source for move in state.moves(seat)
                   if move.target == target and state.piece(move.source) == camel})


def last_camel_takers(state: KamelenState, seat: PlayerId) -> tuple[int, list[int]]:
    """When the enemy has one camel left that can reach ``seat``'s home field: its square
    and the squares of ``seat``'s animals that could capture it now (a camel elimination).
    ``(-1, [])`` otherwise."""
    enemy = 1 - seat
    if state.attackers(enemy) != 1:
        return -1, []
    last = raiders(state, enemy)[0]
    return last, sorted({move.source for move in state.moves(seat) if move.target == last})


def side_line(state: KamelenState, seat: PlayerId, player: PlayerId | None) -> str:
    """One side's animals: the camels able to reach the enemy home first, then the other
    camels, then the dromedaries, each group by square."""
    cells = state.cells
    able = raiders(state, seat)
    camels = [s for s in state.animal_squares[seat] if cells[s] == CAMEL[seat]]
    others = [s for s in camels if s not in able]
    dromedaries = [s for s in state.animal_squares[seat] if cells[s] == DROMEDARY[seat]]
    target = home_field(state, 1 - seat, player)
    values = {"side": side(seat), "home": target}
    yours = seat == player
    said: list[Sentence] = []
    if able:
        said.append(tn("Your camel that can reach {home} is on {squares}.",
                       "Your {count} camels that can reach {home} are on {squares}.",
                       len(able), squares=squares(able), **values) if yours else
                    tn("{side}'s camel that can reach {home} is on {squares}.",
                       "{side}'s {count} camels that can reach {home} are on {squares}.",
                       len(able), squares=squares(able), **values))
    else:
        said.append(t("None of your camels can reach {home}.", **values) if yours else
                    t("None of {side}'s camels can reach {home}.", **values))
    if others and able:
        said.append(tn("Your other camel is on {squares}.",
                       "Your other {count} camels are on {squares}.",
                       len(others), squares=squares(others)) if yours else
                    tn("{side}'s other camel is on {squares}.",
                       "{side}'s other {count} camels are on {squares}.",
                       len(others), squares=squares(others), **values))
    elif others:
        said.append(tn("Your camel is on {squares}.", "Your {count} camels are on {squares}.",
                       len(others), squares=squares(others)) if yours else
                    tn("{side}'s camel is on {squares}.",
                       "{side}'s {count} camels are on {squares}.",
                       len(others), squares=squares(others), **values))
    if dromedaries:
        said.append(tn("Your dromedary is on {squares}.",
                       "Your {count} dromedaries are on {squares}.",
                       len(dromedaries), squares=squares(dromedaries)) if yours else
                    tn("{side}'s dromedary is on {squares}.",
                       "{side}'s {count} dromedaries are on {squares}.",
                       len(dromedaries), squares=squares(dromedaries), **values))
    else:
        said.append(t("You have no dromedary left.") if yours else
                    t("{side} has no dromedary left.", **values))
    return " ".join(said)


def _board_line(state: KamelenState, player: PlayerId | None) -> str:
    """The no-capture clock (once it runs, unless told above as a warning), then what
    never changes: the board, its rocks and the home fields."""
    geo = state.geometry
    said: list[str] = []
    if state.no_capture_limit and state.clock and not (state.end_reason is None
                                                       and _clock_urgent(state)):
        said.append(_clock(state))
    said.append(t("The board is 11 by {ranks}, with rocks on {rocks}.", ranks=geo.ranks,
                  rocks=squares(geo.rocks)))
    if player is None:
        said.append(t("Home fields: South {south}, North {north}.", south=home(state, 0),
                      north=home(state, 1)))
    else:
        said.append(t("Your home field is {yours}; {side}'s is {theirs}.",
                      yours=home(state, player), side=side(1 - player),
                      theirs=home(state, 1 - player)))
    return " ".join(said)


def _clock_urgent(state: KamelenState) -> bool:
    limit = state.no_capture_limit
    return bool(limit) and limit - state.clock <= CLOCK_WARNING


def _clock(state: KamelenState) -> str:
    return tn("{count} ply without a capture; at {limit} the game is drawn.",
              "{count} plies without a capture; at {limit} the game is drawn.",
              state.clock, limit=state.no_capture_limit)


# -- the end -----------------------------------------------------------------------------

def end_lines(state: KamelenState, player: PlayerId | None) -> list[str]:
    """Why the game ended, then the result with its points: two sentences."""
    end, winner = state.end_reason, state.winner
    if winner is None:
        reason = {
            END_PASSES: t("Two passes in a row: neither side can move."),
            END_REPETITION: t("Threefold repetition: this position is on the board for the "
                              "third time."),
            END_NO_CAPTURE: tn("No capture in {count} ply: the limit is reached.",
                               "No capture in {count} plies: the limit is reached.",
                               state.clock),
        }.get(end or "")
        if reason is None:
            raise ValueError(f"not a finished Kamelen position: end {end!r}")
        return [reason, t("The game is drawn: half a point each.")]
    loser = 1 - winner
    if end == END_CONQUEST:
        aim = home_field(state, loser, player)
        reason = (t("Home conquest: your camel stands on {home}.", home=aim)
                  if winner == player else
                  t("Home conquest: {side}'s camel stands on {home}.", side=side(winner),
                    home=aim))
        points = int(CONQUEST_POINTS)
        result = (tn("You win double: {count} point.", "You win double: {count} points.",
                     points) if winner == player else
                  tn("{side} wins double: {count} point.", "{side} wins double: {count} points.",
                     points, side=side(winner)))
        return [reason, result]
    assert end == END_ELIMINATION
    aim = home_field(state, winner, player)
    reason = (t("Camel elimination: you have no camel left that can reach {home}.", home=aim)
              if loser == player else
              t("Camel elimination: {side} has no camel left that can reach {home}.",
                side=side(loser), home=aim))
    points = int(ELIMINATION_POINTS)
    result = (tn("You win: {count} point.", "You win: {count} points.", points)
              if winner == player else
              tn("{side} wins: {count} point.", "{side} wins: {count} points.", points,
                 side=side(winner)))
    return [reason, result]


# -- actions -----------------------------------------------------------------------------

def describe_action(seen: Seen[KamelenState], action: Action) -> str:
    """What a legal ``action`` does, for ``seen.role``: the move and any capture on the
    first line; if it ends the game, why, then the result with its points."""
    state, player = seen.state, seen.role
    after = seen.after(action)
    first = [_move_sentence(state, action, player)]
    if isinstance(action, Move):
        first += _capture_consequence(state, after, action, player)
    lines = [" ".join(first)]
    if after.end_reason is not None:
        lines += end_lines(after, player)
    return "\n".join(lines)


def _move_sentence(state: KamelenState, action: Action, player: PlayerId | None) -> str:
    mover = state.side
    if not isinstance(action, Move):
        return (t("You have no legal move and pass.") if mover == player else
                t("{side} has no legal move and passes.", side=side(mover)))
    values = {"animal": animal(state.piece(action.source)), "side": side(mover),
              "source": square_name(action.source), "target": square_name(action.target)}
    victim = state.piece(action.target)
    if not victim:
        return (t("You move your {animal} from {source} to {target}.", **values)
                if mover == player else
                t("{side} moves its {animal} from {source} to {target}.", **values))
    values["victim"] = animal(victim)
    if mover == player:
        return t("You move your {animal} from {source} to {target} and capture {other}'s "
                 "{victim}.", other=side(1 - mover), **values)
    if 1 - mover == player:
        return t("{side} moves its {animal} from {source} to {target} and captures your "
                 "{victim}.", **values)
    return t("{side} moves its {animal} from {source} to {target} and captures {other}'s "
             "{victim}.", other=side(1 - mover), **values)


def _capture_consequence(state: KamelenState, after: KamelenState, move: Move,
                         player: PlayerId | None) -> list[str]:
    """After taking a camel able to reach the mover's home: how many such camels are left
    (none left is the camel elimination, told by the end lines)."""
    mover, victim_side = state.side, 1 - state.side
    victim = state.piece(move.target)
    if not state.geometry.attacker(victim_side, victim, move.target):
        return []
    left = after.attackers(victim_side)
    aim = home_field(state, mover, player)
    if left == 0:
        if after.end_reason == END_CONQUEST:  # the same move also eliminated: say so
            return [t("That was the last camel able to reach {home}, but the home conquest "
                      "is the bigger win.", home=aim)]
        return []
    if victim_side == player:
        return [tn("You have {count} camel left that can reach {home}.",
                   "You have {count} camels left that can reach {home}.", left, home=aim)]
    return [tn("{side} has {count} camel left that can reach {home}.",
               "{side} has {count} camels left that can reach {home}.", left,
               side=side(victim_side), home=aim)]
